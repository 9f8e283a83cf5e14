/**
 * The refusals of the assets' area (issue 26), by code: English text with named parameters, as in
 * ./errors.ts. Their Danish and Swedish texts are under `serverErrors` in the area's text files.
 * Registered with the area's texts in ../areas.ts. This file imports nothing: errors.ts reads it.
 */
export const ASSET_ERRORS = {
  'assets.badName': 'Give the bundle a name of 1 to {{max}} letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit',
  'assets.notZip': 'The bundle is not a zip archive this server can read (an encrypted zip, or one packed with a method other than deflate, is refused too)',
  'assets.tooManyEntries': 'The bundle holds {{entries, number}} entries; at most {{max, number}} are allowed',
  'assets.entryTooLarge': 'The entry {{entry}} unpacks to more than {{limit}}; at most {{limit}} is allowed per file',
  'assets.bundleTooLarge': 'The bundle unpacks to more than {{limit}}; at most {{limit}} is allowed',
  'assets.compressionRatio': 'The entry {{entry}} is packed more than {{max}} to 1, as a zip bomb is',
  'assets.nestedArchive': 'The entry {{entry}} is an archive itself; a bundle may not hold archives',
  'assets.unsafePath': 'The entry {{entry}} has a path that leaves the bundle (.., an absolute path, a drive letter or a backslash)',
  'assets.badLayout': 'The entry {{entry}} is not where the layout expects a file: <category>/<file> or clubs/<club id>/<category>/<element name>/<file>',
  'assets.pathTooLong': 'The entry {{entry}} has a path longer than {{max}} characters',
  'assets.unknownCategory': 'The entry {{entry}} is in the category {{category}}, which does not exist; the categories are {{categories}}',
  'assets.unknownClub': 'The entry {{entry}} is for club {{clubId}}, which does not exist',
  'assets.unsupportedType': 'The entry {{entry}} is not a PNG, JPEG, WebP or SVG file',
  'assets.wrongBytes': 'The entry {{entry}} is named .{{extension}}, but its bytes are not a {{expected}} file',
  'assets.svgUnsafe': 'The SVG {{entry}} contains {{what}}; scripts, event handlers, javascript: addresses, foreignObject, external references and DOCTYPE are not allowed',
  'assets.svgUnreadable': 'The SVG {{entry}} is not well-formed XML',
  'assets.duplicateEntry': 'The entry {{entry}} is in the bundle more than once',
  'assets.emptyEntry': 'The entry {{entry}} is empty',
  'assets.emptyBundle': 'The bundle holds no files',
  'assets.timeout': 'Checking the bundle took longer than {{seconds}} seconds',
  'assets.outOfMemory': 'The bundle needs more memory to check than the server allows',
  'assets.busy': 'The server is busy checking other files. Please try again in a moment.',
  'assets.tooManyUploads': 'At most {{max}} uploads can wait to be published; publish or discard some first',
  'assets.uploadNotFound': 'The upload was not found (it was published or discarded)',
  'assets.bundleNotFound': 'There is no published bundle called {{name}}',
  'assets.clubNotFound': 'Club not found',
} as const satisfies Record<string, string>;

import { AREA_ERRORS } from '../areas';

/**
 * Every refusal the server gives, by code: a stable dotted name and its English text with named
 * parameters (`{{name}}`, i18next's interpolation; `{{name, number}}` is a number written the way
 * the reader's language writes it). The server answers `{ error, code, params? }` (ErrorResponse in
 * ./common): `error` is this English text filled in, for logs, scripts and old clients; the web app
 * shows `serverErrors.<code>` of the reader's language with the same parameters
 * (locales/<language>/server-errors.json, which must hold every code with the same parameters:
 * tested). A new error adds its code here and its text in each language
 * (docs/decisions/0020-server-error-codes.md).
 */
export const SERVER_ERRORS = {
  // The request itself
  'request.notFound': 'Not found',
  'request.forbidden': 'Forbidden',
  'request.invalid': 'Invalid {{part}}: {{path}} — {{message}}',
  'request.bodyTooLarge': 'Request body is too large',
  'request.invalidJson': 'Request body is not valid JSON',
  'request.emptyBody': 'Request body is empty',
  'request.unsupportedMediaType': 'Unsupported content type',
  'request.sendJson': 'Send the request as application/json',
  'request.badAddress': 'Invalid address',
  'request.addressTooLong': 'Address is too long',
  'request.refused': '{{message}}',
  'request.problem': '{{problem}}',
  'request.problemAndOneMore': '{{problem}} (and 1 more problem)',
  'request.problemAndMore': '{{problem}} (and {{more}} more problems)',
  'request.graphqlPostOnly': 'Send GraphQL requests with POST',

  // The server
  'server.internal': 'Internal server error',
  'server.databaseBusy': 'The database is busy. Please try again in a moment.',
  'server.busy': 'The server is busy. Please try again in a moment.',
  'server.deadline': 'The server took too long to answer. Please try again.',

  // Sessions and access
  'auth.notSignedIn': 'Not signed in',
  'auth.sessionExpired': 'Your session has expired. Please sign in again.',
  'auth.sessionTooOld': 'Your session has reached its maximum length. Please sign in again.',
  'auth.loginFailed': 'Could not login. Check your email and password then try again.',
  'auth.resetInvalid': 'This reset link is invalid, expired or already used. Ask for a new one.',
  'auth.tooManySignInsSecond': 'Too many sign-in attempts. Try again in 1 second.',
  'auth.tooManySignInsSeconds': 'Too many sign-in attempts. Try again in {{seconds}} seconds.',
  'auth.tooManySignInsMinute': 'Too many sign-in attempts. Try again in 1 minute.',
  'auth.tooManySignInsMinutes': 'Too many sign-in attempts. Try again in {{minutes}} minutes.',
  'auth.tooManyResets': 'Too many reset requests. Try again in {{minutes}} minutes.',
  'auth.noAccess': 'You do not have access to this',
  'auth.noClubAccess': 'You do not have access to this club',
  'auth.needsRole': 'This needs the {{role}} role in this club',
  'auth.needsOneOfRoles': 'This needs one of the roles {{roles}} in this club',
  'auth.needsManagement': 'This needs management of this club: administrators and the owners of its region',
  'auth.adminOnly': 'Only administrators can do this',

  // Data the database refused
  'db.textTooLong': 'Text is too long',
  'db.numberOutOfRange': 'A number is out of range',
  'db.invalidDate': 'A date or time is not valid',
  'db.dateOutOfRange': 'A date or time is out of range',
  'db.badCharacter': 'Text contains a character that cannot be stored',
  'db.wrongFormat': 'A value has the wrong format',
  'db.cannotStore': 'A value in the request cannot be stored',
  'db.duplicate': 'Something with this value exists already',
  'db.stillInUse': 'This is still in use and cannot be removed',
  'db.missingReference': 'The request refers to something that does not exist',
  'db.requiredValue': 'A required value is missing',
  'db.notAllowed': 'A value is not allowed',
  'db.conflict': 'This conflicts with something stored already',
  'db.ruleBroken': 'The request breaks a rule of the stored data',

  // Uploads and images
  'uploads.tooLarge': 'The file is larger than {{limit}}',
  'uploads.noFile': 'No file was sent. Send the file in the field {{fields}}.',
  'uploads.noImage': 'No file was sent. Send the image in the field {{fields}}.',
  'uploads.wrongFieldFile': 'Send the file in the field {{fields}}.',
  'uploads.wrongFieldImage': 'Send the image in the field {{fields}}.',
  'uploads.notMultipartFile': 'Send the file as multipart/form-data in the field {{fields}}.',
  'uploads.notMultipartImage': 'Send the image as multipart/form-data in the field {{fields}}.',
  'uploads.oneFile': 'Send one file at a time.',
  'uploads.oneImage': 'Send one image at a time.',
  'uploads.cancelled': 'The upload was cancelled.',
  'uploads.unreadable': 'The upload could not be read. Please try again.',
  'uploads.zipPartTooLarge': 'A part of the file ({{name}}) unpacks to more than {{limit}}; at most {{limit}} can be read.',
  'uploads.zipTooLarge': 'The file unpacks to more than {{limit}}; at most {{limit}} can be read.',
  'uploads.zipTooManyParts': 'The file holds {{parts, number}} parts; at most {{max, number}} can be read.',
  'images.tooLarge': 'The file is too large. Images may be at most {{mb}} MB.',
  'images.empty': 'The file is empty.',
  'images.notAnImage': 'The file is not an image. Upload a JPEG, PNG, WebP or GIF file.',
  'images.notAnImageNamed': '"{{name}}" is not an image. Upload a JPEG, PNG, WebP or GIF file.',
  'images.damaged': 'The file could not be read as an image. It may be damaged.',
  'images.damagedNamed': '"{{name}}" could not be read as an image. It may be damaged.',
  'images.tooManyPixels': 'The image is too large: {{width}} × {{height}} pixels. Images may have at most {{megapixels}} megapixels.',
  'images.unreadable': 'The image could not be read. It may be damaged.',

  // Clubs
  'clubs.notFound': 'Club not found',
  'clubs.createAdminOnly': 'Only administrators can create clubs',
  'clubs.unknownRegions': 'Unknown region id: {{ids}}',
  'clubs.unknownCountry': 'Unknown country code: {{code}}',
  'clubs.unknownDrawingStyle': 'Unknown drawing style: {{id}}',
  'clubs.handleTaken': 'This handle is already used by another club',
  'clubs.handleFormer': 'This handle was used by another club and still leads there',
  'clubs.fieldsRefused': 'You may not change: {{fields}}',

  // Users
  'users.noAccess': 'You do not have access to the users of this club',
  'users.notFound': 'User not found',
  'users.ownProfileOnly': 'You can only change your own profile',
  'users.notTheirs': "This person's name, language and email are theirs to change",
  'users.idMismatch': 'The profile id does not match the address',
  'users.othersPassword': "You can't change another user's password",
  'users.wrongPassword': 'Your current password is not correct',
  'users.notInClub': 'This user has no access to this club',
  'users.rolesRefused': "You can't change this user's roles",
  'users.emailHasAccess': 'A user with this email already has access to this club',
  'users.cannotRemoveSelf': 'You cannot remove yourself',
  'users.cannotRemove': 'You cannot remove this user',
  'users.cannotRemoveRoles': 'You cannot remove this user: they hold roles you do not have',

  // Members
  'members.notFound': 'Member not found',
  'members.emptyFile': 'The file is empty: it has no rows.',
  'members.noDataRows': 'The file has a header row but no members below it.',
  'members.oldExcel': 'Old Excel files (.xls) cannot be read. Save the file as .xlsx or .csv and try again.',
  'members.tooManyColumns': 'The file has {{columns}} columns; at most {{max}} can be imported.',
  'members.nulCharacter': 'Row {{row}}, column {{column}} holds a NUL character (code 0), which cannot be stored. Remove it and upload the file again.',
  'members.brokenCharacter':
    'Row {{row}}, column {{column}} holds a broken character (half of a UTF-16 surrogate pair), which cannot be stored. Remove it and upload the file again.',
  'members.tooMuchText':
    'The cells of the file hold more than {{max, number}} characters; at most {{max, number}} can be imported at once. Split it into smaller files.',
  'members.tooManyRows': 'The file has more than {{max, number}} rows. Split it into smaller files.',
  'members.notCsvOrXlsx': 'This file is neither a CSV nor an XLSX file.',
  'members.invalidCsv': 'The file could not be read as CSV: {{reason}}',
  'members.notReadable': 'The file could not be read as an XLSX spreadsheet. Save it again as .xlsx or .csv and try again.',
  'members.sendMultipart': 'Send the file as multipart/form-data in the field "file"',
  'members.uploadNotFound': 'This upload was not found or has expired. Choose the file again.',
  'members.unknownColumns': 'The file has {{columns}} columns; choose columns that exist',
  'members.valueBeyondColumns': 'Row {{row}} has a value in column {{column}}; at most {{max}} columns can be imported.',
  'members.rowTooLarge': 'A row of the file holds more than {{mb}} MB; it cannot be read.',
  'members.tooManyTexts': 'The file holds more than {{max, number}} different texts; at most {{max, number}} can be read.',
  'members.mailsFailed': 'Failed to send mails',
  'members.timeout': 'The file took more than {{seconds}} seconds to read. Split it into smaller files.',
  'members.outOfMemory': 'The file needs more memory to read than an upload may use. Split it into smaller files.',
  'members.busy': 'The server is reading other files at the moment. Upload the file again in a few seconds.',

  // Courses, holes, tees, drawings, pins
  'courses.notFound': 'Course not found',
  'courses.notFoundInClub': 'Course {{id}} not found in this club',
  'courses.clubMismatch': 'club_id does not match the club of the path',
  'courses.teeCap': 'A course has at most {{max}} tees',
  'holes.notFound': 'Hole not found',
  'tees.notFound': 'Tee not found',
  'drawings.oneProblem': 'The drawing has 1 problem',
  'drawings.problems': 'The drawing has {{problems}} problems',
  'drawings.savedMeanwhile': 'Someone else saved this hole meanwhile; reload to see their changes',
  'drawings.tooComplex': 'Checking the drawing took more than {{seconds}} seconds. Simplify it (fewer points) and save again.',
  'drawings.tooLarge': 'The drawing needs more memory to check than a save may use. Simplify it and save again.',
  'drawings.reviewBusy': 'The server is busy checking other large drawings. Save again in a few seconds.',
  'pins.setupNotFound': 'Pin setup not found',
  'pins.clubMismatch': 'clubId does not match the club of the path',
  'pins.courseFixed': 'A pin setup stays on its course',
  'pins.holeNotFound': 'Hole not found on the course of this pin setup',

  // Course import
  'imports.noAccess': 'Importing a course needs the right to create courses in this club',
  'imports.invalidXml': 'The file is not valid XML',
  'imports.invalidXmlReason': 'The file is not valid XML: {{reason}}',
  'imports.noOsmElement': 'The XML file holds no OpenStreetMap data: an .osm file starts with an <osm> element',
  'imports.noOsmData': 'The XML file holds no OpenStreetMap data: it has no nodes or ways',
  'imports.xmlEntities': 'The file declares XML entities; an OpenStreetMap export has none.',
  'imports.tooManyXmlElements': 'The file holds more than {{max, number}} XML elements; at most {{max, number}} can be read. Export a smaller area.',
  'imports.tooDeep': 'The file nests more than {{max}} levels deep; it cannot be read.',
  'imports.tooManyJsonNodes': 'The file holds more than {{max, number}} JSON arrays and objects (a position is one); at most {{max, number}} can be read.',
  'imports.emptyFile': 'The file is empty',
  'imports.unknownFormat': 'The file is neither GeoJSON nor an OpenStreetMap export. Upload a .geojson, .json or .osm file.',
  'imports.invalidJson': 'The file is not valid JSON',
  'imports.invalidJsonReason': 'The file is not valid JSON: {{reason}}',
  'imports.notFeatureCollection': 'The file is not a GeoJSON FeatureCollection: its "type" must be "FeatureCollection" with a "features" list',
  'imports.tooManyHoleLines': 'The file has {{lines}} hole lines; at most {{max}} can be read (a course has at most {{max_holes}} holes).',
  'imports.tooIntricate':
    'The shapes of the file lie over one another too densely to be matched to holes (long edges crossing back and forth). Import a smaller area or simpler shapes.',
  'imports.noHoles': 'No holes found: the file has no golf=hole lines with a ref',
  'imports.tooManyHoles': 'The file has {{holes}} holes; a course has at most {{max}}',
  'imports.invalidDrawing': 'The drawing of hole {{hole}} is not valid: {{message}}',
  'imports.timeout': 'The file took more than {{seconds}} seconds to read. Import a smaller area.',
  'imports.outOfMemory': 'The file needs more memory to read than an import may use. Import a smaller area.',
  'imports.busy': 'The server is reading other files at the moment. Try the import again in a few seconds.',

  // Gallery
  'gallery.full': 'The gallery is full: a club can have at most {{max}} images. Delete some before adding more.',
  'gallery.imageNotFound': 'Image not found',

  // Graphics catalogue
  'graphics.adminOnly': 'Only administrators can change the graphics catalogue',
  'graphics.unknownGroup': 'Unknown group',
  'graphics.unknownLayer': 'Unknown layer',
  'graphics.unknownUnit': 'Unknown unit',
  'graphics.elementExists': 'An element named {{name}} exists already',
  'graphics.attributeExists': 'An attribute named {{name}} exists already',

  // Guides and their products
  'guides.notFound': 'Guide not found',
  'guides.notFoundById': 'Guide {{id}} not found',
  'guides.capReached': 'A club can have at most {{max}} guides. Delete some before adding more.',
  'guides.changedMeanwhile': 'This guide was changed meanwhile (now version {{current}}, you edited version {{edited}}). Reload it and make your change again.',
  'guides.orderIncomplete': 'List every guide of the club once',
  'guides.holeNotFound': "Hole not found on the guide's courses",
  'guides.idMismatch': 'guide_id does not match the guide of the path',
  'guides.digitalNotGenerated': 'The digital guide has not been generated yet',
  'render.timeout': 'Rendering took more than {{seconds}} seconds and was stopped.',
  'render.outOfMemory': 'Rendering needed more memory than it may use and was stopped.',


  // Jobs
  'jobs.notFound': 'Job not found',
  'jobs.unknownKind': 'Unknown job kind "{{kind}}"',
  'jobs.unknownKindOf': 'Unknown job kind "{{kind}}" (one of {{known}})',
  // Retry and cancel (issue 26); their texts are under serverErrors.jobs in locales/<language>/jobs.json.
  'jobs.notRetryable': 'Only a failed or cancelled job can be retried',
  'jobs.notCancellable': 'Only a queued or running job can be cancelled',
  'jobs.alreadyQueued': 'The same work is already queued or running',
  'jobs.kindGone': 'The server no longer runs jobs of this kind',

  // The areas' own refusals, registered with their texts (../areas.ts).
  ...AREA_ERRORS,
} as const satisfies Record<string, string>;

export type ServerErrorCode = keyof typeof SERVER_ERRORS;

/** The parameter names of a template: `{{max}}` and `{{max, number}}` both name `max`. */
type PlaceholderNames<S extends string> = S extends `${string}{{${infer Inner}}}${infer Rest}`
  ? (Inner extends `${infer Name},${string}` ? Name : Inner) | PlaceholderNames<Rest>
  : never;

export type ServerErrorParamValue = string | number;

/** The parameters a code's text needs, each required. */
export type ServerErrorParams<C extends ServerErrorCode> = { [K in PlaceholderNames<(typeof SERVER_ERRORS)[C]>]: ServerErrorParamValue };

/** Any code's parameters, as they travel. */
export type AnyServerErrorParams = Record<string, ServerErrorParamValue>;

/** A code with its parameters: what a refusal says, before it is put into words. */
export interface ServerErrorMessage {
  code: ServerErrorCode;
  params?: AnyServerErrorParams;
}

/**
 * The arguments after a code: the parameters (required when its text has any), then whatever
 * follows. With the code not known exactly (any code), the parameters are optional.
 */
export type ServerErrorArgs<C extends ServerErrorCode, Rest extends unknown[] = []> = [ServerErrorCode] extends [C]
  ? [params?: AnyServerErrorParams, ...rest: Partial<Rest>]
  : keyof ServerErrorParams<C> extends never
    ? [params?: ServerErrorParams<C>, ...rest: Partial<Rest>]
    : [params: ServerErrorParams<C>, ...rest: Partial<Rest>];

/** A code and its parameters, checked against the code's text. */
export function serverError<C extends ServerErrorCode>(code: C, ...[params]: ServerErrorArgs<C>): ServerErrorMessage {
  return params && Object.keys(params).length > 0 ? { code, params } : { code };
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*(?:,\s*([A-Za-z]+)\s*)?\}\}/g;

/** The parameter names of a text, sorted, each once. */
export function placeholderNames(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort();
}

/** True for a code of the catalogue (the web app may meet codes of a newer server). */
export function isServerErrorCode(value: unknown): value is ServerErrorCode {
  return typeof value === 'string' && Object.hasOwn(SERVER_ERRORS, value);
}

/** The English text of a code with its parameters filled in (`number` with English digit grouping). */
export function serverErrorText(code: ServerErrorCode, params: AnyServerErrorParams = {}): string {
  return SERVER_ERRORS[code].replace(PLACEHOLDER, (whole, name: string, format?: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return format === 'number' && typeof value === 'number' ? value.toLocaleString('en') : String(value);
  });
}

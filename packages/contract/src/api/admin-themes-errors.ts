/**
 * The refusals of the themes' area (issue 26), by code: English text with named parameters, as in
 * ./errors.ts. Their Danish and Swedish texts are under `serverErrors` in the area's text files.
 * Registered with the area's texts in ../areas.ts. This file imports nothing: errors.ts reads it.
 */
export const THEME_ERRORS = {
  'themes.notFound': 'Theme not found',
  'themes.nameTaken': 'There is already a theme or drawing style called {{name}}',
  'themes.parentNotFound': 'There is no theme called {{name}} to inherit from',
  'themes.parentCycle': 'The theme {{name}} cannot inherit from {{parent}}: {{parent}} is made from it',
  'themes.tooMany': 'The catalogue can have at most {{max}} themes',
  'themes.unknownElement': 'There is no element called {{name}} in the catalogue',
  'themes.inUse': 'The theme {{name}} is still used by {{clubs}} club(s), {{guides}} guide(s) and {{children}} theme(s) made from it: {{names}}',
  'themes.editStyle': 'The theme {{name}} cannot be deleted: hole drawings are stored in its drawing style',
} as const satisfies Record<string, string>;

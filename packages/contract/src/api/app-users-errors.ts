/**
 * The refusals of the app users' area (issue 26), by code: English text with named parameters, as in
 * ./errors.ts. Their Danish and Swedish texts are under `serverErrors` in the area's text files.
 * Registered with the area's texts in ../areas.ts. This file imports nothing: errors.ts reads it.
 */
export const APP_USER_ERRORS = {
  'appUsers.notFound': 'No club knows an app user with this id',
  'appUsers.confirmMismatch': 'Type the app id exactly as shown to confirm the erasure',
  'appUsers.exportTooLarge': 'The export would have more than {{max}} rows: narrow the search',
} as const satisfies Record<string, string>;

/**
 * The refusals of the regions' area (issue 26), by code: English text with named parameters, as in
 * ./errors.ts. Their Danish and Swedish texts are under `serverErrors` in the area's text files.
 * Registered with the area's texts in ../areas.ts. This file imports nothing: errors.ts reads it.
 */
export const REGION_ERRORS = {
  'regions.notFound': 'Region not found',
  'regions.nameTaken': 'A region called {{name}} exists already',
  'regions.tooMany': 'There can be at most {{max}} regions',
  'regions.clubNotFound': 'Club not found',
  'regions.tooManyClubs': 'A region can have at most {{max}} clubs',
  'regions.userNotFound': 'User not found',
  'regions.tooManyOwners': 'A region can have at most {{max}} owners',
} as const satisfies Record<string, string>;

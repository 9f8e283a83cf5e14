/**
 * The refusals of the sponsors area (sponsors and their setups), by code: English text with named
 * parameters, as in ./errors.ts. Their Danish and Swedish texts are under `serverErrors` in the
 * area's own locale files (locales/<language>/sponsors.json and sponsor-setups.json). Registered
 * with the area's texts in ../areas.ts. This file imports nothing: errors.ts reads it.
 */
export const SPONSOR_ERRORS = {
  'sponsors.notFound': 'Sponsor not found',
  'sponsors.capReached': 'A club can have at most {{max}} sponsors. Delete some before adding more.',
  'sponsorSetups.notFound': 'Sponsor setup not found',
  'sponsorSetups.courseFixed': 'A sponsor setup stays on its course',
} as const satisfies Record<string, string>;

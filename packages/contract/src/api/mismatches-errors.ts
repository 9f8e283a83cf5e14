/**
 * The refusals of the mismatches' area (issue 26), by code: English text with named parameters, as in
 * ./errors.ts. Their Danish and Swedish texts are under `serverErrors` in the area's text files.
 * Registered with the area's texts in ../areas.ts. This file imports nothing: errors.ts reads it.
 */
export const MISMATCH_ERRORS = {
  'mismatches.notFound': 'This finding is no longer in the list (it was dismissed or the list was computed again)',
  'mismatches.guideNotFound': 'Guide not found',
  'mismatches.computationNotFound': 'This computation of the mismatches is not known',
} as const satisfies Record<string, string>;

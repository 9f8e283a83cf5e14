/**
 * The refusals of the insights area (its console calls, its app-side ingestion) and of the clubs'
 * app keys, by code: English text with named parameters, as in ./errors.ts. Their Danish and
 * Swedish texts are under `serverErrors` in locales/<language>/insights.json. Registered with the
 * area's texts in ../areas.ts. This file imports nothing: errors.ts reads it.
 */
export const INSIGHT_ERRORS = {
  'appKeys.missing': 'The app key is missing (header X-App-Key)',
  'appKeys.invalid': 'The app key is not valid, or it was revoked',
  'appKeys.otherClub': 'The app key belongs to another club',
  'appKeys.notFound': 'App key not found',
  'appKeys.capReached': 'A club can have at most {{max}} app keys in use. Revoke one before creating another.',
  'insights.unknownGuide': 'The guide {{guideId}} is not a guide of this club',
  'insights.unknownCourse': 'The course {{courseId}} is not a course of this club',
  'insights.courseNotInGuide': 'The course {{courseId}} is not a course of the guide {{guideId}}',
  'insights.unknownTee': 'The tee {{teeId}} is not a tee of the course',
  'insights.unknownHole': 'The course has no hole {{hole}}',
  'insights.holeTwice': 'The hole {{hole}} is given twice in the round',
  'insights.timeBackwards': 'Time goes backwards: {{what}}',
  'insights.roundTooLong': 'A round lasts at most {{max}} minutes',
  'insights.tooFar': 'A position is {{metres}} m from the course; at most {{max}} m is accepted',
  'insights.courseNotDrawn': 'The course has no drawn holes to check positions against',
  'insights.unknownAppUser': 'The app user {{appUserId}} is not known to this club; send the user first',
  'insights.rangeTooLong': 'A date range covers at most {{max}} days',
  'insights.filterNotFound': 'Saved filter not found',
  'insights.filterNameTaken': 'A saved filter is already called {{name}}',
  'insights.filtersCapReached': 'At most {{max}} saved filters per user and club',
  'insights.courseNotFound': 'Course not found',
} as const satisfies Record<string, string>;

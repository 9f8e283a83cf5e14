/**
 * The refusals of the management area (issue 27), by code: English text with named parameters, as
 * in ./errors.ts. Their Danish and Swedish texts are under `serverErrors` in the area's text files.
 * Registered with the area's texts in ../areas.ts. This file imports nothing: errors.ts reads it.
 */
export const MANAGEMENT_ERRORS = {
  'management.handleNotFound': 'No club has this address',
  'management.managementOnly': 'Only administrators and region owners manage clubs',
  'management.adminNotEligible': 'The club admin must be a user of the club or an administrator',
  'management.courseNotFound': 'Course not found',
  'management.statusTimeout': 'Checking the drawings took more than {{seconds}} seconds. Try again later, or ask for one course at a time.',
  'management.statusTooLarge': 'The drawings are too large to check at once. Ask for one course at a time.',
  'management.statusBusy': 'The server is busy with other heavy work. Try again in a few seconds.',
} as const satisfies Record<string, string>;

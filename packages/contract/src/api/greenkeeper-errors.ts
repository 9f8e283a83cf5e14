/**
 * The refusals of the greenkeeper area (issue 25), by code: English text with named parameters,
 * as in ./errors.ts. Their Danish and Swedish texts are under `serverErrors` in
 * locales/<language>/greenkeeper.json. Registered with the area's texts in ../areas.ts. This file
 * imports nothing: errors.ts reads it.
 */
export const GREENKEEPER_ERRORS = {
  'greenkeeper.groupNotFound': 'Tracking group not found',
  'greenkeeper.commentNotFound': 'Comment not found',
  'greenkeeper.imageNotFound': 'Image not found',
  'greenkeeper.descriptionNotFound': 'Description not found',
  'greenkeeper.holeNotFound': 'Hole not found',
  'greenkeeper.courseNotFound': 'Course not found',
  'greenkeeper.groupNameTaken': 'The club already has a tracking group called {{name}}',
  'greenkeeper.groupsCapReached': 'A club can have at most {{max}} tracking groups',
  'greenkeeper.descriptionsCapReached': 'A tracking group can have at most {{max}} descriptions',
  'greenkeeper.elementNotOnMap': 'The element {{featureId}} is not in the drawing of hole {{holeId}}',
  'greenkeeper.imagesCapReached': 'At most {{max}} images can be added to a comment',
  'greenkeeper.imageMissing': 'Choose an image to upload',
  'greenkeeper.commentEmpty': 'Write a comment or add an image',
  'greenkeeper.pinSetupNotFound': 'Pin setup not found',
  'greenkeeper.pinSetupOtherCourse': 'The pin setup belongs to another course',
  'greenkeeper.holeOtherCourse': 'Hole {{holeId}} is not a hole of this course',
  'greenkeeper.dayNotFound': 'No pins are recorded for {{date}}',
} as const satisfies Record<string, string>;

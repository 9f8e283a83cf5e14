import { z } from 'zod';
import { HexColour, IdParam, PositiveInt32, Text } from './common';
import { DrawingGeometry } from './drawings';

/**
 * Greenkeeper (§1, §2 /greenkeeper/areas and /greenkeeper/techmap, §2 Screen capabilities, §3
 * Tracking group and Hole texts, §4 comment create or update, §5 area statistics and search, §7
 * tracking_groups and holes/{id}/texts, §9; issue 25): the area statistics of the mapped course
 * with their history, the tech map with tracking groups, their log book (comments with images)
 * and descriptions, the hole texts per group, and pin rotation.
 *
 * Roles (§2 menu): `areas` for the area statistics, `tech-map` for everything of the tech map
 * (groups, trackings, comments, images, descriptions, hole texts), `courses` for pin rotation (it
 * makes pin setups, which the pin positions screen edits with that role).
 *
 * Console calls, all under clubs/{clubId}:
 * Area statistics (role `areas`):
 * - GET  greenkeeper/areas → ClubAreas (every course of the club: per hole, per course, in total)
 * - GET  greenkeeper/areas/history?courseId= → AreaHistory (one snapshot per date a drawing of the
 *        course changed, oldest first; the newest is today's live numbers when they changed since)
 * - GET  greenkeeper/areas/export?courseId=&format=csv|xlsx&unit=ha|m2 → the file (attachment)
 * Tech map (role `tech-map`):
 * - GET    tracking-groups → TrackingGroup[] (by name)
 * - POST   tracking-groups  TrackingGroupBody → TrackingGroup (201)
 * - PUT    tracking-groups/{trackingGroupId}  TrackingGroupBody → TrackingGroup;  DELETE → 204
 * - GET    tracking-groups/courses → TrackingGroupCourse[] (a group's course only with ≥ 2 entries on it, §3/§9)
 * - GET    tracking-groups/trackings?courseId= → Tracking[] (every drawn element of the course's
 *          holes, with the groups it is in)
 * - PUT    tracking-groups/{trackingGroupId}/trackings  TrackingChangesBody → TrackingGroup
 *          (add and remove elements; an element of another club's hole or one not in the hole's drawing is refused)
 * - GET    tracking-groups/comments?trackingGroupId= → TrackingComment[] (newest first)
 * - POST   tracking-groups/comments  CreateTrackingCommentBody → TrackingComment (201)
 * - PUT    tracking-groups/comments/{commentId}  UpdateTrackingCommentBody → TrackingComment;  DELETE → 204
 * - POST   tracking-groups/comments/{commentId}/images (multipart, one image) → TrackingCommentImage (201)
 * - DELETE tracking-groups/comments/{commentId}/images/{imageId} → 204
 * - GET    tracking-groups/descriptions?trackingGroupId= → TrackingDescription[] (all the club's when none given)
 * - POST   tracking-groups/{trackingGroupId}/descriptions  TrackingDescriptionBody → TrackingDescription (201)
 * - PUT    tracking-groups/{trackingGroupId}/descriptions/{descriptionId}  TrackingDescriptionBody → TrackingDescription
 * - DELETE tracking-groups/{trackingGroupId}/descriptions/{descriptionId} → 204
 * - GET    holes/{holeId}/texts → HoleText[] (§3 Hole texts: tracking_group_id to group_text)
 * - PUT    holes/{holeId}/texts/{trackingGroupId}  HoleTextBody → HoleText (an empty text removes it: 204)
 * Pin rotation (role `courses`):
 * - GET  pin-rotation/settings → PinRotationSettings;  PUT (same body) → PinRotationSettings
 * - GET  courses/{courseId}/pin-rotation → PinRotation (each green with its outline and the spots played)
 * - POST courses/{courseId}/pin-rotation/suggestion  SuggestionBody → PinSuggestion (nothing stored)
 * - POST courses/{courseId}/pin-rotation/setups  SaveSuggestionBody → SavedRotationSetup (201: a
 *        normal pin setup with its positions, through the pins area, in one transaction)
 * - PUT  courses/{courseId}/pin-rotation/days/{date}  PlayedDayBody → PlayedDay (the setup in play
 *        that day: its positions are copied into the history)
 * - DELETE courses/{courseId}/pin-rotation/days/{date} → 204
 */

export const GREENKEEPER_LIMITS = {
  groupNameMax: 80,
  /** Tracking groups of one club. */
  groupsMax: 200,
  commentTextMax: 5000,
  /** Images on one comment. */
  commentImagesMax: 10,
  descriptionNameMax: 80,
  descriptionTextMax: 2000,
  descriptionsPerGroupMax: 50,
  holeTextMax: 1000,
  /** Elements added or removed in one call. */
  trackingChangesMax: 2000,
  featureIdMax: 100,
} as const;

/** §9: area units. */
export const AREA_UNITS = ['ha', 'm2'] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];
export const AreaUnitParam = z.enum(AREA_UNITS);

/** An area in m² in the unit asked for. */
export function areaInUnit(squareMetres: number, unit: AreaUnit): number {
  return unit === 'ha' ? squareMetres / 10_000 : squareMetres;
}

/** A calendar date, YYYY-MM-DD. */
export const DateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date looks like 2026-05-31')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Not a real date');

// ---------------------------------------------------------------------------------------------
// Area statistics

/** One element type's total: polygons counted and their geodesic area in m² (§5 exclusions applied). */
export const ElementArea = z.object({ element: z.string(), count: z.number().int(), area: z.number() });
export type ElementArea = z.infer<typeof ElementArea>;

export const HoleAreas = z.object({
  holeId: z.number().int(),
  order: z.number().int(),
  name: z.string(),
  /** By element name. */
  elements: z.array(ElementArea),
});
export type HoleAreas = z.infer<typeof HoleAreas>;

export const CourseAreas = z.object({
  courseId: z.number().int(),
  name: z.string(),
  holes: z.array(HoleAreas),
  /** The course's totals by element. */
  totals: z.array(ElementArea),
  /** When a drawing of the course last changed; null when nothing is drawn. */
  drawnAt: z.string().nullable(),
});
export type CourseAreas = z.infer<typeof CourseAreas>;

export const ClubAreas = z.object({
  courses: z.array(CourseAreas),
  /** Every course together, by element. */
  totals: z.array(ElementArea),
});
export type ClubAreas = z.infer<typeof ClubAreas>;

export const AreaSnapshot = z.object({
  /** The date the drawings had these areas (the day of the change). */
  date: z.string(),
  totals: z.array(ElementArea),
});
export type AreaSnapshot = z.infer<typeof AreaSnapshot>;

export const AreaHistory = z.object({ courseId: z.number().int(), snapshots: z.array(AreaSnapshot) });
export type AreaHistory = z.infer<typeof AreaHistory>;

export const AreaHistoryQuery = z.object({ courseId: IdParam });
export const AreaExportQuery = z.object({ courseId: IdParam.optional(), format: z.enum(['csv', 'xlsx']), unit: AreaUnitParam.default('m2') });

// ---------------------------------------------------------------------------------------------
// Tracking groups (§3)

export const TrackingGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  /** Elements in the group that are still on the map. */
  trackingCount: z.number().int(),
  commentCount: z.number().int(),
  updatedAt: z.string(),
});
export type TrackingGroup = z.infer<typeof TrackingGroup>;

export const TrackingGroupBody = z.object({
  name: Text.trim().min(1, 'Name is required').max(GREENKEEPER_LIMITS.groupNameMax, 'Name is too long'),
  color: HexColour.default('#2e7d32'),
});
export type TrackingGroupBody = z.infer<typeof TrackingGroupBody>;

/** §3: the courses of a tracking group, kept only with at least 2 entries (§9 course filter). */
export const TRACKING_GROUP_COURSE_MIN_ENTRIES = 2;
export const TrackingGroupCourse = z.object({ trackingGroupId: z.number().int(), courseId: z.number().int(), count: z.number().int() });
export type TrackingGroupCourse = z.infer<typeof TrackingGroupCourse>;

/** Ids of a tracking: `${holeId}:${featureId}`, the element's id in its hole's drawing. */
export function trackingId(holeId: number, featureId: string): string {
  return `${holeId}:${featureId}`;
}

/** §3 trackings: a drawn element of a course with its area and the groups it is in. */
export const Tracking = z.object({
  id: z.string(),
  featureId: z.string(),
  /** The graphics element ('green', 'bunker', …). */
  elementName: z.string(),
  /** The element's own name: its label when it has one, else '' . */
  name: z.string(),
  /** m² for polygons, null for lines and points. */
  area: z.number().nullable(),
  customAttributes: z.object({ holeId: z.number().int(), teeId: z.number().int().nullable() }),
  trackingGroupIds: z.array(z.number().int()),
  courseId: z.number().int(),
  holeId: z.number().int(),
  geometry: DrawingGeometry,
});
export type Tracking = z.infer<typeof Tracking>;

export const TrackingsQuery = z.object({ courseId: IdParam });

export const TrackingRef = z.object({ holeId: PositiveInt32, featureId: Text.min(1).max(GREENKEEPER_LIMITS.featureIdMax) });
export type TrackingRef = z.infer<typeof TrackingRef>;
export const TrackingChangesBody = z
  .object({
    add: z.array(TrackingRef).max(GREENKEEPER_LIMITS.trackingChangesMax).default([]),
    remove: z.array(TrackingRef).max(GREENKEEPER_LIMITS.trackingChangesMax).default([]),
  })
  .refine((b) => b.add.length + b.remove.length > 0, 'Add or remove at least one element');
export type TrackingChangesBody = z.infer<typeof TrackingChangesBody>;

// Log book

export const TrackingCommentImage = z.object({ id: z.number().int(), url: z.string(), width: z.number().int(), height: z.number().int() });
export type TrackingCommentImage = z.infer<typeof TrackingCommentImage>;

export const TrackingComment = z.object({
  id: z.number().int(),
  trackingGroupId: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  images: z.array(TrackingCommentImage),
});
export type TrackingComment = z.infer<typeof TrackingComment>;

const CommentText = Text.trim().max(GREENKEEPER_LIMITS.commentTextMax, `A comment has at most ${GREENKEEPER_LIMITS.commentTextMax} characters`);
/** A comment may be only images: its text may be empty when images follow (the server accepts an empty text). */
export const CreateTrackingCommentBody = z.object({ trackingGroupId: PositiveInt32, text: CommentText });
export type CreateTrackingCommentBody = z.infer<typeof CreateTrackingCommentBody>;
export const UpdateTrackingCommentBody = z.object({ text: CommentText });
export type UpdateTrackingCommentBody = z.infer<typeof UpdateTrackingCommentBody>;

export const CommentsQuery = z.object({ trackingGroupId: IdParam });
export const DescriptionsQuery = z.object({ trackingGroupId: IdParam.optional() });

export const TrackingDescription = z.object({ id: z.number().int(), trackingGroupId: z.number().int(), name: z.string(), description: z.string() });
export type TrackingDescription = z.infer<typeof TrackingDescription>;
export const TrackingDescriptionBody = z.object({
  name: Text.trim().min(1, 'Name is required').max(GREENKEEPER_LIMITS.descriptionNameMax, 'Name is too long'),
  description: Text.trim().max(GREENKEEPER_LIMITS.descriptionTextMax, 'The description is too long'),
});
export type TrackingDescriptionBody = z.infer<typeof TrackingDescriptionBody>;

/** §3 Hole texts: tracking_group_id to group_text. */
export const HoleText = z.object({ holeId: z.number().int(), trackingGroupId: z.number().int(), groupText: z.string() });
export type HoleText = z.infer<typeof HoleText>;
export const HoleTextBody = z.object({ groupText: Text.trim().max(GREENKEEPER_LIMITS.holeTextMax, 'The text is too long') });

export const TrackingGroupParams = z.object({ clubId: IdParam, trackingGroupId: IdParam });
export const CommentParams = z.object({ clubId: IdParam, commentId: IdParam });
export const CommentImageParams = z.object({ clubId: IdParam, commentId: IdParam, imageId: IdParam });
export const DescriptionParams = z.object({ clubId: IdParam, trackingGroupId: IdParam, descriptionId: IdParam });
export const HoleTextsParams = z.object({ clubId: IdParam, holeId: IdParam });
export const HoleTextParams = z.object({ clubId: IdParam, holeId: IdParam, trackingGroupId: IdParam });

// ---------------------------------------------------------------------------------------------
// §5 search on the tech map: fuzzy, threshold 0.2, comma-separated terms; filters intersect.

export const FUZZY_THRESHOLD = 0.2;

/** The terms of a search field: split at commas, trimmed, empty ones dropped. */
export function searchTerms(input: string): string[] {
  return input
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

// ---------------------------------------------------------------------------------------------
// Pin rotation

export const PinRotationSettings = z.object({
  /** Metres a pin stays from the green's edge. */
  edgeDistance: z.number().min(0).max(20),
  /** Metres around a spot used yesterday where no pin goes; shrinks day by day until reuseDays. */
  blockedRadius: z.number().min(0).max(30),
  /** Days before a spot may be used again. */
  reuseDays: z.number().int().min(1).max(60),
});
export type PinRotationSettings = z.infer<typeof PinRotationSettings>;
export const DEFAULT_PIN_ROTATION: PinRotationSettings = { edgeDistance: 4, blockedRadius: 4.5, reuseDays: 8 };

/** Front / middle / back by depth, left / right across: where a pin sits on its green. */
export const GREEN_ZONES = ['front-left', 'front-right', 'middle-left', 'middle-right', 'back-left', 'back-right'] as const;
export type GreenZone = (typeof GREEN_ZONES)[number];

export const PlayedSpot = z.object({
  date: z.string(),
  daysAgo: z.number().int(),
  outMeters: z.number().int(),
  sideMeters: z.number().int(),
  position: z.tuple([z.number(), z.number()]).nullable(),
});
export type PlayedSpot = z.infer<typeof PlayedSpot>;

export const RotationGreen = z.object({
  holeId: z.number().int(),
  order: z.number().int(),
  /** The green's outline (the hole drawing's green polygon rings, lon/lat); null when not drawn. */
  green: z.array(z.array(z.array(z.number()))).nullable(),
  /** Where pins are measured from (the pin frame); null when the hole has none. */
  frame: z.object({ origin: z.tuple([z.number(), z.number()]), bearing: z.number() }).nullable(),
  /** Spots played within the last 60 days, newest first. */
  history: z.array(PlayedSpot),
});
export type RotationGreen = z.infer<typeof RotationGreen>;

export const PlayedDay = z.object({ date: z.string(), pinSetupId: z.number().int().nullable(), pinSetupName: z.string().nullable() });
export type PlayedDay = z.infer<typeof PlayedDay>;

export const PinRotation = z.object({
  courseId: z.number().int(),
  settings: PinRotationSettings,
  greens: z.array(RotationGreen),
  /** Days recorded as played, newest first (at most 60). */
  days: z.array(PlayedDay),
});
export type PinRotation = z.infer<typeof PinRotation>;

export const SuggestionBody = z.object({ date: DateOnly });
export const SuggestedPin = z.object({
  holeId: z.number().int(),
  outMeters: z.number().int(),
  sideMeters: z.number().int(),
  position: z.tuple([z.number(), z.number()]),
  zone: z.enum(GREEN_ZONES),
  /** Metres to the green's edge and to the nearest spot of the last reuseDays days (null: none). */
  edgeDistance: z.number(),
  nearestRecent: z.number().nullable(),
});
export type SuggestedPin = z.infer<typeof SuggestedPin>;
export const PinSuggestion = z.object({
  date: z.string(),
  pins: z.array(SuggestedPin),
  /** Holes with no suggestion, and why (no green, no pin frame, no spot respects the rules). */
  problems: z.array(z.object({ holeId: z.number().int(), code: z.enum(['noGreen', 'noFrame', 'noSpot']) })),
});
export type PinSuggestion = z.infer<typeof PinSuggestion>;

export const SaveSuggestionBody = z.object({
  date: DateOnly,
  name: Text.trim().min(1, 'Name is required').max(100, 'Name is too long'),
  pins: z.array(z.object({ holeId: PositiveInt32, outMeters: z.number().int().min(0).max(100), sideMeters: z.number().int().min(-100).max(100) })).max(100),
  /** Also record the setup as the one in play on `date`. */
  markPlayed: z.boolean().default(false),
});
export type SaveSuggestionBody = z.infer<typeof SaveSuggestionBody>;
export const SavedRotationSetup = z.object({ pinSetupId: z.number().int(), name: z.string(), date: z.string() });

export const PlayedDayBody = z.object({ pinSetupId: PositiveInt32 });
export const CourseRotationParams = z.object({ clubId: IdParam, courseId: IdParam });
export const RotationDayParams = z.object({ clubId: IdParam, courseId: IdParam, date: DateOnly });


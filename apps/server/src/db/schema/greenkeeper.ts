/**
 * Greenkeeper (issue 25): tracking groups of the tech map with the elements they track, their log
 * book (comments with images) and descriptions, the hole texts per group, the dated area snapshots
 * of each course, and pin rotation (the club's rules and the pins played per day). Written by the
 * greenkeeper area only; holes, courses and pin setups belong to the courses and pins areas and are
 * referred to by foreign key.
 */
import { date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clubs, users } from './core';
import { courses, holes, pinSetups } from './courses';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A named set of drawn elements the crew tracks together ('Greens mowed Monday'). */
export const trackingGroups = pgTable(
  'tracking_groups',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('#2e7d32'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tracking_groups_club_name_idx').on(t.clubId, t.name)],
);

/**
 * An element of a hole's drawing in a group, by the feature's id in the drawing. A feature since
 * removed from the drawing keeps its row until the group is changed (the reads leave it out).
 */
export const trackingGroupElements = pgTable(
  'tracking_group_elements',
  {
    trackingGroupId: integer('tracking_group_id')
      .notNull()
      .references(() => trackingGroups.id, { onDelete: 'cascade' }),
    holeId: integer('hole_id')
      .notNull()
      .references(() => holes.id, { onDelete: 'cascade' }),
    featureId: text('feature_id').notNull(),
    addedAt: at('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.trackingGroupId, t.holeId, t.featureId] }), index('tracking_group_elements_hole_idx').on(t.holeId)],
);

/** The log book of a group: what the crew did and saw, with photos. */
export const trackingComments = pgTable(
  'tracking_comments',
  {
    id: serial('id').primaryKey(),
    trackingGroupId: integer('tracking_group_id')
      .notNull()
      .references(() => trackingGroups.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('tracking_comments_group_idx').on(t.trackingGroupId, t.createdAt)],
);

export const trackingCommentImages = pgTable(
  'tracking_comment_images',
  {
    id: serial('id').primaryKey(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => trackingComments.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('tracking_comment_images_comment_idx').on(t.commentId)],
);

/** Named notes of a group ('Mowing height': '4 mm'). */
export const trackingDescriptions = pgTable(
  'tracking_descriptions',
  {
    id: serial('id').primaryKey(),
    trackingGroupId: integer('tracking_group_id')
      .notNull()
      .references(() => trackingGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('tracking_descriptions_group_idx').on(t.trackingGroupId)],
);

/** §3 Hole texts: per hole, a text for a tracking group. */
export const holeGroupTexts = pgTable(
  'hole_group_texts',
  {
    holeId: integer('hole_id')
      .notNull()
      .references(() => holes.id, { onDelete: 'cascade' }),
    trackingGroupId: integer('tracking_group_id')
      .notNull()
      .references(() => trackingGroups.id, { onDelete: 'cascade' }),
    groupText: text('group_text').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.holeId, t.trackingGroupId] }), index('hole_group_texts_group_idx').on(t.trackingGroupId)],
);

/**
 * The areas of a course's drawings on a date: per element { count, area m² } in total and per hole
 * (`holes`: { [holeId]: ElementArea[] }), kept when a drawing changed that day.
 */
export const areaSnapshots = pgTable(
  'area_snapshots',
  {
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    takenOn: date('taken_on', { mode: 'string' }).notNull(),
    totals: jsonb('totals').notNull(),
    holes: jsonb('holes').notNull(),
    /** The latest drawing change these numbers include. */
    drawnAt: at('drawn_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.takenOn] })],
);

/** The club's pin rotation rules (defaults in the contract when there is no row). */
export const pinRotationSettings = pgTable('pin_rotation_settings', {
  clubId: integer('club_id')
    .primaryKey()
    .references(() => clubs.id, { onDelete: 'cascade' }),
  edgeDistance: real('edge_distance').notNull(),
  blockedRadius: real('blocked_radius').notNull(),
  reuseDays: integer('reuse_days').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A day of play on a course and the pin setup used (kept when the setup is deleted: its spots stay). */
export const pinRotationDays = pgTable(
  'pin_rotation_days',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    playedOn: date('played_on', { mode: 'string' }).notNull(),
    pinSetupId: integer('pin_setup_id').references(() => pinSetups.id, { onDelete: 'set null' }),
    pinSetupName: text('pin_setup_name'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pin_rotation_days_course_date_idx').on(t.courseId, t.playedOn)],
);

/** The pin of each hole on a day of play: a copy of the setup's position at the time it was recorded. */
export const pinRotationSpots = pgTable(
  'pin_rotation_spots',
  {
    dayId: integer('day_id')
      .notNull()
      .references(() => pinRotationDays.id, { onDelete: 'cascade' }),
    holeId: integer('hole_id')
      .notNull()
      .references(() => holes.id, { onDelete: 'cascade' }),
    outMeters: integer('out_meters').notNull(),
    sideMeters: integer('side_meters').notNull(),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
  },
  (t) => [primaryKey({ columns: [t.dayId, t.holeId] }), index('pin_rotation_spots_hole_idx').on(t.holeId)],
);

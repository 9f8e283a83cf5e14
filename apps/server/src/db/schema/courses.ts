/** Courses: tees, holes, hole drawings, pin setups and positions. */
import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clubs, timestamps, users } from './core';

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Attribution the course's map data requires (an OpenStreetMap import: '© OpenStreetMap contributors, ODbL'). */
    attribution: text('attribution'),
    ...timestamps,
  },
  (t) => [index('courses_club_idx').on(t.clubId)],
);

/** A tee of a course (a set of tee boxes with a colour, e.g. 'Yellow'). */
export const tees = pgTable(
  'tees',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    ...timestamps,
  },
  (t) => [index('tees_course_idx').on(t.courseId)],
);

/**
 * A hole of a course. `order` is its 1-based number; the stroke index (handicap) is unique per
 * course, which the service checks inside the saving transaction (swapping two holes' indexes in
 * one save must be possible).
 */
export const holes = pgTable(
  'holes',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    name: text('name').notNull().default(''),
    par: integer('par').notNull(),
    handicap: integer('handicap'),
    proGuideline: text('pro_guideline').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('holes_course_idx').on(t.courseId, t.order)],
);

/** Distance in metres from a tee to the green of a hole (§3 hole-tee link). */
export const holeTees = pgTable(
  'hole_tees',
  {
    holeId: integer('hole_id').notNull().references(() => holes.id, { onDelete: 'cascade' }),
    teeId: integer('tee_id').notNull().references(() => tees.id, { onDelete: 'cascade' }),
    distance: integer('distance').notNull(),
  },
  (t) => [primaryKey({ columns: [t.holeId, t.teeId] }), index('hole_tees_tee_idx').on(t.teeId)],
);

/** The drawing of a hole per drawing style: a GeoJSON FeatureCollection in longitude/latitude. */
export const holeDrawings = pgTable(
  'hole_drawings',
  {
    holeId: integer('hole_id').notNull().references(() => holes.id, { onDelete: 'cascade' }),
    styleId: integer('style_id').notNull(),
    document: jsonb('document').notNull(),
    version: integer('version').notNull().default(1),
    /** The status checks of this version of the document; null until computed (rows written before). */
    checks: jsonb('checks'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.holeId, t.styleId] })],
);

/** A named set of pin positions for a course (e.g. 'Saturday medal'). */
export const pinSetups = pgTable(
  'pin_setups',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index('pin_setups_club_idx').on(t.clubId, t.courseId)],
);

/** A pin of a setup on a hole: metres in from the T-point and to the side (right positive). */
export const pinPositions = pgTable(
  'pin_positions',
  {
    pinSetupId: integer('pin_setup_id').notNull().references(() => pinSetups.id, { onDelete: 'cascade' }),
    holeId: integer('hole_id').notNull().references(() => holes.id, { onDelete: 'cascade' }),
    outMeters: integer('out_meters').notNull(),
    sideMeters: integer('side_meters').notNull(),
    /** The point in SRID 4326, computed from the hole's drawing when it has a green. */
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pinSetupId, t.holeId] })],
);

/* The graphics catalogue (§3). Rows refer to each other by name, as the calls do. */

/**
 * Insights (issue 22): what the club's app reports — its users, downloads of the guides' products,
 * rounds with strokes per hole, shots and game tracks — and the club's saved heatmap filters and
 * settings. Written by the insights area only (the app-side ingestion, the demo); the
 * communication area reads the followers (`app_users.following`) through the area's entry.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clubs, timestamps, users } from './core';
import { courses, holes, tees } from './courses';
import { guides } from './products';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A user of the golfers' app as this club knows them (the app's own id), and whether they follow the club. */
export const appUsers = pgTable(
  'app_users',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    language: text('language').notNull(),
    following: boolean('following').notNull().default(false),
    followedAt: at('followed_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('app_users_club_app_id_key').on(t.clubId, t.appId), index('app_users_following_idx').on(t.clubId, t.following)],
);

/** A download of a guide's product in the app. */
export const guideDownloads = pgTable(
  'guide_downloads',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id').notNull().references(() => guides.id, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    appUserId: integer('app_user_id').references(() => appUsers.id, { onDelete: 'set null' }),
    downloadedAt: at('downloaded_at').notNull(),
  },
  (t) => [index('guide_downloads_club_idx').on(t.clubId, t.downloadedAt), index('guide_downloads_guide_idx').on(t.guideId)],
);

/**
 * The local projection of a course for insights: positions are stored as metres east (`x`) and
 * north (`y`) of this origin (an equirectangular projection, exact to centimetres over a course),
 * so that the heatmap bins in SQL with a grid in metres. Set once, at the course's first round.
 */
export const insightCourseOrigins = pgTable('insight_course_origins', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  lon: doublePrecision('lon').notNull(),
  lat: doublePrecision('lat').notNull(),
});

/**
 * A round played on a guide, as the app sent it. `local_start` is the start in the phone's local
 * time (the offset it sent), which the date, time-of-day and weekday filters read; `strokes` the
 * sum of the holes' strokes; `shot_tracked` the share of the played holes that have shots.
 */
export const rounds = pgTable(
  'rounds',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    appRoundId: text('app_round_id').notNull(),
    guideId: integer('guide_id').notNull().references(() => guides.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    teeId: integer('tee_id').references(() => tees.id, { onDelete: 'set null' }),
    appUserId: integer('app_user_id').references(() => appUsers.id, { onDelete: 'set null' }),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at').notNull(),
    localStart: timestamp('local_start', { withTimezone: false, mode: 'string' }).notNull(),
    sex: text('sex').notNull(),
    handicap: real('handicap').notNull(),
    home: boolean('home').notNull(),
    points: integer('points').notNull(),
    strokes: integer('strokes').notNull(),
    holesPlayed: smallint('holes_played').notNull(),
    shotTracked: real('shot_tracked').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rounds_club_app_round_key').on(t.clubId, t.appRoundId),
    index('rounds_course_idx').on(t.clubId, t.courseId, t.localStart),
    index('rounds_guide_idx').on(t.guideId),
    index('rounds_app_user_idx').on(t.appUserId),
    check('rounds_sex_check', sql`${t.sex} in ('male', 'female')`),
  ],
);

/** A hole of a round: its strokes, its par then, and when the group was on it (from the game track; null without one). */
export const roundHoles = pgTable(
  'round_holes',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    holeNumber: smallint('hole_number').notNull(),
    holeId: integer('hole_id').references(() => holes.id, { onDelete: 'set null' }),
    par: smallint('par').notNull(),
    strokes: smallint('strokes').notNull(),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.holeNumber] })],
);

/** A shot of a round: where (longitude/latitude, and metres in the course's local projection), when, which hole, which club. */
export const shots = pgTable(
  'shots',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    holeNumber: smallint('hole_number').notNull(),
    lon: doublePrecision('lon').notNull(),
    lat: doublePrecision('lat').notNull(),
    x: real('x').notNull(),
    y: real('y').notNull(),
    playedAt: at('played_at').notNull(),
    golfClub: text('golf_club'),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.seq] })],
);

/** The game track of a round, as arrays (one element a point): metres in the course's local projection, seconds since the start, hole shown (0: none). */
export const roundTracks = pgTable('round_tracks', {
  roundId: integer('round_id')
    .primaryKey()
    .references(() => rounds.id, { onDelete: 'cascade' }),
  x: real('x').array().notNull(),
  y: real('y').array().notNull(),
  seconds: integer('seconds').array().notNull(),
  hole: smallint('hole').array().notNull(),
});

/** A heatmap filter saved by name, per user and club. `filter` is the contract's HeatmapFilter, validated before every write. */
export const heatmapFilters = pgTable(
  'heatmap_filters',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filter: jsonb('filter').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('heatmap_filters_name_key').on(t.clubId, t.userId, t.name)],
);

/** The club's insight settings: the goal round time the round-time distribution is held against. */
export const insightSettings = pgTable('insight_settings', {
  clubId: integer('club_id')
    .primaryKey()
    .references(() => clubs.id, { onDelete: 'cascade' }),
  roundGoalMinutes: integer('round_goal_minutes').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

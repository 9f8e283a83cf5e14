/** Promotion: a club's sponsors, and sponsor setups placing them on a course's holes (issue 11). */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clubs, timestamps } from './core';
import { courses, holes } from './courses';

/** A sponsor of a club: its name, web address ('' for none) and logo file (under the club's public files). */
export const sponsors = pgTable(
  'sponsors',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull().default(''),
    /** The logo's file name in `public/clubs/<clubId>/sponsors/`; new with every upload. */
    logoFileName: text('logo_file_name'),
    ...timestamps,
  },
  (t) => [index('sponsors_club_idx').on(t.clubId, t.name)],
);

/** A named placing of the club's sponsors on one course (e.g. 'Sæson 2026'); a guide chooses one. */
export const sponsorSetups = pgTable(
  'sponsor_setups',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sponsor_setups_club_idx').on(t.clubId, t.courseId)],
);

/**
 * One place of a sponsor in a setup: on a hole's page in one of the sponsor formats of §9 (full
 * filled, full centred, bottom single, bottom double) (`page`: a format, no point), or a sponsor
 * sign on the hole (`sign`: a point, no format). Removed with its setup, its sponsor or its hole.
 */
export const sponsorPositions = pgTable(
  'sponsor_positions',
  {
    id: serial('id').primaryKey(),
    sponsorSetupId: integer('sponsor_setup_id').notNull().references(() => sponsorSetups.id, { onDelete: 'cascade' }),
    sponsorId: integer('sponsor_id').notNull().references(() => sponsors.id, { onDelete: 'cascade' }),
    holeId: integer('hole_id').notNull().references(() => holes.id, { onDelete: 'cascade' }),
    placement: text('placement').notNull(),
    format: text('format'),
    /** The sign's point in SRID 4326. */
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
  },
  (t) => [
    index('sponsor_positions_setup_idx').on(t.sponsorSetupId),
    index('sponsor_positions_sponsor_idx').on(t.sponsorId),
    index('sponsor_positions_hole_idx').on(t.holeId),
    check('sponsor_positions_placement_check', sql`${t.placement} in ('page', 'sign')`),
    check('sponsor_positions_format_check', sql`${t.format} is null or ${t.format} in ('full-filled', 'full-centered', 'bottom-single', 'bottom-double')`),
    check(
      'sponsor_positions_shape_check',
      sql`(${t.placement} = 'page' and ${t.format} is not null and ${t.longitude} is null and ${t.latitude} is null) or (${t.placement} = 'sign' and ${t.format} is null and ${t.longitude} is not null and ${t.latitude} is not null)`,
    ),
  ],
);

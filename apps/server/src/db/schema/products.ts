/** Products: course guides, their courses, ratings, distance markers and hole choices; rating organisations. */
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { clubs, countries, timestamps } from './core';
import { courses, holes, tees } from './courses';
import { sponsorSetups } from './sponsors';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A course guide of a club. `settings` is the contract's GuideSettings, validated before every
 * write. `generated_at_*` is when a product was last made, `requested_at_*` when it was last asked
 * for (§4: in progress while the request is later). `version` goes up with every save.
 * `app_token` names the guide in the address the golfers' app reads its digital guide from
 * without signing in (docs/decisions/0017): 128 random bits as 32 hex digits, made by the
 * database for every new row (and for the rows there were when the column came).
 * `sponsor_setup_id` is the sponsor setup the guide shows (the sponsors area owns the setups, the
 * guide refers to one): a setup of the guide's club, null when it shows none; deleting the setup
 * sets it to null, and a trigger (migration 0011) makes that a new version of the guide so that its
 * products show out of date. The API presents it inside the settings (GuideSettings.sponsor_setup_id);
 * the stored `settings` never hold it.
 */
export const guides = pgTable(
  'guides',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    settings: jsonb('settings').notNull(),
    iconFileName: text('icon_file_name'),
    frontPageImageFileName: text('front_page_image_file_name'),
    /** 1-based place in the golfers' app (GET/PUT app-orders). */
    appOrder: integer('app_order').notNull().default(1),
    sponsorSetupId: integer('sponsor_setup_id').references(() => sponsorSetups.id, { onDelete: 'set null' }),
    // Two random UUIDs (244 random bits from the server's strong random source) hashed down to 128 bits.
    appToken: text('app_token')
      .notNull()
      .default(sql`encode(substring(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')) from 1 for 16), 'hex')`),
    version: integer('version').notNull().default(1),
    generatedAtJson: at('generated_at_json'),
    generatedAtOverview: at('generated_at_overview'),
    generatedAtPdf: at('generated_at_pdf'),
    generatedAtTeeSigns: at('generated_at_tee_signs'),
    generatedAtWebImages: at('generated_at_web_images'),
    generatedAtGreenDrawings: at('generated_at_green_drawings'),
    requestedAtJson: at('requested_at_json'),
    requestedAtOverview: at('requested_at_overview'),
    requestedAtPdf: at('requested_at_pdf'),
    requestedAtTeeSigns: at('requested_at_tee_signs'),
    requestedAtWebImages: at('requested_at_web_images'),
    requestedAtGreenDrawings: at('requested_at_green_drawings'),
    ...timestamps,
  },
  (t) => [index('guides_club_idx').on(t.clubId, t.appOrder), uniqueIndex('guides_app_token_key').on(t.appToken), index('guides_sponsor_setup_idx').on(t.sponsorSetupId)],
);

/** The active courses of a guide, in its order. A course removed from the club leaves its guides. */
export const guideCourses = pgTable(
  'guide_courses',
  {
    guideId: integer('guide_id').notNull().references(() => guides.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.guideId, t.courseId] }), index('guide_courses_course_idx').on(t.courseId)],
);

/** Course rating and slope of a tee for men or women, as printed in the guide. */
export const guideRatings = pgTable(
  'guide_ratings',
  {
    guideId: integer('guide_id').notNull().references(() => guides.id, { onDelete: 'cascade' }),
    teeId: integer('tee_id').notNull().references(() => tees.id, { onDelete: 'cascade' }),
    sex: text('sex').notNull(),
    courseRating: numeric('course_rating', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    slope: integer('slope').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.guideId, t.teeId, t.sex] }),
    index('guide_ratings_tee_idx').on(t.teeId),
    check('guide_ratings_sex_check', sql`${t.sex} in ('men', 'women')`),
  ],
);

/** A distance marker of a hole in a guide: metres from the front of the green. */
export const guideDistanceMarkers = pgTable(
  'guide_distance_markers',
  {
    guideId: integer('guide_id').notNull().references(() => guides.id, { onDelete: 'cascade' }),
    holeId: integer('hole_id').notNull().references(() => holes.id, { onDelete: 'cascade' }),
    distance: integer('distance').notNull(),
  },
  (t) => [primaryKey({ columns: [t.guideId, t.holeId, t.distance] }), index('guide_distance_markers_hole_idx').on(t.holeId)],
);

/** What a hole's page shows in a guide, and the image that replaces its drawing (an override). */
export const guideHoles = pgTable(
  'guide_holes',
  {
    guideId: integer('guide_id').notNull().references(() => guides.id, { onDelete: 'cascade' }),
    holeId: integer('hole_id').notNull().references(() => holes.id, { onDelete: 'cascade' }),
    page: boolean('page').notNull().default(true),
    green: boolean('green').notNull().default(true),
    pinChart: boolean('pin_chart').notNull().default(true),
    proGuideline: boolean('pro_guideline').notNull().default(true),
    overrideFileName: text('override_file_name'),
    overrideUpdatedAt: at('override_updated_at'),
  },
  (t) => [primaryKey({ columns: [t.guideId, t.holeId] }), index('guide_holes_hole_idx').on(t.holeId)],
);

/** A national golf organisation that rates courses (reference data, fixed ids). */
export const orgs = pgTable('orgs', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  countryCode: text('country_code').notNull().references(() => countries.code),
});

/** One rated tee of an organisation's course list (reference data, fixed ids). */
export const orgCourseTees = pgTable(
  'org_course_tees',
  {
    id: integer('id').primaryKey(),
    orgId: integer('org_id').notNull().references(() => orgs.id, { onDelete: 'cascade' }),
    clubName: text('club_name').notNull(),
    courseName: text('course_name').notNull(),
    teeName: text('tee_name').notNull(),
    sex: text('sex').notNull(),
    par: integer('par').notNull(),
    courseRating: numeric('course_rating', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    slope: integer('slope').notNull(),
  },
  (t) => [index('org_course_tees_org_idx').on(t.orgId), check('org_course_tees_sex_check', sql`${t.sex} in ('men', 'women')`)],
);

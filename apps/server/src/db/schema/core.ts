/** Accounts, sessions and sign-in limits, regions, countries, drawing styles, clubs and club roles. */
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    language: text('language').notNull().default('en'),
    admin: boolean('admin').notNull().default(false),
    photoFileName: text('photo_file_name'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const regionUsers = pgTable(
  'region_users',
  {
    regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.regionId, t.userId, t.role] })],
);

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const drawingStyles = pgTable('drawing_styles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const clubs = pgTable(
  'clubs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    handle: text('handle').notNull(),
    srid: integer('srid').notNull().default(4326),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    active: boolean('active').notNull().default(false),
    adminId: integer('admin_id').notNull().default(0),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    zip: text('zip').notNull().default(''),
    countryCode: text('country_code').notNull().default('dk'),
    drawingStyleId: integer('drawing_style_id').notNull().default(6),
    logoFileName: text('logo_file_name'),
    /** 'round' or 'rectangular': how the logo was cut in the logo dialog. */
    logoShape: text('logo_shape'),
    phone: text('phone').notNull().default(''),
    homepage: text('homepage').notNull().default(''),
    bookingUrl: text('booking_url').notNull().default(''),
    /** App presence: the short text shown for the club in the golfers' app. */
    appTeaser: text('app_teaser').notNull().default(''),
    /** 'standard' or 'business' (§6: posting to Facebook needs the Business plan); set by admins. */
    plan: text('plan').notNull().default('standard'),
    ...timestamps,
  },
  (t) => [uniqueIndex('clubs_handle_key').on(t.handle)],
);

/**
 * A club's earlier handles (issue 27): a handle used in the console's URLs keeps leading to its
 * club after a change. Written by the clubs area when a handle changes; a handle here is reserved
 * for its club (another club cannot take it), and the club may take it back.
 */
export const clubFormerHandles = pgTable(
  'club_former_handles',
  {
    handle: text('handle').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('club_former_handles_club_idx').on(t.clubId)],
);

export const clubRegions = pgTable(
  'club_regions',
  {
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.regionId] }), index('club_regions_region_idx').on(t.regionId)],
);

export const clubUserRoles = pgTable(
  'club_user_roles',
  {
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.userId, t.role] }), index('club_user_roles_user_idx').on(t.userId)],
);

/** Session tokens, stored as SHA-256 of the random token. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    /** 'reset' (forgotten password) or 'invite' (a new user sets a first password). */
    kind: text('kind').notNull().default('reset'),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash)],
);

/**
 * Attempt counters per key and fixed window: sign-in ('account:<email>', 'ip:<address>',
 * 'pair:<email> <address>', see platform/rate-limit.ts) and reset requests ('reset:<email>').
 * `last_attempt_at` is when the last counted attempt began; the growing sign-in delay counts from it.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    failures: integer('failures').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);


/** Images of a club's gallery; the files live in the file storage under these keys. */

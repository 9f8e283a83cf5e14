import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
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
    ...timestamps,
  },
  (t) => [uniqueIndex('clubs_handle_key').on(t.handle)],
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
export const galleryImages = pgTable(
  'gallery_images',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('gallery_images_club_idx').on(t.clubId)],
);

/** Opening hours, closed days, extra details and prices of a club: one validated document. */
export const clubHours = pgTable('club_hours', {
  clubId: integer('club_id')
    .primaryKey()
    .references(() => clubs.id, { onDelete: 'cascade' }),
  document: jsonb('document').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Members imported from a club's spreadsheet; the union number identifies a member in a club. */
export const clubMembers = pgTable(
  'club_members',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    unionNumber: text('union_number').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** Other columns the club chose to import, as text. */
    details: jsonb('details').notNull().default({}),
    /** 'imported', 'invited', 'member' (joined) or 'banned'. */
    status: text('status').notNull().default('imported'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    lastInvitedAt: timestamp('last_invited_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('club_members_club_union_key').on(t.clubId, t.unionNumber),
    index('club_members_club_status_idx').on(t.clubId, t.status),
  ],
);

/** A spreadsheet uploaded for import, kept until it is imported or expires. */
export const importUploads = pgTable('import_uploads', {
  id: text('id').primaryKey(),
  clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  fileKey: text('file_key').notNull(),
  fileName: text('file_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A club's course. Holes and tees belong to it and go with it. */
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

export const graphicsThemes = pgTable('graphics_themes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  parentName: text('parent_name'),
});

export const graphicsGroups = pgTable('graphics_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const graphicsLayers = pgTable('graphics_layers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  zIndex: integer('z_index').notNull(),
});

export const graphicsElements = pgTable('graphics_elements', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  groupName: text('group_name').notNull(),
  layerName: text('layer_name').notNull(),
  geometryType: text('geometry_type').notNull(),
  shorthand: text('shorthand').notNull(),
});

export const graphicsAttributeUnits = pgTable('graphics_attribute_units', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const graphicsAttributes = pgTable('graphics_attributes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  attributeUnitName: text('attribute_unit_name').notNull(),
});

export const graphicsThemeAttributes = pgTable(
  'graphics_theme_attributes',
  {
    themeName: text('theme_name').notNull(),
    elementName: text('element_name').notNull(),
    attributeName: text('attribute_name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.themeName, t.elementName, t.attributeName] })],
);

export const graphicsAttributeGraphics = pgTable(
  'graphics_attribute_graphics',
  {
    elementName: text('element_name').notNull(),
    attributeName: text('attribute_name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.elementName, t.attributeName] })],
);

export const graphicsContexts = pgTable('graphics_contexts', {
  name: text('name').primaryKey(),
  elementNames: jsonb('element_names').$type<string[]>().notNull(),
});

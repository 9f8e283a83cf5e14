/**
 * Communication (issue 23): the club's status (one announcement per club), messages to the
 * followers of the club's app and their Web Push deliveries, the push subscriptions the app
 * registers, the news feed's posts, the record of every channel a status or post went to, the
 * external feeds a club follows and their items, and the club's social connections (tokens stored
 * encrypted). Written by the communication area only. The followers are insights' `app_users`
 * (read through the insights entry); a subscription belongs to one of them (foreign key).
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clubs, timestamps, users } from './core';
import { appUsers } from './insights';
import { guides } from './products';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** §3 Announcement: the club's one status. Replacing it deletes the old row (and its delivery records). */
export const clubAnnouncements = pgTable(
  'club_announcements',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    header: text('header').notNull(),
    priority: text('priority').notNull(),
    body: text('body').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at'),
    toRss: boolean('to_rss').notNull().default(false),
    toNotification: boolean('to_notification').notNull().default(false),
    toFacebook: boolean('to_facebook').notNull().default(false),
    toNational: boolean('to_national').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('club_announcements_club_key').on(t.clubId),
    check('club_announcements_priority_check', sql`${t.priority} in ('neutral', 'normal', 'important', 'critical')`),
    check('club_announcements_period_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A Web Push subscription of an app user (one per device: the endpoint). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    appUserId: integer('app_user_id').notNull().references(() => appUsers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('push_subscriptions_user_endpoint_key').on(t.appUserId, t.endpoint), index('push_subscriptions_club_idx').on(t.clubId)],
);

/** §3 Notification: a message to the club's followers (written here, or sent by the status or a post). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url'),
    source: text('source').notNull(),
    /** Web Push `Topic`: a later message of the same topic replaces one a phone has not fetched yet. */
    topic: text('topic').notNull(),
    /** The status's priority, for the push urgency. */
    priority: text('priority'),
    /** 'queued' until the job has listed the recipients, 'sending', 'done'. */
    state: text('state').notNull().default('queued'),
    targeted: integer('targeted').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_club_idx').on(t.clubId, t.createdAt),
    check('notifications_source_check', sql`${t.source} in ('message', 'status', 'post')`),
    check('notifications_state_check', sql`${t.state} in ('queued', 'sending', 'done')`),
  ],
);

/** The guides a message targets (none: every follower). */
export const notificationGuides = pgTable(
  'notification_guides',
  {
    notificationId: integer('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
    guideId: integer('guide_id').notNull().references(() => guides.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.guideId] })],
);

/**
 * One message to one push subscription: 'pending' (due at `next_attempt_at`), 'sending' (claimed by
 * a delivery run), 'delivered', 'failed' (retries used up, or refused for good), 'gone' (the push
 * service said the subscription no longer exists; the subscription was removed).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: integer('notification_id').notNull().references(() => notifications.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_key').on(t.notificationId, t.subscriptionId),
    index('notification_deliveries_due_idx').on(t.notificationId, t.state, t.nextAttemptAt),
    check('notification_deliveries_state_check', sql`${t.state} in ('pending', 'sending', 'delivered', 'failed', 'gone')`),
  ],
);

/** A post of the club's news feed. */
export const feedPosts = pgTable(
  'feed_posts',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    link: text('link'),
    /** The stored image's key (platform/storage), null without one. */
    imageKey: text('image_key'),
    publishAt: at('publish_at').notNull(),
    endAt: at('end_at'),
    toApp: boolean('to_app').notNull().default(false),
    toNotification: boolean('to_notification').notNull().default(false),
    toNational: boolean('to_national').notNull().default(false),
    toFacebook: boolean('to_facebook').notNull().default(false),
    /** Set when the channels were delivered (at publish_at, by the publishing job). */
    publishedAt: at('published_at'),
    views: integer('views').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('feed_posts_club_idx').on(t.clubId, t.publishAt),
    check('feed_posts_period_check', sql`${t.endAt} is null or ${t.endAt} > ${t.publishAt}`),
  ],
);

/** One channel a status or a post went to, and how it went. */
export const channelDeliveries = pgTable(
  'channel_deliveries',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    announcementId: integer('announcement_id').references(() => clubAnnouncements.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => feedPosts.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    state: text('state').notNull().default('pending'),
    externalId: text('external_id'),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    error: text('error'),
    errorCode: text('error_code'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('channel_deliveries_announcement_key').on(t.announcementId, t.channel),
    uniqueIndex('channel_deliveries_post_key').on(t.postId, t.channel),
    index('channel_deliveries_club_idx').on(t.clubId),
    check('channel_deliveries_owner_check', sql`(${t.announcementId} is null) <> (${t.postId} is null)`),
    check('channel_deliveries_channel_check', sql`${t.channel} in ('app', 'rss', 'notification', 'national', 'facebook')`),
    check('channel_deliveries_state_check', sql`${t.state} in ('pending', 'done', 'failed', 'skipped')`),
  ],
);

/** An external RSS or Atom feed the club follows. */
export const externalFeeds = pgTable(
  'external_feeds',
  {
    id: serial('id').primaryKey(),
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title'),
    lastFetchedAt: at('last_fetched_at'),
    error: text('error'),
    errorCode: text('error_code'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('external_feeds_club_url_key').on(t.clubId, t.url)],
);

/** An item of an external feed (the newest COMMUNICATION_LIMITS.externalFeedItemsMax are kept). */
export const externalFeedItems = pgTable(
  'external_feed_items',
  {
    id: serial('id').primaryKey(),
    feedId: integer('feed_id').notNull().references(() => externalFeeds.id, { onDelete: 'cascade' }),
    guid: text('guid').notNull(),
    title: text('title').notNull(),
    link: text('link'),
    summary: text('summary'),
    publishedAt: at('published_at'),
    fetchedAt: at('fetched_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('external_feed_items_guid_key').on(t.feedId, t.guid), index('external_feed_items_feed_idx').on(t.feedId, t.publishedAt)],
);

/** The club's connection to Facebook (a page) or the national golf app; the token is encrypted (AES-256-GCM). */
export const socialConnections = pgTable(
  'social_connections',
  {
    clubId: integer('club_id').notNull().references(() => clubs.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    accountId: text('account_id').notNull(),
    accountName: text('account_name'),
    tokenCiphertext: text('token_ciphertext').notNull(),
    connectedBy: integer('connected_by').references(() => users.id, { onDelete: 'set null' }),
    connectedAt: at('connected_at').notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.clubId, t.kind] }), check('social_connections_kind_check', sql`${t.kind} in ('facebook', 'national')`)],
);

import { z } from 'zod';
import { IdParam, PositiveInt32, Text } from './common';
import { isHttpUrl, URL_MAX } from './clubs';

/**
 * Communication (§1, §2 /some/status, /some/feed, /some/connections, §3 Announcement and
 * Notification, §6, §7, §8, §9; issue 23): the club's status, messages to the followers of the
 * club's app delivered by Web Push, a news feed (posts published to the app, a notification, the
 * national golf app and Facebook; the club's own RSS and Atom; external feeds the club follows)
 * and the club's social connections. The followers are the app users of insights
 * (`app_users.following`); their push subscriptions come through the app-side API
 * (./communication-app.ts).
 *
 * Console calls, all under the club:
 * - GET    clubs/{clubId}/announcement → Announcement | null           role club-status
 * - POST   clubs/{clubId}/announcement  AnnouncementBody → Announcement (replaces the club's one)
 * - DELETE clubs/{clubId}/announcement → 204
 * - GET    clubs/{clubId}/notifications → NotificationItem[] (newest first)   role communication
 * - POST   clubs/{clubId}/notifications NotificationBody → NotificationItem (202: queued)
 * - GET    clubs/{clubId}/notifications/subscribers?guides=1&guides=2 → SubscriberCount
 * - GET    clubs/{clubId}/feed/posts → FeedPost[] (newest first), POST FeedPostBody → FeedPost,
 *          PUT …/feed/posts/{id} (text, times; channels already delivered stay), DELETE …/{id}
 * - POST   clubs/{clubId}/feed/posts/{id}/image (multipart, one image) → FeedPost; DELETE …/image
 * - GET    clubs/{clubId}/feed/stats → FeedStats
 * - GET    clubs/{clubId}/feed/subscriptions → ExternalFeed[], POST ExternalFeedBody → ExternalFeed,
 *          DELETE …/{id}, POST …/{id}/refresh → ExternalFeed (fetched again now)
 * - GET    clubs/{clubId}/feed/items → ExternalFeedItem[] (the external feeds' items, newest first)
 * - GET    clubs/{clubId}/connections → Connection[] (facebook, national; never a token)
 * - PUT    clubs/{clubId}/connections/{kind}  ConnectBody → Connection (connects: checked with the service)
 * - DELETE clubs/{clubId}/connections/{kind} → 204 ('Unable to disconnect' on failure)
 * Public (no session; cache-friendly):
 * - GET    public/clubs/{clubId}/feed.rss (RSS 2.0), public/clubs/{clubId}/feed.atom (Atom 1.0)
 */

/** §9 status priorities, in rising order. */
export const STATUS_PRIORITIES = ['neutral', 'normal', 'important', 'critical'] as const;
export type StatusPriority = (typeof STATUS_PRIORITIES)[number];

/** Limits of the area (issue 23). */
export const COMMUNICATION_LIMITS = {
  headerMax: 120,
  statusBodyMax: 2000,
  notificationBodyMax: 1000,
  postTextMax: 5000,
  /** Bytes of a push message's JSON payload (before encryption); Web Push allows 4 KB after it. */
  pushPayloadBytesMax: 3072,
  /** Guides a message may target at once. */
  guidesMax: 100,
  /** External feeds a club may follow. */
  externalFeedsMax: 20,
  /** Bytes of an external feed's answer; a longer one is refused. */
  externalFeedBytesMax: 5 * 1024 * 1024,
  /** Items kept of each external feed (the newest). */
  externalFeedItemsMax: 100,
  /** Seconds an external feed's fetch may take (connect, redirects, body). */
  externalFeedTimeoutSeconds: 10,
  /** Redirects followed when fetching an external feed (each checked again). */
  externalFeedRedirectsMax: 5,
  /** Posts kept in the club's own RSS and Atom feed. */
  ownFeedItemsMax: 50,
  /** Bytes of a post's image upload. */
  postImageBytesMax: 10 * 1024 * 1024,
} as const;

/** A web address (http or https), trimmed; the spec's §3 'link' of a post and of a message. */
const WebAddress = Text.trim()
  .max(URL_MAX, `Address: at most ${URL_MAX} characters`)
  .refine((v) => isHttpUrl(v), 'Enter a full web address starting with http:// or https://');

const Instant = z.iso.datetime({ offset: true });

/** Where a status or a post goes (issue 23). */
export const STATUS_CHANNELS = ['rss', 'notification', 'facebook', 'national'] as const;
export type StatusChannel = (typeof STATUS_CHANNELS)[number];
export const POST_CHANNELS = ['app', 'notification', 'national', 'facebook'] as const;
export type PostChannel = (typeof POST_CHANNELS)[number];
/** Every channel a delivery record may name ('rss': the club's own feed). */
export const DELIVERY_CHANNELS = ['app', 'rss', 'notification', 'national', 'facebook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATES = ['pending', 'done', 'failed', 'skipped'] as const;

/** A record of one channel a status or post went to: push counts, the Facebook post id, the RSS item. */
export const ChannelDelivery = z.object({
  channel: z.enum(DELIVERY_CHANNELS),
  state: z.enum(DELIVERY_STATES),
  /** Facebook's post id, the national app's item id, the RSS item's guid. */
  external_id: z.string().nullable(),
  /** The message sent to the followers (its delivery counts are in `push`). */
  notification_id: z.number().int().nullable(),
  push: z.object({ targeted: z.number().int(), delivered: z.number().int(), failed: z.number().int(), pending: z.number().int() }).nullable(),
  /** Why it failed or was skipped (English; a code of ./communication-errors.ts when there is one). */
  error: z.string().nullable(),
  error_code: z.string().nullable(),
  at: z.iso.datetime(),
});
export type ChannelDelivery = z.infer<typeof ChannelDelivery>;

// ---------------------------------------------------------------- status (§3 Announcement)

export const AnnouncementBody = z
  .object({
    header: Text.trim().min(1, 'Header is required').max(COMMUNICATION_LIMITS.headerMax),
    priority: z.enum(STATUS_PRIORITIES),
    body: Text.trim().max(COMMUNICATION_LIMITS.statusBodyMax, `Text: at most ${COMMUNICATION_LIMITS.statusBodyMax} characters`),
    start: Instant,
    /** Null: until it is replaced or deleted. */
    end: Instant.nullable(),
    channels: z.object({ rss: z.boolean(), notification: z.boolean(), facebook: z.boolean(), national: z.boolean() }),
  })
  .refine((b) => b.end === null || Date.parse(b.end) > Date.parse(b.start), { message: 'The end is after the start', path: ['end'] });
export type AnnouncementBody = z.infer<typeof AnnouncementBody>;

export const Announcement = z.object({
  id: z.number().int(),
  header: z.string(),
  priority: z.enum(STATUS_PRIORITIES),
  body: z.string(),
  start: z.iso.datetime(),
  end: z.iso.datetime().nullable(),
  channels: z.object({ rss: z.boolean(), notification: z.boolean(), facebook: z.boolean(), national: z.boolean() }),
  /** Whether golfers see it now (start ≤ now < end). */
  visible: z.boolean(),
  created_at: z.iso.datetime(),
  created_by: z.string().nullable(),
  deliveries: z.array(ChannelDelivery),
});
export type Announcement = z.infer<typeof Announcement>;

// ---------------------------------------------------------------- messages (§3 Notification)

/** Guides as a repeated query parameter (`?guides=1&guides=2`; one value arrives as a string). */
export const GuidesQuery = z.object({
  guides: z
    .union([IdParam, z.array(IdParam).max(COMMUNICATION_LIMITS.guidesMax)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});
export const SubscriberCount = z.object({
  /** Followers targeted (all, or those who downloaded one of the guides). */
  followers: z.number().int(),
  /** Of them, those with a push subscription: who will get the message. */
  count: z.number().int(),
});
export type SubscriberCount = z.infer<typeof SubscriberCount>;

export const NotificationBody = z.object({
  /** Ignored when given: §3 sets the title to the club's name on creation. */
  title: Text.max(1000).optional(),
  body: Text.trim().min(1, 'Write the message').max(COMMUNICATION_LIMITS.notificationBodyMax, `Message: at most ${COMMUNICATION_LIMITS.notificationBodyMax} characters`),
  url: WebAddress.nullable().optional(),
  /** Empty or missing: every follower; else the followers who downloaded one of these guides. */
  guides: z.array(PositiveInt32).max(COMMUNICATION_LIMITS.guidesMax).optional(),
});
export type NotificationBody = z.input<typeof NotificationBody>;

export const NotificationItem = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  guides: z.array(z.number().int()),
  /** What sent it: a message written here, the status, a feed post. */
  source: z.enum(['message', 'status', 'post']),
  created_at: z.iso.datetime(),
  created_by: z.string().nullable(),
  /** 'queued' until the job has listed the recipients, then 'sending', then 'done'. */
  state: z.enum(['queued', 'sending', 'done']),
  targeted: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

// ---------------------------------------------------------------- news feed

export const FeedPostBody = z
  .object({
    text: Text.trim().min(1, 'Write the post').max(COMMUNICATION_LIMITS.postTextMax, `Text: at most ${COMMUNICATION_LIMITS.postTextMax} characters`),
    link: WebAddress.nullable(),
    /** Null: now. */
    publish_at: Instant.nullable(),
    /** Null: it stays. The post leaves the app feed and the RSS when it passes. */
    end_at: Instant.nullable(),
    channels: z.object({ app: z.boolean(), notification: z.boolean(), national: z.boolean(), facebook: z.boolean() }),
  })
  .refine((b) => b.end_at === null || b.publish_at === null || Date.parse(b.end_at) > Date.parse(b.publish_at), {
    message: 'The end is after the publish time',
    path: ['end_at'],
  })
  .refine((b) => Object.values(b.channels).some(Boolean), { message: 'Choose where to publish the post', path: ['channels'] });
export type FeedPostBody = z.infer<typeof FeedPostBody>;

export const FeedPost = z.object({
  id: z.number().int(),
  text: z.string(),
  link: z.string().nullable(),
  /** Public URL of the post's image, null without one. */
  image_url: z.string().nullable(),
  publish_at: z.iso.datetime(),
  end_at: z.iso.datetime().nullable(),
  channels: z.object({ app: z.boolean(), notification: z.boolean(), national: z.boolean(), facebook: z.boolean() }),
  /** 'scheduled' before publish_at, 'published', 'ended' after end_at. */
  state: z.enum(['scheduled', 'published', 'ended']),
  views: z.number().int(),
  created_at: z.iso.datetime(),
  created_by: z.string().nullable(),
  deliveries: z.array(ChannelDelivery),
});
export type FeedPost = z.infer<typeof FeedPost>;

export const FeedStats = z.object({
  followers: z.number().int(),
  members: z.number().int(),
  /** Views of the club's posts the app reported. */
  views: z.number().int(),
  posts: z.number().int(),
  external_feeds: z.number().int(),
  external_items: z.number().int(),
  /** Items in the club's own feed now, and its public addresses. */
  own_items: z.number().int(),
  own_rss_url: z.string(),
  own_atom_url: z.string(),
});
export type FeedStats = z.infer<typeof FeedStats>;

export const ExternalFeedBody = z.object({ url: WebAddress });
export const ExternalFeed = z.object({
  id: z.number().int(),
  url: z.string(),
  /** The feed's own title once fetched. */
  title: z.string().nullable(),
  last_fetched_at: z.iso.datetime().nullable(),
  /** Set when the last fetch failed: shown as 'Something went wrong' with the reason. */
  error: z.string().nullable(),
  error_code: z.string().nullable(),
  items: z.number().int(),
  created_at: z.iso.datetime(),
});
export type ExternalFeed = z.infer<typeof ExternalFeed>;

export const ExternalFeedItem = z.object({
  id: z.number().int(),
  feed_id: z.number().int(),
  feed_title: z.string().nullable(),
  title: z.string(),
  link: z.string().nullable(),
  summary: z.string().nullable(),
  published_at: z.iso.datetime().nullable(),
});
export type ExternalFeedItem = z.infer<typeof ExternalFeedItem>;

// ---------------------------------------------------------------- connections

export const CONNECTION_KINDS = ['facebook', 'national'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];
export const ConnectionParams = z.object({ clubId: IdParam, kind: z.enum(CONNECTION_KINDS) });

/** What the club gives to connect: the page (or the club at the national app) and its token. */
export const ConnectBody = z.object({
  /** Facebook: the page's id; national golf app: the club's id there. */
  account_id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'An id is letters, digits, hyphens or underscores'),
  /** Facebook: a page access token; national app: the club's API token. Stored encrypted, never answered. */
  token: z.string().trim().min(8).max(1024).regex(/^[\x21-\x7e]+$/, 'A token is printable characters without spaces'),
});
export type ConnectBody = z.infer<typeof ConnectBody>;

export const Connection = z.object({
  kind: z.enum(CONNECTION_KINDS),
  /** Whether the server has this service's configuration (base URL, app credentials). */
  configured: z.boolean(),
  /** Facebook posting needs the Business plan (§6). */
  allowed_by_plan: z.boolean(),
  connected: z.boolean(),
  account_id: z.string().nullable(),
  /** The page's or the club's name at the service, as the service answered when connecting. */
  account_name: z.string().nullable(),
  connected_at: z.iso.datetime().nullable(),
  connected_by: z.string().nullable(),
  /** The last post's failure, if the last post failed. */
  last_error: z.string().nullable(),
});
export type Connection = z.infer<typeof Connection>;

export const CLUB_PLANS = ['standard', 'business'] as const;
export type ClubPlan = (typeof CLUB_PLANS)[number];
/** §6: posting to Facebook needs the Business plan. */
export const facebookAllowed = (plan: ClubPlan): boolean => plan === 'business';

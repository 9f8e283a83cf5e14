import { z } from 'zod';
import { PositiveInt32, Text } from './common';
import { STATUS_PRIORITIES } from './communication';

/**
 * The golfers' app's side of communication (issue 23), under /api/app/clubs/{clubId}/..., with the
 * club's app key in `X-App-Key` (./app-keys.ts; docs/adding-an-area.md 'The area's app-side API'):
 * - PUT    app/clubs/{clubId}/users/{appUserId}/push-subscription  PushSubscriptionBody →
 *          { id, created } (201 new, 200 known: the keys are updated). The user must be known
 *          (PUT users/{appUserId} of insights first).
 * - DELETE app/clubs/{clubId}/users/{appUserId}/push-subscription  { endpoint } → 204
 * - GET    app/clubs/{clubId}/status → AppStatus, or 204 when there is none to show now
 * - GET    app/clubs/{clubId}/feed → AppFeedPost[] (posts published to the app, not ended; newest first)
 * - POST   app/clubs/{clubId}/feed/views  FeedViewsBody → { stored }
 * The push message the app receives is PushPayload (JSON, under 3 KB).
 */

/** Web Push (RFC 8030/8291): the subscription the browser's or phone's PushManager gave. */
export const PushSubscriptionBody = z.object({
  endpoint: Text.max(1024)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'The endpoint is the push service address (https://…)'),
  keys: z.object({
    /** The user agent's P-256 public key, base64url (65 bytes: 87 characters). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'p256dh is a base64url P-256 public key'),
    /** The authentication secret, base64url (16 bytes: 22 characters). */
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/, 'auth is a base64url 16-byte secret'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;
export const PushSubscriptionResponse = z.object({ id: z.number().int(), created: z.boolean() });
export const PushSubscriptionDeleteBody = z.object({ endpoint: Text.max(1024) });

/** What a push message carries (the app shows title and body; `id` lets it drop a repeat). */
export const PushPayload = z.object({
  id: z.number().int(),
  club_id: z.number().int(),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  kind: z.enum(['message', 'status', 'post']),
  priority: z.enum(STATUS_PRIORITIES).optional(),
  sent_at: z.iso.datetime(),
});
export type PushPayload = z.infer<typeof PushPayload>;

export const AppStatus = z.object({
  header: z.string(),
  priority: z.enum(STATUS_PRIORITIES),
  body: z.string(),
  start: z.iso.datetime(),
  end: z.iso.datetime().nullable(),
});
export type AppStatus = z.infer<typeof AppStatus>;

export const AppFeedPost = z.object({
  id: z.number().int(),
  text: z.string(),
  link: z.string().nullable(),
  image_url: z.string().nullable(),
  published_at: z.iso.datetime(),
  end_at: z.iso.datetime().nullable(),
});
export type AppFeedPost = z.infer<typeof AppFeedPost>;

export const FEED_VIEWS_PER_CALL_MAX = 500;
export const FeedViewsBody = z.object({
  views: z
    .array(z.object({ post_id: PositiveInt32, count: z.number().int().min(1).max(100_000) }))
    .min(1)
    .max(FEED_VIEWS_PER_CALL_MAX),
});
export type FeedViewsBody = z.infer<typeof FeedViewsBody>;
export const FeedViewsResponse = z.object({ stored: z.number().int() });

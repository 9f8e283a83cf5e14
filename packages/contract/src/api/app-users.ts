import { z } from 'zod';
import { IntParam, Text } from './common';
import { AppId } from './insights-app';

/**
 * The app's users (issue 26, §2 /admin/events/{product}-users; this build's one app product is the
 * digital guide's app, so the screens are admin/events/guide-users[/:userId]). An app user is
 * known by the app's own id (`AppId`); each club that knows them has one `app_users` row. Admins only:
 * - GET  admin/app-users?search=&page=&page_size=   AppUsersQuery → AppUsersResponse
 * - GET  admin/app-users.csv?search=                the list as CSV (an attachment)
 * - GET  admin/app-user-erasures                    AppUserErasure[] (the newest first)
 * - GET  admin/app-users/{appId}                    AppUserDetail
 * - GET  admin/app-users/{appId}/export             AppUserDataExport as a JSON attachment (GDPR access request)
 * - POST admin/app-users/{appId}/erasure            EraseAppUserBody → AppUserErasure (GDPR erasure, 200)
 * A refusal says why (./app-users-errors.ts).
 */

export const APP_USERS_LIMITS = {
  /** Rows of the CSV export of the list. */
  exportRows: 100_000,
  /** The newest downloads and rounds a user's page lists (their totals are counted in full). */
  detailRows: 500,
  /** The erasures the list screen shows. */
  erasures: 50,
} as const;

export const AppUserIdParams = z.object({ appId: AppId });
export type AppUserIdParams = z.infer<typeof AppUserIdParams>;

export const AppUsersQuery = z.object({
  /** Part of the app id (case-insensitive). */
  search: Text.trim().max(64).default(''),
  page: IntParam(1, 100_000).default(1),
  page_size: IntParam(1, 200).default(50),
});
export type AppUsersQuery = z.input<typeof AppUsersQuery>;
export const AppUsersExportQuery = AppUsersQuery.pick({ search: true });

const IsoInstant = z.string();

/** One app user in the list: the clubs that know them, the ones they follow, their downloads and rounds in all clubs. */
export const AppUserSummary = z.object({
  app_id: z.string(),
  clubs: z.array(z.object({ club_id: z.number().int(), name: z.string(), following: z.boolean() })),
  downloads: z.number().int(),
  rounds: z.number().int(),
  first_seen: IsoInstant,
  last_seen: IsoInstant,
});
export type AppUserSummary = z.infer<typeof AppUserSummary>;

export const AppUsersResponse = z.object({ items: z.array(AppUserSummary), total: z.number().int(), page: z.number().int(), page_size: z.number().int() });
export type AppUsersResponse = z.infer<typeof AppUsersResponse>;

export const AppUserClub = z.object({
  club_id: z.number().int(),
  name: z.string(),
  language: z.string(),
  following: z.boolean(),
  followed_at: IsoInstant.nullable(),
  first_seen: IsoInstant,
});
export const AppUserDownload = z.object({
  club_id: z.number().int(),
  club_name: z.string(),
  guide_id: z.number().int(),
  guide_title: z.string(),
  product: z.string(),
  downloaded_at: IsoInstant,
});
export type AppUserDownload = z.infer<typeof AppUserDownload>;
export const AppUserRound = z.object({
  id: z.number().int(),
  app_round_id: z.string(),
  club_id: z.number().int(),
  club_name: z.string(),
  course_id: z.number().int(),
  course_name: z.string(),
  started_at: IsoInstant,
  ended_at: IsoInstant,
  holes_played: z.number().int(),
  strokes: z.number().int(),
  points: z.number().int(),
});
export type AppUserRound = z.infer<typeof AppUserRound>;

/** What the erasure removes, per kind (also the counts of an erasure's record). */
export const APP_USER_DATA_KINDS = [
  'app_users',
  'rounds',
  'round_holes',
  'shots',
  'round_tracks',
  'download_links',
  'community_memberships',
  'community_posts',
  'community_comments',
  'community_reports',
  'push_subscriptions',
] as const;
export type AppUserDataKind = (typeof APP_USER_DATA_KINDS)[number];
export const AppUserDataCounts = z.object(Object.fromEntries(APP_USER_DATA_KINDS.map((k) => [k, z.number().int()])) as Record<AppUserDataKind, z.ZodNumber>);
export type AppUserDataCounts = z.infer<typeof AppUserDataCounts>;

/** GET admin/app-users/{appId}: the user's page. `downloads` and `rounds` are the newest APP_USERS_LIMITS.detailRows; `counts` counts all. */
export const AppUserDetail = z.object({
  app_id: z.string(),
  clubs: z.array(AppUserClub),
  downloads: z.array(AppUserDownload),
  rounds: z.array(AppUserRound),
  counts: AppUserDataCounts,
});
export type AppUserDetail = z.infer<typeof AppUserDetail>;

/** The JSON file of a GDPR access request: every row the console holds about the app user, by kind. */
export const AppUserDataExport = z.object({
  app_id: z.string(),
  exported_at: IsoInstant,
  clubs: z.array(AppUserClub),
  downloads: z.array(AppUserDownload),
  rounds: z.array(
    AppUserRound.extend({
      tee_id: z.number().int().nullable(),
      sex: z.string(),
      handicap: z.number(),
      home: z.boolean(),
      holes: z.array(z.object({ hole_number: z.number().int(), par: z.number().int(), strokes: z.number().int() })),
      shots: z.array(
        z.object({ seq: z.number().int(), hole_number: z.number().int(), lon: z.number(), lat: z.number(), played_at: IsoInstant, golf_club: z.string().nullable() }),
      ),
      track: z.object({ x: z.array(z.number()), y: z.array(z.number()), seconds: z.array(z.number()), hole: z.array(z.number()) }).nullable(),
    }),
  ),
  community_memberships: z.array(
    z.object({ club_id: z.number().int(), community_id: z.number().int(), community_name: z.string(), display_name: z.string(), status: z.string(), joined_at: IsoInstant.nullable() }),
  ),
  community_posts: z.array(z.object({ id: z.number().int(), community_id: z.number().int(), community_name: z.string(), text: z.string(), created_at: IsoInstant })),
  community_comments: z.array(z.object({ id: z.number().int(), post_id: z.number().int(), text: z.string(), created_at: IsoInstant })),
  push_subscriptions: z.array(z.object({ club_id: z.number().int(), endpoint: z.string(), created_at: IsoInstant })),
});
export type AppUserDataExport = z.infer<typeof AppUserDataExport>;

/** POST admin/app-users/{appId}/erasure: the app id typed again, as the screen asks for it. */
export const EraseAppUserBody = z.object({ confirm: Text.max(64) });
export type EraseAppUserBody = z.infer<typeof EraseAppUserBody>;

/** The record of an erasure: the app id only as its SHA-256 (hex), who erased, when, and the rows removed per kind. */
export const AppUserErasure = z.object({
  id: z.number().int(),
  app_id_sha256: z.string(),
  erased_by: z.string().nullable(),
  erased_at: IsoInstant,
  counts: AppUserDataCounts,
});
export type AppUserErasure = z.infer<typeof AppUserErasure>;

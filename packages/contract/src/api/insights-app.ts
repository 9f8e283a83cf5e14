import { z } from 'zod';
import { GUIDE_PRODUCTS } from './guides';
import { IdParam, PositiveInt32, Text } from './common';

/**
 * The golfers' app's side of insights (issue 22): what the app reports, under
 * /api/app/clubs/{clubId}/..., authenticated by the club's app key in the `X-App-Key` header
 * (./app-keys.ts; docs/adding-an-area.md 'The area's app-side API'):
 * - PUT  app/clubs/{clubId}/users/{appUserId}     AppUserBody → AppUserResponse (created or updated)
 * - POST app/clubs/{clubId}/downloads              DownloadsBody → { stored }
 * - PUT  app/clubs/{clubId}/rounds/{appRoundId}    RoundBody → RoundResponse: 201 stored, 200 when
 *   a round of that id was already stored (a resend changes nothing)
 * A refusal stores nothing and says why (./insights-errors.ts).
 */

/** The app's own ids: letters, digits, '-', '_', '.', ':' (a UUID, a number, 'r-2026-…'). */
export const AppId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/, 'An app id is 1 to 64 letters, digits, dots, colons, hyphens or underscores');
export const AppUserParams = z.object({ clubId: IdParam, appUserId: AppId });
export const AppRoundParams = z.object({ clubId: IdParam, appRoundId: AppId });

/** An instant with its offset, as the phone recorded it (ISO 8601, e.g. 2026-06-14T08:12:30+02:00). */
export const Instant = z.iso.datetime({ offset: true });

export const APP_LANGUAGES = ['da', 'sv', 'en', 'de', 'no', 'fi'] as const;
export const AppUserBody = z.object({
  language: z.enum(APP_LANGUAGES),
  /** Whether the user follows this club in the app (the followers communication messages). */
  following: z.boolean(),
});
export type AppUserBody = z.infer<typeof AppUserBody>;
export const AppUserResponse = z.object({ app_user_id: z.string(), language: z.string(), following: z.boolean(), created: z.boolean() });

/** At most this many downloads in one POST. */
export const DOWNLOADS_PER_CALL_MAX = 1000;
export const Download = z.object({
  // Ids inside a JSON body are numbers (PositiveInt32); IdParam is the text of a path.
  guide_id: PositiveInt32,
  product: z.enum(GUIDE_PRODUCTS),
  at: Instant,
  app_user_id: AppId.optional(),
});
export const DownloadsBody = z.object({ downloads: z.array(Download).min(1).max(DOWNLOADS_PER_CALL_MAX) });
export type DownloadsBody = z.infer<typeof DownloadsBody>;
export const DownloadsResponse = z.object({ stored: z.number().int() });

/** Limits of one round (issue 22). */
export const ROUND_LIMITS = {
  shots: 500,
  trackPoints: 10_000,
  holes: 36,
  /** Every shot and track point lies within this many metres of the course's drawings. */
  maxDistanceMetres: 2000,
  /** Bytes of the request body of PUT rounds/{id}. */
  bodyBytes: 2 * 1024 * 1024,
  /** A round lasts at most this long (minutes). */
  maxMinutes: 16 * 60,
} as const;

const Longitude = z.number().min(-180).max(180);
const Latitude = z.number().min(-90).max(90);

export const RoundShot = z.object({
  /** The hole's number on the course (1-based, as `holes.order`). */
  hole: z.number().int().min(1).max(ROUND_LIMITS.holes),
  lon: Longitude,
  lat: Latitude,
  at: Instant,
  /** The golf club used, when the app knows it ('driver', '7i', 'putter', …). */
  club: Text.max(20).optional(),
});
export type RoundShot = z.infer<typeof RoundShot>;

/** A game-track point: [longitude, latitude, seconds since the round's start, hole number the app showed (0: none)]. */
export const TrackPoint = z.tuple([Longitude, Latitude, z.number().int().min(0).max(ROUND_LIMITS.maxMinutes * 60), z.number().int().min(0).max(ROUND_LIMITS.holes)]);
export type TrackPoint = z.infer<typeof TrackPoint>;

export const SEXES = ['male', 'female'] as const;
export const RoundBody = z.object({
  guide_id: PositiveInt32,
  course_id: PositiveInt32,
  tee_id: PositiveInt32.optional(),
  app_user_id: AppId.optional(),
  started_at: Instant,
  ended_at: Instant,
  sex: z.enum(SEXES),
  /** Handicap index (−10 to 54 by the rules; up to 72 accepted, as §9's filter range). */
  handicap: z.number().min(-10).max(72),
  /** True for a member of the club, false for a guest. */
  home: z.boolean(),
  /** Stableford points of the round. */
  points: z.number().int().min(0).max(200),
  /** Strokes per hole played: the hole's number and its strokes (0: picked up). */
  holes: z
    .array(z.object({ hole: z.number().int().min(1).max(ROUND_LIMITS.holes), strokes: z.number().int().min(0).max(20) }))
    .min(1)
    .max(ROUND_LIMITS.holes),
  shots: z.array(RoundShot).max(ROUND_LIMITS.shots, `A round has at most ${ROUND_LIMITS.shots} shots`),
  track: z.array(TrackPoint).max(ROUND_LIMITS.trackPoints, `A round has at most ${ROUND_LIMITS.trackPoints} track points`),
});
export type RoundBody = z.infer<typeof RoundBody>;
export const RoundResponse = z.object({
  id: PositiveInt32,
  app_round_id: z.string(),
  /** False when the round was stored before (a resend). */
  created: z.boolean(),
});
export type RoundResponse = z.infer<typeof RoundResponse>;

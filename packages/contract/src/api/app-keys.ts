import { z } from 'zod';
import { IdParam, Text } from './common';

/**
 * The club's app keys (issue 22): what the golfers' app sends in the `X-App-Key` header of every
 * call under /api/app/clubs/{clubId}/... An admin creates, lists and revokes them:
 * - GET    clubs/{clubId}/app-keys        → AppKey[] (newest first, revoked ones too)
 * - POST   clubs/{clubId}/app-keys        CreateAppKeyBody → CreatedAppKey (the key, shown this once)
 * - DELETE clubs/{clubId}/app-keys/{id}   revokes the key at once, on every server (it stays listed)
 * The key is stored hashed (SHA-256); what is listed is its first characters (`prefix`).
 */

/** The header the app sends its key in. */
export const APP_KEY_HEADER = 'x-app-key';
/** A key: 'gk_' and 43 characters of base64url (256 random bits). */
export const APP_KEY_PATTERN = /^gk_[A-Za-z0-9_-]{43}$/;
/** Characters of a key listed to tell it apart ('gk_' and the first 6). */
export const APP_KEY_PREFIX_LENGTH = 9;
/** Live (not revoked) keys a club may have. */
export const APP_KEYS_MAX = 10;

export const AppKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  /** When the app last called with it (to the minute); null: never. */
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type AppKey = z.infer<typeof AppKey>;
export const CreateAppKeyBody = z.object({ name: Text.trim().min(1, 'Name is required').max(80, 'Name is at most 80 characters') });
export type CreateAppKeyBody = z.infer<typeof CreateAppKeyBody>;
export const CreatedAppKey = AppKey.extend({ key: z.string() });
export type CreatedAppKey = z.infer<typeof CreatedAppKey>;
export const AppKeyParams = z.object({ clubId: IdParam, id: IdParam });

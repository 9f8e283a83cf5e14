import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { APP_KEY_PATTERN } from '@golf/contract/api/app-keys';
import { appKeys } from '../db/schema/index';
import type { DbOrTx } from './db-types';
import { preparedQuery } from './prepared';

/**
 * The clubs' app keys (issue 22), the platform's half: making a key, hashing it, and checking the
 * key an app call carries. The clubs area owns the table and its management calls
 * (modules/clubs/app-keys-service.ts); the access kind `{ app: 'clubId' }` (authorize.ts) calls
 * verifyAppKey on every app call.
 */

/** The key an app call was made with, once verified (request.appKey, authorize.ts). */
export interface AppKeyContext {
  keyId: number;
  clubId: number;
}

/** How often a key's last use is written (the listed `last_used_at` is to the minute). */
const LAST_USED_EVERY_MS = 60_000;

/** The live key of a hash: one read of the unique index app_keys_hash_key. */
const liveKeyByHash = preparedQuery('app_key_by_hash', (db) =>
  db
    .select({ id: appKeys.id, clubId: appKeys.clubId, lastUsedAt: appKeys.lastUsedAt })
    .from(appKeys)
    .where(and(eq(appKeys.keyHash, sql.placeholder('hash')), isNull(appKeys.revokedAt))),
);

/**
 * A key's last use, written unless another call (on any instance) wrote it less than a minute ago,
 * or the key was revoked meanwhile (the write is not awaited: it may come after a revocation, which
 * then answered the key as it stays listed).
 */
const markUsed = preparedQuery('app_key_used', (db) =>
  db
    .update(appKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(appKeys.id, sql.placeholder('id')), isNull(appKeys.revokedAt), or(isNull(appKeys.lastUsedAt), lt(appKeys.lastUsedAt, sql`now() - interval '1 minute'`)))),
);

/** What is stored of a key: its SHA-256, in hex. A key has 256 random bits, so no salt is needed. */
export function hashAppKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key: 'gk_' and 32 random bytes in base64url (APP_KEY_PATTERN). */
export function newAppKey(): string {
  return `gk_${randomBytes(32).toString('base64url')}`;
}

/**
 * The live key `key` is, or null (not a key, unknown, revoked). One indexed read by the hash on
 * every call, nothing kept between calls: a key revoked by any server instance is refused by every
 * other at its next call. The key's last use is written at most once a minute (the row read says
 * when it was last written; the UPDATE's own condition keeps instances racing from writing it
 * twice), after the answer is decided and without holding the call up; a failure to write it is
 * logged, never the call's.
 */
export async function verifyAppKey(
  db: DbOrTx,
  key: string,
  onError: (err: unknown) => void = (err) => console.warn('app key: last use not written', err),
): Promise<AppKeyContext | null> {
  if (!APP_KEY_PATTERN.test(key)) return null;
  const [row] = await liveKeyByHash(db).execute({ hash: hashAppKey(key) });
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    markUsed(db).execute({ id: row.id }).then(() => undefined, onError);
  }
  return { keyId: row.id, clubId: row.clubId };
}

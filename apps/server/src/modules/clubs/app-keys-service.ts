import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { APP_KEY_PREFIX_LENGTH, APP_KEYS_MAX, CreateAppKeyBody, type AppKey } from '@golf/contract/api/app-keys';
import { appKeys, clubs } from '../../db/schema/index';
import { hashAppKey, newAppKey } from '../../platform/app-keys';
import type { DbOrTx } from '../../platform/db-types';
import { badRequest, notFound } from '../../platform/errors';

/**
 * The clubs' app keys (issue 22): what the golfers' app sends in X-App-Key. An admin lists,
 * creates and revokes a club's keys; the key itself is answered once, at creation, and only its
 * SHA-256 is stored (platform/app-keys.ts checks it on every app call).
 */

type AppKeyRow = typeof appKeys.$inferSelect;

/** The columns listed: never the hash. */
const listed = {
  id: appKeys.id,
  name: appKeys.name,
  prefix: appKeys.prefix,
  createdAt: appKeys.createdAt,
  lastUsedAt: appKeys.lastUsedAt,
  revokedAt: appKeys.revokedAt,
};

function present(row: Pick<AppKeyRow, keyof typeof listed>): AppKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * The club's row, or 404: the management calls are an admin's, and an admin reaches any club id
 * (the access check's own 404 is for club rules). `lock` holds it against a concurrent creation
 * (FOR NO KEY UPDATE: two creations wait for each other, inserts of rows referring to the club do not).
 */
async function assertClub(db: DbOrTx, clubId: number, lock = false): Promise<void> {
  const query = db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row) throw notFound('clubs.notFound');
}

/** GET clubs/{clubId}/app-keys: every key of the club, newest first, revoked ones too. */
export async function listAppKeys(db: DbOrTx, clubId: number): Promise<AppKey[]> {
  await assertClub(db, clubId);
  const rows = await db.select(listed).from(appKeys).where(eq(appKeys.clubId, clubId)).orderBy(desc(appKeys.createdAt), desc(appKeys.id));
  return rows.map(present);
}

/**
 * POST clubs/{clubId}/app-keys, and the demo's, the tests' and the benches' way to a key: a new
 * key for the club, at most APP_KEYS_MAX live ones (400 `appKeys.capReached`). `key` is the key
 * itself, to show once; the row holds its hash and its first characters.
 */
export async function createAppKey(
  db: DbOrTx,
  input: { clubId: number; name: string; createdBy: number | null },
): Promise<{ key: string; row: AppKey }> {
  const { name } = CreateAppKeyBody.parse({ name: input.name });
  return db.transaction(async (tx) => {
    await assertClub(tx, input.clubId, true);
    const [{ live }] = await tx
      .select({ live: count() })
      .from(appKeys)
      .where(and(eq(appKeys.clubId, input.clubId), isNull(appKeys.revokedAt)));
    if (live >= APP_KEYS_MAX) throw badRequest('appKeys.capReached', { max: APP_KEYS_MAX });
    const key = newAppKey();
    const [row] = await tx
      .insert(appKeys)
      .values({ clubId: input.clubId, name, prefix: key.slice(0, APP_KEY_PREFIX_LENGTH), keyHash: hashAppKey(key), createdBy: input.createdBy })
      .returning(listed);
    return { key, row: present(row) };
  });
}

/**
 * DELETE clubs/{clubId}/app-keys/{id}: the key is refused from now on, on every server (the check
 * reads the row on every call); it stays listed with the time it was revoked. Revoking a revoked
 * key changes nothing. A key of another club is not found (404).
 */
export async function revokeAppKey(db: DbOrTx, clubId: number, id: number): Promise<AppKey> {
  const [revoked] = await db
    .update(appKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(appKeys.id, id), eq(appKeys.clubId, clubId), isNull(appKeys.revokedAt)))
    .returning(listed);
  if (revoked) return present(revoked);
  const [already] = await db.select(listed).from(appKeys).where(and(eq(appKeys.id, id), eq(appKeys.clubId, clubId)));
  if (already) return present(already);
  await assertClub(db, clubId);
  throw notFound('appKeys.notFound');
}

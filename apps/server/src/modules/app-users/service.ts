/**
 * The app's users (issue 26): the list with search and paging, its CSV export, one user's page,
 * the export of all their data (GDPR access request) and their erasure on request. The rows belong
 * to insights, communication and communities; this area reads and erases them through those areas'
 * entries, and writes only its own record of the erasures (`app_user_erasures`).
 */
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  APP_USER_DATA_KINDS,
  APP_USERS_LIMITS,
  type AppUserDataCounts,
  type AppUserDataExport,
  type AppUserDetail,
  type AppUserErasure,
  type AppUsersResponse,
} from '@golf/contract/api/app-users';
import { csvSafeCell } from '@golf/contract/api/members';
import { appUserErasures, users } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { badRequest, notFound } from '../../platform/errors';
import { deleteStoredFiles, type StoredImageDeps } from '../../platform/stored-images';
import { communicationAppUserData } from '../communication';
import { communityAppUserData } from '../communities';
import { insightAppUserData } from '../insights';

/** The SHA-256 (hex) of an app id: all an erasure record keeps of who it was. */
export function appIdHash(appId: string): string {
  return createHash('sha256').update(appId, 'utf8').digest('hex');
}

/** GET admin/app-users. */
export async function listAppUsers(db: DbOrTx, query: { search: string; page: number; page_size: number }): Promise<AppUsersResponse> {
  const { items, total } = await insightAppUserData.listAppUserSummaries(db, {
    search: query.search,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { items, total, page: query.page, page_size: query.page_size };
}

/** GET admin/app-users.csv: the list (every match) as CSV, semicolon-separated, UTF-8 with BOM for spreadsheet programs. */
export async function exportAppUsersCsv(db: DbOrTx, search: string): Promise<string> {
  const { items, total } = await insightAppUserData.listAppUserSummaries(db, { search, limit: APP_USERS_LIMITS.exportRows, offset: 0 });
  if (total > APP_USERS_LIMITS.exportRows) throw badRequest('appUsers.exportTooLarge', { max: APP_USERS_LIMITS.exportRows });
  const quote = (value: string) => {
    const safe = csvSafeCell(value);
    return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [['App id', 'Clubs', 'Following', 'Downloads', 'Rounds', 'First seen', 'Last seen'].join(';')];
  for (const u of items) {
    lines.push(
      [
        u.app_id,
        u.clubs.map((c) => c.name).join(', '),
        u.clubs
          .filter((c) => c.following)
          .map((c) => c.name)
          .join(', '),
        String(u.downloads),
        String(u.rounds),
        u.first_seen,
        u.last_seen,
      ]
        .map(quote)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The `app_users` rows of the app id; 404 when no club knows it. */
async function rowsOf(db: DbOrTx, appId: string) {
  const rows = await insightAppUserData.appUserRowsOf(db, appId);
  if (rows.length === 0) throw notFound('appUsers.notFound');
  return rows;
}

async function countsOf(db: DbOrTx, ids: number[]): Promise<AppUserDataCounts> {
  const [insights, communities, communication] = await Promise.all([
    insightAppUserData.countAppUserInsights(db, ids),
    communityAppUserData.countAppUserCommunityData(db, ids),
    communicationAppUserData.countAppUserPushSubscriptions(db, ids),
  ]);
  return { ...insights, ...communities, ...communication };
}

/** GET admin/app-users/{appId}: their clubs, newest downloads and rounds, and how much there is of each kind. */
export async function appUserDetail(db: DbOrTx, appId: string): Promise<AppUserDetail> {
  const rows = await rowsOf(db, appId);
  const ids = rows.map((r) => r.id);
  const [downloads, rounds, counts] = await Promise.all([
    insightAppUserData.appUserDownloads(db, ids, APP_USERS_LIMITS.detailRows),
    insightAppUserData.appUserRounds(db, ids, APP_USERS_LIMITS.detailRows),
    countsOf(db, ids),
  ]);
  return {
    app_id: appId,
    clubs: rows.map((r) => r.club),
    downloads,
    rounds: rounds.map((r) => ({
      id: r.id,
      app_round_id: r.app_round_id,
      club_id: r.club_id,
      club_name: r.club_name,
      course_id: r.course_id,
      course_name: r.course_name,
      started_at: r.started_at,
      ended_at: r.ended_at,
      holes_played: r.holes_played,
      strokes: r.strokes,
      points: r.points,
    })),
    counts,
  };
}

/** GET admin/app-users/{appId}/export: every row the console holds about them (GDPR access request). */
export async function exportAppUserData(db: DbOrTx, appId: string): Promise<AppUserDataExport> {
  const rows = await rowsOf(db, appId);
  const ids = rows.map((r) => r.id);
  const [downloads, rounds, community, push] = await Promise.all([
    insightAppUserData.appUserDownloads(db, ids),
    insightAppUserData.appUserRoundsInFull(db, ids),
    communityAppUserData.appUserCommunityData(db, ids),
    communicationAppUserData.appUserPushSubscriptions(db, ids),
  ]);
  return {
    app_id: appId,
    exported_at: new Date().toISOString(),
    clubs: rows.map((r) => r.club),
    downloads,
    rounds,
    ...community,
    push_subscriptions: push,
  };
}

function presentErasure(row: typeof appUserErasures.$inferSelect, erasedBy: string | null): AppUserErasure {
  const counts = Object.fromEntries(APP_USER_DATA_KINDS.map((k) => [k, Number(row.counts[k] ?? 0)])) as AppUserDataCounts;
  return { id: row.id, app_id_sha256: row.appIdSha256, erased_by: erasedBy, erased_at: row.erasedAt.toISOString(), counts };
}

const nameOf = (u: { firstName: string | null; lastName: string | null; email: string | null } | null): string | null =>
  u ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email : null;

/**
 * POST admin/app-users/{appId}/erasure: erases everything of theirs in one transaction (each
 * area erases its own rows: communities, communication, then insights with the `app_users` rows)
 * and records the erasure without the app id in clear. The images of their deleted posts and
 * comments are deleted from storage after the commit.
 */
export async function eraseAppUser(deps: StoredImageDeps & { db: Db }, appId: string, confirm: string, erasedBy: number): Promise<AppUserErasure> {
  if (confirm !== appId) throw badRequest('appUsers.confirmMismatch');
  const { erasure, fileKeys } = await deps.db.transaction(async (tx) => {
    const rows = await rowsOf(tx, appId);
    const ids = rows.map((r) => r.id);
    const community = await communityAppUserData.eraseAppUserCommunityData(tx, ids);
    const push = await communicationAppUserData.eraseAppUserPushSubscriptions(tx, ids);
    const insights = await insightAppUserData.eraseAppUserInsights(tx, ids);
    const counts: AppUserDataCounts = { ...insights, ...community.counts, ...push };
    const [row] = await tx.insert(appUserErasures).values({ appIdSha256: appIdHash(appId), erasedBy, counts }).returning();
    return { erasure: row, fileKeys: community.fileKeys };
  });
  await deleteStoredFiles(deps, fileKeys);
  const [user] = await deps.db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, erasedBy));
  return presentErasure(erasure, nameOf(user ?? null));
}

/** GET admin/app-user-erasures: the newest erasures. */
export async function listErasures(db: DbOrTx): Promise<AppUserErasure[]> {
  const rows = await db
    .select({ erasure: appUserErasures, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(appUserErasures)
    .leftJoin(users, eq(users.id, appUserErasures.erasedBy))
    .orderBy(desc(appUserErasures.erasedAt), desc(appUserErasures.id))
    .limit(APP_USERS_LIMITS.erasures);
  return rows.map((r) => presentErasure(r.erasure, r.email === null ? null : nameOf(r)));
}

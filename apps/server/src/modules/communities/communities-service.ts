import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COMMUNITY_LIMITS,
  type Community,
  type CommunityBody,
  type CommunityManager,
  type CommunitySettings,
  type CommunitySummary,
  type ManagerCandidate,
} from '@golf/contract/api/communities';
import {
  clubs,
  clubUserRoles,
  communities,
  communityComments,
  communityImages,
  communityManagers,
  communityPosts,
  communitySettings,
  users,
} from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import { encodeGalleryImage, type UploadedFile } from '../../platform/images';
import { deleteStoredFiles, removeStoredImage, replaceStoredImage, storedFileKey, storedFileUrl, type StoredImageDeps } from '../../platform/stored-images';
import { clubFilesPrefix } from '../clubs';
import { communityIdsInScope, communityInScope, reportThreshold, type Actor, type CommunityRow } from './access';

/**
 * The club's communities themselves (issue 24): the list (the ones the user manages, newest
 * activity first, with their counts), create, edit, delete, the community's image, the club's
 * users who may manage communities, and the club's report threshold. Every query filters by the
 * path's club, and every call about one community starts with `communityInScope`: a community of
 * another club, or one the user does not manage, answers 404.
 */

type CommunityInput = z.output<typeof CommunityBody>;

export interface CommunityFileDeps extends StoredImageDeps {
  db: Db;
}

/** The folder of the club's community images, in the club's public files. */
export function communityImageFolder(clubId: number): string {
  return `${clubFilesPrefix(clubId)}/communities`;
}

const fileNameOf = (key: string | null) => (key === null ? null : key.slice(key.lastIndexOf('/') + 1));

/** A console user's name as the lists show it: 'First Last', else the email. */
const userNameSql = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

/** The managers of the communities, by community, sorted by name. */
async function managersOf(db: DbOrTx, communityIds: number[]): Promise<Map<number, CommunityManager[]>> {
  const byCommunity = new Map<number, CommunityManager[]>();
  if (communityIds.length === 0) return byCommunity;
  const rows = await db
    .select({ communityId: communityManagers.communityId, userId: users.id, name: userNameSql, email: users.email })
    .from(communityManagers)
    .innerJoin(users, eq(users.id, communityManagers.userId))
    .where(inArray(communityManagers.communityId, communityIds))
    .orderBy(sql`lower(${userNameSql})`, asc(users.id));
  for (const r of rows) {
    const list = byCommunity.get(r.communityId) ?? [];
    list.push({ user_id: r.userId, name: r.name, email: r.email });
    byCommunity.set(r.communityId, list);
  }
  return byCommunity;
}

/**
 * The counts below are correlated subqueries on the outer `communities` row; drizzle leaves the
 * columns of a one-table select unqualified, so they name it in full.
 */
const memberCount = (status: 'member' | 'invited' | 'banned') =>
  sql<number>`(select count(*)::int from community_members m where m.community_id = communities.id and m.status = ${status})`;
const postCount = sql<number>`(select count(*)::int from community_posts p where p.community_id = communities.id)`;
const reportedCount = sql<number>`(
  (select count(*)::int from community_posts p where p.community_id = communities.id and p.hidden)
  + (select count(*)::int from community_comments cm inner join community_posts p on p.id = cm.post_id
     where p.community_id = communities.id and cm.hidden))`;

/**
 * The summaries of the club's communities `ids` (all of them for null), newest activity first:
 * the counts are computed over the members, posts and comments.
 */
async function summaries(db: DbOrTx, clubId: number, ids: number[] | null): Promise<CommunitySummary[]> {
  if (ids !== null && ids.length === 0) return [];
  const rows = await db
    .select({
      community: communities,
      members: memberCount('member'),
      invited: memberCount('invited'),
      banned: memberCount('banned'),
      posts: postCount,
      reported: reportedCount,
    })
    .from(communities)
    .where(and(eq(communities.clubId, clubId), ids === null ? undefined : inArray(communities.id, ids)))
    .orderBy(desc(communities.lastActivityAt), desc(communities.id));
  const managers = await managersOf(
    db,
    rows.map((r) => r.community.id),
  );
  return rows.map(({ community: c, ...counts }) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    image_url: storedFileUrl(c.imageKey),
    hidden: c.hidden,
    members: Number(counts.members),
    invited: Number(counts.invited),
    banned: Number(counts.banned),
    managers: managers.get(c.id) ?? [],
    posts: Number(counts.posts),
    reported: Number(counts.reported),
    last_activity_at: c.lastActivityAt.toISOString(),
    created_at: c.createdAt.toISOString(),
  }));
}

async function presentCommunity(db: DbOrTx, clubId: number, communityId: number, administer: boolean): Promise<Community> {
  const [summary] = await summaries(db, clubId, [communityId]);
  if (!summary) throw notFound('communities.notFound');
  return { ...summary, can_administer: administer };
}

/** GET clubs/{clubId}/communities: the communities the user manages (all for the club's community managers). */
export async function listCommunities(db: DbOrTx, actor: Actor, clubId: number): Promise<CommunitySummary[]> {
  return summaries(db, clubId, await communityIdsInScope(db, actor, clubId));
}

/** GET clubs/{clubId}/communities/{communityId}. */
export async function getCommunity(db: DbOrTx, actor: Actor, clubId: number, communityId: number): Promise<Community> {
  const { administer } = await communityInScope(db, actor, clubId, communityId);
  return presentCommunity(db, clubId, communityId, administer);
}

/** The ids once each, in ascending order. */
const uniqueIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** 400 `communities.notACandidate` for the first id that is not a user holding the club's `communities` role. */
async function assertCandidates(db: DbOrTx, clubId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await db
    .select({ userId: clubUserRoles.userId })
    .from(clubUserRoles)
    .where(and(eq(clubUserRoles.clubId, clubId), eq(clubUserRoles.role, 'communities'), inArray(clubUserRoles.userId, userIds)));
  const found = new Set(rows.map((r) => r.userId));
  const missing = userIds.find((id) => !found.has(id));
  if (missing !== undefined) throw badRequest('communities.notACandidate', { userId: missing });
}

/** 409 `communities.nameTaken` when another community of the club has the name (case-insensitively). */
async function assertNameFree(db: DbOrTx, clubId: number, name: string, exceptId?: number): Promise<void> {
  const [clash] = await db
    .select({ id: communities.id })
    .from(communities)
    .where(and(eq(communities.clubId, clubId), sql`lower(${communities.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(communities.id, exceptId)))
    .limit(1);
  if (clash) throw conflict('communities.nameTaken', { name });
}

/** The unique index on the club and the lowered name, for a race the check above did not see. */
function nameClash<T>(name: string, run: () => Promise<T>): Promise<T> {
  return run().catch((err: unknown) => {
    if (isUniqueViolation(err)) throw conflict('communities.nameTaken', { name });
    throw err;
  });
}

/**
 * Writes a new community and its managers (in the caller's transaction): at most
 * COMMUNITY_LIMITS.communitiesMax per club, the name unique in the club, every manager a user
 * holding the club's `communities` role. Also the demo's way in.
 */
export async function insertCommunity(tx: DbOrTx, clubId: number, body: CommunityInput, createdBy: number | null): Promise<CommunityRow> {
  // One creation per club at a time, so two at once cannot pass the cap together.
  const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for('update');
  if (!club) throw notFound('communities.notFound');
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(communities).where(eq(communities.clubId, clubId));
  if (Number(n) >= COMMUNITY_LIMITS.communitiesMax) throw conflict('communities.capReached', { max: COMMUNITY_LIMITS.communitiesMax });
  await assertNameFree(tx, clubId, body.name);
  const managerIds = uniqueIds(body.manager_ids ?? []);
  await assertCandidates(tx, clubId, managerIds);
  const [row] = await tx.insert(communities).values({ clubId, name: body.name, description: body.description, hidden: body.hidden, createdBy }).returning();
  if (managerIds.length > 0) await tx.insert(communityManagers).values(managerIds.map((userId) => ({ communityId: row.id, userId })));
  return row;
}

/** POST clubs/{clubId}/communities (the club's community managers: the route's access). */
export async function createCommunity(db: Db, actor: Actor, clubId: number, body: CommunityInput): Promise<Community> {
  const row = await nameClash(body.name, () => db.transaction((tx) => insertCommunity(tx, clubId, body, actor.userId)));
  return presentCommunity(db, clubId, row.id, true);
}

/**
 * PUT clubs/{clubId}/communities/{communityId}: name, description, hidden; and the managers, which
 * only the club's community managers change (a community manager leaves `manager_ids` out or sends
 * the same set: another set is 403 `communities.managersFixed`). Managers added must hold the
 * club's `communities` role; the ones kept are not asked again.
 */
export async function updateCommunity(db: Db, actor: Actor, clubId: number, communityId: number, body: CommunityInput): Promise<Community> {
  const administer = await nameClash(body.name, () =>
    db.transaction(async (tx) => {
      const scope = await communityInScope(tx, actor, clubId, communityId);
      // Locks the row: two edits of one community take turns.
      await tx.select({ id: communities.id }).from(communities).where(eq(communities.id, communityId)).for('update');
      if (body.manager_ids !== undefined) {
        const wanted = uniqueIds(body.manager_ids);
        const current = (await tx.select({ userId: communityManagers.userId }).from(communityManagers).where(eq(communityManagers.communityId, communityId))).map(
          (r) => r.userId,
        );
        const currentSet = new Set(current);
        const wantedSet = new Set(wanted);
        const added = wanted.filter((id) => !currentSet.has(id));
        const removed = current.filter((id) => !wantedSet.has(id));
        if (added.length > 0 || removed.length > 0) {
          if (!scope.administer) throw forbidden('communities.managersFixed');
          await assertCandidates(tx, clubId, added);
          if (removed.length > 0) {
            await tx.delete(communityManagers).where(and(eq(communityManagers.communityId, communityId), inArray(communityManagers.userId, removed)));
          }
          if (added.length > 0) await tx.insert(communityManagers).values(added.map((userId) => ({ communityId, userId })));
        }
      }
      await assertNameFree(tx, clubId, body.name, communityId);
      await tx
        .update(communities)
        .set({ name: body.name, description: body.description, hidden: body.hidden, updatedAt: new Date() })
        .where(and(eq(communities.id, communityId), eq(communities.clubId, clubId)));
      return scope.administer;
    }),
  );
  return presentCommunity(db, clubId, communityId, administer);
}

/**
 * DELETE clubs/{clubId}/communities/{communityId} (the club's community managers): the community
 * and, by the tables' cascades, its managers, members, posts, comments, images, reports and log;
 * then the stored files of its image and of its posts' and comments' images.
 */
export async function deleteCommunity(deps: CommunityFileDeps, actor: Actor, clubId: number, communityId: number): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    const { community } = await communityInScope(tx, actor, clubId, communityId);
    const postIds = tx.select({ id: communityPosts.id }).from(communityPosts).where(eq(communityPosts.communityId, communityId));
    const commentIds = tx
      .select({ id: communityComments.id })
      .from(communityComments)
      .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
      .where(eq(communityPosts.communityId, communityId));
    const images = await tx
      .select({ key: communityImages.fileKey })
      .from(communityImages)
      .where(or(inArray(communityImages.postId, postIds), inArray(communityImages.commentId, commentIds)));
    await tx.delete(communities).where(and(eq(communities.id, communityId), eq(communities.clubId, clubId)));
    return [community.imageKey, ...images.map((i) => i.key)];
  });
  await deleteStoredFiles(deps, keys);
}

/** Points the community's image at `fileName` (null: none) in a transaction; answers the file name it had. */
async function swapImage(db: Db, actor: Actor, clubId: number, communityId: number, image: { fileName: string; width: number; height: number } | null) {
  return db.transaction(async (tx) => {
    await communityInScope(tx, actor, clubId, communityId);
    const [before] = await tx.select({ imageKey: communities.imageKey }).from(communities).where(eq(communities.id, communityId)).for('update');
    await tx
      .update(communities)
      .set({
        imageKey: image ? storedFileKey(communityImageFolder(clubId), image.fileName) : null,
        imageWidth: image?.width ?? null,
        imageHeight: image?.height ?? null,
        updatedAt: new Date(),
      })
      .where(eq(communities.id, communityId));
    return { previous: fileNameOf(before.imageKey), value: null };
  });
}

/** 404 unless the user may manage the community (checked before an upload is read). */
export async function assertCommunityInScope(db: DbOrTx, actor: Actor, clubId: number, communityId: number): Promise<void> {
  await communityInScope(db, actor, clubId, communityId);
}

/**
 * POST clubs/{clubId}/communities/{communityId}/image: one image (at most 20 MB and 40
 * megapixels, judged by its bytes), stored re-encoded as the gallery stores its photos (at most
 * 2560 px, without metadata) under a new name; the old file is deleted.
 */
export async function setCommunityImage(deps: CommunityFileDeps, actor: Actor, clubId: number, communityId: number, file: UploadedFile): Promise<Community> {
  const { image } = await encodeGalleryImage(file);
  await replaceStoredImage(deps, communityImageFolder(clubId), image, (fileName) =>
    swapImage(deps.db, actor, clubId, communityId, { fileName, width: image.width, height: image.height }),
  );
  return getCommunity(deps.db, actor, clubId, communityId);
}

/** DELETE clubs/{clubId}/communities/{communityId}/image. */
export async function removeCommunityImage(deps: CommunityFileDeps, actor: Actor, clubId: number, communityId: number): Promise<Community> {
  await removeStoredImage(deps, communityImageFolder(clubId), () => swapImage(deps.db, actor, clubId, communityId, null));
  return getCommunity(deps.db, actor, clubId, communityId);
}

/** GET clubs/{clubId}/communities/manager-candidates: the club's users holding the `communities` role, by name. */
export async function managerCandidates(db: DbOrTx, clubId: number): Promise<ManagerCandidate[]> {
  const rows = await db
    .select({ userId: users.id, name: userNameSql, email: users.email })
    .from(clubUserRoles)
    .innerJoin(users, eq(users.id, clubUserRoles.userId))
    .where(and(eq(clubUserRoles.clubId, clubId), eq(clubUserRoles.role, 'communities')))
    .orderBy(sql`lower(${userNameSql})`, asc(users.id));
  return rows.map((r) => ({ user_id: r.userId, name: r.name, email: r.email }));
}

/** GET clubs/{clubId}/communities/settings. */
export async function getCommunitySettings(db: DbOrTx, clubId: number): Promise<CommunitySettings> {
  return { report_threshold: await reportThreshold(db, clubId) };
}

/** PUT clubs/{clubId}/communities/settings (the club's community managers). */
export async function saveCommunitySettings(db: DbOrTx, clubId: number, body: CommunitySettings): Promise<CommunitySettings> {
  await db
    .insert(communitySettings)
    .values({ clubId, reportThreshold: body.report_threshold })
    .onConflictDoUpdate({ target: communitySettings.clubId, set: { reportThreshold: body.report_threshold } });
  return getCommunitySettings(db, clubId);
}

/**
 * The posts of a community (issue 24), for the console (its managers) and for the golfers' app.
 *
 * - Listed pinned first (all of them on the first page), then newest first, a page of
 *   COMMUNITY_LIMITS.postsPageSize at a time, paged by id (`before`: the last id of the page
 *   before). The managers' queue (`state=hidden`) lists, newest first, the posts reports hid and
 *   the posts with a comment or reply reports hid.
 * - A manager posts as themselves (author = the console user); a golfer as their community member
 *   (author = the member, named by their display name then). Only the author edits a post; its
 *   author deletes it, and a manager removes anyone's (logged `post_removed` when it is not their own).
 * - A post reports hid is shown to the managers (state 'hidden', with its open reports) and in the
 *   app to its author only.
 * Every call starts with the community's scope (console: `communityInScope`; app:
 * `golferStanding`), so another club's or another community's ids answer 404.
 */
import { and, count, desc, eq, exists, inArray, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { COMMUNITY_LIMITS, logExcerpt, type Author, type CommunityPost, type PostBody } from '@golf/contract/api/communities';
import type { AppPost } from '@golf/contract/api/communities-app';
import { communityComments, communityPosts, communityReports } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { forbidden, notFound } from '../../platform/errors';
import { deleteStoredFiles } from '../../platform/stored-images';
import {
  assertGolferCanRead,
  assertGolferCanWrite,
  communityInScope,
  golferStanding,
  logModeration,
  touchActivity,
  userDisplayName,
  type Actor,
} from './access';
import { fileKeysOfPost, imagesOfPosts, type CommunityFileDeps } from './images-service';

export type PostRow = typeof communityPosts.$inferSelect;

/** Who wrote a post or comment, as the console shows it; `you`: the signed-in user wrote it. */
export function consoleAuthor(row: Pick<PostRow, 'authorUserId' | 'authorMemberId' | 'authorName'>, viewerUserId: number): Author {
  if (row.authorUserId !== null) return { kind: 'user', id: row.authorUserId, name: row.authorName, you: row.authorUserId === viewerUserId };
  // A golfer's, or one whose author is gone (the member row was removed): shown by the name kept.
  return { kind: 'golfer', id: row.authorMemberId ?? 0, name: row.authorName, you: false };
}

/** Who wrote it, as the app shows it to the golfer `memberId` (null: not in the community). */
export function appAuthor(row: Pick<PostRow, 'authorUserId' | 'authorMemberId' | 'authorName'>, memberId: number | null): AppPost['author'] {
  return {
    kind: row.authorUserId !== null ? 'user' : 'golfer',
    name: row.authorName,
    you: memberId !== null && row.authorMemberId === memberId,
  };
}

/** A post or comment the golfer `memberId` sees: not hidden by reports, or their own. */
export function visibleToGolfer(table: { hidden: AnyColumn; authorMemberId: AnyColumn }, memberId: number | null): SQL {
  return memberId === null ? eq(table.hidden, false) : or(eq(table.hidden, false), eq(table.authorMemberId, memberId))!;
}

/** The post of the community (locked for the rest of the transaction when asked); 404 otherwise. */
export async function postInCommunity(db: DbOrTx, communityId: number, postId: number, lock = false): Promise<PostRow> {
  const query = db
    .select()
    .from(communityPosts)
    .where(and(eq(communityPosts.id, postId), eq(communityPosts.communityId, communityId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('communities.postNotFound');
  return row;
}

/** Open reports (since the item was last restored) of these posts. */
async function openReportsOfPosts(db: DbOrTx, postIds: number[]): Promise<Map<number, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({ postId: communityReports.postId, n: count() })
    .from(communityReports)
    .where(and(inArray(communityReports.postId, postIds), isNull(communityReports.resolvedAt)))
    .groupBy(communityReports.postId);
  return new Map(rows.map((r) => [r.postId!, r.n]));
}

/**
 * The comments and replies of these posts: all of them (the console), or those the golfer
 * `memberId` sees (the app: not hidden or their own, under a comment they see).
 */
async function commentCounts(db: DbOrTx, postIds: number[], golfer?: { memberId: number | null }): Promise<Map<number, number>> {
  if (postIds.length === 0) return new Map();
  const parent = alias(communityComments, 'parent');
  const visible = golfer
    ? and(visibleToGolfer(communityComments, golfer.memberId), or(isNull(communityComments.parentId), visibleToGolfer(parent, golfer.memberId)))
    : undefined;
  const rows = await db
    .select({ postId: communityComments.postId, n: count() })
    .from(communityComments)
    .leftJoin(parent, eq(parent.id, communityComments.parentId))
    .where(and(inArray(communityComments.postId, postIds), visible))
    .groupBy(communityComments.postId);
  return new Map(rows.map((r) => [r.postId, r.n]));
}

/** Posts as the console shows them to the user `viewerUserId`. */
export async function presentPosts(db: DbOrTx, rows: PostRow[], viewerUserId: number): Promise<CommunityPost[]> {
  const ids = rows.map((r) => r.id);
  const [images, reports, comments] = [await imagesOfPosts(db, ids), await openReportsOfPosts(db, ids), await commentCounts(db, ids)];
  return rows.map((r) => ({
    id: r.id,
    author: consoleAuthor(r, viewerUserId),
    text: r.text,
    images: images.get(r.id) ?? [],
    created_at: r.createdAt.toISOString(),
    edited_at: r.editedAt?.toISOString() ?? null,
    pinned: r.pinned,
    closed: r.closed,
    state: r.hidden ? 'hidden' : 'visible',
    reports: reports.get(r.id) ?? 0,
    comments: comments.get(r.id) ?? 0,
  }));
}

export async function presentPost(db: DbOrTx, row: PostRow, viewerUserId: number): Promise<CommunityPost> {
  return (await presentPosts(db, [row], viewerUserId))[0];
}

/** Posts as the app shows them to the golfer `memberId`. */
async function presentAppPosts(db: DbOrTx, rows: PostRow[], memberId: number | null): Promise<AppPost[]> {
  const ids = rows.map((r) => r.id);
  const [images, comments] = [await imagesOfPosts(db, ids), await commentCounts(db, ids, { memberId })];
  return rows.map((r) => ({
    id: r.id,
    author: appAuthor(r, memberId),
    text: r.text,
    images: images.get(r.id) ?? [],
    created_at: r.createdAt.toISOString(),
    edited_at: r.editedAt?.toISOString() ?? null,
    pinned: r.pinned,
    closed: r.closed,
    state: r.hidden ? 'hidden' : 'visible',
    comments: comments.get(r.id) ?? 0,
  }));
}

/**
 * One page of a community's posts among those `visible` lets through: on the first page (no
 * `before`) every pinned post, newest first, then the newest others; on later pages the others
 * older than `before`.
 */
async function pageOfPosts(db: DbOrTx, communityId: number, visible: SQL | undefined, before: number | undefined): Promise<{ rows: PostRow[]; more: boolean }> {
  const size = COMMUNITY_LIMITS.postsPageSize;
  const pinned =
    before === undefined
      ? await db
          .select()
          .from(communityPosts)
          .where(and(eq(communityPosts.communityId, communityId), eq(communityPosts.pinned, true), visible))
          .orderBy(desc(communityPosts.id))
      : [];
  const others = await db
    .select()
    .from(communityPosts)
    .where(
      and(
        eq(communityPosts.communityId, communityId),
        eq(communityPosts.pinned, false),
        visible,
        before === undefined ? undefined : lt(communityPosts.id, before),
      ),
    )
    .orderBy(desc(communityPosts.id))
    .limit(size + 1);
  return { rows: [...pinned, ...others.slice(0, size)], more: others.length > size };
}

/** The managers' queue: posts reports hid, and posts with a comment or reply reports hid; newest first. */
async function pageOfReported(db: DbOrTx, communityId: number, before: number | undefined): Promise<{ rows: PostRow[]; more: boolean }> {
  const size = COMMUNITY_LIMITS.postsPageSize;
  const hiddenComment = db
    .select({ one: sql`1` })
    .from(communityComments)
    .where(and(eq(communityComments.postId, communityPosts.id), eq(communityComments.hidden, true)));
  const rows = await db
    .select()
    .from(communityPosts)
    .where(
      and(
        eq(communityPosts.communityId, communityId),
        or(eq(communityPosts.hidden, true), exists(hiddenComment)),
        before === undefined ? undefined : lt(communityPosts.id, before),
      ),
    )
    .orderBy(desc(communityPosts.id))
    .limit(size + 1);
  return { rows: rows.slice(0, size), more: rows.length > size };
}

export interface PostsQueryInput {
  state: 'all' | 'hidden';
  before?: number;
}

/** GET C/posts: every post (hidden ones too, marked), or the reported queue (`state=hidden`). */
export async function listPosts(db: DbOrTx, actor: Actor, clubId: number, communityId: number, query: PostsQueryInput): Promise<{ items: CommunityPost[]; more: boolean }> {
  await communityInScope(db, actor, clubId, communityId);
  const page = query.state === 'hidden' ? await pageOfReported(db, communityId, query.before) : await pageOfPosts(db, communityId, undefined, query.before);
  return { items: await presentPosts(db, page.rows, actor.userId), more: page.more };
}

/** POST C/posts: a post by the signed-in manager. */
export async function createPost(db: Db, actor: Actor, clubId: number, communityId: number, body: PostBody): Promise<CommunityPost> {
  const row = await db.transaction(async (tx) => {
    await communityInScope(tx, actor, clubId, communityId);
    const [inserted] = await tx
      .insert(communityPosts)
      .values({ communityId, authorUserId: actor.userId, authorName: await userDisplayName(tx, actor.userId), text: body.text })
      .returning();
    await touchActivity(tx, communityId);
    return inserted;
  });
  return presentPost(db, row, actor.userId);
}

/** PUT C/posts/{postId}: its author only (403 `communities.notAuthor`). */
export async function updatePost(db: Db, actor: Actor, clubId: number, communityId: number, postId: number, body: PostBody): Promise<CommunityPost> {
  const row = await db.transaction(async (tx) => {
    await communityInScope(tx, actor, clubId, communityId);
    const before = await postInCommunity(tx, communityId, postId, true);
    if (before.authorUserId !== actor.userId) throw forbidden('communities.notAuthor');
    const [updated] = await tx.update(communityPosts).set({ text: body.text, editedAt: new Date() }).where(eq(communityPosts.id, postId)).returning();
    return updated;
  });
  return presentPost(db, row, actor.userId);
}

/**
 * DELETE C/posts/{postId}: its author deletes it; a manager removes anyone's (logged
 * `post_removed`). Its comments, replies, images and reports go with it; the stored image files
 * are deleted after the commit.
 */
export async function deletePost(deps: CommunityFileDeps, actor: Actor, clubId: number, communityId: number, postId: number): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    await communityInScope(tx, actor, clubId, communityId);
    const post = await postInCommunity(tx, communityId, postId, true);
    const files = await fileKeysOfPost(tx, postId);
    await tx.delete(communityPosts).where(eq(communityPosts.id, postId));
    if (post.authorUserId !== actor.userId) {
      await logModeration(tx, {
        communityId,
        action: 'post_removed',
        actorUserId: actor.userId,
        actorName: await userDisplayName(tx, actor.userId),
        target: logExcerpt(post.text),
        // The author's name: whose post it was.
        detail: post.authorName || null,
      });
    }
    return files;
  });
  await deleteStoredFiles(deps, keys);
}

// ---------------------------------------------------------------- the golfers' app

/** GET app C/posts: what the golfer may read (hidden ones only when they wrote them). */
export async function listAppPosts(db: DbOrTx, clubId: number, communityId: number, appId: string, before: number | undefined): Promise<{ items: AppPost[]; more: boolean }> {
  const standing = await golferStanding(db, clubId, communityId, appId);
  assertGolferCanRead(standing);
  const memberId = standing.member?.id ?? null;
  const page = await pageOfPosts(db, communityId, visibleToGolfer(communityPosts, memberId), before);
  return { items: await presentAppPosts(db, page.rows, memberId), more: page.more };
}

/**
 * A post the golfer may read (not hidden, or theirs): 404 `communities.postNotFound` for any
 * other (another community's, or hidden by reports), after the golfer's standing was checked.
 */
export async function postVisibleToGolfer(db: DbOrTx, communityId: number, postId: number, memberId: number | null, lock = false): Promise<PostRow> {
  const post = await postInCommunity(db, communityId, postId, lock);
  if (post.hidden && (memberId === null || post.authorMemberId !== memberId)) throw notFound('communities.postNotFound');
  return post;
}

/** POST app C/posts: a post by the golfer (a member, not banned, not muted now). */
export async function createAppPost(db: Db, clubId: number, communityId: number, appId: string, body: PostBody): Promise<AppPost> {
  const row = await db.transaction(async (tx) => {
    const member = assertGolferCanWrite(await golferStanding(tx, clubId, communityId, appId));
    const [inserted] = await tx.insert(communityPosts).values({ communityId, authorMemberId: member.id, authorName: member.displayName, text: body.text }).returning();
    await touchActivity(tx, communityId);
    return { row: inserted, memberId: member.id };
  });
  return (await presentAppPosts(db, [row.row], row.memberId))[0];
}

/**
 * The comments of a post and their replies (issue 24), one level deep: a comment takes replies, a
 * reply takes none (400 `communities.replyToReply`), and a closed post takes neither (409
 * `communities.postClosed`). A thread is listed whole, oldest first with the replies under their
 * comment, at most COMMUNITY_LIMITS.commentsMax comments and replies. Only the author edits a
 * comment; its author deletes it and a manager removes anyone's (logged `comment_removed` when
 * not their own); its replies, images and reports go with it. In the app a comment reports hid is
 * shown to its author only, and to the others it is absent with its replies.
 */
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { COMMUNITY_LIMITS, logExcerpt, type CommentEditBody, type CommunityComment, type CommunityReply } from '@golf/contract/api/communities';
import type { AppComment } from '@golf/contract/api/communities-app';
import { communityComments, communityPosts, communityReports } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
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
import { fileKeysOfComment, imagesOfComments, type CommunityFileDeps } from './images-service';
import { appAuthor, consoleAuthor, postInCommunity, postVisibleToGolfer, visibleToGolfer, type PostRow } from './posts-service';

export type CommentRow = typeof communityComments.$inferSelect;

/** A new comment (`parent_id` null) or reply, as the schemas give it. */
export interface NewComment {
  text: string;
  parent_id: number | null;
}

/** A comment (parent_id null, with its replies) or a reply, as the console shows it. */
export type ConsoleCommentOrReply = CommunityComment | CommunityReply;

/** The comment or reply of the community (locked for the rest of the transaction when asked), with its post; 404 otherwise. */
export async function commentInCommunity(db: DbOrTx, communityId: number, commentId: number, lock = false): Promise<{ comment: CommentRow; post: PostRow }> {
  const query = db
    .select({ comment: communityComments, post: communityPosts })
    .from(communityComments)
    .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
    .where(and(eq(communityComments.id, commentId), eq(communityPosts.communityId, communityId)));
  const [row] = lock ? await query.for('update', { of: communityComments }) : await query;
  if (!row) throw notFound('communities.commentNotFound');
  return row;
}

async function openReportsOfComments(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ commentId: communityReports.commentId, n: count() })
    .from(communityReports)
    .where(and(inArray(communityReports.commentId, ids), isNull(communityReports.resolvedAt)))
    .groupBy(communityReports.commentId);
  return new Map(rows.map((r) => [r.commentId!, r.n]));
}

/** Comments (in id order) into threads: each comment with the replies that follow it; replies whose comment is missing are left out. */
function threads<T extends { id: number; parent_id: number | null }, R>(items: T[], comment: (c: T, replies: T[]) => R): R[] {
  const replies = new Map<number, T[]>();
  for (const item of items) {
    if (item.parent_id === null) continue;
    const list = replies.get(item.parent_id) ?? [];
    list.push(item);
    replies.set(item.parent_id, list);
  }
  return items.filter((c) => c.parent_id === null).map((c) => comment(c, replies.get(c.id) ?? []));
}

/** Comments and replies as the console shows them to the user `viewerUserId` (flat, in the rows' order). */
async function presentConsoleItems(db: DbOrTx, rows: CommentRow[], viewerUserId: number): Promise<CommunityReply[]> {
  const ids = rows.map((r) => r.id);
  const [images, reports] = [await imagesOfComments(db, ids), await openReportsOfComments(db, ids)];
  return rows.map((r) => ({
    id: r.id,
    // Top-level comments carry null; the contract's reply type is reused for the flat list.
    parent_id: r.parentId as number,
    author: consoleAuthor(r, viewerUserId),
    text: r.text,
    images: images.get(r.id) ?? [],
    created_at: r.createdAt.toISOString(),
    edited_at: r.editedAt?.toISOString() ?? null,
    state: r.hidden ? 'hidden' : 'visible',
    reports: reports.get(r.id) ?? 0,
  }));
}

/** One comment or reply as the console shows it (a comment with its replies). */
export async function presentConsoleComment(db: DbOrTx, row: CommentRow, viewerUserId: number): Promise<ConsoleCommentOrReply> {
  if (row.parentId !== null) return (await presentConsoleItems(db, [row], viewerUserId))[0];
  const replies = await db.select().from(communityComments).where(eq(communityComments.parentId, row.id)).orderBy(asc(communityComments.id));
  const [comment, ...rest] = await presentConsoleItems(db, [row, ...replies], viewerUserId);
  return { ...comment, parent_id: null, replies: rest };
}

/** The first COMMUNITY_LIMITS.commentsMax comments and replies of a post (those `visible` lets through), oldest first. */
async function threadRows(db: DbOrTx, postId: number, visible?: ReturnType<typeof visibleToGolfer>): Promise<CommentRow[]> {
  return db
    .select()
    .from(communityComments)
    .where(and(eq(communityComments.postId, postId), visible))
    .orderBy(asc(communityComments.id))
    .limit(COMMUNITY_LIMITS.commentsMax);
}

/** GET C/posts/{postId}/comments: the whole thread, hidden items too (marked, with their open reports). */
export async function listComments(db: DbOrTx, actor: Actor, clubId: number, communityId: number, postId: number): Promise<CommunityComment[]> {
  await communityInScope(db, actor, clubId, communityId);
  await postInCommunity(db, communityId, postId);
  const items = await presentConsoleItems(db, await threadRows(db, postId), actor.userId);
  return threads(items, (c, replies) => ({ ...c, parent_id: null, replies }));
}

/**
 * The comment a new reply answers: a comment of the same post (404 `communities.commentNotFound`
 * otherwise, and for one the golfer may not see), not a reply itself (400 `communities.replyToReply`).
 */
async function assertParent(tx: DbOrTx, postId: number, parentId: number, golfer?: { memberId: number }): Promise<void> {
  const [parent] = await tx
    .select()
    .from(communityComments)
    .where(and(eq(communityComments.id, parentId), eq(communityComments.postId, postId)));
  if (!parent) throw notFound('communities.commentNotFound');
  if (golfer && parent.hidden && parent.authorMemberId !== golfer.memberId) throw notFound('communities.commentNotFound');
  if (parent.parentId !== null) throw badRequest('communities.replyToReply');
}

/** POST C/posts/{postId}/comments: a comment, or a reply (`parent_id`), by the signed-in manager. */
export async function createComment(
  db: Db,
  actor: Actor,
  clubId: number,
  communityId: number,
  postId: number,
  body: NewComment,
): Promise<ConsoleCommentOrReply> {
  const row = await db.transaction(async (tx) => {
    await communityInScope(tx, actor, clubId, communityId);
    // Locked: a post being closed meanwhile takes no comment after it.
    const post = await postInCommunity(tx, communityId, postId, true);
    if (post.closed) throw conflict('communities.postClosed');
    if (body.parent_id !== null) await assertParent(tx, postId, body.parent_id);
    const [inserted] = await tx
      .insert(communityComments)
      .values({ postId, parentId: body.parent_id, authorUserId: actor.userId, authorName: await userDisplayName(tx, actor.userId), text: body.text })
      .returning();
    await touchActivity(tx, communityId);
    return inserted;
  });
  return presentConsoleComment(db, row, actor.userId);
}

/** PUT C/comments/{commentId}: its author only (403 `communities.notAuthor`). */
export async function updateComment(db: Db, actor: Actor, clubId: number, communityId: number, commentId: number, body: CommentEditBody): Promise<ConsoleCommentOrReply> {
  const row = await db.transaction(async (tx) => {
    await communityInScope(tx, actor, clubId, communityId);
    const { comment } = await commentInCommunity(tx, communityId, commentId, true);
    if (comment.authorUserId !== actor.userId) throw forbidden('communities.notAuthor');
    const [updated] = await tx.update(communityComments).set({ text: body.text, editedAt: new Date() }).where(eq(communityComments.id, commentId)).returning();
    return updated;
  });
  return presentConsoleComment(db, row, actor.userId);
}

/**
 * DELETE C/comments/{commentId}: its author deletes it; a manager removes anyone's (logged
 * `comment_removed`). Its replies, images and reports go with it; the stored image files are
 * deleted after the commit.
 */
export async function deleteComment(deps: CommunityFileDeps, actor: Actor, clubId: number, communityId: number, commentId: number): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    await communityInScope(tx, actor, clubId, communityId);
    const { comment } = await commentInCommunity(tx, communityId, commentId, true);
    const files = await fileKeysOfComment(tx, commentId);
    await tx.delete(communityComments).where(eq(communityComments.id, commentId));
    if (comment.authorUserId !== actor.userId) {
      await logModeration(tx, {
        communityId,
        action: 'comment_removed',
        actorUserId: actor.userId,
        actorName: await userDisplayName(tx, actor.userId),
        target: logExcerpt(comment.text),
        // The author's name: whose comment it was.
        detail: comment.authorName || null,
      });
    }
    return files;
  });
  await deleteStoredFiles(deps, keys);
}

// ---------------------------------------------------------------- the golfers' app

async function presentAppItems(db: DbOrTx, rows: CommentRow[], memberId: number | null): Promise<AppComment[]> {
  const images = await imagesOfComments(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    parent_id: r.parentId,
    author: appAuthor(r, memberId),
    text: r.text,
    images: images.get(r.id) ?? [],
    created_at: r.createdAt.toISOString(),
    edited_at: r.editedAt?.toISOString() ?? null,
    state: r.hidden ? 'hidden' : 'visible',
    replies: [],
  }));
}

/**
 * GET app C/posts/{postId}/comments: the thread as the golfer sees it: items reports hid only
 * when they wrote them; a comment they may not see is absent with its replies.
 */
export async function listAppComments(db: DbOrTx, clubId: number, communityId: number, appId: string, postId: number): Promise<AppComment[]> {
  const standing = await golferStanding(db, clubId, communityId, appId);
  assertGolferCanRead(standing);
  const memberId = standing.member?.id ?? null;
  await postVisibleToGolfer(db, communityId, postId, memberId);
  const items = await presentAppItems(db, await threadRows(db, postId, visibleToGolfer(communityComments, memberId)), memberId);
  return threads(items, (c, replies) => ({ ...c, replies }));
}

/**
 * POST app C/posts/{postId}/comments: a comment or a reply by the golfer (a member, not banned,
 * not muted now) on a post they may read that is not closed.
 */
export async function createAppComment(db: Db, clubId: number, communityId: number, appId: string, postId: number, body: NewComment): Promise<AppComment> {
  const { row, memberId } = await db.transaction(async (tx) => {
    const member = assertGolferCanWrite(await golferStanding(tx, clubId, communityId, appId));
    const post = await postVisibleToGolfer(tx, communityId, postId, member.id, true);
    if (post.closed) throw conflict('communities.postClosed');
    if (body.parent_id !== null) await assertParent(tx, postId, body.parent_id, { memberId: member.id });
    const [inserted] = await tx
      .insert(communityComments)
      .values({ postId, parentId: body.parent_id, authorMemberId: member.id, authorName: member.displayName, text: body.text })
      .returning();
    await touchActivity(tx, communityId);
    return { row: inserted, memberId: member.id };
  });
  return (await presentAppItems(db, [row], memberId))[0];
}

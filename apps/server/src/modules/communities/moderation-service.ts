/**
 * Moderation of a community (issue 24): a manager pins and unpins a post, closes it to comments
 * and opens it again, and restores a post or comment that reports hid; golfers report posts and
 * comments through the app, and when an item's open reports reach the club's threshold
 * (`reportThreshold`, default 2) it is hidden. Every change is written to the community's
 * moderation log, which its managers read newest first. A restore resolves the item's open
 * reports: they no longer count, and new reports start again from none.
 */
import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import {
  COMMUNITY_LIMITS,
  logExcerpt,
  type ModerationAction,
  type ModerationLogEntry,
  type ModerationLogPage,
  type CommunityPost,
  type PostAction,
} from '@golf/contract/api/communities';
import { communityComments, communityModerationLog, communityPosts, communityReports } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { assertGolferCanWrite, communityInScope, golferStanding, logModeration, reportThreshold, userDisplayName, type Actor } from './access';
import { commentInCommunity, presentConsoleComment, type ConsoleCommentOrReply } from './comments-service';
import { postInCommunity, postVisibleToGolfer, presentPost } from './posts-service';

const POST_CHANGES: Record<Exclude<PostAction, 'restore'>, { set: Partial<typeof communityPosts.$inferInsert>; already: (p: typeof communityPosts.$inferSelect) => boolean; log: ModerationAction }> = {
  pin: { set: { pinned: true }, already: (p) => p.pinned, log: 'post_pinned' },
  unpin: { set: { pinned: false }, already: (p) => !p.pinned, log: 'post_unpinned' },
  close: { set: { closed: true }, already: (p) => p.closed, log: 'post_closed' },
  open: { set: { closed: false }, already: (p) => !p.closed, log: 'post_opened' },
};

const reportsDetail = (n: number) => (n === 1 ? '1 report' : `${n} reports`);

/** Resolves the open reports of a post or comment; answers how many there were. */
async function resolveReports(tx: DbOrTx, target: { postId: number } | { commentId: number }): Promise<number> {
  const rows = await tx
    .update(communityReports)
    .set({ resolvedAt: new Date() })
    .where(
      and(
        'postId' in target ? eq(communityReports.postId, target.postId) : eq(communityReports.commentId, target.commentId),
        isNull(communityReports.resolvedAt),
      ),
    )
    .returning({ id: communityReports.id });
  return rows.length;
}

/**
 * POST C/posts/{postId}/moderation: pin, unpin, close, open (each logged when it changes
 * something), or restore: the post is shown again and its open reports resolved (logged
 * `post_restored` with the number of reports resolved; nothing to do when it is neither hidden
 * nor reported).
 */
export async function moderatePost(db: Db, actor: Actor, clubId: number, communityId: number, postId: number, action: PostAction): Promise<CommunityPost> {
  const row = await db.transaction(async (tx) => {
    await communityInScope(tx, actor, clubId, communityId);
    const post = await postInCommunity(tx, communityId, postId, true);
    const log = async (what: ModerationAction, detail: string | null = null) =>
      logModeration(tx, { communityId, action: what, actorUserId: actor.userId, actorName: await userDisplayName(tx, actor.userId), target: logExcerpt(post.text), detail });
    if (action === 'restore') {
      const resolved = await resolveReports(tx, { postId });
      if (!post.hidden && resolved === 0) return post;
      const [updated] = await tx.update(communityPosts).set({ hidden: false }).where(eq(communityPosts.id, postId)).returning();
      await log('post_restored', resolved > 0 ? reportsDetail(resolved) : null);
      return updated;
    }
    const change = POST_CHANGES[action];
    if (change.already(post)) return post;
    const [updated] = await tx.update(communityPosts).set(change.set).where(eq(communityPosts.id, postId)).returning();
    await log(change.log);
    return updated;
  });
  return presentPost(db, row, actor.userId);
}

/**
 * POST C/comments/{commentId}/moderation (restore): the comment or reply is shown again and its
 * open reports resolved (logged `comment_restored`).
 */
export async function restoreComment(db: Db, actor: Actor, clubId: number, communityId: number, commentId: number): Promise<ConsoleCommentOrReply> {
  const row = await db.transaction(async (tx) => {
    await communityInScope(tx, actor, clubId, communityId);
    const { comment } = await commentInCommunity(tx, communityId, commentId, true);
    const resolved = await resolveReports(tx, { commentId });
    if (!comment.hidden && resolved === 0) return comment;
    const [updated] = await tx.update(communityComments).set({ hidden: false }).where(eq(communityComments.id, commentId)).returning();
    await logModeration(tx, {
      communityId,
      action: 'comment_restored',
      actorUserId: actor.userId,
      actorName: await userDisplayName(tx, actor.userId),
      target: logExcerpt(comment.text),
      detail: resolved > 0 ? reportsDetail(resolved) : null,
    });
    return updated;
  });
  return presentConsoleComment(db, row, actor.userId);
}

const HIDDEN_ACTIONS = new Set<string>(['post_hidden', 'comment_hidden']);

/** GET C/moderation-log?before=: newest first, COMMUNITY_LIMITS.logPageSize at a time, paged by id. */
export async function moderationLog(db: DbOrTx, actor: Actor, clubId: number, communityId: number, before: number | undefined): Promise<ModerationLogPage> {
  await communityInScope(db, actor, clubId, communityId);
  const size = COMMUNITY_LIMITS.logPageSize;
  const rows = await db
    .select()
    .from(communityModerationLog)
    .where(and(eq(communityModerationLog.communityId, communityId), before === undefined ? undefined : lt(communityModerationLog.id, before)))
    .orderBy(desc(communityModerationLog.id))
    .limit(size + 1);
  const items: ModerationLogEntry[] = rows.slice(0, size).map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    action: r.action as ModerationAction,
    // Only the report threshold hides an item: its entries are the reports', whoever else is named.
    actor: { kind: HIDDEN_ACTIONS.has(r.action) && r.actorUserId === null ? 'reports' : 'user', name: r.actorName },
    target: r.target,
    detail: r.detail,
  }));
  return { items, more: rows.length > size };
}

// ---------------------------------------------------------------- reports (the golfers' app)

export interface ReportInput {
  kind: 'post' | 'comment';
  id: number;
  reason: string;
}

/**
 * POST app C/reports: a golfer who may write in the community (a member, not banned, not muted)
 * reports a post or comment they can see and did not write (400 for their own), once (409
 * `communities.alreadyReported`). When the item's open reports reach the club's threshold it is
 * hidden and the log gets `post_hidden` / `comment_hidden` by 'reports'. The item is locked
 * meanwhile, so reports at the same moment count one after the other and log it once.
 */
export async function reportItem(db: Db, clubId: number, communityId: number, appId: string, body: ReportInput): Promise<{ hidden: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const member = assertGolferCanWrite(await golferStanding(tx, clubId, communityId, appId));
      const threshold = await reportThreshold(tx, clubId);
      if (body.kind === 'post') {
        const post = await postVisibleToGolfer(tx, communityId, body.id, member.id, true);
        if (post.authorMemberId === member.id) throw badRequest('communities.ownItem', []);
        const [already] = await tx
          .select({ id: communityReports.id })
          .from(communityReports)
          .where(and(eq(communityReports.postId, post.id), eq(communityReports.memberId, member.id)));
        if (already) throw conflict('communities.alreadyReported');
        await tx.insert(communityReports).values({ postId: post.id, memberId: member.id, reason: body.reason });
        const [{ n }] = await tx
          .select({ n: count() })
          .from(communityReports)
          .where(and(eq(communityReports.postId, post.id), isNull(communityReports.resolvedAt)));
        if (n < threshold) return { hidden: false };
        await tx.update(communityPosts).set({ hidden: true }).where(eq(communityPosts.id, post.id));
        await logModeration(tx, { communityId, action: 'post_hidden', actorUserId: null, actorName: 'reports', target: logExcerpt(post.text), detail: reportsDetail(n) });
        return { hidden: true };
      }
      const { comment, post } = await commentInCommunity(tx, communityId, body.id, true);
      await postVisibleToGolfer(tx, communityId, post.id, member.id);
      const hiddenFromThem = (c: { hidden: boolean; authorMemberId: number | null }) => c.hidden && c.authorMemberId !== member.id;
      if (hiddenFromThem(comment)) throw notFound('communities.commentNotFound');
      if (comment.parentId !== null) {
        const { comment: parent } = await commentInCommunity(tx, communityId, comment.parentId);
        if (hiddenFromThem(parent)) throw notFound('communities.commentNotFound');
      }
      if (comment.authorMemberId === member.id) throw badRequest('communities.ownItem', []);
      const [already] = await tx
        .select({ id: communityReports.id })
        .from(communityReports)
        .where(and(eq(communityReports.commentId, comment.id), eq(communityReports.memberId, member.id)));
      if (already) throw conflict('communities.alreadyReported');
      await tx.insert(communityReports).values({ commentId: comment.id, memberId: member.id, reason: body.reason });
      const [{ n }] = await tx
        .select({ n: count() })
        .from(communityReports)
        .where(and(eq(communityReports.commentId, comment.id), isNull(communityReports.resolvedAt)));
      if (n < threshold) return { hidden: false };
      await tx.update(communityComments).set({ hidden: true }).where(eq(communityComments.id, comment.id));
      await logModeration(tx, { communityId, action: 'comment_hidden', actorUserId: null, actorName: 'reports', target: logExcerpt(comment.text), detail: reportsDetail(n) });
      return { hidden: true };
    });
  } catch (err) {
    // Two reports of the same golfer at once: the unique index refuses the second.
    if (isUniqueViolation(err)) throw conflict('communities.alreadyReported');
    throw err;
  }
}

/**
 * A golfer of the app in the communities, for the app users' administration (issue 26,
 * modules/app-users): what they wrote and where they are a member, read for a GDPR access request
 * and erased on request inside the caller's transaction. This area owns the communities' tables,
 * so it alone deletes their rows (docs/adding-an-area.md): the user's posts (with the comments and
 * images under them), their comments and replies (with the replies under them), their reports and
 * their memberships. A membership that is also an imported club member's (the members area's
 * `club_members`, invited by mail) is kept for the club as an invitation, without the app user.
 * The stored image files of the deleted rows are answered, for the caller to delete after the commit.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { communities, communityComments, communityImages, communityMembers, communityPosts, communityReports } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/db-types';

const iso = (d: Date) => d.toISOString();

/** The `community_members` ids of these `app_users` rows. */
async function memberIdsOf(db: DbOrTx, appUserIds: number[]): Promise<number[]> {
  if (appUserIds.length === 0) return [];
  const rows = await db.select({ id: communityMembers.id }).from(communityMembers).where(inArray(communityMembers.appUserId, appUserIds));
  return rows.map((r) => r.id);
}

/** Their memberships, posts and comments, as a GDPR access request shows them. */
export async function appUserCommunityData(db: DbOrTx, appUserIds: number[]) {
  const memberIds = await memberIdsOf(db, appUserIds);
  if (memberIds.length === 0) return { community_memberships: [], community_posts: [], community_comments: [] };
  const [memberships, posts, comments] = await Promise.all([
    db
      .select({ member: communityMembers, clubId: communities.clubId, name: communities.name })
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .where(inArray(communityMembers.id, memberIds))
      .orderBy(asc(communityMembers.id)),
    db
      .select({ post: communityPosts, name: communities.name })
      .from(communityPosts)
      .innerJoin(communities, eq(communities.id, communityPosts.communityId))
      .where(inArray(communityPosts.authorMemberId, memberIds))
      .orderBy(asc(communityPosts.id)),
    db.select().from(communityComments).where(inArray(communityComments.authorMemberId, memberIds)).orderBy(asc(communityComments.id)),
  ]);
  return {
    community_memberships: memberships.map(({ member: m, clubId, name }) => ({
      club_id: clubId,
      community_id: m.communityId,
      community_name: name,
      display_name: m.displayName,
      status: m.status,
      joined_at: m.joinedAt ? iso(m.joinedAt) : null,
    })),
    community_posts: posts.map(({ post: p, name }) => ({ id: p.id, community_id: p.communityId, community_name: name, text: p.text, created_at: iso(p.createdAt) })),
    community_comments: comments.map((c) => ({ id: c.id, post_id: c.postId, text: c.text, created_at: iso(c.createdAt) })),
  };
}

export interface AppUserCommunityCounts {
  community_memberships: number;
  community_posts: number;
  community_comments: number;
  community_reports: number;
}

/** How many memberships, posts, comments and reports of theirs there are. */
export async function countAppUserCommunityData(db: DbOrTx, appUserIds: number[]): Promise<AppUserCommunityCounts> {
  const memberIds = await memberIdsOf(db, appUserIds);
  if (memberIds.length === 0) return { community_memberships: 0, community_posts: 0, community_comments: 0, community_reports: 0 };
  // One after the other: inside the caller's transaction, one connection runs one statement at a time.
  const [p] = await db.select({ n: count() }).from(communityPosts).where(inArray(communityPosts.authorMemberId, memberIds));
  const [c] = await db.select({ n: count() }).from(communityComments).where(inArray(communityComments.authorMemberId, memberIds));
  const [r] = await db.select({ n: count() }).from(communityReports).where(inArray(communityReports.memberId, memberIds));
  return { community_memberships: memberIds.length, community_posts: p.n, community_comments: c.n, community_reports: r.n };
}

/**
 * Erases their posts, comments, reports and memberships in the caller's transaction (before the
 * insights area deletes the `app_users` rows). Answers the counts and the stored files of the
 * deleted images, to delete after the commit.
 */
export async function eraseAppUserCommunityData(tx: DbOrTx, appUserIds: number[]): Promise<{ counts: AppUserCommunityCounts; fileKeys: string[] }> {
  const counts = await countAppUserCommunityData(tx, appUserIds);
  const memberIds = await memberIdsOf(tx, appUserIds);
  if (memberIds.length === 0) return { counts, fileKeys: [] };
  const ownPosts = tx.select({ id: communityPosts.id }).from(communityPosts).where(inArray(communityPosts.authorMemberId, memberIds));
  const ownComments = tx.select({ id: communityComments.id }).from(communityComments).where(inArray(communityComments.authorMemberId, memberIds));
  // The images of their posts (and of every comment under them), of their comments and of the replies to those.
  const images = await tx
    .select({ key: communityImages.fileKey })
    .from(communityImages)
    .leftJoin(communityComments, eq(communityComments.id, communityImages.commentId))
    .where(
      or(
        inArray(communityImages.postId, ownPosts),
        inArray(communityComments.postId, ownPosts),
        inArray(communityImages.commentId, ownComments),
        inArray(communityComments.parentId, ownComments),
      ),
    );
  await tx.delete(communityPosts).where(inArray(communityPosts.authorMemberId, memberIds));
  await tx.delete(communityComments).where(inArray(communityComments.authorMemberId, memberIds));
  await tx.delete(communityReports).where(inArray(communityReports.memberId, memberIds));
  // An imported club member's membership stays the club's invitation; an app user's own goes.
  await tx
    .update(communityMembers)
    .set({ appUserId: null, joinedAt: null, mutedUntil: null, status: sql`case when ${communityMembers.status} = 'banned' then 'banned' else 'invited' end` })
    .where(and(inArray(communityMembers.id, memberIds), isNotNull(communityMembers.clubMemberId)));
  await tx.delete(communityMembers).where(and(inArray(communityMembers.id, memberIds), isNull(communityMembers.clubMemberId)));
  return { counts, fileKeys: images.map((i) => i.key) };
}

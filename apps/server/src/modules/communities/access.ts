/**
 * What every part of the communities area checks first (issue 24): which communities a console
 * user may see and manage (§6), where a golfer of the app stands in a community, the club's report
 * threshold, the moderation log and a community's last activity. The other files of the area call
 * these; nothing outside the area does.
 */
import { and, eq, sql } from 'drizzle-orm';
import { administersCommunities, COMMUNITY_LIMITS, mutedNow, type ModerationAction } from '@golf/contract/api/communities';
import type { PermissionSubject } from '@golf/contract/permissions';
import { communities, communityManagers, communityMembers, communityModerationLog, communitySettings, users } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/db-types';
import { forbidden, notFound } from '../../platform/errors';
import { appUserIdOf } from '../insights';

export type CommunityRow = typeof communities.$inferSelect;
export type CommunityMemberRow = typeof communityMembers.$inferSelect;

/** The console user asking: who they are and what they may do in the club. */
export interface Actor {
  userId: number;
  subject: PermissionSubject;
}

export interface CommunityScope {
  community: CommunityRow;
  /** The user administers the club's communities (admin, region owner): may delete, choose managers. */
  administer: boolean;
}

/**
 * The community of the path, if the user may manage it: it is the club's, and the user administers
 * the club's communities or was added as one of its managers. Anything else answers 404
 * `communities.notFound` (another club's or another community's id looks like one that does not exist).
 */
export async function communityInScope(db: DbOrTx, actor: Actor, clubId: number, communityId: number): Promise<CommunityScope> {
  const administer = administersCommunities(actor.subject, clubId);
  const [row] = await db
    .select()
    .from(communities)
    .where(
      and(
        eq(communities.id, communityId),
        eq(communities.clubId, clubId),
        administer
          ? undefined
          : sql`exists (select 1 from ${communityManagers} m where m.community_id = ${communities.id} and m.user_id = ${actor.userId})`,
      ),
    );
  if (!row) throw notFound('communities.notFound');
  return { community: row, administer };
}

/** The ids of the club's communities the user manages (all of them when they administer the club's communities). */
export async function communityIdsInScope(db: DbOrTx, actor: Actor, clubId: number): Promise<number[]> {
  const administer = administersCommunities(actor.subject, clubId);
  const rows = await db
    .select({ id: communities.id })
    .from(communities)
    .where(
      and(
        eq(communities.clubId, clubId),
        administer
          ? undefined
          : sql`exists (select 1 from ${communityManagers} m where m.community_id = ${communities.id} and m.user_id = ${actor.userId})`,
      ),
    );
  return rows.map((r) => r.id);
}

/** The console user's name as posts and the log show it ('First Last', else the email). */
export async function userDisplayName(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await db.select({ first: users.firstName, last: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) return '';
  const name = `${row.first} ${row.last}`.trim();
  return name || row.email;
}

/** Where a golfer of the app stands in a community of the club. */
export interface GolferStanding {
  /** The golfer's `app_users` id. */
  appUserId: number;
  community: CommunityRow;
  /** Their row in the community (member, invited, banned), or null when they are not in it. */
  member: CommunityMemberRow | null;
}

/**
 * The golfer `appId` (the app's own id) in community `communityId` of club `clubId`. 404
 * `communities.unknownGolfer` when the club does not know the app user; 404 `communities.notFound`
 * when the community is not the club's, or is hidden and the golfer is neither in it nor invited
 * (a hidden community is not shown to golfers outside it). A banned golfer gets their standing:
 * `assertGolferCanRead` refuses them.
 */
export async function golferStanding(db: DbOrTx, clubId: number, communityId: number, appId: string): Promise<GolferStanding> {
  const appUserId = await appUserIdOf(db, clubId, appId);
  if (appUserId === null) throw notFound('communities.unknownGolfer', { appUserId: appId });
  const [community] = await db.select().from(communities).where(and(eq(communities.id, communityId), eq(communities.clubId, clubId)));
  if (!community) throw notFound('communities.notFound');
  const [member] = await db
    .select()
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.appUserId, appUserId)));
  if (community.hidden && !member) throw notFound('communities.notFound');
  return { appUserId, community, member: member ?? null };
}

/** A golfer may read a community's posts: it is open, or they are in it; never when banned. */
export function assertGolferCanRead(standing: GolferStanding): void {
  if (standing.member?.status === 'banned') throw forbidden('communities.banned');
  if (standing.community.hidden && standing.member?.status !== 'member') throw forbidden('communities.notJoined');
}

/**
 * A golfer may post, comment, reply and report: a member (joined), not banned, not muted now.
 * Returns the member row.
 */
export function assertGolferCanWrite(standing: GolferStanding, now = Date.now()): CommunityMemberRow {
  const member = standing.member;
  if (member?.status === 'banned') throw forbidden('communities.banned');
  if (!member || member.status !== 'member') throw forbidden('communities.notJoined');
  if (mutedNow(member.mutedUntil, now)) throw forbidden('communities.muted', { until: member.mutedUntil!.toISOString() });
  return member;
}

/** The club's report threshold (COMMUNITY_LIMITS.reportThresholdDefault when it set none). */
export async function reportThreshold(db: DbOrTx, clubId: number): Promise<number> {
  const [row] = await db.select({ threshold: communitySettings.reportThreshold }).from(communitySettings).where(eq(communitySettings.clubId, clubId));
  return row?.threshold ?? COMMUNITY_LIMITS.reportThresholdDefault;
}

export interface LogEntry {
  communityId: number;
  action: ModerationAction;
  /** The console user who did it; null when the report threshold did. */
  actorUserId: number | null;
  /** Their name then; 'reports' when the threshold did it. */
  actorName: string;
  /** What it was done to, as it was then (logExcerpt of a text, a member's name). */
  target: string;
  detail?: string | null;
}

/** Writes an entry of the community's moderation log (in the caller's transaction). */
export async function logModeration(db: DbOrTx, entry: LogEntry): Promise<void> {
  await db.insert(communityModerationLog).values({
    communityId: entry.communityId,
    action: entry.action,
    actorUserId: entry.actorUserId,
    actorName: entry.actorName,
    target: entry.target,
    detail: entry.detail ?? null,
  });
}

/** Marks new activity (a post, a comment) in the community. */
export async function touchActivity(db: DbOrTx, communityId: number): Promise<void> {
  await db.update(communities).set({ lastActivityAt: sql`now()` }).where(eq(communities.id, communityId));
}

/**
 * A community's members (issue 24): the golfers who joined in the app, the club's imported
 * members invited by mail, and the banned ones; invitations (24-hour throttle as in the members
 * import), bans, mutes and removals, each logged in the community's moderation log. An imported
 * member's name, email and union number are read from the members area's `club_members` by a
 * join (read only); a golfer's name is the display name they gave in the app.
 */
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COMMUNITY_LIMITS,
  INVITABLE_LIST_MAX,
  logExcerpt,
  mutedNow,
  type CommunityMember,
  type CommunityMemberFilter,
  type CommunityMembersQuery,
  type CommunityMembersResponse,
  type INVITE_SKIP_REASONS,
  type InvitableMember,
  type InvitationsResult,
} from '@golf/contract/api/communities';
import type { AppCommunity } from '@golf/contract/api/communities-app';
import { INVITATION_THROTTLE_MS, recentlyMailed } from '@golf/contract/api/members';
import { clubMembers, clubs, communities, communityMembers } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { communityInvitationMail, countryLanguage } from '../../platform/mail-templates';
import { storedFileUrl } from '../../platform/stored-images';
import { appUserIdOf } from '../insights';
import { golferStanding, logModeration, userDisplayName, type Actor, type CommunityRow, type CommunityScope } from './access';

type SkipReason = (typeof INVITE_SKIP_REASONS)[number];

const STATUS_OF_FILTER: Record<Exclude<CommunityMemberFilter, 'all'>, string> = { members: 'member', invited: 'invited', banned: 'banned' };

/** The imported member's 'First Last' (trimmed), as SQL over the joined `club_members` row. */
const importedName = sql`trim(${clubMembers.firstName} || ' ' || ${clubMembers.lastName})`;

/**
 * The name the console shows: the imported member's name when the row is one (the club knows them
 * by it), else the golfer's display name; the email when neither has one.
 */
const memberName = sql<string>`coalesce(nullif(${importedName}, ''), nullif(${communityMembers.displayName}, ''), ${clubMembers.email}, '')`;

/** The member rows of a community with their imported member's fields (null for a golfer who joined in the app). */
function memberSelect(db: DbOrTx, clubId: number) {
  return db
    .select({
      id: communityMembers.id,
      appUserId: communityMembers.appUserId,
      clubMemberId: communityMembers.clubMemberId,
      status: communityMembers.status,
      mutedUntil: communityMembers.mutedUntil,
      joinedAt: communityMembers.joinedAt,
      lastInvitedAt: communityMembers.lastInvitedAt,
      createdAt: communityMembers.createdAt,
      name: memberName,
      email: clubMembers.email,
      unionNumber: clubMembers.unionNumber,
    })
    .from(communityMembers)
    .leftJoin(clubMembers, and(eq(clubMembers.id, communityMembers.clubMemberId), eq(clubMembers.clubId, clubId)));
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof memberSelect>['execute']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toMember(row: MemberRow, now = Date.now()): CommunityMember {
  return {
    id: row.id,
    kind: row.appUserId !== null ? 'golfer' : 'imported',
    name: row.name,
    email: row.email ?? '',
    union_number: row.unionNumber ?? '',
    status: row.status as CommunityMember['status'],
    muted_until: mutedNow(row.mutedUntil, now) ? iso(row.mutedUntil) : null,
    joined_at: iso(row.joinedAt),
    last_invited_at: iso(row.lastInvitedAt),
    recently_mailed: recentlyMailed(row.lastInvitedAt, now),
    created_at: row.createdAt.toISOString(),
  };
}

/** `%term%` for ilike, with the pattern characters escaped. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Comma-separated terms (at most 10), each matching the name, email or union number. */
function searchCondition(search: string, columns: SQL[]): SQL | undefined {
  const terms = search
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 10);
  if (terms.length === 0) return undefined;
  const parts = terms.map((term) => {
    const like = likePattern(term);
    return sql`(${sql.join(
      columns.map((c) => sql`${c} ilike ${like}`),
      sql` or `,
    )})`;
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}

const memberSearchColumns = [memberName, sql`${communityMembers.displayName}`, sql`coalesce(${clubMembers.email}, '')`, sql`coalesce(${clubMembers.unionNumber}, '')`];

/** GET C/members: one page of the community's members, filtered and searched, with the counts per filter. */
export async function listCommunityMembers(
  db: DbOrTx,
  clubId: number,
  communityId: number,
  query: z.output<typeof CommunityMembersQuery>,
): Promise<CommunityMembersResponse> {
  const search = searchCondition(query.search, memberSearchColumns);
  const where = and(
    eq(communityMembers.communityId, communityId),
    search,
    query.filter === 'all' ? undefined : eq(communityMembers.status, STATUS_OF_FILTER[query.filter]),
  );
  const [items, [counts]] = await Promise.all([
    memberSelect(db, clubId)
      .where(where)
      .orderBy(sql`lower(${memberName})`, asc(communityMembers.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({
        all: sql<number>`count(*)::int`,
        members: sql<number>`(count(*) filter (where ${communityMembers.status} = 'member'))::int`,
        invited: sql<number>`(count(*) filter (where ${communityMembers.status} = 'invited'))::int`,
        banned: sql<number>`(count(*) filter (where ${communityMembers.status} = 'banned'))::int`,
        total: sql<number>`(count(*) filter (where ${where ?? sql`true`}))::int`,
      })
      .from(communityMembers)
      .leftJoin(clubMembers, and(eq(clubMembers.id, communityMembers.clubMemberId), eq(clubMembers.clubId, clubId)))
      .where(eq(communityMembers.communityId, communityId)),
  ]);
  const now = Date.now();
  return {
    items: items.map((row) => toMember(row, now)),
    total: counts?.total ?? 0,
    counts: { all: counts?.all ?? 0, members: counts?.members ?? 0, invited: counts?.invited ?? 0, banned: counts?.banned ?? 0 },
  };
}

/** When the first `recently_mailed` or `muted_until` of these members changes by the clock (Infinity when none will). */
export function membersChangeAt(items: CommunityMember[]): number {
  let until = Infinity;
  for (const m of items) {
    if (m.recently_mailed && m.last_invited_at) until = Math.min(until, Date.parse(m.last_invited_at) + INVITATION_THROTTLE_MS);
    if (m.muted_until) until = Math.min(until, Date.parse(m.muted_until));
  }
  return until;
}

/**
 * GET C/invitable: the club's imported members who are not in the community (banned from the
 * club's member list ones are not offered), searched, at most INVITABLE_LIST_MAX.
 */
export async function listInvitable(db: DbOrTx, clubId: number, communityId: number, search: string): Promise<InvitableMember[]> {
  const rows = await db
    .select({
      id: clubMembers.id,
      firstName: clubMembers.firstName,
      lastName: clubMembers.lastName,
      email: clubMembers.email,
      unionNumber: clubMembers.unionNumber,
    })
    .from(clubMembers)
    .where(
      and(
        eq(clubMembers.clubId, clubId),
        sql`${clubMembers.status} <> 'banned'`,
        sql`not exists (select 1 from ${communityMembers} cm where cm.community_id = ${communityId} and cm.club_member_id = ${clubMembers.id})`,
        searchCondition(search, [
          sql`${importedName}`,
          sql`${clubMembers.firstName}`,
          sql`${clubMembers.lastName}`,
          sql`${clubMembers.email}`,
          sql`${clubMembers.unionNumber}`,
        ]),
      ),
    )
    .orderBy(sql`lower(${clubMembers.lastName})`, sql`lower(${clubMembers.firstName})`, asc(clubMembers.id))
    .limit(INVITABLE_LIST_MAX);
  return rows.map((r) => ({
    club_member_id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim() || r.email,
    email: r.email,
    union_number: r.unionNumber,
  }));
}

interface ClaimedRow extends Record<string, unknown> {
  id: number;
  old_invited_at: Date | string | null;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * POST C/members/invitations. `club_member_ids`: the club's imported members, added to the
 * community as invited (those already in it are treated as the member they are), then mailed;
 * `member_ids`: the community's invited members, mailed again. An invited member mailed within
 * the last 24 hours is skipped ('recently_mailed'), a joined one 'joined', a banned one (in the
 * community, or on the club's member list) 'banned', an id that is not the club's or the
 * community's, or a golfer who has no imported member row to mail, 'not_found'. A skipped entry
 * carries the id as it was sent (a club member id, or a community member id).
 *
 * The rows are added and claimed (last_invited_at = now) in one transaction before any mail goes
 * out, so two calls never mail a member twice; a mail that fails puts the claim back
 * ('mail_failed'). Mailed in the language of the club's country. Logged as 'members_invited'
 * with the number mailed.
 */
export async function inviteToCommunity(
  deps: { db: Db; mailer: Mailer; log: (err: unknown) => void },
  actor: Actor,
  clubId: number,
  scope: CommunityScope,
  body: { club_member_ids: number[]; member_ids: number[] },
): Promise<InvitationsResult> {
  const { db } = deps;
  const communityId = scope.community.id;
  const skipped: { id: number; reason: SkipReason }[] = [];

  // Every target as a community member id, with the id it was asked by.
  const targets = new Map<number, number>();
  const { added, claimed } = await db.transaction(async (tx) => {
    // Imported members of the club: new ones become invited members of the community.
    const clubIds = [...new Set(body.club_member_ids)];
    const found = clubIds.length
      ? await tx
          .select({ id: clubMembers.id, firstName: clubMembers.firstName, lastName: clubMembers.lastName, email: clubMembers.email, status: clubMembers.status })
          .from(clubMembers)
          .where(and(eq(clubMembers.clubId, clubId), inArray(clubMembers.id, clubIds)))
      : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    const invitable = found.filter((r) => r.status !== 'banned');
    for (const id of clubIds) {
      const row = byId.get(id);
      if (!row) skipped.push({ id, reason: 'not_found' });
      else if (row.status === 'banned') skipped.push({ id, reason: 'banned' });
    }
    let added = 0;
    if (invitable.length) {
      const inserted = await tx
        .insert(communityMembers)
        .values(
          invitable.map((r) => ({
            communityId,
            clubMemberId: r.id,
            displayName: `${r.firstName} ${r.lastName}`.trim() || r.email,
            status: 'invited',
          })),
        )
        .onConflictDoNothing({ target: [communityMembers.communityId, communityMembers.clubMemberId] })
        .returning({ id: communityMembers.id });
      added = inserted.length;
    }
    if (invitable.length) {
      const rows = await tx
        .select({ id: communityMembers.id, clubMemberId: communityMembers.clubMemberId })
        .from(communityMembers)
        .where(
          and(
            eq(communityMembers.communityId, communityId),
            inArray(
              communityMembers.clubMemberId,
              invitable.map((r) => r.id),
            ),
          ),
        );
      for (const r of rows) if (!targets.has(r.id)) targets.set(r.id, r.clubMemberId!);
    }
    for (const id of new Set(body.member_ids)) if (!targets.has(id)) targets.set(id, id);
    const targetIds = [...targets.keys()];
    if (targetIds.length === 0) return { added, claimed: [] as ClaimedRow[] };

    const throttle = new Date(Date.now() - INVITATION_THROTTLE_MS);
    const claimed = (
      await tx.execute<ClaimedRow>(sql`
        with target as (
          select id, last_invited_at as old_invited_at from community_members
          where community_id = ${communityId} and id = any(${sql.param(targetIds)}::int[])
            and status = 'invited' and club_member_id is not null
            and (last_invited_at is null or last_invited_at <= ${throttle})
          for update)
        update community_members m set last_invited_at = now()
        from target, club_members c
        where m.id = target.id and c.id = m.club_member_id and c.club_id = ${clubId}
        returning m.id, target.old_invited_at, c.email, c.first_name, c.last_name`)
    ).rows;
    const claimedIds = new Set(claimed.map((r) => r.id));
    const others = targetIds.filter((id) => !claimedIds.has(id));
    if (others.length) {
      const rows = await tx
        .select({ id: communityMembers.id, status: communityMembers.status, clubMemberId: communityMembers.clubMemberId })
        .from(communityMembers)
        .where(and(eq(communityMembers.communityId, communityId), inArray(communityMembers.id, others)));
      const state = new Map(rows.map((r) => [r.id, r]));
      for (const id of others) {
        const row = state.get(id);
        const reason: SkipReason =
          !row || row.clubMemberId === null
            ? 'not_found'
            : row.status === 'member'
              ? 'joined'
              : row.status === 'banned'
                ? 'banned'
                : 'recently_mailed';
        skipped.push({ id: targets.get(id)!, reason });
      }
    }
    return { added, claimed };
  });

  let sent = 0;
  const mailed: string[] = [];
  if (claimed.length) {
    const [club] = await db.select({ name: clubs.name, countryCode: clubs.countryCode }).from(clubs).where(eq(clubs.id, clubId));
    // Imported members have no language of their own: the language of the club's country, else English.
    const language = countryLanguage(club?.countryCode);
    for (const member of claimed) {
      const name = `${member.first_name} ${member.last_name}`.trim();
      try {
        const mail = communityInvitationMail(language, {
          name: member.first_name || name || member.email,
          club: club?.name ?? '',
          community: scope.community.name,
          email: member.email,
        });
        await deps.mailer.send({ to: member.email, ...mail });
        sent++;
        mailed.push(name || member.email);
      } catch (err) {
        deps.log(err);
        skipped.push({ id: targets.get(member.id) ?? member.id, reason: 'mail_failed' });
        const old = member.old_invited_at === null ? null : new Date(member.old_invited_at);
        await db.update(communityMembers).set({ lastInvitedAt: old }).where(eq(communityMembers.id, member.id));
      }
    }
  }
  if (sent > 0) {
    await logModeration(db, {
      communityId,
      action: 'members_invited',
      actorUserId: actor.userId,
      actorName: await userDisplayName(db, actor.userId),
      target: logExcerpt(mailed.join(', ')),
      detail: String(sent),
    });
  }
  return { added, sent, skipped };
}

/** A member of the community by id, else 404 `communities.memberNotFound` (another community's member too). */
async function memberOf(db: DbOrTx, clubId: number, communityId: number, memberId: number): Promise<MemberRow> {
  const [row] = await memberSelect(db, clubId).where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.id, memberId)));
  if (!row) throw notFound('communities.memberNotFound');
  return row;
}

/** Changes one member and logs it, in one transaction; answers the member as it is then. */
async function changeMember(
  db: Db,
  actor: Actor,
  clubId: number,
  communityId: number,
  memberId: number,
  change: (tx: DbOrTx, row: MemberRow) => Promise<{ action: 'member_banned' | 'member_unbanned' | 'member_muted' | 'member_unmuted'; detail?: string }>,
): Promise<CommunityMember> {
  return db.transaction(async (tx) => {
    const before = await memberOf(tx, clubId, communityId, memberId);
    const { action, detail } = await change(tx, before);
    await logModeration(tx, {
      communityId,
      action,
      actorUserId: actor.userId,
      actorName: await userDisplayName(tx, actor.userId),
      target: before.name,
      detail: detail ?? null,
    });
    return toMember(await memberOf(tx, clubId, communityId, memberId));
  });
}

/** POST C/members/{memberId}/ban: 409 `communities.alreadyBanned` when banned. */
export function banMember(db: Db, actor: Actor, clubId: number, communityId: number, memberId: number): Promise<CommunityMember> {
  return changeMember(db, actor, clubId, communityId, memberId, async (tx, row) => {
    if (row.status === 'banned') throw conflict('communities.alreadyBanned');
    await tx.update(communityMembers).set({ status: 'banned' }).where(eq(communityMembers.id, row.id));
    return { action: 'member_banned' };
  });
}

/**
 * POST C/members/{memberId}/unban: back to a member when they are a golfer of the app (they had
 * joined), else back to invited. 409 `communities.notBanned` when not banned.
 */
export function unbanMember(db: Db, actor: Actor, clubId: number, communityId: number, memberId: number): Promise<CommunityMember> {
  return changeMember(db, actor, clubId, communityId, memberId, async (tx, row) => {
    if (row.status !== 'banned') throw conflict('communities.notBanned');
    const status = row.appUserId !== null ? 'member' : 'invited';
    await tx
      .update(communityMembers)
      .set({ status, joinedAt: status === 'member' ? sql`coalesce(${communityMembers.joinedAt}, now())` : communityMembers.joinedAt })
      .where(eq(communityMembers.id, row.id));
    return { action: 'member_unbanned' };
  });
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * POST C/members/{memberId}/mute: muted until `until` (after now, at most muteMaxDays ahead, else
 * 400 `communities.muteRange`); the mute ends by itself. Logged with its end.
 */
export function muteMember(db: Db, actor: Actor, clubId: number, communityId: number, memberId: number, untilText: string): Promise<CommunityMember> {
  const until = new Date(untilText);
  const now = Date.now();
  if (!(until.getTime() > now && until.getTime() <= now + COMMUNITY_LIMITS.muteMaxDays * DAY_MS)) {
    throw badRequest('communities.muteRange', { days: COMMUNITY_LIMITS.muteMaxDays });
  }
  return changeMember(db, actor, clubId, communityId, memberId, async (tx, row) => {
    await tx.update(communityMembers).set({ mutedUntil: until }).where(eq(communityMembers.id, row.id));
    return { action: 'member_muted', detail: until.toISOString() };
  });
}

/** DELETE C/members/{memberId}/mute: 409 `communities.notMuted` when no mute is in force. */
export function unmuteMember(db: Db, actor: Actor, clubId: number, communityId: number, memberId: number): Promise<CommunityMember> {
  return changeMember(db, actor, clubId, communityId, memberId, async (tx, row) => {
    if (!mutedNow(row.mutedUntil)) throw conflict('communities.notMuted');
    await tx.update(communityMembers).set({ mutedUntil: null }).where(eq(communityMembers.id, row.id));
    return { action: 'member_unmuted' };
  });
}

/**
 * POST C/members/removals: removes the community's members among `ids` (others are ignored), each
 * logged as 'member_removed', in one transaction. Their posts and comments stay under the name
 * they were written with.
 */
export async function removeCommunityMembers(db: Db, actor: Actor, clubId: number, communityId: number, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await memberSelect(tx, clubId).where(and(eq(communityMembers.communityId, communityId), inArray(communityMembers.id, [...new Set(ids)])));
    if (rows.length === 0) return 0;
    const removed = await tx
      .delete(communityMembers)
      .where(
        and(
          eq(communityMembers.communityId, communityId),
          inArray(
            communityMembers.id,
            rows.map((r) => r.id),
          ),
        ),
      )
      .returning({ id: communityMembers.id });
    const removedIds = new Set(removed.map((r) => r.id));
    const actorName = await userDisplayName(tx, actor.userId);
    for (const row of rows) {
      if (!removedIds.has(row.id)) continue;
      await logModeration(tx, { communityId, action: 'member_removed', actorUserId: actor.userId, actorName, target: row.name });
    }
    return removed.length;
  });
}

// ---------------------------------------------------------------- the golfers' app

/** The `app_users` id of the club's golfer `appId`; 404 `communities.unknownGolfer` when the club does not know them. */
async function golferId(db: DbOrTx, clubId: number, appId: string): Promise<number> {
  const id = await appUserIdOf(db, clubId, appId);
  if (id === null) throw notFound('communities.unknownGolfer', { appUserId: appId });
  return id;
}

/** Members (joined) of the community, as SQL for a select over `communities`. */
const joinedCount = sql<number>`(select count(*) from ${communityMembers} j where j.community_id = ${communities.id} and j.status = 'member')::int`;

function toAppCommunity(community: CommunityRow, members: number, own: { status: string; mutedUntil: Date | null } | null): AppCommunity {
  const membership: AppCommunity['membership'] = own?.status === 'member' ? 'member' : own?.status === 'invited' ? 'invited' : 'none';
  return {
    id: community.id,
    name: community.name,
    description: community.description,
    image_url: storedFileUrl(community.imageKey),
    hidden: community.hidden,
    members,
    membership,
    muted_until: membership === 'member' && mutedNow(own!.mutedUntil) ? iso(own!.mutedUntil) : null,
    last_activity_at: community.lastActivityAt.toISOString(),
  };
}

/**
 * GET app/clubs/{clubId}/users/{appUserId}/communities: the club's open communities and the hidden
 * ones the golfer is in (a member, or invited as the app user); none they are banned from. By name.
 */
export async function golferCommunities(db: DbOrTx, clubId: number, appId: string): Promise<AppCommunity[]> {
  const appUserId = await golferId(db, clubId, appId);
  const rows = await db
    .select({ community: communities, members: joinedCount, status: communityMembers.status, mutedUntil: communityMembers.mutedUntil })
    .from(communities)
    .leftJoin(communityMembers, and(eq(communityMembers.communityId, communities.id), eq(communityMembers.appUserId, appUserId)))
    .where(
      and(
        eq(communities.clubId, clubId),
        or(eq(communities.hidden, false), isNotNull(communityMembers.id)),
        or(isNull(communityMembers.status), ne(communityMembers.status, 'banned')),
      ),
    )
    .orderBy(sql`lower(${communities.name})`, asc(communities.id));
  return rows.map((r) => toAppCommunity(r.community, r.members, r.status === null ? null : { status: r.status, mutedUntil: r.mutedUntil }));
}

async function appCommunity(db: DbOrTx, community: CommunityRow, memberId: number): Promise<AppCommunity> {
  const [row] = await db
    .select({ members: joinedCount, status: communityMembers.status, mutedUntil: communityMembers.mutedUntil })
    .from(communities)
    .innerJoin(communityMembers, eq(communityMembers.communityId, communities.id))
    .where(and(eq(communities.id, community.id), eq(communityMembers.id, memberId)));
  return toAppCommunity(community, row.members, row);
}

/**
 * POST app/clubs/{clubId}/users/{appUserId}/communities/{communityId}/join. The golfer's own row:
 * banned → 403 `communities.banned`; else they are (or become) a member, under the name they give.
 * Without one: an invited imported member of the community whose email is `email` is linked to the
 * golfer and joins (in an open community too, so the same person is not in it twice; a banned one
 * with that email is refused 403); else an open community takes them as a new member, and a hidden
 * one answers 404 `communities.notFound` (it is not shown to golfers outside it).
 */
export async function joinCommunity(db: Db, clubId: number, communityId: number, appId: string, body: { display_name: string; email?: string }): Promise<AppCommunity> {
  const attempt = () =>
    db.transaction(async (tx) => {
      const appUserId = await golferId(tx, clubId, appId);
      const [community] = await tx.select().from(communities).where(and(eq(communities.id, communityId), eq(communities.clubId, clubId)));
      if (!community) throw notFound('communities.notFound');
      const joined = { status: 'member', displayName: body.display_name, joinedAt: sql`coalesce(${communityMembers.joinedAt}, now())` };

      const [own] = await tx
        .select({ id: communityMembers.id, status: communityMembers.status })
        .from(communityMembers)
        .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.appUserId, appUserId)));
      if (own) {
        if (own.status === 'banned') throw forbidden('communities.banned');
        await tx.update(communityMembers).set(joined).where(eq(communityMembers.id, own.id));
        return appCommunity(tx, community, own.id);
      }

      if (body.email) {
        const invitations = await tx
          .select({ id: communityMembers.id, status: communityMembers.status })
          .from(communityMembers)
          .innerJoin(clubMembers, and(eq(clubMembers.id, communityMembers.clubMemberId), eq(clubMembers.clubId, clubId)))
          .where(and(eq(communityMembers.communityId, communityId), isNull(communityMembers.appUserId), sql`lower(${clubMembers.email}) = ${body.email.toLowerCase()}`))
          .orderBy(asc(communityMembers.id));
        const invited = invitations.find((r) => r.status === 'invited');
        if (invited) {
          await tx
            .update(communityMembers)
            .set({ ...joined, appUserId })
            .where(eq(communityMembers.id, invited.id));
          return appCommunity(tx, community, invited.id);
        }
        if (invitations.some((r) => r.status === 'banned')) throw forbidden('communities.banned');
      }

      if (community.hidden) throw notFound('communities.notFound');
      const [created] = await tx
        .insert(communityMembers)
        .values({ communityId, appUserId, displayName: body.display_name, status: 'member', joinedAt: new Date() })
        .onConflictDoNothing({ target: [communityMembers.communityId, communityMembers.appUserId] })
        .returning({ id: communityMembers.id });
      // Nothing inserted: the same golfer joined at the same moment; the next attempt finds their row.
      if (!created) throw new JoinRace();
      return appCommunity(tx, community, created.id);
    });
  try {
    return await attempt();
  } catch (err) {
    // Two joins of the same golfer at once: the second one meets the first one's row and answers as above.
    if (err instanceof JoinRace || isUniqueViolation(err)) return attempt();
    throw err;
  }
}

class JoinRace extends Error {}

/**
 * DELETE app/clubs/{clubId}/users/{appUserId}/communities/{communityId}/membership: the golfer
 * leaves (an invitation is declined). A banned golfer stays banned: 403 `communities.banned`; a
 * golfer who is not in it: 403 `communities.notJoined`.
 */
export async function leaveCommunity(db: DbOrTx, clubId: number, communityId: number, appId: string): Promise<void> {
  const standing = await golferStanding(db, clubId, communityId, appId);
  if (!standing.member) throw forbidden('communities.notJoined');
  if (standing.member.status === 'banned') throw forbidden('communities.banned');
  await db.delete(communityMembers).where(and(eq(communityMembers.id, standing.member.id), ne(communityMembers.status, 'banned')));
}

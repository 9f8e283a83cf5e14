/** The club's imported members: the list, its CSV export, removal and bans. */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  csvSafeCell,
  INVITATION_THROTTLE_MS,
  recentlyMailed,
  type Member,
  type MemberFilter,
  type MembersQuery,
  type MembersResponse,
} from '@golf/contract/api/members';
import { clubMembers } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { notFound } from '../../platform/errors';

const STATUS_OF_FILTER: Record<Exclude<MemberFilter, 'all'>, string> = { members: 'member', invited: 'invited', banned: 'banned' };

function searchCondition(search: string): SQL | undefined {
  const terms = search
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .slice(0, 10);
  if (terms.length === 0) return undefined;
  const parts = terms.map((term) => {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`(${clubMembers.unionNumber} ilike ${like} or ${clubMembers.email} ilike ${like} or ${clubMembers.firstName} ilike ${like}
      or ${clubMembers.lastName} ilike ${like} or (${clubMembers.firstName} || ' ' || ${clubMembers.lastName}) ilike ${like})`;
  });
  return sql`(${sql.join(parts, sql` or `)})`;
}

function toMember(row: typeof clubMembers.$inferSelect, now: number): Member {
  const invitedAt = row.lastInvitedAt;
  return {
    id: row.id,
    union_number: row.unionNumber,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    details: (row.details ?? {}) as Record<string, string>,
    status: row.status as Member['status'],
    last_invited_at: invitedAt ? invitedAt.toISOString() : null,
    recently_mailed: recentlyMailed(invitedAt, now),
    created_at: row.createdAt.toISOString(),
  };
}

function listConditions(clubId: number, query: { filter: MemberFilter; search: string }): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(clubMembers.clubId, clubId), searchCondition(query.search)];
  if (query.filter !== 'all') conditions.push(eq(clubMembers.status, STATUS_OF_FILTER[query.filter]));
  return and(...conditions);
}

/** GET clubs/{clubId}/members: one page of the club's imported members, filtered and searched. */
export async function listMembers(db: DbOrTx, clubId: number, query: z.output<typeof MembersQuery>): Promise<MembersResponse> {
  const where = listConditions(clubId, query);
  // The page and the counts are independent: on PostgreSQL they run at the same time.
  const [items, { rows: [counts] }] = await Promise.all([
    db
      .select()
      .from(clubMembers)
      .where(where)
      .orderBy(sql`lower(${clubMembers.lastName})`, sql`lower(${clubMembers.firstName})`, clubMembers.id)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.execute<{ all: number; members: number; invited: number; banned: number; total: number }>(sql`
      select count(*)::int as all,
        count(*) filter (where status = 'member')::int as members,
        count(*) filter (where status = 'invited')::int as invited,
        count(*) filter (where status = 'banned')::int as banned,
        count(*) filter (where ${where ?? sql`true`})::int as total
      from club_members where club_id = ${clubId}`),
  ]);
  const now = Date.now();
  return {
    items: items.map((row) => toMember(row, now)),
    total: counts.total,
    counts: { all: counts.all, members: counts.members, invited: counts.invited, banned: counts.banned },
  };
}

/** When the first `recently_mailed` of these members turns false (Infinity when none is true). */
export function recentlyMailedUntil(items: Member[]): number {
  let until = Infinity;
  for (const m of items) if (m.recently_mailed && m.last_invited_at) until = Math.min(until, Date.parse(m.last_invited_at) + INVITATION_THROTTLE_MS);
  return until;
}

/** The member list as CSV (semicolon-separated, UTF-8 with BOM for spreadsheet programs). */
export async function exportMembersCsv(db: DbOrTx, clubId: number, query: { filter: MemberFilter; search: string }): Promise<string> {
  const rows = await db
    .select()
    .from(clubMembers)
    .where(listConditions(clubId, query))
    .orderBy(sql`lower(${clubMembers.lastName})`, sql`lower(${clubMembers.firstName})`, clubMembers.id);
  const extraHeaders = [...new Set(rows.flatMap((r) => Object.keys((r.details ?? {}) as Record<string, string>)))];
  const quote = (value: string) => {
    const safe = csvSafeCell(value);
    return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [['Union number', 'Email', 'First name', 'Last name', 'Phone', 'Status', 'Last invited', ...extraHeaders].map(quote).join(';')];
  for (const r of rows) {
    const details = (r.details ?? {}) as Record<string, string>;
    lines.push(
      [r.unionNumber, r.email, r.firstName, r.lastName, r.phone, r.status, r.lastInvitedAt?.toISOString() ?? '', ...extraHeaders.map((h) => details[h] ?? '')]
        .map(quote)
        .join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------- invitations, removal, ban

/** POST clubs/{clubId}/members/removals. */
export async function removeMembers(db: DbOrTx, clubId: number, ids: number[]): Promise<number> {
  const removed = await db
    .delete(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), inArray(clubMembers.id, [...new Set(ids)])))
    .returning({ id: clubMembers.id });
  return removed.length;
}

/** PUT clubs/{clubId}/members/{id}: ban, or lift a ban (back to 'member' when they had joined). */
export async function setMemberStatus(db: DbOrTx, clubId: number, id: number, status: 'banned' | 'imported'): Promise<Member> {
  const next = status === 'banned' ? sql`'banned'` : sql`case when ${clubMembers.userId} is not null then 'member' else 'imported' end`;
  const [row] = await db
    .update(clubMembers)
    .set({ status: next, updatedAt: new Date() })
    .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.id, id)))
    .returning();
  if (!row) throw notFound('members.notFound');
  return toMember(row, Date.now());
}

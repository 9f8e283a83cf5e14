import { and, asc, eq, exists, or, sql } from 'drizzle-orm';
import { Handle } from '@golf/contract/api/clubs';
import type { AdminCandidate, ClubHandleTarget, FormerHandle, HandleCheck } from '@golf/contract/api/management';
import { canAccessClub, managesClub, type PermissionSubject } from '@golf/contract/permissions';
import { clubFormerHandles, clubs, clubUserRoles, users } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/db-types';
import { notFound } from '../../platform/errors';
import { formerHandles, resolveClubHandle } from '../clubs';

/** Users offered as a club's admin at most (issue 27). */
const ADMIN_CANDIDATES_CAP = 500;

/**
 * GET clubs/{clubId}/handle-check?handle= : may the club take this handle? Normalised as the
 * contract's Handle stores it; not URL-safe → 'invalid'; another club's handle → 'taken'; another
 * club's former handle → 'former' (its old URLs lead there). The club's own handle, current or
 * former, is available.
 */
export async function checkHandle(db: DbOrTx, clubId: number, asked: string): Promise<HandleCheck> {
  const parsed = Handle.safeParse(asked);
  if (!parsed.success) return { handle: asked.trim().toLowerCase(), available: false, reason: 'invalid' };
  const handle = parsed.data;
  const [current] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.handle, handle));
  if (current && current.id !== clubId) return { handle, available: false, reason: 'taken' };
  if (!current) {
    const [former] = await db.select({ clubId: clubFormerHandles.clubId }).from(clubFormerHandles).where(eq(clubFormerHandles.handle, handle));
    if (former && former.clubId !== clubId) return { handle, available: false, reason: 'former' };
  }
  return { handle, available: true, reason: null };
}

/**
 * GET club-handles/{handle}: the club whose current or former handle it is, when the user may open
 * that club; 404 otherwise, the same answer as for a handle nobody has (a club the user cannot open
 * is not revealed).
 */
export async function clubHandleTarget(db: DbOrTx, subject: PermissionSubject, asked: string): Promise<ClubHandleTarget> {
  const handle = asked.trim().toLowerCase();
  const found = await resolveClubHandle(db, handle);
  if (!found || !(canAccessClub(subject, found.clubId) || managesClub(subject, found.clubId))) throw notFound('management.handleNotFound');
  return { club_id: found.clubId, handle: found.handle, former: found.former };
}

/** GET clubs/{clubId}/former-handles: newest first. */
export async function listFormerHandles(db: DbOrTx, clubId: number): Promise<FormerHandle[]> {
  return (await formerHandles(db, clubId)).map((f) => ({ handle: f.handle, changed_at: f.changedAt.toISOString() }));
}

/**
 * GET clubs/{clubId}/admin-candidates: who may be the club's admin — a user with a role in the
 * club, or an administrator (the rule PUT clubs/{id} checks) — by name, at most 500.
 */
export async function listAdminCandidates(db: DbOrTx, clubId: number): Promise<AdminCandidate[]> {
  const roleInClub = db
    .select({ one: sql`1` })
    .from(clubUserRoles)
    .where(and(eq(clubUserRoles.userId, users.id), eq(clubUserRoles.clubId, clubId)));
  return db
    .select({ id: users.id, email: users.email, first_name: users.firstName, last_name: users.lastName })
    .from(users)
    .where(or(eq(users.admin, true), exists(roleInClub)))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.email), asc(users.id))
    .limit(ADMIN_CANDIDATES_CAP);
}

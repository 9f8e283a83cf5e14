import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProfileUpdateBody } from '@golf/contract/api/session';
import { serverErrorText } from '@golf/contract/api/errors';
import { type ClubUser, type CreateUserBody, type UserSummary } from '@golf/contract/api/users';
import { assignableRoles, hasClubRole, type PermissionSubject } from '@golf/contract/permissions';
import { CLUB_ROLES } from '@golf/contract/roles';
import { clubs, clubUserRoles, passwordResets, regionUsers, users } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { userAddedMail, userInvitationMail } from '../../platform/mail-templates';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { newToken } from '../../platform/tokens';
import { revokeOtherSessions } from '../session';

/** How long the link of an invitation mail works. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;

export const NOT_IN_CLUB = serverErrorText('users.notInClub');

export const NOT_THEIRS = serverErrorText('users.notTheirs');

/**
 * PUT users/{id}. The own profile: name, language and, with the current password, the password
 * (which signs out the user's other sessions). Someone else's: the admin, or a user manager of
 * every club the user belongs to, may change the name and language; never the password or the
 * email. An account that also belongs to clubs the caller does not manage, holds a region role,
 * or is an admin's, is its owner's own: a club's manager changes only its roles in the club
 * (PUT clubs/{clubId}/users/{id}/roles).
 */
export async function updateProfile(
  db: Db,
  auth: { userId: number; sessionId: number; subject: PermissionSubject },
  pathId: number,
  body: z.output<typeof ProfileUpdateBody>,
): Promise<UserSummary | null> {
  if (pathId === auth.userId) {
    await updateOwnProfile(db, auth, pathId, body);
    return null;
  }
  const [target] = await db.select({ id: users.id, admin: users.admin }).from(users).where(eq(users.id, pathId));
  if (!auth.subject.admin) {
    const memberOf = target
      ? await db.selectDistinct({ clubId: clubUserRoles.clubId }).from(clubUserRoles).where(eq(clubUserRoles.userId, pathId))
      : [];
    const managed = memberOf.filter((c) => hasClubRole(auth.subject, c.clubId, 'user-management'));
    if (!target || managed.length === 0) throw forbidden('users.ownProfileOnly');
    const regionRoles = await db.select({ regionId: regionUsers.regionId }).from(regionUsers).where(eq(regionUsers.userId, pathId)).limit(1);
    if (target.admin || managed.length < memberOf.length || regionRoles.length > 0) throw forbidden('users.notTheirs');
  }
  if (!target) throw notFound('users.notFound');
  if (body.id !== pathId) throw badRequest('users.idMismatch');
  if (body.newPassword || body.currentPassword) throw forbidden('users.othersPassword');
  const [row] = await db
    .update(users)
    .set({ firstName: body.firstName, lastName: body.lastName, language: body.language, updatedAt: new Date() })
    .where(eq(users.id, pathId))
    .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language });
  return { ...row, language: row.language as UserSummary['language'] };
}

/**
 * A user updates their own profile: name, language and, with the current password, the password.
 * A new password signs out every other session of the user (the one that changed it stays);
 * the caller must forget the user's cached sessions.
 */
export async function updateOwnProfile(
  db: Db,
  auth: { userId: number; sessionId: number },
  pathId: number,
  body: z.output<typeof ProfileUpdateBody>,
): Promise<void> {
  if (pathId !== auth.userId) throw forbidden('users.ownProfileOnly');
  if (body.id !== pathId) throw badRequest('users.idMismatch');
  const set: Partial<typeof users.$inferInsert> = {
    firstName: body.firstName,
    lastName: body.lastName,
    language: body.language,
    updatedAt: new Date(),
  };
  if (body.newPassword) {
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.userId));
    if (!(await verifyPassword(row?.passwordHash ?? null, body.currentPassword ?? ''))) {
      throw badRequest('users.wrongPassword', undefined, [{ path: 'currentPassword', message: 'Your current password is not correct' }]);
    }
    set.passwordHash = await hashPassword(body.newPassword);
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set(set).where(eq(users.id, auth.userId));
    if (set.passwordHash) await revokeOtherSessions(tx, auth.userId, auth.sessionId);
  });
}

interface ClubUserRow extends Record<string, unknown> {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
  admin: boolean;
  pending: boolean;
  roles: string[];
  last_login: Date | string | null;
}

function toClubUser(row: ClubUserRow): ClubUser {
  const lastLogin = row.last_login === null ? null : new Date(row.last_login).toISOString();
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    language: (['en', 'da', 'sv'].includes(row.language) ? row.language : 'en') as ClubUser['language'],
    roles: CLUB_ROLES.filter((r) => row.roles.includes(r)),
    admin: row.admin,
    pending: row.pending,
    last_login: lastLogin,
  };
}

async function queryClubUsers(db: DbOrTx, clubId: number, userId?: number): Promise<ClubUser[]> {
  const result = await db.execute<ClubUserRow>(sql`
    select u.id, u.email, u.first_name, u.last_name, u.language, u.admin,
      (u.password_hash is null) as pending,
      array_agg(r.role order by r.role) as roles,
      (select max(s.created_at) from sessions s where s.user_id = u.id) as last_login
    from club_user_roles r join users u on u.id = r.user_id
    where r.club_id = ${clubId} ${userId === undefined ? sql`` : sql`and u.id = ${userId}`}
    group by u.id
    order by lower(u.first_name), lower(u.last_name), u.id`);
  return result.rows.map(toClubUser);
}

/** GET clubs/{clubId}/users: the users holding roles in the club, keyed by id (§7). */
export async function listClubUsers(db: DbOrTx, clubId: number): Promise<Record<string, ClubUser>> {
  const list = await queryClubUsers(db, clubId);
  return Object.fromEntries(list.map((u) => [String(u.id), u]));
}

async function clubUser(db: DbOrTx, clubId: number, userId: number): Promise<ClubUser> {
  const [user] = await queryClubUsers(db, clubId, userId);
  if (!user) throw notFound('users.notInClub');
  return user;
}

async function directRoles(db: DbOrTx, clubId: number, userId: number): Promise<string[]> {
  const rows = await db
    .select({ role: clubUserRoles.role })
    .from(clubUserRoles)
    .where(and(eq(clubUserRoles.clubId, clubId), eq(clubUserRoles.userId, userId)));
  return rows.map((r) => r.role);
}

/** §6: an admin may give any role; others only roles they hold in the club. */
function assertMayChange(subject: PermissionSubject, clubId: number, changed: readonly string[]): void {
  const allowed = assignableRoles(subject, clubId) as readonly string[];
  if (changed.some((role) => !allowed.includes(role))) throw forbidden('users.rolesRefused');
}

/**
 * POST clubs/{clubId}/users. A new account gets the roles and an invitation mail with a link to
 * set a password. An email that has an account already (in another club, say) gets the roles in
 * this club and a mail telling the person they were added (with a link to set a password when
 * they never set one); its name and language stay the person's own. Both answer alike, so the
 * answer does not reveal whether the email had an account.
 */
export async function createClubUser(
  deps: { db: Db; mailer: Mailer; publicUrl: string; log: (err: unknown) => void },
  subject: PermissionSubject,
  clubId: number,
  input: z.output<typeof CreateUserBody>,
): Promise<{ user: ClubUser; invited: boolean }> {
  const { db } = deps;
  assertMayChange(subject, clubId, input.roles);
  let outcome: { userId: number; invite: string | null };
  try {
    outcome = await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, input.email))
        .for('update');
      let userId: number;
      let needsPassword: boolean;
      if (found) {
        if ((await directRoles(tx, clubId, found.id)).length > 0) throw conflict('users.emailHasAccess');
        userId = found.id;
        needsPassword = found.passwordHash === null;
      } else {
        const [created] = await tx
          .insert(users)
          .values({ email: input.email, firstName: input.first_name, lastName: input.last_name, language: input.language, passwordHash: null })
          .returning({ id: users.id });
        userId = created.id;
        needsPassword = true;
      }
      await tx.insert(clubUserRoles).values(input.roles.map((role) => ({ clubId, userId, role })));
      let invite: string | null = null;
      if (needsPassword) {
        const { token, hash } = newToken();
        await tx.insert(passwordResets).values({ kind: 'invite', userId, tokenHash: hash, expiresAt: new Date(Date.now() + INVITE_TTL_MS) });
        invite = token;
      }
      return { userId, invite };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('users.emailHasAccess');
    throw err;
  }
  let invited = false;
  try {
    await sendInvitation(deps, clubId, outcome.userId, input.email, outcome.invite);
    invited = true;
  } catch (err) {
    deps.log(err);
  }
  return { user: await clubUser(db, clubId, outcome.userId), invited };
}

/** The mail of POST clubs/{clubId}/users: with a link to choose a password when `token` is given, else to sign in. */
async function sendInvitation(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  clubId: number,
  userId: number,
  email: string,
  token: string | null,
): Promise<void> {
  const [club] = await deps.db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, clubId));
  const [user] = await deps.db.select({ firstName: users.firstName, language: users.language }).from(users).where(eq(users.id, userId));
  if (!club || !user) throw new Error(`invitation: club ${clubId} or user ${userId} not found`);
  const values = { name: user.firstName || email, club: club.name, email };
  const mail = token
    ? userInvitationMail(user.language, { ...values, link: `${deps.publicUrl}/reset_password/${token}/${encodeURIComponent(email)}`, days: INVITE_TTL_MS / 86_400_000 })
    : userAddedMail(user.language, { ...values, link: `${deps.publicUrl}/signin` });
  await deps.mailer.send({ to: email, ...mail });
}

/**
 * PUT clubs/{clubId}/users/{id}/roles: sets the user's roles in the club. A change of a role the
 * caller may not give (§6), or of an admin's roles by a non-admin, is refused with 403.
 */
export async function setClubUserRoles(
  db: Db,
  subject: PermissionSubject,
  clubId: number,
  userId: number,
  roles: readonly string[],
): Promise<ClubUser> {
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ admin: users.admin }).from(users).where(eq(users.id, userId));
    const current = target ? await directRoles(tx, clubId, userId) : [];
    if (current.length === 0) throw notFound('users.notInClub');
    if (target.admin && !subject.admin) throw forbidden('users.rolesRefused');
    const removed = current.filter((r) => !roles.includes(r));
    const added = roles.filter((r) => !current.includes(r));
    assertMayChange(subject, clubId, [...removed, ...added]);
    if (removed.length) {
      await tx
        .delete(clubUserRoles)
        .where(and(eq(clubUserRoles.clubId, clubId), eq(clubUserRoles.userId, userId), inArray(clubUserRoles.role, removed)));
    }
    if (added.length) await tx.insert(clubUserRoles).values(added.map((role) => ({ clubId, userId, role }))).onConflictDoNothing();
  });
  return clubUser(db, clubId, userId);
}

/**
 * DELETE clubs/{clubId}/users/{id}: takes the user's roles in this club; the account goes too
 * when it then has no roles anywhere and is no admin. Nobody removes themselves, and a
 * non-admin removes only users whose roles they could change.
 */
export async function removeClubUser(
  db: Db,
  auth: { userId: number; subject: PermissionSubject },
  clubId: number,
  userId: number,
): Promise<{ account_deleted: boolean }> {
  if (userId === auth.userId) throw badRequest('users.cannotRemoveSelf');
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ admin: users.admin }).from(users).where(eq(users.id, userId)).for('update');
    const current = target ? await directRoles(tx, clubId, userId) : [];
    if (current.length === 0) throw notFound('users.notInClub');
    if (target.admin && !auth.subject.admin) throw forbidden('users.cannotRemove');
    const allowed = assignableRoles(auth.subject, clubId) as readonly string[];
    if (current.some((r) => !allowed.includes(r))) throw forbidden('users.cannotRemoveRoles');
    await tx.delete(clubUserRoles).where(and(eq(clubUserRoles.clubId, clubId), eq(clubUserRoles.userId, userId)));
    const [left] = (
      await tx.execute<{ n: number }>(sql`
        select (select count(*) from club_user_roles where user_id = ${userId})
          + (select count(*) from region_users where user_id = ${userId}) as n`)
    ).rows;
    if (Number(left.n) === 0 && !target.admin) {
      await tx.delete(regionUsers).where(eq(regionUsers.userId, userId));
      await tx.delete(users).where(eq(users.id, userId));
      return { account_deleted: true };
    }
    return { account_deleted: false };
  });
}

import { eq } from 'drizzle-orm';
import { hasClubRole, type PermissionSubject } from '@golf/contract/permissions';
import { clubs } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { forbidden, notFound } from '../../platform/errors';

/**
 * Users and members of a club are managed with the 'user-management' role there (§6), or as
 * admin. An admin asking for a club that does not exist gets 404; everybody else without the
 * role 403, whether or not the club exists.
 */
export async function assertUserManagement(db: DbOrTx, subject: PermissionSubject, clubId: number): Promise<void> {
  if (!hasClubRole(subject, clubId, 'user-management')) throw forbidden('You do not have access to the users of this club');
  if (subject.admin) {
    const [club] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
    if (!club) throw notFound('Club not found');
  }
}

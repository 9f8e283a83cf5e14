import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProfileUpdateBody } from '@golf/contract/api/session';
import { users } from '../../db/schema/index';
import type { Db } from '../../platform/database';
import { badRequest, forbidden } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';

/** A user updates their own profile: name, language and, with the current password, the password. */
export async function updateOwnProfile(
  db: Db,
  authUserId: number,
  pathId: number,
  body: z.output<typeof ProfileUpdateBody>,
): Promise<void> {
  if (pathId !== authUserId) throw forbidden('You can only change your own profile');
  if (body.id !== pathId) throw badRequest('The profile id does not match the address');
  const set: Partial<typeof users.$inferInsert> = {
    firstName: body.firstName,
    lastName: body.lastName,
    language: body.language,
    updatedAt: new Date(),
  };
  if (body.newPassword) {
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, authUserId));
    if (!(await verifyPassword(row?.passwordHash ?? null, body.currentPassword ?? ''))) {
      throw badRequest('Your current password is not correct', [{ path: 'currentPassword', message: 'Your current password is not correct' }]);
    }
    set.passwordHash = await hashPassword(body.newPassword);
  }
  await db.update(users).set(set).where(eq(users.id, authUserId));
}

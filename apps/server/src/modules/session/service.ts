import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database';
import { passwordResets, sessions, users } from '../../db/schema/index';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { newToken, hashToken } from '../../platform/tokens';
import { FailureLimiter } from '../../platform/rate-limit';
import { badRequest, HttpError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';

export const LOGIN_FAILED = 'Could not login. Check your email and password then try again.';
export const RESET_INVALID = 'This reset link is invalid, expired or already used. Ask for a new one.';

const WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ADDRESS_FAILURE_LIMIT = 50;
export const RESET_REQUEST_LIMIT = 5;

/** Signs in with email and password; returns a new session token or throws 401 / 429. */
export async function authenticate(
  db: Db,
  input: { username: string; password: string; ip: string; ttlMs: number },
): Promise<{ token: string; expiresAt: Date }> {
  const limiter = new FailureLimiter(db, WINDOW_MS);
  const accountKey = `account:${input.username}`;
  const ipKey = `ip:${input.ip}`;
  await limiter.assertAllowed(
    [
      { key: accountKey, limit: ACCOUNT_FAILURE_LIMIT },
      { key: ipKey, limit: ADDRESS_FAILURE_LIMIT },
    ],
    'Too many sign-in attempts. Try again in {minutes} minutes.',
  );
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.username));
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await limiter.recordFailure([accountKey, ipKey]);
    throw new HttpError(401, LOGIN_FAILED);
  }
  await limiter.clear(accountKey);
  return createSession(db, user.id, input.ttlMs);
}

export async function createSession(db: Db, userId: number, ttlMs: number) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(sessions).values({ userId, tokenHash: hash, expiresAt });
  // Expired sessions are of no use; drop this user's old ones.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} < now() - interval '1 day'`));
  return { token, expiresAt };
}

export async function renewSession(db: Db, sessionId: number, ttlMs: number): Promise<Date> {
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  return expiresAt;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Starts a password reset: when the account exists, stores a hashed one-time token and mails the
 * link. Answers the same whether or not the account exists.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  input: { email: string; publicUrl: string; ttlMs: number },
): Promise<void> {
  const limiter = new FailureLimiter(db, 60 * 60_000);
  const key = `reset:${input.email}`;
  await limiter.assertAllowed([{ key, limit: RESET_REQUEST_LIMIT }], 'Too many reset requests. Try again in {minutes} minutes.');
  await limiter.recordFailure([key]);
  const [user] = await db.select({ id: users.id, firstName: users.firstName }).from(users).where(eq(users.email, input.email));
  if (!user) return;
  const { token, hash } = newToken();
  await db.insert(passwordResets).values({ userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + input.ttlMs) });
  const link = `${input.publicUrl}/reset_password/${token}/${encodeURIComponent(input.email)}`;
  const minutes = Math.round(input.ttlMs / 60_000);
  await mailer.send({
    to: input.email,
    subject: 'Reset your password',
    text:
      `Hello ${user.firstName || input.email},\n\n` +
      `Someone asked to reset the password of your golf console account. ` +
      `Open this link within ${minutes} minutes to choose a new password:\n\n${link}\n\n` +
      `If it was not you, ignore this mail; your password stays as it is.\n`,
  });
}

/** Sets a new password with a reset token; the token works once, and every session is signed out. */
/** Returns the id of the user whose password changed. */
export async function resetPassword(db: Db, input: { email: string; password: string; token: string }): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .for('update');
    if (!row || row.email !== input.email) throw badRequest(RESET_INVALID);
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.userId, row.userId));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await tx.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, row.userId), isNull(sessions.revokedAt)));
    return row.userId;
  });
}

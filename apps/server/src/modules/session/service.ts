import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/database';
import { passwordResets, sessions, users } from '../../db/schema/index';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { newToken, hashToken } from '../../platform/tokens';
import { AttemptLimiter, FailureLimiter } from '../../platform/rate-limit';
import { serverError, serverErrorText, type ServerErrorMessage } from '@golf/contract/api/errors';
import { badRequest, HttpError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { passwordResetMail } from '../../platform/mail-templates';

export const LOGIN_FAILED = serverErrorText('auth.loginFailed');
export const RESET_INVALID = serverErrorText('auth.resetInvalid');

/**
 * Sign-in throttling (ASVS 2.2): slow down, lock only what an attacker owns. Per account and per
 * address a growing delay (after the free attempts of an hour, 1 s doubling up to a minute between
 * attempts); a hard lock only for one account from one address (10 failures in 15 minutes), so
 * hammering the admin's account from one address locks that address out of that account, never
 * the admin out of it.
 */
export const SIGN_IN_LIMITS = {
  account: { windowMs: 60 * 60_000, free: 5, maxDelayMs: 60_000 },
  address: { windowMs: 60 * 60_000, free: 20, maxDelayMs: 60_000 },
  pair: { windowMs: 15 * 60_000, limit: 10 },
} as const;
export const RESET_REQUEST_LIMIT = 5;

/** The 429 message of sign-in, with the wait in the largest whole unit. */
export function tooManySignIns({ seconds }: { seconds: number }): ServerErrorMessage {
  if (seconds === 1) return serverError('auth.tooManySignInsSecond');
  if (seconds < 60) return serverError('auth.tooManySignInsSeconds', { seconds });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? serverError('auth.tooManySignInsMinute') : serverError('auth.tooManySignInsMinutes', { minutes });
}

/** The counter keys of one sign-in attempt. */
export function signInKeys(username: string, ip: string) {
  return { account: `account:${username}`, address: `ip:${ip}`, pair: `pair:${username} ${ip}` };
}

/**
 * Signs in with email and password; returns a new session token or throws 401 /
 * 429 (TooManyAttempts, with the seconds to wait).
 */
export async function authenticate(
  db: Db,
  input: { username: string; password: string; ip: string; ttlMs: number; maxAgeMs: number },
): Promise<{ token: string; expiresAt: Date }> {
  const keys = signInKeys(input.username, input.ip);
  const attempt = await new AttemptLimiter(db).begin(
    [
      { key: keys.account, ...SIGN_IN_LIMITS.account },
      { key: keys.address, ...SIGN_IN_LIMITS.address },
      { key: keys.pair, ...SIGN_IN_LIMITS.pair },
    ],
    tooManySignIns,
  );
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.username));
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await attempt.failed();
    throw new HttpError(401, 'auth.loginFailed');
  }
  // The account's and this pair's failures are forgotten; the address only takes this attempt back
  // (someone who knows one password must not wipe the address's record of guesses at others).
  await attempt.succeeded([keys.account, keys.pair]);
  return createSession(db, user.id, { ttlMs: input.ttlMs, maxAgeMs: input.maxAgeMs });
}

/** A new session: it lasts `ttlMs` and is renewed while in use, never past `maxAgeMs` from now. */
export async function createSession(db: Db, userId: number, life: { ttlMs: number; maxAgeMs: number }) {
  const { token, hash } = newToken();
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + Math.min(life.ttlMs, life.maxAgeMs));
  await db.insert(sessions).values({ userId, tokenHash: hash, expiresAt, createdAt });
  // Expired sessions are of no use; drop this user's old ones.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} < now() - interval '1 day'`));
  return { token, expiresAt };
}

export const SESSION_TOO_OLD = serverErrorText('auth.sessionTooOld');

/**
 * POST token: moves the expiry `ttlMs` ahead, but never past the session's absolute end
 * (`maxAgeMs` after it began); from that end on, renewal is refused with 401.
 */
export async function renewSession(db: Db, sessionId: number, life: { ttlMs: number; maxAgeMs: number }): Promise<Date> {
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
  const now = Date.now();
  const end = (row?.createdAt.getTime() ?? 0) + life.maxAgeMs;
  if (now >= end) throw new HttpError(401, 'auth.sessionTooOld');
  const expiresAt = new Date(Math.min(now + life.ttlMs, end));
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  return expiresAt;
}

/** Signs the user out everywhere but `keepSessionId` (a password change keeps the session that made it). */
export async function revokeOtherSessions(db: DbOrTx, userId: number, keepSessionId: number | null): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
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
  await limiter.assertAllowed([{ key, limit: RESET_REQUEST_LIMIT }], 'auth.tooManyResets');
  await limiter.recordFailure([key]);
  const [user] = await db
    .select({ id: users.id, firstName: users.firstName, language: users.language })
    .from(users)
    .where(eq(users.email, input.email));
  if (!user) return;
  const { token, hash } = newToken();
  await db.insert(passwordResets).values({ userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + input.ttlMs) });
  const link = `${input.publicUrl}/reset_password/${token}/${encodeURIComponent(input.email)}`;
  const minutes = Math.round(input.ttlMs / 60_000);
  await mailer.send({ to: input.email, ...passwordResetMail(user.language, { name: user.firstName || input.email, link, minutes }) });
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
    if (!row || row.email !== input.email) throw badRequest('auth.resetInvalid');
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.userId, row.userId));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await revokeOtherSessions(tx, row.userId, null);
    return row.userId;
  });
}

import { and, eq, lt, sql } from 'drizzle-orm';
import { loginAttempts } from '../db/schema/index';
import type { DbOrTx } from './database';
import { tooManyRequests } from './errors';

/** Longer than any limiter window in use (sign-in 15 minutes, reset requests 1 hour). */
const MAX_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Fixed-window failure counters kept in the database, so every server instance shares them.
 * `limit` failures per key within `windowMs`; further attempts are refused until the window ends.
 */
export class FailureLimiter {
  constructor(
    private readonly db: DbOrTx,
    private readonly windowMs: number,
  ) {}

  private windowStart(now = Date.now()): Date {
    return new Date(Math.floor(now / this.windowMs) * this.windowMs);
  }

  async assertAllowed(keys: { key: string; limit: number }[], message: string): Promise<void> {
    const start = this.windowStart();
    for (const { key, limit } of keys) {
      const [row] = await this.db
        .select({ failures: loginAttempts.failures })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.key, key), eq(loginAttempts.windowStart, start)));
      if (row && row.failures >= limit) {
        const minutes = Math.max(1, Math.ceil((start.getTime() + this.windowMs - Date.now()) / 60_000));
        throw tooManyRequests(message.replace('{minutes}', String(minutes)));
      }
    }
  }

  async recordFailure(keys: string[]): Promise<void> {
    const start = this.windowStart();
    for (const key of keys) {
      await this.db
        .insert(loginAttempts)
        .values({ key, windowStart: start, failures: 1 })
        .onConflictDoUpdate({
          target: [loginAttempts.key, loginAttempts.windowStart],
          set: { failures: sql`${loginAttempts.failures} + 1` },
        });
    }
    // Old windows are of no use; keep the table small. Limiters with other (longer) windows share
    // the table, so only rows older than any window in use are removed.
    const keepMs = Math.max(this.windowMs, MAX_WINDOW_MS);
    await this.db.delete(loginAttempts).where(lt(loginAttempts.windowStart, new Date(start.getTime() - keepMs)));
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(loginAttempts).where(eq(loginAttempts.key, key));
  }
}

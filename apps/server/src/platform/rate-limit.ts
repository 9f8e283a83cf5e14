import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { loginAttempts } from '../db/schema/index';
import type { Db, DbOrTx } from './database';
import type { ServerErrorCode, ServerErrorMessage } from '@golf/contract/api/errors';
import { HttpError, tooManyRequests } from './errors';

/** Longer than any limiter window in use (sign-in 15 and 60 minutes, reset requests 1 hour). */
const MAX_WINDOW_MS = 24 * 60 * 60_000;

function windowStart(windowMs: number, now: number): Date {
  return new Date(Math.floor(now / windowMs) * windowMs);
}

/** Old windows are of no use; keep the table small. Limiters with other windows share the table. */
async function removeOldWindows(db: DbOrTx, now: number): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.windowStart, new Date(now - MAX_WINDOW_MS)));
}

/**
 * Fixed-window failure counters kept in the database, so every server instance shares them.
 * `limit` failures per key within `windowMs`; further attempts are refused until the window ends.
 */
export class FailureLimiter {
  constructor(
    private readonly db: DbOrTx,
    private readonly windowMs: number,
  ) {}

  /** Refuses with 429 `code`, whose text names the `{{minutes}}` left in the window. */
  async assertAllowed(keys: { key: string; limit: number }[], code: ServerErrorCode): Promise<void> {
    const start = windowStart(this.windowMs, Date.now());
    for (const { key, limit } of keys) {
      const [row] = await this.db
        .select({ failures: loginAttempts.failures })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.key, key), eq(loginAttempts.windowStart, start)));
      if (row && row.failures >= limit) {
        const minutes = Math.max(1, Math.ceil((start.getTime() + this.windowMs - Date.now()) / 60_000));
        throw tooManyRequests(code, { minutes });
      }
    }
  }

  async recordFailure(keys: string[]): Promise<void> {
    const now = Date.now();
    const start = windowStart(this.windowMs, now);
    for (const key of keys) {
      await this.db
        .insert(loginAttempts)
        .values({ key, windowStart: start, failures: 1, lastAttemptAt: new Date(now) })
        .onConflictDoUpdate({
          target: [loginAttempts.key, loginAttempts.windowStart],
          set: { failures: sql`${loginAttempts.failures} + 1`, lastAttemptAt: new Date(now) },
        });
    }
    await removeOldWindows(this.db, now);
  }
}

/** A hard lock: refused once `limit` attempts were counted in the window, until the window ends. */
export interface LockRule {
  key: string;
  windowMs: number;
  limit: number;
}

/**
 * A growing delay: the first `free` attempts of a window are not held back; after that each
 * attempt must come at least `delayMs(counted)` after the previous one (1 s, then doubling, at
 * most `maxDelayMs`). Nothing is locked: whoever waits may try again.
 */
export interface DelayRule {
  key: string;
  windowMs: number;
  free: number;
  maxDelayMs: number;
}

export type AttemptRule = LockRule | DelayRule;

const isLock = (rule: AttemptRule): rule is LockRule => 'limit' in rule;

/** The wait a delay rule asks for after `counted` attempts in the window. */
export function delayMs(rule: DelayRule, counted: number): number {
  if (counted < rule.free) return 0;
  return Math.min(rule.maxDelayMs, 1000 * 2 ** Math.min(counted - rule.free, 30));
}

/** 429 with the time to wait; the route sends it as Retry-After. */
export class TooManyAttempts extends HttpError {
  constructor(
    message: ServerErrorMessage,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message.code, message.params);
  }
}

/** The attempts begun by AttemptLimiter.begin, to settle once the outcome is known. */
export interface Attempt {
  /** The attempt succeeded: `clear` keys forget their failures, the others take this attempt back. */
  succeeded(clear: readonly string[]): Promise<void>;
  /** The attempt failed: it stays counted. */
  failed(): Promise<void>;
}

class Refused extends Error {
  constructor(readonly rule: AttemptRule) {
    super('refused');
  }
}

/**
 * Attempt counters for sign-in (ASVS 2.2): each attempt is counted before the password is checked,
 * under every rule at once and only if every rule lets it through (one transaction, the counter
 * rows locked in rule order), so parallel requests cannot slip past a limit together. A refused
 * attempt counts nowhere: hammering a delayed account does not lengthen the delay for its owner.
 */
export class AttemptLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Counts an attempt, or throws TooManyAttempts with the wait of the rule that refuses it. */
  async begin(rules: readonly AttemptRule[], message: (wait: { seconds: number }) => ServerErrorMessage): Promise<Attempt> {
    const now = this.now();
    const at = new Date(now);
    const windows = rules.map((rule) => ({ rule, start: windowStart(rule.windowMs, now) }));
    try {
      await this.db.transaction(async (tx) => {
        for (const { rule, start } of windows) {
          const allowed = isLock(rule)
            ? sql`${loginAttempts.failures} < ${rule.limit}`
            : sql`(${loginAttempts.failures} < ${rule.free} or ${loginAttempts.lastAttemptAt} is null or ${loginAttempts.lastAttemptAt} + least(
                ${rule.maxDelayMs}::float8, 1000 * power(2::float8, least(${loginAttempts.failures} - ${rule.free}, 30)::float8)
              ) * interval '1 millisecond' <= ${at.toISOString()}::timestamptz)`;
          const counted = await tx
            .insert(loginAttempts)
            .values({ key: rule.key, windowStart: start, failures: 1, lastAttemptAt: at })
            .onConflictDoUpdate({
              target: [loginAttempts.key, loginAttempts.windowStart],
              set: { failures: sql`${loginAttempts.failures} + 1`, lastAttemptAt: at },
              setWhere: allowed,
            })
            .returning({ failures: loginAttempts.failures });
          if (counted.length === 0) throw new Refused(rule);
        }
      });
    } catch (err) {
      if (err instanceof Refused) {
        const seconds = await this.waitSeconds(err.rule, windowStart(err.rule.windowMs, now), now);
        throw new TooManyAttempts(message({ seconds }), seconds);
      }
      throw err;
    }
    return {
      succeeded: async (clear) => {
        const back = windows.filter(({ rule }) => !clear.includes(rule.key));
        if (clear.length) await this.db.delete(loginAttempts).where(inArray(loginAttempts.key, [...clear]));
        for (const { rule, start } of back) {
          await this.db
            .update(loginAttempts)
            .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
            .where(and(eq(loginAttempts.key, rule.key), eq(loginAttempts.windowStart, start)));
        }
      },
      failed: () => removeOldWindows(this.db, now),
    };
  }

  private async waitSeconds(rule: AttemptRule, start: Date, now: number): Promise<number> {
    const [row] = await this.db
      .select({ failures: loginAttempts.failures, lastAttemptAt: loginAttempts.lastAttemptAt })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.key, rule.key), eq(loginAttempts.windowStart, start)));
    const until = isLock(rule)
      ? start.getTime() + rule.windowMs
      : (row?.lastAttemptAt?.getTime() ?? now) + delayMs(rule, row?.failures ?? 0);
    return Math.max(1, Math.ceil((until - now) / 1000));
  }
}

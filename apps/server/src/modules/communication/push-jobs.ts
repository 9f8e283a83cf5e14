import { eq, inArray, sql } from 'drizzle-orm';
import { notificationGuides, notifications } from '../../db/schema/index';
import type { AppDeps } from '../../platform/app-types';
import type { Db } from '../../platform/database';
import { jobQueue, type JobContext } from '../../platform/jobs';
import { followerIdsQuery } from '../insights';
import { DELIVER_JOB, DELIVER_SWEEP_JOB, isPushTopic, pushPayload, startDelivery } from './notifications-service';
import { PushSender, type PushOutcome, type PushOptions } from './push-sender';
import { vapidKeys } from './vapid';

/**
 * The delivery of a message by Web Push (issue 23), a job per message (`communication.deliver`,
 * data `{ notificationId }`, one at a time per message):
 *
 * 1. A 'queued' message gets its recipients, in one statement: a `notification_deliveries` row
 *    per push subscription of the targeted followers (`on conflict do nothing`), `targeted` set
 *    and the message 'sending'. A second run finds it 'sending' and lists nobody again.
 * 2. Rows left 'sending' go back to 'pending': the run that claimed them died (kill -9, a lost
 *    machine) between sending and recording. They are sent again, and that cannot show twice on
 *    a phone: the push carries the message's Topic (`n<id>`, the status's 'status'), so the push
 *    service replaces a copy the phone has not fetched yet, and the payload's `id` lets the app
 *    drop one it already shows. (A push service may have taken a message whose answer never
 *    came back; sending again is the only way not to lose it, so delivery is at least once and
 *    the Topic and id make it show once.)
 * 3. Batches: claim BATCH due pending rows (`for update skip locked`, attempts + 1), send them
 *    CONCURRENCY at a time, record each outcome (written every RECORD_EVERY messages or
 *    RECORD_EVERY_MS, so a crash resends few): delivered (2xx); gone (404, 410: the subscription is deleted too);
 *    pending again with backoff (429, 5xx, the network: 5 s·4^(attempts−1), or Retry-After when
 *    longer) until MAX_ATTEMPTS; failed (another 4xx, a private address, retries used up).
 * 4. While rows wait for a later try, the run waits for the next (its signal ends the wait); one
 *    more than WAIT_MAX_MS away ends the run, and the sweep starts the next. With no row pending or
 *    sending, the message is 'done'.
 * The sweep (`communication.deliver-sweep`, every minute) starts the delivery of every message
 * left 'queued' or 'sending' (a crash between the commit and the enqueue, a run that stopped).
 */

export const BATCH = 500;
export const CONCURRENCY = 50;
const RECORD_EVERY = 100;
/** …or this often, when the push service answers slowly. */
const RECORD_EVERY_MS = 250;
export const MAX_ATTEMPTS = 5;
const BASE_BACKOFF_MS = 5_000;
/**
 * Longest wait for a later try inside a run (the first two backoffs); a longer one is left to the
 * sweep, so a run does not hold a job worker (JOB_WORKERS, default 1) while it waits.
 */
const WAIT_MAX_MS = 30_000;
/** Longest Retry-After honoured. */
const RETRY_AFTER_MAX_MS = 3_600_000;
const TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 15_000;
const TIME_LIMIT_MS = 15 * 60_000;

/** Backoff before try number `attempts + 1`, after `attempts` tries (5 s, 20 s, 80 s, 320 s). */
export const backoffMs = (attempts: number): number => BASE_BACKOFF_MS * 4 ** Math.max(0, attempts - 1);

interface Claimed {
  id: number;
  attempts: number;
  subscriptionId: number | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

interface Recorded {
  id: number;
  state: 'pending' | 'delivered' | 'failed' | 'gone';
  status: number | null;
  error: string | null;
  /** Next try, for 'pending'. */
  next: Date | null;
  /** Back to pending without counting the try (the run stopped before sending it). */
  unclaim?: boolean;
}

export function registerPushJobs(deps: AppDeps): void {
  const { db, config } = deps;
  const jobs = jobQueue(db);
  jobs.register<{ notificationId?: unknown }>(
    DELIVER_JOB,
    async (job) => {
      const id = Number(job.data.notificationId);
      if (!Number.isSafeInteger(id)) throw new Error('The job names no message');
      return deliver(db, id, job, async () => new PushSender(await vapidKeys(db, config), config.communication.outboundAllowHosts));
    },
    // Retries: a run is started again only after its process stopped; each run resumes.
    { timeLimitMs: TIME_LIMIT_MS, retryLimit: 50 },
  );
  jobs.register(
    DELIVER_SWEEP_JOB,
    async () => {
      const open = await db.select({ id: notifications.id }).from(notifications).where(inArray(notifications.state, ['queued', 'sending']));
      for (const { id } of open) await startDelivery(db, id);
      return { started: open.length };
    },
    { everyMs: 60_000, timeLimitMs: 60_000 },
  );
}

/** One run of a message's delivery (above). */
export async function deliver(db: Db, id: number, job: Pick<JobContext<unknown>, 'progress' | 'signal'>, makeSender: () => Promise<PushSender>) {
  const [n] = await db.select().from(notifications).where(eq(notifications.id, id));
  if (!n) return { missing: true };
  if (n.state === 'done') return { done: true };
  if (n.state === 'queued') {
    const guideIds = (await db.select({ id: notificationGuides.guideId }).from(notificationGuides).where(eq(notificationGuides.notificationId, id))).map((g) => g.id);
    // (1) the recipients, the count and the state in one statement.
    await db.execute(sql`
      with listed as (
        insert into notification_deliveries (notification_id, subscription_id)
        select ${id}::int, s.id from push_subscriptions s
        where s.club_id = ${n.clubId}
          and s.app_user_id in (${followerIdsQuery(db, n.clubId, guideIds)})
          and exists (select 1 from notifications q where q.id = ${id} and q.state = 'queued')
        order by s.id
        on conflict do nothing
        returning 1
      )
      update notifications set state = 'sending', targeted = (select count(*) from listed)
      where id = ${id} and state = 'queued'`);
  }
  // (2) what a dead run had claimed is sent again (the Topic and the id keep it showing once).
  await db.execute(sql`update notification_deliveries set state = 'pending', updated_at = now() where notification_id = ${id} and state = 'sending'`);

  const [head] = await db.select().from(notifications).where(eq(notifications.id, id));
  const payload = JSON.stringify(pushPayload(head));
  const options: PushOptions = {
    ttlSeconds: TTL_SECONDS,
    topic: isPushTopic(head.topic) ? head.topic : `n${id}`,
    urgency: head.priority === 'critical' || head.priority === 'important' ? 'high' : 'normal',
    timeoutMs: SEND_TIMEOUT_MS,
  };
  const total = Math.max(1, head.targeted);
  let sender: PushSender | null = null;
  let reported = 0;
  try {
    for (;;) {
      // (3) batches of due rows.
      while (!job.signal.aborted) {
        const claimed = await claim(db, id);
        if (claimed.length === 0) break;
        sender ??= await makeSender();
        await sendBatch(db, head.clubId, claimed, sender, payload, options, job.signal);
        if (Date.now() - reported >= 1_000) {
          reported = Date.now();
          const c = await counts(db, id);
          await job.progress(((c.delivered + c.failed) / total) * 100, `${c.delivered} delivered, ${c.failed} failed, ${c.pending} pending`);
        }
      }
      if (job.signal.aborted) return { stopped: true };
      // (4) done, or wait for the next due try.
      const { rows } = await db.execute<{ open: number; next_ms: number | null }>(sql`
        select count(*)::int as open,
               (extract(epoch from (min(next_attempt_at) filter (where state = 'pending') - now())) * 1000)::float8 as next_ms
        from notification_deliveries where notification_id = ${id} and state in ('pending', 'sending')`);
      const open = rows[0]?.open ?? 0;
      if (open === 0) {
        await db.update(notifications).set({ state: 'done' }).where(eq(notifications.id, id));
        const c = await counts(db, id);
        await job.progress(100, `${c.delivered} delivered, ${c.failed} failed`);
        return c;
      }
      const wait = Math.max(0, Number(rows[0]?.next_ms ?? 0));
      if (wait > WAIT_MAX_MS) return { waiting: true, nextInMs: Math.round(wait) };
      await sleep(wait + 50, job.signal);
    }
  } finally {
    sender?.close();
  }
}

/** Claims up to BATCH due pending rows of the message (skipping rows another run holds). */
async function claim(db: Db, id: number): Promise<Claimed[]> {
  const { rows } = await db.execute<{ id: string | number; attempts: number; subscription_id: number | null; endpoint: string | null; p256dh: string | null; auth: string | null }>(sql`
    with due as (
      select d.id from notification_deliveries d
      where d.notification_id = ${id} and d.state = 'pending' and d.next_attempt_at <= now()
      order by d.id
      limit ${BATCH}
      for update skip locked
    ), claimed as (
      update notification_deliveries d set state = 'sending', attempts = d.attempts + 1, updated_at = now()
      from due where d.id = due.id
      returning d.id, d.attempts, d.subscription_id
    )
    select c.id, c.attempts, c.subscription_id, s.endpoint, s.p256dh, s.auth
    from claimed c left join push_subscriptions s on s.id = c.subscription_id
    order by c.id`);
  return rows.map((r) => ({ id: Number(r.id), attempts: r.attempts, subscriptionId: r.subscription_id, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth }));
}

async function sendBatch(db: Db, clubId: number, batch: Claimed[], sender: PushSender, payload: string, options: PushOptions, signal: AbortSignal): Promise<void> {
  const results: Recorded[] = [];
  const gone: number[] = [];
  // Outcomes are written in order, one write at a time, while the sends go on.
  let writing: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  let flushed = Date.now();
  const flush = () => {
    flushed = Date.now();
    const rows = results.splice(0);
    const subscriptions = gone.splice(0);
    writing = writing
      .then(() => (failure === null ? record(db, clubId, rows, subscriptions) : undefined))
      .catch((err: unknown) => {
        failure ??= err;
      });
  };
  let next = 0;
  const worker = async () => {
    for (;;) {
      const k = next++;
      if (k >= batch.length) return;
      const row = batch[k];
      if (signal.aborted) {
        results.push({ id: row.id, state: 'pending', status: null, error: null, next: new Date(), unclaim: true });
        continue;
      }
      if (row.endpoint === null || row.p256dh === null || row.auth === null) {
        // The subscription was removed since the recipients were listed.
        results.push({ id: row.id, state: 'gone', status: null, error: 'The subscription was removed', next: null });
      } else {
        const outcome = await sender.send({ endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth }, payload, options);
        results.push(outcomeRow(row, outcome));
        if (outcome.kind === 'gone' && row.subscriptionId !== null) gone.push(row.subscriptionId);
      }
      if (results.length >= RECORD_EVERY || (results.length > 0 && Date.now() - flushed >= RECORD_EVERY_MS)) flush();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
  flush();
  await writing;
  // Rows whose outcome was not written stay 'sending': the next run sends them again.
  if (failure !== null) throw failure;
}

function outcomeRow(row: Claimed, outcome: PushOutcome): Recorded {
  switch (outcome.kind) {
    case 'delivered':
      return { id: row.id, state: 'delivered', status: outcome.status, error: null, next: null };
    case 'gone':
      return { id: row.id, state: 'gone', status: outcome.status, error: 'The push service says the subscription is gone', next: null };
    case 'failed':
      return { id: row.id, state: 'failed', status: outcome.status, error: outcome.error, next: null };
    case 'retry': {
      if (row.attempts >= MAX_ATTEMPTS) return { id: row.id, state: 'failed', status: outcome.status, error: `${outcome.error} (after ${row.attempts} tries)`, next: null };
      const wait = Math.min(RETRY_AFTER_MAX_MS, Math.max(backoffMs(row.attempts), outcome.retryAfterMs ?? 0));
      return { id: row.id, state: 'pending', status: outcome.status, error: outcome.error, next: new Date(Date.now() + wait) };
    }
  }
}

/** Writes outcomes (one statement) and deletes the subscriptions the push service says are gone, in one transaction. */
async function record(db: Db, clubId: number, rows: Recorded[], goneSubscriptions: number[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update notification_deliveries d set
        state = u.state,
        last_status = coalesce(u.status, d.last_status),
        last_error = u.error,
        next_attempt_at = coalesce(u.next, d.next_attempt_at),
        attempts = case when u.unclaim then d.attempts - 1 else d.attempts end,
        updated_at = now()
      from unnest(${sql.param(rows.map((r) => r.id))}::bigint[], ${sql.param(rows.map((r) => r.state))}::text[],
        ${sql.param(rows.map((r) => r.status))}::int[], ${sql.param(rows.map((r) => (r.error === null ? null : r.error.slice(0, 500))))}::text[],
        ${sql.param(rows.map((r) => r.next?.toISOString() ?? null))}::timestamptz[], ${sql.param(rows.map((r) => r.unclaim === true))}::boolean[])
        as u(id, state, status, error, next, unclaim)
      where d.id = u.id and d.state = 'sending'`);
    if (goneSubscriptions.length > 0) {
      await tx.execute(sql`delete from push_subscriptions where club_id = ${clubId} and id = any(${sql.param(goneSubscriptions)}::int[])`);
    }
  });
}

async function counts(db: Db, id: number): Promise<{ delivered: number; failed: number; pending: number }> {
  const { rows } = await db.execute<{ delivered: number; failed: number; pending: number }>(sql`
    select count(*) filter (where state = 'delivered')::int as delivered,
           count(*) filter (where state in ('failed', 'gone'))::int as failed,
           count(*) filter (where state in ('pending', 'sending'))::int as pending
    from notification_deliveries where notification_id = ${id}`);
  return rows[0] ?? { delivered: 0, failed: 0, pending: 0 };
}

/** Waits `ms`, or less when the signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * The job queue: work that runs in the background (guide generation, release-all, maintenance),
 * stored in the database with pg-boss 10, so a job survives a restart, a `kill -9` or a deploy.
 * docs/decisions/0013-job-queue.md says why and how.
 *
 * ## API (for the areas that run jobs)
 * ```ts
 * const jobs = jobQueue(deps.db);               // the queue of this database (one per process)
 * jobs.register('guide.pdf', async (job) => {   // in the area's routes function, at start
 *   await job.progress(10, 'Generating PDF Guide');
 *   if (job.signal.aborted) throw job.signal.reason;   // time limit reached or the server stops
 *   return { location: url };                    // JSON: stored, answered as the job's `result`
 * }, { timeLimitMs: 5 * 60_000, requestable: true });
 * const { id, existing } = await jobs.enqueue('guide.pdf', { guideId }, {
 *   singletonKey: `${clubId}:${guideId}`, clubId, guideId, requestId,
 * });
 * await jobs.get(id);                           // JobInfo | null
 * await jobs.list({ clubId, limit: 50 });       // newest first
 * ```
 * - `register(kind, handler, options)` (again for the same kind: replaces it, as a second app built
 *   on the same database does in tests): `handler(job)` gets `{ id, data, attempt, progress(percent,
 *   message?), signal }` and answers the result (JSON). Throwing fails the job with the error's
 *   message, for good (an error does not retry); so does passing `timeLimitMs` (default 10 min):
 *   `signal` aborts then, and the job fails with 'Stopped after the time limit of N s'.
 *   `requestable: true` lets `POST clubs/{clubId}/events/jobs` ask for the kind (modules/jobs);
 *   the handler then gets `{ clubId, guideId, requestId }` as data.
 * - `enqueue(kind, data, { singletonKey?, clubId?, guideId?, requestId? })` answers `{ id, existing }`:
 *   with a `singletonKey`, while a job of that kind and key is queued or running, the same job's id
 *   comes back (`existing: true`) and nothing new is queued: two clicks on Generate run the work once.
 * - `get(id)` / `list({ clubId?, kinds?, excludeKinds?, states?, limit })`: state ('queued', 'active',
 *   'completed', 'failed', 'cancelled'), percent and message, attempts, created/started/finished
 *   times, result, error, clubId, guideId, requestId.
 * - `retry(id)` queues a failed or cancelled job again (the same job: its attempts go on counting;
 *   one archived after a day is brought back); `cancel(id)` cancels a queued or running job (a
 *   running one's `signal` aborts, in whichever process runs it, within a heartbeat). Both answer
 *   an outcome instead of throwing for a job in the wrong state.
 * - `depth()`: per registered kind, how many jobs wait and run, and since when the oldest waits.
 * - `start()` / `stop()`: main.ts and worker.ts start the queue after the app is built (every area
 *   has registered its kinds), and stop it first on SIGTERM. A queue that was not started starts
 *   on its first use (tests); the jobs area stops it when the app closes.
 *
 * ## Where jobs run
 * In the server process by default (`JOB_WORKERS`, default 1: jobs at once in this process).
 * On PostgreSQL, `JOB_WORKERS=0` makes the web process only queue and read jobs, and worker
 * processes (`npm run worker`, `node apps/server/dist/worker.js`) run them; each builds the same
 * app without listening, so it knows the same kinds. On the embedded database everything runs in
 * the one process, through the one connection (decision 0008): pg-boss's `db` option is an
 * adapter over the app's pool, never a pool of its own, on PostgreSQL too.
 *
 * ## Which job starts next
 * Clubs take turns (`fetchNext`): a job of the club with the fewest jobs running, and of those the
 * club served longest ago; within a club first queued first. One club's hundreds of queued jobs do
 * not make another club's job wait behind them, whichever process fetches.
 *
 * ## Stored state and failures
 * pg-boss (schema `pgboss`, created and migrated by pg-boss itself at start) holds each job's
 * state, times, result and error; the `jobs` table (db/schema/jobs.ts) holds who it is for and
 * its progress, written as it runs, so another process or a reload sees it. A running job's
 * process writes a heartbeat every `heartbeatMs`; every started queue looks for running jobs whose
 * heartbeat is older than `staleMs` (their process died: `kill -9`, a crash, a lost machine) and
 * puts them back in the queue; on the embedded database, which one process owns, every job still
 * marked running at start is put back at once. A job is started at most `retryLimit + 1` times.
 * On stop, running jobs get `stopGraceMs` to finish; the rest are aborted and queued again.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { JobState } from '@golf/contract/api/jobs';
import { isEmbedded, type Db } from './database';

export interface JobContext<D> {
  id: string;
  data: D;
  /** 1 on the first run, more when the job runs again after an interruption. */
  attempt: number;
  /** Stores how far the job got (0 to 100) and what it is doing; writes are coalesced. */
  progress(percent: number, message?: string | null): Promise<void>;
  /** Aborted when the time limit is reached or the queue stops; the reason says which. */
  signal: AbortSignal;
}

export type JobHandler<D = unknown> = (job: JobContext<D>) => Promise<unknown>;

export interface JobKindOptions {
  /** Longest one run may take (default 10 minutes). */
  timeLimitMs?: number;
  /** How often a job is started again after its process stopped (default 2). */
  retryLimit?: number;
  /** May be asked for through POST clubs/{clubId}/events/jobs (modules/jobs). */
  requestable?: boolean;
  /** Queued by the queue itself (with data `{}`) when its last job was queued longer ago than this. */
  everyMs?: number;
}

export interface EnqueueOptions {
  /** One queued or running job per kind and key: a second enqueue answers the first job. */
  singletonKey?: string;
  clubId?: number | null;
  guideId?: number | null;
  requestId?: string | null;
}

export interface JobInfo {
  id: string;
  kind: string;
  state: JobState;
  percent: number;
  message: string | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  result: unknown;
  error: string | null;
  clubId: number | null;
  guideId: number | null;
  requestId: string | null;
}

export interface JobQueueOptions {
  /** Jobs this process runs at once; 0 = this process only queues and reads jobs. */
  concurrency: number;
  /** How often an idle worker looks for new jobs (a job queued by this process wakes it at once). */
  pollMs: number;
  heartbeatMs: number;
  /** A running job without a heartbeat for this long is taken to have lost its process. */
  staleMs: number;
  /** On stop, how long running jobs may take to finish before they are aborted and queued again. */
  stopGraceMs: number;
  /** pg-boss's maintenance (expiry backstop, archive, deletion) interval. */
  maintenanceIntervalSeconds: number;
  log: (level: 'info' | 'warn' | 'error', message: string) => void;
}

export interface JobListFilter {
  clubId?: number;
  /** Only these kinds (none given: every kind). */
  kinds?: string[];
  /** Not these kinds (e.g. the periodic maintenance kinds). */
  excludeKinds?: string[];
  /** Only jobs in these states (none given: every state). */
  states?: JobState[];
  limit: number;
}

/** What `retry` and `cancel` did: done, or why not. */
export type JobActionOutcome =
  | 'done'
  | 'notFound'
  /** retry: the job is not failed or cancelled; cancel: the job is no longer queued or running. */
  | 'wrongState'
  /** retry: another job of the same kind and key is queued or running (it would run twice). */
  | 'duplicate'
  /** retry: no process of this app knows the kind any more. */
  | 'unknownKind';

/** One kind's queue now: jobs waiting and running, and since when the oldest waiting job waits. */
export interface QueueDepth {
  kind: string;
  requestable: boolean;
  periodic: boolean;
  waiting: number;
  running: number;
  oldestWaitingSince: Date | null;
  oldestWaitingId: string | null;
}

export interface JobQueue {
  readonly options: JobQueueOptions;
  register<D = unknown>(kind: string, handler: JobHandler<D>, options?: JobKindOptions): void;
  kinds(): { kind: string; requestable: boolean; periodic: boolean }[];
  enqueue(kind: string, data: unknown, options?: EnqueueOptions): Promise<{ id: string; existing: boolean }>;
  get(id: string): Promise<JobInfo | null>;
  list(filter: JobListFilter): Promise<JobInfo[]>;
  retry(id: string): Promise<JobActionOutcome>;
  cancel(id: string): Promise<JobActionOutcome>;
  depth(): Promise<QueueDepth[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const DEFAULT_TIME_LIMIT_MS = 10 * 60_000;
export const INTERRUPTED_MESSAGE = 'The process running this job stopped before it finished';
export const CANCELLED_MESSAGE = 'The job was cancelled';
const SCHEMA = 'pgboss';
/** How far back a club's last job start is looked for when clubs take turns (older counts as none). */
const TURN_WINDOW_HOURS = 24;
/** Rows of the jobs table (and pg-boss's archive) are kept this long. */
const KEEP_DAYS = 30;

export function defaultJobQueueOptions(env: Record<string, string | undefined> = process.env): JobQueueOptions {
  const workers = env.JOB_WORKERS === undefined || env.JOB_WORKERS === '' ? 1 : Number(env.JOB_WORKERS);
  if (!Number.isInteger(workers) || workers < 0 || workers > 32) throw new Error(`JOB_WORKERS must be a whole number from 0 to 32, got "${env.JOB_WORKERS}"`);
  // How long a running job may go without a heartbeat before another process takes it as dead
  // (its process was killed or lost); the heartbeat comes at least three times in that span.
  const stale = env.JOB_STALE_SECONDS === undefined || env.JOB_STALE_SECONDS === '' ? 45 : Number(env.JOB_STALE_SECONDS);
  if (!Number.isInteger(stale) || stale < 5 || stale > 3_600) throw new Error(`JOB_STALE_SECONDS must be a whole number from 5 to 3600, got "${env.JOB_STALE_SECONDS}"`);
  return {
    concurrency: workers,
    pollMs: 2_000,
    heartbeatMs: Math.min(10_000, Math.floor((stale * 1_000) / 3)),
    staleMs: stale * 1_000,
    stopGraceMs: 3_000,
    maintenanceIntervalSeconds: 120,
    log: (level, message) => console[level](message),
  };
}

const queues = new WeakMap<Db, JobQueue>();

/** The job queue of this database, created with `options` (or the environment's) on first use. */
export function jobQueue(db: Db, options?: Partial<JobQueueOptions>): JobQueue {
  let queue = queues.get(db);
  if (queue && options) throw new Error('The job queue of this database exists already; give its options on first use');
  if (!queue) {
    queue = createJobQueue(db, options);
    queues.set(db, queue);
  }
  return queue;
}

/** A queue of its own on `db` (tests; a second queue on one database behaves like another process). */
export function createJobQueue(db: Db, options?: Partial<JobQueueOptions>): JobQueue {
  return new PgJobQueue(db, { ...defaultJobQueueOptions(), ...options });
}

/** pg-boss's database adapter over one of our pool's connections (decision 0008: never a pool of its own). */
interface SqlAdapter {
  executeSql(text: string, values?: unknown[]): Promise<pg.QueryResult>;
}

/**
 * Each statement on a connection of the app's pool. pg-boss sends some commands as one text with
 * BEGIN ... COMMIT; when one of those fails the connection is left in an aborted transaction, so
 * it is rolled back before the connection goes back to the pool (which keeps connections after a
 * refused statement). Other failures (timeouts, lost sockets) close the connection.
 */
function poolAdapter(pool: pg.Pool): SqlAdapter {
  return {
    async executeSql(text, values) {
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        return await client.query(text, values);
      } catch (err) {
        failure = err as Error;
        if (err instanceof pg.DatabaseError) {
          failure = undefined;
          await client.query('ROLLBACK').catch((rollbackError: Error) => {
            failure = rollbackError;
          });
        }
        throw err;
      } finally {
        client.release(failure);
      }
    },
  };
}

const clientAdapter = (client: pg.PoolClient): SqlAdapter => ({ executeSql: (text, values) => client.query(text, values) });

/** One transaction on one connection of the pool (the embedded database's only one). */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      failure = rollbackError;
    });
    throw err;
  } finally {
    client.release(failure);
  }
}

interface Registered {
  handler: JobHandler;
  timeLimitMs: number;
  retryLimit: number;
  requestable: boolean;
  everyMs: number | null;
}

/** A job just started by `fetchNext`: pg-boss's row. */
interface FetchedJob {
  id: string;
  name: string;
  data: Record<string, unknown>;
  retryCount: number;
}

interface Running {
  kind: string;
  controller: AbortController;
  /** Set when stop() has put the job back in the queue: the run then writes nothing more. */
  handedBack: boolean;
  /** Set when the job was cancelled while it ran: the run then writes nothing more. */
  cancelled: boolean;
  /** Set once this run has written its worker id on the job (before that, the row names the last run's). */
  claimed: boolean;
  /** Ends the run at once (its handler may ignore the signal). */
  end: (reason: Error) => void;
}

/** The pg-boss states of each of our states (the list's state filter). */
const RAW_STATES: Record<JobState, string[]> = { queued: ['created', 'retry'], active: ['active'], completed: ['completed'], failed: ['failed'], cancelled: ['cancelled'] };
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** pg-boss's columns of a job, the same in its live table and its archive. */
const BOSS_COLUMNS = 'id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_in, created_on, completed_on, keep_until, dead_letter, policy, output';

const STATE_OF: Record<string, JobState> = { created: 'queued', retry: 'queued', active: 'active', completed: 'completed', failed: 'failed', cancelled: 'cancelled' };

/** Columns of a job: our row `p`, pg-boss's live row `j` or its archived row `a`. */
const JOB_COLUMNS = `
  p.id, p.kind, p.club_id, p.guide_id, p.request_id, p.percent, p.message, p.created_at,
  coalesce(j.state, a.state)::text as state,
  coalesce(j.retry_count, a.retry_count) as retry_count,
  coalesce(j.started_on, a.started_on) as started_on,
  coalesce(j.completed_on, a.completed_on) as completed_on,
  coalesce(j.output, a.output) as output`;
const JOB_FROM = `jobs p
  left join ${SCHEMA}.job j on j.name = p.kind and j.id = p.id
  left join ${SCHEMA}.archive a on j.id is null and a.name = p.kind and a.id = p.id`;

interface JobRow {
  id: string;
  kind: string;
  club_id: number | null;
  guide_id: number | null;
  request_id: string | null;
  percent: number;
  message: string | null;
  created_at: Date;
  state: string | null;
  retry_count: number | null;
  started_on: Date | null;
  completed_on: Date | null;
  output: unknown;
}

/** The message pg-boss stored for a failure: ours `{ message }`, its own `{ value: { message } }` or `{ value }`. */
function outputMessage(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const o = output as { message?: unknown; value?: unknown };
  if (typeof o.message === 'string') return o.message;
  if (typeof o.value === 'string') return o.value;
  if (o.value && typeof o.value === 'object' && typeof (o.value as { message?: unknown }).message === 'string') return (o.value as { message: string }).message;
  return null;
}

function toInfo(row: JobRow): JobInfo {
  const raw = row.state ?? 'failed';
  const state = STATE_OF[raw] ?? 'failed';
  const started = row.started_on !== null;
  const attempts = started ? (row.retry_count ?? 0) + 1 : 0;
  const finished = state === 'completed' || state === 'failed' || state === 'cancelled';
  return {
    id: row.id,
    kind: row.kind,
    state,
    percent: state === 'completed' ? 100 : row.percent,
    message: row.message,
    attempts: raw === 'retry' ? attempts : started ? attempts : 0,
    createdAt: row.created_at,
    startedAt: row.started_on,
    finishedAt: finished ? row.completed_on : null,
    result: state === 'completed' && row.output && typeof row.output === 'object' ? ((row.output as { result?: unknown }).result ?? null) : null,
    error: state === 'failed' || raw === 'retry' ? (outputMessage(row.output) ?? (row.state ? 'The job failed' : 'The job is no longer stored')) : null,
    clubId: row.club_id,
    guideId: row.guide_id,
    requestId: row.request_id,
  };
}

class TimeLimitError extends Error {}
class StoppingError extends Error {}
class CancelledError extends Error {}

class PgJobQueue implements JobQueue {
  private boss!: PgBoss;
  private readonly pool: pg.Pool;
  private readonly embedded: boolean;
  private readonly registry = new Map<string, Registered>();
  private readonly running = new Map<string, Running>();
  private readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private starting: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private loopDone: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private lastCleanup = 0;

  constructor(
    db: Db,
    readonly options: JobQueueOptions,
  ) {
    this.pool = db.$client;
    this.embedded = isEmbedded(db);
  }

  register<D>(kind: string, handler: JobHandler<D>, options: JobKindOptions = {}): void {
    const known = this.registry.has(kind);
    if (!/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/.test(kind) || kind.length > 60) throw new Error(`Job kind "${kind}": lower-case words joined by dots, at most 60 characters`);
    const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    if (!(timeLimitMs >= 1_000 && timeLimitMs <= 23 * 3_600_000)) throw new Error(`Job kind "${kind}": the time limit must be from 1 s to 23 h`);
    if (options.everyMs !== undefined && !(options.everyMs >= 60_000)) throw new Error(`Job kind "${kind}": a periodic job runs at most every minute`);
    this.registry.set(kind, {
      handler: handler as JobHandler,
      timeLimitMs,
      retryLimit: options.retryLimit ?? 2,
      requestable: options.requestable ?? false,
      everyMs: options.everyMs ?? null,
    });
    // Registered after start (an area added later): its queue is made now.
    if (this.starting && !this.stopping && !known) void this.starting.then(() => this.createQueue(kind)).catch((err: Error) => this.options.log('error', `Job queue ${kind}: ${err.message}`));
  }

  kinds() {
    return [...this.registry].map(([kind, r]) => ({ kind, requestable: r.requestable, periodic: r.everyMs !== null }));
  }

  private async createQueue(kind: string): Promise<void> {
    const r = this.registry.get(kind)!;
    const options = {
      name: kind,
      // 'standard': enqueue itself keeps one queued or running job per singleton key, under an
      // advisory lock ('stately' would also allow only one queued job per kind without a key).
      policy: 'standard' as const,
      retryLimit: r.retryLimit,
      retryDelay: 0,
      // pg-boss's own expiry is only a backstop: the worker stops a run at its time limit, and a
      // run whose process died is found by its heartbeat long before this.
      expireInSeconds: Math.ceil((r.timeLimitMs + this.options.staleMs) / 1000) + 60,
    };
    // Processes starting at once (the server and its workers) may create new queues together;
    // PostgreSQL then ends one of them as a deadlock (each attaches its table to pg-boss's while
    // the other holds a row of its queue list). The queue is made by the other; try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(kind, options);
        break;
      } catch (err) {
        if (!(err instanceof pg.DatabaseError && err.code === '40P01') || attempt >= 5) throw err;
        await sleep(50 * attempt);
      }
    }
    await this.boss.updateQueue(kind, options);
  }

  start(): Promise<void> {
    if (this.stopping) return Promise.reject(new Error('The job queue is stopping'));
    this.starting ??= (async () => {
      this.boss = new PgBoss({
        db: poolAdapter(this.pool),
        schema: SCHEMA,
        // No cron, no state monitor: nothing polls the database that the app does not use.
        schedule: false,
        supervise: true,
        maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds,
        deleteAfterDays: KEEP_DAYS,
      });
      this.boss.on('error', (err: Error) => this.options.log('warn', `Job queue: ${err.message}`));
      // Creates or migrates pg-boss's schema (in one transaction under pg-boss's advisory lock).
      await this.boss.start();
      for (const kind of this.registry.keys()) await this.createQueue(kind);
      // The embedded database belongs to this one process: a job still marked running was
      // running when the process died.
      await this.rescue(this.embedded ? 0 : this.options.staleMs);
      await this.queuePeriodic();
      const tick = setInterval(() => void this.tick(), this.options.heartbeatMs);
      tick.unref();
      this.timers.push(tick);
      if (this.options.concurrency > 0) this.loopDone = this.loop();
    })();
    return this.starting;
  }

  async stop(): Promise<void> {
    if (!this.starting) return this.stopping ?? undefined;
    this.stopping ??= (async () => {
      await this.starting!.catch(() => {});
      for (const t of this.timers) clearInterval(t);
      this.wake?.();
      await this.loopDone;
      const deadline = Date.now() + this.options.stopGraceMs;
      while (this.running.size > 0 && Date.now() < deadline) await sleep(50);
      // What did not finish goes back to the queue (it runs again, here after a restart or in
      // another worker), then the handler's signal tells it to stop.
      const left = [...this.running.entries()];
      for (const [id, run] of left) {
        run.handedBack = true;
        await this.boss.fail(run.kind, id, { message: INTERRUPTED_MESSAGE }).catch((err: Error) => this.options.log('warn', `Job ${id}: ${err.message}`));
        run.controller.abort(new StoppingError('The job queue is stopping'));
      }
      await this.boss.stop({ graceful: false, close: false, wait: true });
      // Stopped: a later start() starts it again.
      this.timers = [];
      this.loopDone = null;
      this.starting = null;
      this.stopping = null;
    })();
    return this.stopping;
  }

  async enqueue(kind: string, data: unknown, options: EnqueueOptions = {}): Promise<{ id: string; existing: boolean }> {
    if (!this.registry.has(kind)) throw new Error(`Unknown job kind "${kind}"`);
    await this.start();
    const key = options.singletonKey ?? null;
    const result = await inTransaction(this.pool, async (client) => {
      if (key !== null) {
        // Two enqueues of the same work wait for each other here; the second finds the first.
        await lock(client, `${kind}:${key}`);
        const found = await client.query<{ id: string }>(
          `select id from ${SCHEMA}.job where name = $1 and singleton_key = $2 and state < 'completed' order by created_on limit 1`,
          [kind, key],
        );
        if (found.rows[0]) return { id: found.rows[0].id, existing: true };
      }
      return { id: await this.insertJob(client, kind, data, key, options), existing: false };
    });
    if (!result.existing) this.wake?.();
    return result;
  }

  /** pg-boss's job and our row, in the caller's transaction. */
  private async insertJob(client: pg.PoolClient, kind: string, data: unknown, key: string | null, options: EnqueueOptions): Promise<string> {
    const id = await this.boss.send(kind, (data ?? {}) as object, { singletonKey: key ?? undefined, db: clientAdapter(client) });
    if (!id) throw new Error(`The job queue refused a job of kind "${kind}"`);
    await client.query('insert into jobs (id, kind, club_id, guide_id, request_id) values ($1, $2, $3, $4, $5)', [
      id,
      kind,
      options.clubId ?? null,
      options.guideId ?? null,
      options.requestId ?? null,
    ]);
    return id;
  }

  /** Queues the periodic kinds whose last job is older than their interval (once, whichever process looks first). */
  private async queuePeriodic(): Promise<void> {
    const due = (db: pg.Pool | pg.PoolClient, kind: string, everyMs: number) =>
      db
        .query<{ due: boolean }>(
          `select coalesce(max(p.created_at) < now() - $2 * interval '1 millisecond', true)
             and not exists (select 1 from ${SCHEMA}.job j where j.name = $1 and j.singleton_key = 'periodic' and j.state < 'completed') as due
           from jobs p where p.kind = $1`,
          [kind, everyMs],
        )
        .then(({ rows }) => rows[0].due);
    for (const [kind, r] of this.registry) {
      // A plain read first: an idle queue writes nothing (the embedded read cache lasts until a write).
      if (r.everyMs === null || !(await due(this.pool, kind, r.everyMs))) continue;
      const everyMs = r.everyMs;
      const queued = await inTransaction(this.pool, async (client) => {
        await lock(client, `${kind}:periodic`);
        return (await due(client, kind, everyMs)) ? this.insertJob(client, kind, {}, 'periodic', {}) : null;
      });
      if (queued) this.wake?.();
    }
  }

  async get(id: string): Promise<JobInfo | null> {
    if (!UUID_PATTERN.test(id)) return null;
    await this.start();
    const { rows } = await this.pool.query<JobRow>(`select ${JOB_COLUMNS} from ${JOB_FROM} where p.id = $1`, [id]);
    return rows[0] ? toInfo(rows[0]) : null;
  }

  async list(filter: JobListFilter): Promise<JobInfo[]> {
    await this.start();
    const states = filter.states?.length ? filter.states.flatMap((s) => RAW_STATES[s]) : null;
    const { rows } = await this.pool.query<JobRow>(
      `select ${JOB_COLUMNS} from ${JOB_FROM}
       where ($1::int is null or p.club_id = $1) and coalesce(j.id, a.id) is not null
         and ($3::text[] is null or p.kind = any($3::text[]))
         and ($4::text[] is null or not (p.kind = any($4::text[])))
         and ($5::text[] is null or coalesce(j.state, a.state)::text = any($5::text[]))
       order by p.created_at desc, p.id desc limit $2`,
      [filter.clubId ?? null, filter.limit, filter.kinds?.length ? filter.kinds : null, filter.excludeKinds?.length ? filter.excludeKinds : null, states],
    );
    return rows.map(toInfo);
  }

  async retry(id: string): Promise<JobActionOutcome> {
    if (!UUID_PATTERN.test(id)) return 'notFound';
    await this.start();
    const outcome = await inTransaction(this.pool, async (client): Promise<JobActionOutcome> => {
      const find = async () => {
        const live = await client.query<{ name: string; state: string; singleton_key: string | null }>(`select name, state::text, singleton_key from ${SCHEMA}.job where id = $1 for update`, [id]);
        if (live.rows[0]) return { ...live.rows[0], archived: false };
        const archived = await client.query<{ name: string; state: string; singleton_key: string | null }>(`select name, state::text, singleton_key from ${SCHEMA}.archive where id = $1`, [id]);
        return archived.rows[0] ? { ...archived.rows[0], archived: true } : null;
      };
      let job = await find();
      if (!job) return 'notFound';
      const registered = this.registry.get(job.name);
      if (!registered) return 'unknownKind';
      if (job.singleton_key !== null) {
        // As enqueue: under the kind's and key's lock, so a click on Generate and a retry do not both queue the work.
        await lock(client, `${job.name}:${job.singleton_key}`);
        job = (await find())!;
        const other = await client.query(`select 1 from ${SCHEMA}.job where name = $1 and singleton_key = $2 and state < 'completed' and id <> $3 limit 1`, [job.name, job.singleton_key, id]);
        if (other.rows.length) return 'duplicate';
      }
      if (job.state !== 'failed' && job.state !== 'cancelled') return 'wrongState';
      if (job.archived) {
        // Archived (finished more than pg-boss's archive interval ago): back into the live table.
        await client.query(
          `with gone as (delete from ${SCHEMA}.archive where name = $1 and id = $2 returning ${BOSS_COLUMNS})
           insert into ${SCHEMA}.job (${BOSS_COLUMNS}) select ${BOSS_COLUMNS} from gone`,
          [job.name, id],
        );
      }
      // Queued again as a new job would be (no error shown while it waits); its attempts go on
      // counting, and an interruption of the new run still runs it again.
      await client.query(
        `update ${SCHEMA}.job set state = 'created', completed_on = null, output = null, start_after = now(),
           keep_until = greatest(keep_until, now() + interval '14 days'), retry_limit = retry_count + 1 + $3
         where name = $1 and id = $2`,
        [job.name, id, registered.retryLimit],
      );
      await client.query('update jobs set percent = 0, message = null, worker_id = null, updated_at = now() where id = $1', [id]);
      return 'done';
    });
    if (outcome === 'done') this.wake?.();
    return outcome;
  }

  async cancel(id: string): Promise<JobActionOutcome> {
    if (!UUID_PATTERN.test(id)) return 'notFound';
    await this.start();
    const outcome = await inTransaction(this.pool, async (client): Promise<JobActionOutcome> => {
      const { rows } = await client.query<{ name: string; state: string }>(`select name, state::text from ${SCHEMA}.job where id = $1 for update`, [id]);
      const job = rows[0];
      if (!job) {
        const archived = await client.query(`select 1 from ${SCHEMA}.archive where id = $1`, [id]);
        return archived.rows.length ? 'wrongState' : 'notFound';
      }
      if (!['created', 'retry', 'active'].includes(job.state)) return 'wrongState';
      await client.query(`update ${SCHEMA}.job set state = 'cancelled', completed_on = now() where name = $1 and id = $2`, [job.name, id]);
      return 'done';
    });
    // Running here: stop it now (another process finds it cancelled at its next heartbeat).
    if (outcome === 'done') this.endCancelled([id]);
    return outcome;
  }

  /** Ends the runs of this process whose jobs were cancelled; they write nothing more. */
  private endCancelled(ids: string[]): void {
    for (const id of ids) {
      const run = this.running.get(id);
      if (!run || run.handedBack || run.cancelled) continue;
      run.cancelled = true;
      run.end(new CancelledError(CANCELLED_MESSAGE));
    }
  }

  /** Ends the runs of this process whose jobs another process has taken back; they write nothing more. */
  private endTakenOver(ids: string[]): void {
    for (const id of ids) {
      const run = this.running.get(id);
      if (!run || run.handedBack || run.cancelled) continue;
      run.handedBack = true;
      this.options.log('warn', `Job ${id} (${run.kind}): another process took it over while it ran here (this process stalled); stopped here`);
      run.end(new StoppingError('Another process took this job over'));
    }
  }

  async depth(): Promise<QueueDepth[]> {
    await this.start();
    const kinds = this.kinds();
    const { rows } = await this.pool.query<{ name: string; waiting: string; running: string; oldest: Date | null; oldest_id: string | null }>(
      `select name,
         count(*) filter (where state < 'active') as waiting,
         count(*) filter (where state = 'active') as running,
         min(start_after) filter (where state < 'active') as oldest,
         (array_agg(id order by start_after, created_on) filter (where state < 'active'))[1]::text as oldest_id
       from ${SCHEMA}.job where name = any($1::text[]) and state < 'completed' group by name`,
      [kinds.map((k) => k.kind)],
    );
    const byKind = new Map(rows.map((r) => [r.name, r]));
    return kinds
      .map((k) => {
        const row = byKind.get(k.kind);
        return {
          ...k,
          waiting: Number(row?.waiting ?? 0),
          running: Number(row?.running ?? 0),
          oldestWaitingSince: row?.oldest ?? null,
          oldestWaitingId: row?.oldest_id ?? null,
        };
      })
      .sort((a, b) => a.kind.localeCompare(b.kind));
  }

  /** Fetches jobs while there is room, runs them, sleeps until woken or the poll interval passes. */
  private async loop(): Promise<void> {
    while (!this.stopping) {
      let fetched = false;
      // Is there a job to start: a plain read, so an idle queue writes nothing (the fetch is an
      // UPDATE; the embedded read cache, decision 0012, lasts until any write).
      const { rows: ready } = await this.pool
        .query<{ ready: boolean }>(`select exists (select 1 from ${SCHEMA}.job where state < 'active' and start_after < now() and name = any($1::text[])) as ready`, [[...this.registry.keys()]])
        .catch((err: Error) => {
          if (!this.stopping) this.options.log('warn', `Job queue: ${err.message}`);
          return { rows: [{ ready: false }] };
        });
      while (ready[0]?.ready && this.running.size < this.options.concurrency && !this.stopping) {
        const job = await this.fetchNext();
        if (!job) break;
        fetched = true;
        if (this.stopping) {
          await this.boss.fail(job.name, job.id, { message: INTERRUPTED_MESSAGE }).catch(() => {});
          break;
        }
        void this.run(job.name, job);
      }
      if (fetched && this.running.size < this.options.concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.options.pollMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = null;
    }
  }

  /**
   * Starts the next job, taking turns between clubs (decision 0013, "Fair turns between clubs"):
   * of the jobs ready to start, one of the club with the fewest jobs running now, and of those
   * clubs the one whose last job started longest ago (a club that ran nothing lately first); within
   * a club, by priority and then first queued. Jobs without a club (maintenance) are one more
   * "club". It is pg-boss's own fetch (the same update of state, start time and attempts, `FOR
   * UPDATE SKIP LOCKED`, so several processes never start one job twice) with this order instead
   * of first queued first, so one club's hundreds of queued jobs do not keep the others waiting.
   */
  private async fetchNext(): Promise<FetchedJob | null> {
    const { rows } = await this.pool
      .query<FetchedJob>(
        `with ready as (
           select j.name, j.id, coalesce(p.club_id, 0) as club
           from ${SCHEMA}.job j left join jobs p on p.id = j.id
           where j.name = any($1::text[]) and j.state < 'active' and j.start_after < now()
         ),
         turns as (
           select coalesce(q.club_id, 0) as club, count(*) filter (where a.state = 'active') as running, max(a.started_on) as last_started
           from jobs q join ${SCHEMA}.job a on a.name = q.kind and a.id = q.id
           where q.created_at > now() - interval '${TURN_WINDOW_HOURS} hours' and a.started_on is not null
             and coalesce(q.club_id, 0) in (select club from ready)
           group by 1
         ),
         next as (
           select j.name, j.id
           from ${SCHEMA}.job j
           join ready r on r.name = j.name and r.id = j.id
           left join turns t on t.club = r.club
           where j.state < 'active' and j.start_after < now()
           order by coalesce(t.running, 0), t.last_started nulls first, j.priority desc, j.created_on, j.id
           limit 1
           for update of j skip locked
         )
         update ${SCHEMA}.job j
         set state = 'active', started_on = now(), retry_count = case when j.started_on is not null then j.retry_count + 1 else j.retry_count end
         from next where j.name = next.name and j.id = next.id
         returning j.id, j.name, j.data, j.retry_count as "retryCount"`,
        [[...this.registry.keys()]],
      )
      .catch((err: Error) => {
        if (!this.stopping) this.options.log('warn', `Job queue: ${err.message}`);
        return { rows: [] as FetchedJob[] };
      });
    return rows[0] ?? null;
  }

  private async run(kind: string, job: FetchedJob): Promise<void> {
    const registered = this.registry.get(kind)!;
    const controller = new AbortController();
    let end: (reason: Error) => void = () => {};
    const ended = new Promise<never>((_, reject) => {
      end = (reason) => {
        controller.abort(reason);
        reject(reason);
      };
    });
    ended.catch(() => {});
    const run: Running = { kind, controller, handedBack: false, cancelled: false, claimed: false, end };
    this.running.set(job.id, run);
    let timer: NodeJS.Timeout | undefined;
    let pending: { percent: number; message: string | null } | null = null;
    let writing: Promise<void> | null = null;
    const progress = (percent: number, message?: string | null): Promise<void> => {
      if (run.handedBack || run.cancelled) return Promise.resolve();
      const p = Math.max(0, Math.min(100, Math.round(Number.isFinite(percent) ? percent : 0)));
      pending = { percent: p, message: message === undefined ? (pending?.message ?? null) : message === null ? null : String(message).slice(0, 500) };
      writing ??= (async () => {
        while (pending) {
          const next: { percent: number; message: string | null } = pending;
          pending = null;
          await this.pool
            .query('update jobs set percent = $2, message = $3, heartbeat_at = now(), updated_at = now() where id = $1', [job.id, next.percent, next.message])
            .catch((err: Error) => this.options.log('warn', `Job ${job.id}: progress not stored: ${err.message}`));
        }
        writing = null;
      })();
      return writing;
    };
    try {
      await this.pool.query('update jobs set percent = 0, message = null, worker_id = $2, heartbeat_at = now(), updated_at = now() where id = $1', [job.id, this.workerId]);
      run.claimed = true;
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const error = new TimeLimitError(`Stopped after the time limit of ${Math.round(registered.timeLimitMs / 1000)} s`);
          controller.abort(error);
          reject(error);
        }, registered.timeLimitMs);
      });
      const handled = registered.handler({ id: job.id, data: job.data, attempt: job.retryCount + 1, progress, signal: controller.signal });
      // A handler that ignores its signal still settles later; nobody waits for it then.
      handled.catch(() => {});
      const result = await Promise.race([handled, limit, ended]);
      await writing;
      if (run.handedBack || run.cancelled) return;
      await this.boss.complete(kind, job.id, { result: result === undefined ? null : result });
      await this.pool.query("update jobs set percent = 100, updated_at = now() where id = $1", [job.id]);
    } catch (err) {
      await writing;
      if (run.handedBack || run.cancelled) return;
      const message = err instanceof Error ? err.message : String(err);
      // An error or a time limit is final: running it again would fail the same way. Only an
      // interruption (the process stopped) runs a job again.
      await inTransaction(this.pool, async (client) => {
        await client.query(`update ${SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`, [kind, job.id]);
        await this.boss.fail(kind, job.id, { message: message.slice(0, 2000) || 'The job failed' }, { db: clientAdapter(client) });
      }).catch((storeError: Error) => this.options.log('error', `Job ${job.id} (${kind}) failed (${message}); the failure was not stored: ${storeError.message}`));
    } finally {
      clearTimeout(timer);
      this.running.delete(job.id);
      this.wake?.();
    }
  }

  /** Every heartbeatMs: say the running jobs are alive, rescue those of dead processes, clean up old rows. */
  private async tick(): Promise<void> {
    try {
      const ids = [...this.running.entries()].filter(([, r]) => !r.handedBack && !r.cancelled).map(([id]) => id);
      if (ids.length) {
        await this.pool.query('update jobs set heartbeat_at = now() where id = any($1::uuid[]) and worker_id = $2', [ids, this.workerId]);
        // Cancelled by another process (an admin's request served there): stop them here. Taken
        // over by another process (this one stalled past staleMs, so another put the job back in
        // the queue, and may run it already): stop them too, writing nothing, so a job never runs
        // twice at once for long (a push delivery would send again what this run is sending).
        const claimed = ids.filter((id) => this.running.get(id)?.claimed);
        const { rows } = await this.pool.query<{ id: string; cancelled: boolean }>(
          `select j.id::text, j.state = 'cancelled' as cancelled from ${SCHEMA}.job j left join jobs p on p.id = j.id
           where j.id = any($1::uuid[])
             and (j.state = 'cancelled' or (j.id = any($2::uuid[]) and (j.state in ('created', 'retry', 'failed') or p.worker_id is distinct from $3)))`,
          [ids, claimed, this.workerId],
        );
        this.endCancelled(rows.filter((r) => r.cancelled).map((r) => r.id));
        this.endTakenOver(rows.filter((r) => !r.cancelled).map((r) => r.id));
      }
      await this.rescue(this.options.staleMs);
      await this.queuePeriodic();
      if (Date.now() - this.lastCleanup > 3_600_000) {
        this.lastCleanup = Date.now();
        // Rows whose pg-boss job is deleted; looked for with a plain read first (no write while idle).
        const gone = `from jobs p where p.created_at < now() - interval '${KEEP_DAYS + 1} days'
             and not exists (select 1 from ${SCHEMA}.job j where j.id = p.id)
             and not exists (select 1 from ${SCHEMA}.archive a where a.id = p.id)`;
        const { rows } = await this.pool.query<{ any: boolean }>(`select exists (select 1 ${gone}) as any`);
        if (rows[0].any) await this.pool.query(`delete ${gone}`);
      }
    } catch (err) {
      if (!this.stopping) this.options.log('warn', `Job queue upkeep: ${(err as Error).message}`);
    }
  }

  /**
   * Puts running jobs without a heartbeat for `staleMs` back in the queue (or fails them after their
   * last try). A run's start counts as a heartbeat: a job just fetched again still carries the last
   * heartbeat of the run that died, and this query may have been queued before the fetch.
   */
  private async rescue(staleMs: number): Promise<void> {
    const { rows } = await this.pool.query<{ name: string; id: string }>(
      `select j.name, j.id from ${SCHEMA}.job j join jobs p on p.id = j.id
       where j.state = 'active' and greatest(p.heartbeat_at, j.started_on) < now() - $1 * interval '1 millisecond'
         and not (j.id = any($2::uuid[]))`,
      [staleMs, [...this.running.keys()]],
    );
    for (const { name, id } of rows) {
      this.options.log('warn', `Job ${id} (${name}): its process stopped while it ran; it is queued again`);
      await this.boss.fail(name, id, { message: INTERRUPTED_MESSAGE });
    }
  }
}

/** A transaction-scoped lock on a name of the job queue's own (pg_advisory_xact_lock). */
async function lock(client: pg.PoolClient, name: string): Promise<void> {
  await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`golf-jobs:${name}`]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

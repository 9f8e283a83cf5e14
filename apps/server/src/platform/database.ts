import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index';
import { ChangeTracker, parseChange, readingScope, UNKNOWN_STATEMENT, type Change } from './change-tracker';
import { ensureChangeNotifications, NOTICE_MESSAGE, NOTICE_SETTING } from './data-changes';

import type { Db } from './db-types';

export type { Db, DbOrTx, Tx } from './db-types';

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** How long database work may take; every caller of the database gets an answer within these. */
export interface DatabaseLimits {
  /**
   * Longest one statement may run. PostgreSQL cancels it (`statement_timeout`); the driver also
   * gives up reading after this plus a margin (a lost server). PGlite cannot cancel a statement:
   * it runs in a worker thread, and the driver gives up waiting after this (see decision 0008).
   */
  statementTimeoutMs: number;
  /** Longest a caller waits for the (or a) free connection before the request answers 503. */
  acquireTimeoutMs: number;
  /**
   * Longest one caller may keep a connection checked out (a transaction left open). The
   * connection is then closed, which rolls its transaction back, and the pool opens a new one.
   */
  holdLimitMs: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { statementTimeoutMs: 15_000, acquireTimeoutMs: 10_000, holdLimitMs: 30_000 };

// Dates come back as JavaScript Dates for timestamptz; bigint counts as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * Opens PostgreSQL at `url`, or starts the embedded PGlite (persisted in `dataDir`, or in memory
 * when `dataDir` is null) behind a loopback socket so the same node-postgres driver serves both.
 *
 * PGlite has ONE backend session, and pglite-socket interleaves the protocol messages of several
 * connections into it (a statement could bind another request's parameters). So in embedded mode
 * exactly one connection reaches it, for everything: the app, migrations and any job queue share
 * this pool of one. A transaction holds that connection; other callers queue in the pool.
 * See docs/decisions/0008-one-connection-to-pglite.md.
 */
export async function openDatabase(opts: {
  url: string | null;
  dataDir: string | null;
  poolSize?: number;
  limits?: Partial<DatabaseLimits>;
  /**
   * False: no named prepared statements on this pool (DB_NAMED_STATEMENTS=false), for a pooler in
   * transaction mode that does not keep them (PgBouncer before 1.21, or without max_prepared_statements).
   */
  namedStatements?: boolean;
}): Promise<Database> {
  const limits = { ...DEFAULT_DATABASE_LIMITS, ...opts.limits };
  const driverLimits: pg.PoolConfig = {
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    // The driver stops waiting for an answer a little after the server should have cancelled.
    query_timeout: limits.statementTimeoutMs + 5_000,
  };
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      ...driverLimits,
      statement_timeout: limits.statementTimeoutMs,
      idle_in_transaction_session_timeout: limits.holdLimitMs,
    });
    const state = guardPool(pool, limits);
    if (opts.namedStatements === false) unnamedPools.add(pool);
    const tracker = new ChangeTracker();
    trackers.set(pool, tracker);
    const backends = new Set<number>();
    ownBackends.set(pool, backends);
    pool.on('connect', (client) => {
      trackChanges(client, tracker);
      const pid = (client as unknown as { processID?: number }).processID;
      if (typeof pid === 'number') backends.add(pid);
    });
    pool.on('remove', (client) => backends.delete((client as unknown as { processID?: number }).processID ?? -1));
    await pool.query('select 1');
    return {
      db: drizzle(pool, { schema }),
      pool,
      url: opts.url,
      embedded: false,
      close: () => {
        state.closing = true;
        return pool.end();
      },
    };
  }
  // The data directory lives on disk (the OS caches it), so PostgreSQL's own buffer cache can be
  // small; PGlite's WebAssembly memory only grows, and the default 128 MB is held for good.
  const postgresqlconf = ['shared_buffers = 16MB', 'wal_buffers = 1MB'];
  let dataDir: string | null = null;
  if (opts.dataDir) {
    dataDir = join(opts.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  const worker = await startPgliteWorker(dataDir, postgresqlconf);
  const url = `postgres://postgres@${worker.conn}/postgres?sslmode=disable`;
  // PGlite cannot cancel a statement: the driver stops waiting after the statement timeout.
  // The one connection stays open while idle (pg-pool would close it after 10 s).
  const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0, ...driverLimits, query_timeout: limits.statementTimeoutMs });
  const state = guardPool(pool, limits);
  embeddedPools.add(pool);
  const tracker = new ChangeTracker();
  trackers.set(pool, tracker);
  pool.on('connect', (client) => trackChanges(client, tracker));
  return {
    db: drizzle(pool, { schema }),
    pool,
    url,
    embedded: true,
    async close() {
      state.closing = true;
      await pool.end();
      await worker.close();
    },
  };
}

/** Starts PGlite and its socket server in a worker thread; answers the socket's host:port. */
async function startPgliteWorker(dataDir: string | null, postgresqlconf: string[]): Promise<{ conn: string; close(): Promise<void> }> {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'pglite-worker.mjs'), join(here, 'platform/pglite-worker.mjs')];
  const file = candidates.find((c) => existsSync(c));
  if (!file) throw new Error(`pglite-worker.mjs not found (looked in ${candidates.join(', ')})`);
  const worker = new Worker(file, { workerData: { dataDir, postgresqlconf } });
  const conn = await new Promise<string>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The embedded database stopped while starting (exit ${code})`)));
    worker.once('message', (m: { type: string; conn: string }) => (m.type === 'ready' ? resolve(m.conn) : reject(new Error(`unexpected ${m.type}`))));
  });
  worker.removeAllListeners('error');
  worker.removeAllListeners('exit');
  worker.on('error', (err) => console.error('The embedded database failed:', err));
  return {
    conn,
    async close() {
      const closed = new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

const embeddedPools = new WeakSet<pg.Pool>();
/** PostgreSQL pools opened with `namedStatements: false`. */
const unnamedPools = new WeakSet<pg.Pool>();
const trackers = new WeakMap<pg.Pool, ChangeTracker>();
const ownBackends = new WeakMap<pg.Pool, Set<number>>();
/** When each pool's database last answered: a connection given back without a connection error (guardPool). */
const lastAnswers = new WeakMap<pg.Pool, number>();

/** A statement that changes the schema: whatever it touched, no answer read before holds. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|comment|grant|revoke|security\s+label|refresh|reindex|cluster|import)\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
/** COMMIT, END, ROLLBACK, ABORT (not ROLLBACK TO a savepoint, which ends no transaction). */
const END = /^\s*(commit|end|abort|rollback(?!\s+(work\s+|transaction\s+)?to\b))\b/i;

/** The text of a statement handed to `client.query` (a string or a config object). */
function statementText(config: unknown): string | null {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : null;
}

/**
 * Follows, on one connection of the pool, what its statements changed (docs/decisions/0022):
 * - the change triggers (platform/data-changes.ts) send this session a NOTICE naming the table
 *   and clubs of every statement that changed rows, while the statement runs; each is stamped on
 *   the tracker at once;
 * - it is stamped again when it is committed (the end of the statement, or of the transaction it
 *   was made in; or the connection's end, which rolls it back), so an answer read while the
 *   change was not yet visible to others is not kept either; so a write's changes are stamped
 *   before its caller hears the statement (or the COMMIT) is done;
 * - a schema change (DDL) is a change of everything, when sent and when done.
 * Every statement made inside a reading scope (`readingScope`, the read cache's answers being
 * made) is noted there: what the answer was read from.
 */
function trackChanges(client: pg.PoolClient, tracker: ChangeTracker): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // Asks the triggers for notices; sent first, before anything the caller sends.
  (query(`set ${NOTICE_SETTING} = 'on'`) as Promise<unknown>).catch(() => {});
  let inTransaction = false;
  let committing: Change[] = [];
  const stampAgain = () => {
    for (const change of committing) tracker.changed(change.table, change.clubs, change.keys);
    committing = [];
  };
  client.on('notice', (notice: { message?: string; detail?: string }) => {
    if (notice.message !== NOTICE_MESSAGE) return;
    const change = parseChange(notice.detail ?? '');
    if (!change) return tracker.changedEverything();
    tracker.changed(change.table, change.clubs, change.keys);
    committing.push(change);
  });
  client.on('end', () => {
    stampAgain();
    inTransaction = false;
  });

  client.query = ((...args: unknown[]) => {
    const text = statementText(args[0]);
    readingScope.getStore()?.add(text ?? UNKNOWN_STATEMENT);
    if (text === null) return query(...args);
    const schemaChange = SCHEMA_CHANGE.test(text);
    if (schemaChange) tracker.changedEverything();
    if (BEGIN.test(text)) inTransaction = true;
    const ending = END.test(text);
    const ended = () => {
      if (schemaChange) tracker.changedEverything();
      if (ending) inTransaction = false;
      if (!inTransaction) stampAgain();
    };
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...a: unknown[]) => void;
      args[last] = (...a: unknown[]) => {
        ended();
        callback(...a);
      };
      return query(...args);
    }
    const result = query(...args) as { then?: unknown; once?: (event: string, fn: () => void) => void } | undefined;
    if (result && typeof result.then === 'function') (result as Promise<unknown>).then(ended, ended);
    else if (result && typeof result.once === 'function') {
      result.once('end', ended);
      result.once('error', ended);
    } else ended();
    return result;
  }) as typeof client.query;
}

/**
 * What this pool's statements (and, on PostgreSQL, once the read cache's change feed listens,
 * other processes') changed, and when; null for a pool not opened by openDatabase. The read cache
 * (platform/read-cache.ts) keeps an answer only while nothing it was read from changed.
 */
export function changeTracker(db: Db): ChangeTracker | null {
  return trackers.get(db.$client) ?? null;
}

/**
 * The PostgreSQL backend processes of this pool's open connections. Their changes are heard as
 * notices already (`trackChanges`), so the change feed passes over their notifications.
 */
export function ownBackendPids(db: Db): ReadonlySet<number> {
  return ownBackends.get(db.$client) ?? new Set();
}

/**
 * True when the pool's database answered within the last `ms` milliseconds: a connection was given
 * back without a connection error (a statement the database refused counts: it answered). Under
 * load, when callers wait for a connection, this tells that the database is there without a
 * statement of its own, which would wait in the same queue (GET /api/ready).
 */
export function databaseAnsweredWithin(db: Db, ms: number): boolean {
  const at = lastAnswers.get(db.$client as unknown as pg.Pool);
  return at !== undefined && Date.now() - at <= ms;
}

/** True for the embedded PGlite, where only this process reaches the data (decision 0008). */
export function isEmbedded(db: Db): boolean {
  return embeddedPools.has(db.$client);
}

/**
 * Three guards on a pool:
 * - A connection the server ends while it sits idle in the pool (a restart, an administrator, a
 *   dropped test database) would otherwise be an uncaught error that stops the process; the pool
 *   drops it and opens a new one when needed. Said once in the log, except while closing.
 * - A statement the database refuses (a constraint, bad data) leaves its connection healthy;
 *   pg-pool would close the connection after any failed `pool.query`, so every 4xx caused by the
 *   database would cost a reconnect. Only other errors (a timeout, a lost socket) close it.
 * - A caller that keeps a connection past `holdLimitMs` loses it: the connection is closed, which
 *   rolls back its open transaction, so one stuck request cannot hold everybody's database.
 */
function guardPool(pool: pg.Pool, limits: DatabaseLimits): { closing: boolean } {
  const state = { closing: false };
  pool.on('error', (error) => {
    if (!state.closing) console.warn(`Database connection lost: ${error.message}`);
  });

  const held = new WeakMap<pg.PoolClient, { timer: NodeJS.Timeout; onError: (e: Error) => void }>();
  pool.on('acquire', (client) => {
    const timer = setTimeout(() => {
      console.warn(`A database connection was held for over ${limits.holdLimitMs} ms: closed, its transaction rolled back`);
      // Given back now, as broken: the pool closes it (the database rolls back its transaction)
      // and opens another for the callers waiting. The holder's own release later does nothing;
      // its next statement fails with 'not queryable' (503).
      const release = client.release;
      client.release = () => {};
      release(new Error('held too long'));
    }, limits.holdLimitMs);
    timer.unref();
    // While checked out nobody else listens: a connection lost then must not stop the process.
    const onError = (error: Error) => {
      if (!state.closing) console.warn(`Database connection lost during a request: ${error.message}`);
    };
    client.on('error', onError);
    held.set(client, { timer, onError });
  });
  pool.on('release', (error, client) => {
    if (!error) lastAnswers.set(pool, Date.now());
    const entry = held.get(client);
    if (!entry) return;
    clearTimeout(entry.timer);
    client.off('error', entry.onError);
    held.delete(client);
  });

  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const [config, values] = args;
    const usesCallback = args.some((a) => typeof a === 'function') || typeof (config as { submit?: unknown } | null)?.submit === 'function';
    if (usesCallback) return poolQuery(...args);
    return (async () => {
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        return await client.query(config as pg.QueryConfig, values as unknown[] | undefined);
      } catch (err) {
        failure = err as Error;
        throw err;
      } finally {
        client.release(failure instanceof pg.DatabaseError ? undefined : failure);
      }
    })();
  }) as typeof pool.query;
  return state;
}

/**
 * Named prepared statements live in a backend session. The embedded PGlite has one session that
 * every socket connection shares, so two pool connections preparing the same name collide there;
 * a transaction-mode pooler without statement tracking hands one session's statements to others.
 */
export function supportsNamedStatements(db: Db): boolean {
  return !embeddedPools.has(db.$client) && !unnamedPools.has(db.$client);
}

function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'migrations'), join(here, '../db/migrations')];
  const found = candidates.find((c) => existsSync(join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Runs the migrations, then gives every table the triggers that say what each write changed
 * (platform/data-changes.ts): to the writing server as notices, to other servers as notifications.
 */
export async function runMigrations(db: Db): Promise<void> {
  const work = async () => {
    await migrate(db, { migrationsFolder: migrationsFolder() });
    await ensureChangeNotifications(db, { notify: !isEmbedded(db) });
  };
  // The embedded database has one process (this one): nobody to race with.
  if (isEmbedded(db)) return work();
  await withMigrationLock(db.$client.options.connectionString, work);
}

/** The session advisory lock (any fixed number) under which a PostgreSQL database is migrated. */
const MIGRATION_LOCK = 20_261_128;

/**
 * Several servers started together on one PostgreSQL database (behind a proxy, deploy/) migrate
 * one at a time: each takes a session advisory lock first, the others wait for it, then find the
 * migrations done. The lock is held by a connection of its own, outside the pool: a pooled one
 * would meet the pool's statement timeout while waiting and its hold limit while migrating. It
 * is released by the unlock, or by the database when the connection (or this process) dies.
 * `url` (the pool's) must give a real session on the database, not a transaction-mode pooler
 * (main.ts then migrates through DATABASE_DIRECT_URL).
 */
async function withMigrationLock(url: string | undefined, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', (error) => console.warn(`The migration lock's connection failed: ${error.message}`));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await client.end();
  }
}

const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Connection terminated',
  'is not queryable',
];
/** SQLSTATEs that say "busy or gone", not "your input is wrong": timeouts, shutdown, overload, conflicts. */
const UNAVAILABLE_STATES = /^(57014|57P0[1-3]|53300|08...|40001|40P01|55P03|25P03)$/;

/**
 * True when a database error means the database could not do the work in time (a pool wait or
 * statement timeout, a lost connection, a deadlock): the request answers 503 with Retry-After,
 * and the same request may succeed later. Looks through drizzle's wrapping (`cause`).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { message?: string; code?: string; cause?: unknown } | null, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE_STATES.test(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => e!.message!.includes(m))) return true;
  }
  return false;
}

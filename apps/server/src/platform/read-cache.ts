import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './app-types';
import type { AuthContext } from './auth';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema/index';
import { requestClubId } from './authorize';
import { BoundedCache } from './bounded-cache';
import { readingScope, tablesRead, type ChangeScope, type ChangeTracker } from './change-tracker';
import { changeFeed } from './data-changes';
import { changeTracker, isEmbedded, ownBackendPids } from './database';
import { clientHasCurrent } from './http-cache';
import { addVary, isPrepared, preparedBytes } from './prepared-compression';

/**
 * The read cache (docs/decisions/0012, 0022). A GET route that declares `config.readCache` keeps
 * its 200 answer in memory, by user, permissions and address, for as long as nothing it was read
 * from has changed:
 * - what it was read from: the tables named by the statements its handler made (noted by the pool
 *   inside `readingScope`), and the club its route names (`access.club`), if any;
 * - what changed: every write's table and clubs, told by the database's triggers (ChangeTracker,
 *   platform/change-tracker.ts): this process's own as notices while each statement runs, and
 *   stamped again when committed, so before the write's answer is sent; on PostgreSQL also every
 *   other process's, as notifications (platform/data-changes.ts). While those are not heard (the
 *   listening connection is lost), nothing is kept or given again.
 * So a write to one club's opening hours ends that club's answers that read the hours, and the
 * answers of no club that read them; other clubs' answers, the catalogue and the regions stay. A
 * route whose answer reads the rows of one key of a keyed table says so (`readCacheRows`): a
 * drawing saved ends the drawing answers of its own hole, not of the club's other holes.
 * A 304 is kept too (its validators), for a client that revalidates from the start. The access
 * check runs before the cache on every request (a signed-out token is 401, a role taken away 403).
 * Answers that depend on the clock say until when they hold (`readCacheUntil`). At most 32 MB.
 */
const MAX_BYTES = 32 * 1024 * 1024;
/** The headers a kept answer is sent again with (the security headers are every answer's anyway). */
const KEPT_HEADERS = ['content-type', 'etag', 'cache-control', 'vary'] as const;

interface Kept {
  /** The tracker's moment when the reading began, and what the answer was read from. */
  since: number;
  scope: ChangeScope;
  until: number;
  /**
   * The answer; null when only a 304 was made (a client that revalidates from the start): its
   * validators still answer the next 304, anything else goes to the handler.
   */
  body: Buffer | null;
  headers: Partial<Record<(typeof KEPT_HEADERS)[number], string>>;
}

interface Pending {
  key: string;
  since: number;
  until: number;
  /** The statements the handler made (noted by the pool, platform/database.ts). */
  statements: Set<string>;
}

const pending = new WeakMap<FastifyRequest, Pending>();

/** The caller as far as an answer may depend on it: the user and its permissions of this session. */
const callers = new WeakMap<AuthContext, string>();
function callerKey(auth: AuthContext | null): string {
  if (!auth) return '-';
  let key = callers.get(auth);
  if (key === undefined) callers.set(auth, (key = `${auth.userId}:${JSON.stringify(auth.subject)}:${auth.profile.language}`));
  return key;
}

/** The answer being made holds only until `time` (ms since the epoch): it depends on the clock. */
export function readCacheUntil(request: FastifyRequest, time: number): void {
  const p = pending.get(request);
  if (p) p.until = Math.min(p.until, time);
}

/** The names of the app's tables: what a statement's text is searched for. */
const TABLES: ReadonlySet<string> = new Set(
  (Object.values(schema) as unknown[]).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : [])),
);

/** A value kept by keptRead: when its reading began, what it was read from, its statements, the value. */
interface KeptRead {
  since: number;
  scope: ChangeScope;
  statements: readonly string[];
  value: unknown;
}

/** What registerReadCache installed for a database handle, for keptRead. */
const installed = new WeakMap<object, { usable: () => boolean; tracker: ChangeTracker; kept: BoundedCache<string, KeptRead> }>();
/** At most this much of values kept by keptRead (their sizes as their readers estimate them). */
const MAX_KEPT_READ_BYTES = 8 * 1024 * 1024;

/**
 * A value read from the database, kept as the read cache keeps answers (for as long as nothing it
 * was read from changed: the tables its statements named, of `club` or of no club), but for every
 * route and caller that reads it: the three status checks of a course read the same rows, by
 * whoever asks. `key` names the reading (with its parameters); `size` estimates a value's bytes.
 * A value kept is never changed by its readers. On a hit, its statements are noted in the reading
 * scope of the answer being made, so that answer depends on what the value was read from. Without
 * the read cache (disabled, another handle such as a transaction, or the change feed not heard)
 * it is read each time.
 */
export async function keptRead<V>(db: object, key: string, club: number | null, size: (value: V) => number, read: () => Promise<V>): Promise<V> {
  const cache = installed.get(db);
  if (!cache || !cache.usable()) return read();
  const outer = readingScope.getStore();
  const hit = cache.kept.get(key);
  if (hit && !cache.tracker.changedSince(hit.since, hit.scope)) {
    for (const statement of hit.statements) outer?.add(statement);
    return hit.value as V;
  }
  const since = cache.tracker.now;
  const statements = new Set<string>();
  const value = await readingScope.run(statements, read);
  for (const statement of statements) outer?.add(statement);
  const tables = tablesRead(statements, TABLES, keptReadTables);
  const scope: ChangeScope = { club, tables };
  if (tables !== null && tables.length > 0 && cache.usable() && !cache.tracker.changedSince(since, scope)) {
    cache.kept.set(key, { since, scope, statements: [...statements], value }, size(value) + key.length);
  }
  return value;
}
const keptReadTables = new Map<string, readonly string[]>();

/**
 * Installs the read cache (unless `enabled` is false). `listenUrl` (DATABASE_DIRECT_URL) is where
 * the change feed listens when the pool's own address cannot hold a LISTEN (a transaction-mode
 * pool); null listens at the pool's address.
 */
export function registerReadCache(app: FastifyInstance, deps: Pick<AppDeps, 'db'>, enabled: boolean, listenUrl: string | null = null): void {
  const tracker = changeTracker(deps.db);
  if (!tracker || !enabled) return;
  const kept = new BoundedCache<string, Kept>(MAX_BYTES);
  const tablesOf = new Map<string, readonly string[]>();
  // On PostgreSQL: the other processes' changes, heard from the time the app is ready. Through
  // another address (a pooler in front of the pool), the pool's connections report the pooler's
  // process ids, not PostgreSQL's: no notification is passed over then (this server's own are
  // heard twice: the second may end an answer kept in between, which costs one read more).
  const poolUrl = isEmbedded(deps.db) ? null : connectionString(deps.db);
  const feedUrl = listenUrl ?? poolUrl;
  const feed = poolUrl === null || feedUrl === null ? null : changeFeed(feedUrl, tracker, { log: (m) => app.log.warn(m), ownBackends: feedUrl === poolUrl ? ownBackendPids(deps.db) : new Set() });
  if (feed) {
    app.addHook('onReady', () => feed.start());
    app.addHook('onClose', () => feed.close());
  }
  const usable = feed ? () => feed.live : () => true;
  installed.set(deps.db, { usable, tracker, kept: new BoundedCache<string, KeptRead>(MAX_KEPT_READ_BYTES) });

  // After the access check (authorize.ts) and the input's validation: only then is an answer
  // given. On a miss, the handler runs inside a reading scope that notes its statements.
  app.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.method !== 'GET' || !request.routeOptions.config?.readCache || !usable()) return done();
    const key = `${callerKey(request.auth)}\n${request.url}`;
    const hit = kept.get(key);
    if (hit && Date.now() < hit.until && !tracker.changedSince(hit.since, hit.scope)) {
      if (hit.headers.etag && clientHasCurrent(request, hit.headers.etag)) {
        reply.headers(hit.headers);
        // The 200 of a prepared answer varies by Accept-Encoding: so does its 304 (RFC 9110 §15.4.5).
        if (hit.body && isPrepared(hit.body)) addVary(reply);
        void reply.code(304).send();
        return;
      }
      if (hit.body) {
        // Given again: now worth a compressed copy (one made when kept would often be for
        // nothing: an answer a write forgets before anyone asks again).
        preparedBytes(hit.body);
        void reply.headers(hit.headers).send(hit.body);
        return;
      }
      // Only a 304's validators are kept: the handler answers (and its 200 takes their place).
    } else if (hit) kept.delete(key);
    const p: Pending = { key, since: tracker.now, until: Infinity, statements: new Set() };
    pending.set(request, p);
    readingScope.run(p.statements, done);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const p = pending.get(request);
    if (!p) return payload;
    pending.delete(request);
    if ((reply.statusCode !== 200 && reply.statusCode !== 304) || !usable() || Date.now() >= p.until) return payload;
    // An answer whose statements named no table of the app (or that made none) was read from
    // somewhere the tracker does not see: it depends on every change.
    const tables = tablesRead(p.statements, TABLES, tablesOf);
    const club = requestClubId(request);
    const rows = club === null ? null : (request.routeOptions.config.readCacheRows?.(request) ?? null);
    const scope: ChangeScope = { club, tables: tables?.length ? tables : null, rows };
    if (tracker.changedSince(p.since, scope)) return payload;
    const headers: Kept['headers'] = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    if (reply.statusCode === 304) {
      if (headers.etag) kept.set(p.key, { since: p.since, scope, until: p.until, body: null, headers }, p.key.length + 128);
      return payload;
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (!body) return payload;
    // A compressed copy is made once the kept answer is given again (above).
    kept.set(p.key, { since: p.since, scope, until: p.until, body, headers }, body.length + p.key.length);
    return body;
  });
}

/** The address the pool connects to (the change feed opens its own connection there). */
function connectionString(db: AppDeps['db']): string {
  const options = (db.$client as unknown as { options: { connectionString?: string } }).options;
  if (!options.connectionString) throw new Error('The read cache on PostgreSQL needs the pool to be opened with a connection string');
  return options.connectionString;
}

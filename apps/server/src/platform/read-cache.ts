import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './app-types';
import type { AuthContext } from './auth';
import { BoundedCache } from './bounded-cache';
import { changeFeed } from './data-changes';
import { isEmbedded, localWrites, ownBackendPids } from './database';
import { clientHasCurrent } from './http-cache';
import { addVary, isPrepared, preparedBytes } from './prepared-compression';

/**
 * The read cache (docs/decisions/0012). A GET route that declares `config.readCache` keeps its 200
 * answer in memory, by user, permissions and address, for as long as the data has not changed:
 * - this process's own writes: the pool counts every statement that may write (database.ts,
 *   countWrites): any insert, update, delete, transaction, migration or seed, whatever it touched;
 * - on PostgreSQL also every other process's: each committed change is notified to this server
 *   (platform/data-changes.ts). While the notifications are not heard (the listening connection is
 *   lost), nothing is kept or given again.
 * A 304 is kept too (its validators), for a client that revalidates from the start.
 * Any change anywhere ends every kept answer. The access check runs before the cache on every
 * request (a signed-out token is 401, a role taken away 403). Answers that depend on the clock say
 * until when they hold (`readCacheUntil`). At most 32 MB are kept.
 */
const MAX_BYTES = 32 * 1024 * 1024;
/** The headers a kept answer is sent again with (the security headers are every answer's anyway). */
const KEPT_HEADERS = ['content-type', 'etag', 'cache-control', 'vary'] as const;

interface Kept {
  writes: number;
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
  writes: number;
  until: number;
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

/** Installs the read cache (unless `enabled` is false). */
export function registerReadCache(app: FastifyInstance, deps: Pick<AppDeps, 'db'>, enabled: boolean): void {
  const writes = localWrites(deps.db);
  if (!writes || !enabled) return;
  const kept = new BoundedCache<string, Kept>(MAX_BYTES);
  // On PostgreSQL: the other processes' changes, heard from the time the app is ready.
  const feed = isEmbedded(deps.db) ? null : changeFeed(connectionString(deps.db), { log: (m) => app.log.warn(m), ownBackends: ownBackendPids(deps.db) });
  if (feed) {
    app.addHook('onReady', () => feed.start());
    app.addHook('onClose', () => feed.close());
  }
  // Both counts only rise: their sum is unchanged exactly when neither moved.
  const version = feed ? () => writes.value + feed.value : () => writes.value;
  const usable = feed ? () => feed.live : () => true;

  // After the access check (authorize.ts) and the input's validation: only then is an answer given.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !request.routeOptions.config?.readCache || !usable()) return;
    const key = `${callerKey(request.auth)}\n${request.url}`;
    const hit = kept.get(key);
    if (hit && hit.writes === version() && Date.now() < hit.until) {
      if (hit.headers.etag && clientHasCurrent(request, hit.headers.etag)) {
        reply.headers(hit.headers);
        // The 200 of a prepared answer varies by Accept-Encoding: so does its 304 (RFC 9110 §15.4.5).
        if (hit.body && isPrepared(hit.body)) addVary(reply);
        return reply.code(304).send();
      }
      if (hit.body) return reply.headers(hit.headers).send(hit.body);
      // Only a 304's validators are kept: the handler answers (and its 200 takes their place).
    } else if (hit) kept.delete(key);
    pending.set(request, { key, writes: version(), until: Infinity });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const p = pending.get(request);
    if (!p) return payload;
    pending.delete(request);
    if ((reply.statusCode !== 200 && reply.statusCode !== 304) || p.writes !== version() || !usable() || Date.now() >= p.until) return payload;
    const headers: Kept['headers'] = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    if (reply.statusCode === 304) {
      if (headers.etag) kept.set(p.key, { writes: p.writes, until: p.until, body: null, headers }, p.key.length + 128);
      return payload;
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (!body) return payload;
    // Worth a compressed copy only when kept (one over a quarter of the limit is not).
    if (kept.set(p.key, { writes: p.writes, until: p.until, body, headers }, body.length + p.key.length)) preparedBytes(body);
    return body;
  });
}

/** The address the pool connects to (the change feed opens its own connection there). */
function connectionString(db: AppDeps['db']): string {
  const options = (db.$client as unknown as { options: { connectionString?: string } }).options;
  if (!options.connectionString) throw new Error('The read cache on PostgreSQL needs the pool to be opened with a connection string');
  return options.connectionString;
}

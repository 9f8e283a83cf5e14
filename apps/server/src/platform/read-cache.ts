import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './app-types';
import type { AuthContext } from './auth';
import { BoundedCache } from './bounded-cache';
import { embeddedWrites } from './database';
import { clientHasCurrent } from './http-cache';

/**
 * The embedded database's read cache (docs/decisions/0012). PGlite runs one statement at a time
 * (decision 0008: about 0.5–2 ms each through its socket), so a screen's handful of reads queue
 * behind each other; PostgreSQL serves them in parallel. On the embedded database, and only
 * there, only this process can change the data, and the pool counts every statement that may
 * write (database.ts, countWrites). So a GET route that declares `config.readCache` keeps its
 * 200 answer in memory, by user, permissions and address, for as long as that count has not
 * moved: any insert, update, delete, transaction, migration or seed, whatever it touched, ends
 * every kept answer. The access check runs before the cache on every request (a signed-out
 * token is 401, a role taken away 403). Answers that depend on the clock say until when they
 * hold (`readCacheUntil`). At most 32 MB are kept.
 *
 * On PostgreSQL other servers and other clients write too: nothing is kept there.
 */
const MAX_BYTES = 32 * 1024 * 1024;
/** The headers a kept answer is sent again with (the security headers are every answer's anyway). */
const KEPT_HEADERS = ['content-type', 'etag', 'cache-control'] as const;

interface Kept {
  writes: number;
  until: number;
  body: Buffer;
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

/** Installs the read cache when the database is the embedded one (and `enabled`). */
export function registerReadCache(app: FastifyInstance, deps: Pick<AppDeps, 'db'>, enabled: boolean): void {
  const writes = embeddedWrites(deps.db);
  if (!writes || !enabled) return;
  const kept = new BoundedCache<string, Kept>(MAX_BYTES);

  // After the access check (authorize.ts) and the input's validation: only then is an answer given.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !request.routeOptions.config?.readCache) return;
    const key = `${callerKey(request.auth)}\n${request.url}`;
    const hit = kept.get(key);
    if (hit && hit.writes === writes.value && Date.now() < hit.until) {
      reply.headers(hit.headers);
      if (hit.headers.etag && clientHasCurrent(request, hit.headers.etag)) return reply.code(304).send();
      return reply.send(hit.body);
    }
    if (hit) kept.delete(key);
    pending.set(request, { key, writes: writes.value, until: Infinity });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const p = pending.get(request);
    if (!p) return payload;
    pending.delete(request);
    if (reply.statusCode !== 200 || p.writes !== writes.value || Date.now() >= p.until) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (!body) return payload;
    const headers: Kept['headers'] = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    kept.set(p.key, { writes: p.writes, until: p.until, body, headers }, body.length + p.key.length);
    return body;
  });
}

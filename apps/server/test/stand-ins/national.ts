import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the national golf app's API for clubs (issue 23). Every call carries the
 * console's client credentials (`X-Client-Id`, `X-Client-Secret`) and the club's token
 * (`Authorization: Bearer <token>`):
 * - `GET /clubs/{id}` → `{ id, name }` (verifying the token on connect);
 * - `POST /clubs/{id}/news` JSON `{ title, body, link, kind: 'status'|'news', priority? }` → 201 `{ id }`;
 * - `DELETE /clubs/{id}/connection` → 204 (the console's connection is removed).
 * Refusals: `{ error: <code>, message }` with 400 (bad body), 401 (credentials or token), 404.
 */
export interface NationalItem {
  id: string;
  clubId: string;
  title: string;
  body: string;
  link: string | null;
  kind: 'status' | 'news';
  priority: string | null;
}

export interface NationalStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** A club the service knows, with its API token. */
  addClub(id: string, name: string, token: string): void;
  /** The news and status items it accepted, in order. */
  items: NationalItem[];
  /** Every request it got (method and path). */
  requests: { method: string; path: string }[];
  /** Clubs whose connection was removed. */
  disconnected: string[];
  /** Answers the next request (whatever it is) with this status and body. */
  failNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

const BODY_MAX_BYTES = 256 * 1024;
const PRIORITIES = ['neutral', 'normal', 'important', 'critical'];

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_MAX_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const refusal = (error: string, message: string) => ({ error, message });

export async function startNationalStandIn(): Promise<NationalStandIn> {
  const clientId = `console-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const clubs = new Map<string, { name: string; token: string }>();
  const items: NationalItem[] = [];
  const requests: { method: string; path: string }[] = [];
  const disconnected: string[] = [];
  const failures: { status: number; body: unknown }[] = [];
  let counter = 0;

  const sameText = (a: string | undefined, b: string) => {
    if (a === undefined) return false;
    const [x, y] = [Buffer.from(a), Buffer.from(b)];
    return x.length === y.length && timingSafeEqual(x, y);
  };
  const header = (req: IncomingMessage, name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname });
    const failure = failures.shift();
    if (failure) return sendJson(res, failure.status, failure.body);

    if (!sameText(header(req, 'x-client-id'), clientId) || !sameText(header(req, 'x-client-secret'), clientSecret)) {
      return sendJson(res, 401, refusal('invalid_client', 'Unknown client or wrong client secret'));
    }
    const match = /^\/clubs\/([A-Za-z0-9_-]+)(?:\/(news|connection))?$/.exec(url.pathname);
    if (!match) return sendJson(res, 404, refusal('not_found', `No such resource: ${url.pathname}`));
    const [, clubId, edge] = match;
    const club = clubs.get(clubId);
    if (!club) return sendJson(res, 404, refusal('club_not_found', `No club ${clubId}`));
    const auth = /^Bearer (\S+)$/.exec(header(req, 'authorization') ?? '');
    if (!auth || !sameText(auth[1], club.token)) return sendJson(res, 401, refusal('invalid_token', 'The club token is invalid or was revoked'));

    if (method === 'GET' && !edge) return sendJson(res, 200, { id: clubId, name: club.name });
    if (method === 'POST' && edge === 'news') {
      if (!(header(req, 'content-type') ?? '').startsWith('application/json')) return sendJson(res, 415, refusal('unsupported_media_type', 'Send JSON'));
      const raw = await readBody(req);
      if (raw === null) return sendJson(res, 413, refusal('too_large', 'The item is too large'));
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, refusal('invalid_json', 'The body is not JSON'));
      }
      const problems: string[] = [];
      if (typeof body.title !== 'string' || body.title.trim() === '' || body.title.length > 200) problems.push('title: 1 to 200 characters');
      if (typeof body.body !== 'string' || body.body.length > 10_000) problems.push('body: at most 10000 characters');
      if (body.link !== null && body.link !== undefined && (typeof body.link !== 'string' || !/^https?:\/\/\S+$/.test(body.link))) problems.push('link: an http(s) address or null');
      if (body.kind !== 'status' && body.kind !== 'news') problems.push("kind: 'status' or 'news'");
      if (body.priority !== undefined && body.priority !== null && !PRIORITIES.includes(body.priority as string)) problems.push(`priority: one of ${PRIORITIES.join(', ')}`);
      if (problems.length > 0) return sendJson(res, 400, refusal('invalid_item', problems.join('; ')));
      const id = `n-${++counter}`;
      items.push({
        id,
        clubId,
        title: body.title as string,
        body: body.body as string,
        link: (body.link as string | null | undefined) ?? null,
        kind: body.kind as 'status' | 'news',
        priority: (body.priority as string | null | undefined) ?? null,
      });
      return sendJson(res, 201, { id });
    }
    if (method === 'DELETE' && edge === 'connection') {
      disconnected.push(clubId);
      res.writeHead(204).end();
      return;
    }
    return sendJson(res, 405, refusal('method_not_allowed', `${method} ${url.pathname} is not supported`));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, refusal('internal', String(err)));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    addClub(id, name, token) {
      clubs.set(id, { name, token });
    },
    items,
    requests,
    disconnected,
    failNext(status, body) {
      failures.push({ status, body });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Facebook Graph API (issue 23), checking what the real one checks of the
 * calls the console makes for a page:
 * - `GET /{page_id}?fields=id,name` (verifying a page token on connect) → `{ id, name }`;
 * - `POST /{page_id}/feed` (form or JSON: `message`, optional `link`) → `{ id: "<page>_<n>" }`;
 * - `DELETE /{page_id}/subscribed_apps` (on disconnect) → `{ success: true }`.
 * Every call carries `access_token` (the page's token, in the query or the body) and
 * `appsecret_proof` = HMAC-SHA256 of the token under the app secret, in hex. A refusal answers in
 * Graph's shape: `{ error: { message, type, code, fbtrace_id } }` (400/401/404).
 */
export interface FacebookPost {
  id: string;
  pageId: string;
  message: string;
  link: string | null;
  contentType: string;
}

export interface FacebookRequest {
  method: string;
  path: string;
}

export interface FacebookStandIn {
  url: string;
  appId: string;
  appSecret: string;
  /** A page the stand-in knows, with its page access token. */
  addPage(id: string, name: string, token: string): void;
  /** The page posts it accepted, in order. */
  posts: FacebookPost[];
  /** Every request it got (method and path, no query). */
  requests: FacebookRequest[];
  /** Pages whose app subscription was removed (disconnects). */
  unsubscribed: string[];
  /** Answers the next request (whatever it is) with this status and body. */
  failNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

const BODY_MAX_BYTES = 1024 * 1024;

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

const graphError = (message: string, code: number, type = 'OAuthException') => ({
  error: { message, type, code, fbtrace_id: randomBytes(8).toString('base64url') },
});

export async function startFacebookStandIn(): Promise<FacebookStandIn> {
  const appId = String(100_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
  const appSecret = randomBytes(16).toString('hex');
  const pages = new Map<string, { name: string; token: string }>();
  const posts: FacebookPost[] = [];
  const requests: FacebookRequest[] = [];
  const unsubscribed: string[] = [];
  const failures: { status: number; body: unknown }[] = [];
  let counter = 0;

  const expectedProof = (token: string) => createHmac('sha256', appSecret).update(token).digest('hex');
  const sameText = (a: string, b: string) => {
    const [x, y] = [Buffer.from(a), Buffer.from(b)];
    return x.length === y.length && timingSafeEqual(x, y);
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname });
    const failure = failures.shift();
    if (failure) return sendJson(res, failure.status, failure.body);

    // The parameters: the query's, and for POST and DELETE the body's (form or JSON), as Graph reads them.
    const params = new Map<string, string>(url.searchParams);
    const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (method === 'POST' || method === 'DELETE') {
      const raw = await readBody(req);
      if (raw === null) return sendJson(res, 413, graphError('Request body too large', 1, 'GraphMethodException'));
      if (raw.length > 0) {
        if (contentType === 'application/x-www-form-urlencoded') {
          for (const [k, v] of new URLSearchParams(raw)) params.set(k, v);
        } else if (contentType === 'application/json') {
          let parsed: unknown;
          try {
            parsed = JSON.parse(raw);
          } catch {
            return sendJson(res, 400, graphError('(#100) Invalid JSON body', 100, 'GraphMethodException'));
          }
          if (!parsed || typeof parsed !== 'object') return sendJson(res, 400, graphError('(#100) Invalid JSON body', 100, 'GraphMethodException'));
          for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) if (typeof v === 'string') params.set(k, v);
        } else {
          return sendJson(res, 400, graphError(`(#100) Unsupported content type ${contentType || '(none)'}`, 100, 'GraphMethodException'));
        }
      }
    }

    const match = /^\/([A-Za-z0-9_-]+)(?:\/(feed|subscribed_apps))?\/?$/.exec(url.pathname);
    if (!match) return sendJson(res, 400, graphError(`Unknown path components: ${url.pathname}`, 2500));
    const [, pageId, edge] = match;

    const token = params.get('access_token');
    if (!token) return sendJson(res, 400, graphError('An active access token must be used to query information about the current user.', 2500));
    const page = pages.get(pageId);
    if (!page || !sameText(token, page.token)) {
      return sendJson(res, 400, graphError('Invalid OAuth access token - Cannot parse access token', 190));
    }
    const proof = params.get('appsecret_proof');
    if (!proof) return sendJson(res, 400, graphError('The appsecret_proof argument is required for this call', 100, 'GraphMethodException'));
    if (!sameText(proof, expectedProof(token))) return sendJson(res, 400, graphError('Invalid appsecret_proof provided in the API argument', 100, 'GraphMethodException'));

    if (method === 'GET' && !edge) {
      const fields = (params.get('fields') ?? 'id,name').split(',').map((f) => f.trim());
      const answer: Record<string, string> = {};
      if (fields.includes('id')) answer.id = pageId;
      if (fields.includes('name')) answer.name = page.name;
      return sendJson(res, 200, answer);
    }
    if (method === 'POST' && edge === 'feed') {
      const message = params.get('message') ?? '';
      const link = params.get('link') ?? null;
      if (!message && !link) return sendJson(res, 400, graphError('(#100) Missing message or attachment', 100, 'GraphMethodException'));
      if (link !== null && !/^https?:\/\/\S+$/.test(link)) return sendJson(res, 400, graphError('(#100) The link is not a valid URL', 100, 'GraphMethodException'));
      const id = `${pageId}_${++counter}`;
      posts.push({ id, pageId, message, link, contentType });
      return sendJson(res, 200, { id });
    }
    if (method === 'DELETE' && edge === 'subscribed_apps') {
      unsubscribed.push(pageId);
      return sendJson(res, 200, { success: true });
    }
    return sendJson(res, 400, graphError(`Unsupported ${method} request.`, 100, 'GraphMethodException'));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, graphError(String(err), 1, 'GraphMethodException'));
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
    appId,
    appSecret,
    addPage(id, name, token) {
      pages.set(id, { name, token });
    },
    posts,
    requests,
    unsubscribed,
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

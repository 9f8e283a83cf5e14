import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { PushPayload, PushSubscriptionBody } from '@golf/contract/api/communication-app';

/**
 * A stand-in for a Web Push service (issue 23), checking what a real one checks (RFC 8030, 8291,
 * 8292) of `POST /push/<subscription>`:
 * - `Authorization: vapid t=<JWT>, k=<public key>`: an ES256 JWT signed with the key `k`, its
 *   `aud` this service's origin, `exp` in the future and at most 24 h away, a `sub`; missing → 401,
 *   wrong → 403. A subscription made with an application server key accepts only that key (403).
 * - `TTL` (whole seconds), `Content-Encoding: aes128gcm`, an optional `Urgency` of RFC 8030 and
 *   `Topic` (≤ 32 URL-safe base64 characters); else 400. A body over 4096 bytes → 413.
 * - The body is decrypted with the subscription's private key and auth secret (http_ece, as a
 *   browser does): a message that does not decrypt → 400. The test thereby proves the encryption.
 * - An unknown subscription → 404; `behave(endpoint, 'gone')` → 410; 'fail-once' → the first
 *   message 500, then accepted; 'slow' → accepted after `slowMs`.
 * Accepted: 201. The phone's inbox models the Topic: a message with the Topic of one the phone has
 * not fetched yet replaces it (`received` is what the phone would show; `markFetched` is the phone
 * coming online).
 */
export type PushBehaviour = 'normal' | 'gone' | 'fail-once' | 'slow';

export interface PushRequest {
  method: string;
  path: string;
  /** The headers a push service reads (lower-case names). */
  headers: { ttl?: string; topic?: string; urgency?: string; 'content-encoding'?: string; authorization?: string };
  status: number;
}

export interface PushStandIn {
  url: string;
  /** `127.0.0.1:<port>`, for OUTBOUND_ALLOW_HOSTS. */
  host: string;
  /** A new device's subscription (a P-256 key pair and a 16-byte auth secret); with a key, only it may send. */
  subscription(applicationServerKey?: string): PushSubscriptionBody;
  /** What the phone of this endpoint would show: its messages, decrypted, a Topic's latest replacing an unfetched one. */
  received(endpoint: string): PushPayload[];
  /** The phones come online: what they have is fetched (a later message of the same Topic is a new one). */
  markFetched(): void;
  /** Every request, in order. */
  requests: PushRequest[];
  /** Messages accepted per endpoint (resends included). */
  accepted(endpoint: string): number;
  /** TCP connections opened to it so far (a sender that keeps connections alive opens few). */
  connections(): number;
  behave(endpoint: string, behaviour: PushBehaviour): void;
  close(): Promise<void>;
}

export interface PushStandInOptions {
  /** How long a 'slow' subscription's answer takes (default 200 ms). */
  slowMs?: number;
  /** Every answer's delay (default 0): a push service far away. */
  delayMs?: number;
  /** Decrypt every message (default true); the bench only checks the requests. */
  decrypt?: boolean;
  /** Keep every request in `requests` (default true). */
  record?: boolean;
}

interface Message {
  topic: string | null;
  payload: PushPayload | null;
  fetched: boolean;
}

interface Device {
  ecdh: ECDH;
  auth: Buffer;
  serverKey: string | null;
  behaviour: PushBehaviour;
  failedOnce: boolean;
  accepted: number;
  inbox: Message[];
}

interface Ece {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
}
// http_ece comes with web-push and has no types of its own.
const ece = createRequire(import.meta.url)('http_ece') as Ece;

const MAX_BODY = 4096;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

export async function startPushStandIn(options: PushStandInOptions = {}): Promise<PushStandIn> {
  const slowMs = options.slowMs ?? 200;
  const delayMs = options.delayMs ?? 0;
  const decrypt = options.decrypt ?? true;
  const record = options.record ?? true;
  const devices = new Map<string, Device>();
  const requests: PushRequest[] = [];
  /** Authorization headers verified already, with their JWT's expiry (a push service caches them too). */
  const verified = new Map<string, number>();
  let origin = '';

  const deviceOf = (endpoint: string): Device => {
    const id = new URL(endpoint).pathname.replace(/^\/push\//, '');
    const device = devices.get(id);
    if (!device) throw new Error(`The push stand-in made no subscription ${endpoint}`);
    return device;
  };

  /** 0 when the VAPID header is right, else the status to answer. */
  function checkVapid(header: string | undefined, device: Device | undefined): 0 | 401 | 403 {
    const m = header ? /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header) : null;
    if (!m) return 401;
    const [, jwt, k] = m;
    if (device?.serverKey && device.serverKey !== k) return 403;
    const now = Math.floor(Date.now() / 1000);
    const known = verified.get(header!);
    if (known !== undefined) return known > now ? 0 : 403;
    try {
      const [h, p, s] = jwt.split('.');
      const head = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: string };
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
      if (head.alg !== 'ES256') return 403;
      if (claims.aud !== origin || typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600) return 403;
      if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return 403;
      const point = Buffer.from(k, 'base64url');
      if (point.length !== 65 || point[0] !== 4) return 403;
      const key = createPublicKey({
        key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
        format: 'jwk',
      });
      if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) return 403;
      verified.set(header!, claims.exp);
      return 0;
    } catch {
      return 403;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= MAX_BODY + 1) chunks.push(chunk);
    }
    const answer = (status: number, text = '') => {
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(text);
      return status;
    };
    const path = (req.url ?? '/').split('?')[0];
    const m = /^\/push\/([0-9a-f]{32})$/.exec(path);
    if (req.method !== 'POST' || !m) return answer(404, 'Not found');
    const device = devices.get(m[1]);
    const vapid = checkVapid(req.headers.authorization, device);
    if (vapid !== 0) return answer(vapid, vapid === 401 ? 'VAPID authorization missing' : 'VAPID authorization refused');
    if (!device) return answer(404, 'No such subscription');
    const ttl = req.headers.ttl;
    if (typeof ttl !== 'string' || !/^\d{1,10}$/.test(ttl)) return answer(400, 'TTL header missing');
    if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'Content-Encoding must be aes128gcm');
    const urgency = req.headers.urgency;
    if (urgency !== undefined && !URGENCIES.has(String(urgency))) return answer(400, 'Unknown Urgency');
    const topic = req.headers.topic;
    if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(String(topic))) return answer(400, 'Topic is at most 32 URL-safe base64 characters');
    if (size > MAX_BODY) return answer(413, 'Payload too large');
    if (device.behaviour === 'gone') return answer(410, 'Gone');
    if (device.behaviour === 'fail-once' && !device.failedOnce) {
      device.failedOnce = true;
      return answer(500, 'Try again');
    }
    let payload: PushPayload | null = null;
    if (decrypt) {
      try {
        payload = JSON.parse(ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8')) as PushPayload;
      } catch {
        return answer(400, 'The message does not decrypt');
      }
    }
    const wait = (device.behaviour === 'slow' ? slowMs : 0) + delayMs;
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    // Accepted: into the phone's inbox, replacing an unfetched message of the same Topic.
    device.accepted++;
    const message: Message = { topic: typeof topic === 'string' ? topic : null, payload, fetched: false };
    const same = message.topic === null ? -1 : device.inbox.findIndex((x) => !x.fetched && x.topic === message.topic);
    if (same >= 0) device.inbox[same] = message;
    else device.inbox.push(message);
    return answer(201);
  }

  const server = createServer((req, res) => {
    handle(req, res).then(
      (status) => {
        if (record) {
          const h = req.headers;
          const pick = (name: string) => (typeof h[name] === 'string' ? (h[name] as string) : undefined);
          requests.push({
            method: req.method ?? '',
            path: (req.url ?? '').split('?')[0],
            headers: { ttl: pick('ttl'), topic: pick('topic'), urgency: pick('urgency'), 'content-encoding': pick('content-encoding'), authorization: pick('authorization') },
            status,
          });
        }
      },
      () => {
        if (!res.headersSent) res.writeHead(500).end();
      },
    );
  });
  // Many connections at once (a server sends to thousands of subscriptions).
  server.maxConnections = 10_000;
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: origin,
    host: `127.0.0.1:${port}`,
    subscription(applicationServerKey) {
      const id = randomBytes(16).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, serverKey: applicationServerKey ?? null, behaviour: 'normal', failedOnce: false, accepted: 0, inbox: [] });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    received(endpoint) {
      return deviceOf(endpoint).inbox.flatMap((m) => (m.payload ? [m.payload] : []));
    },
    markFetched() {
      for (const d of devices.values()) for (const m of d.inbox) m.fetched = true;
    },
    requests,
    accepted(endpoint) {
      return deviceOf(endpoint).accepted;
    },
    connections: () => connections,
    behave(endpoint, behaviour) {
      const device = deviceOf(endpoint);
      device.behaviour = behaviour;
      device.failedOnce = false;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

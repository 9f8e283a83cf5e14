import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { outboundAgents } from './outbound';
import type { VapidKeys } from './vapid';

/**
 * One Web Push message to one subscription (RFC 8030, 8291, 8292). web-push makes the request:
 * the payload encrypted for the subscription (aes128gcm) and the headers (TTL, Urgency, Topic);
 * the VAPID `Authorization` is web-push's too (getVapidHeaders), made once per push service
 * origin and kept for 12 h (signing a JWT per message would cost more than the encryption). The
 * request goes out here instead of through web-push's sendNotification, which only speaks https
 * (a local push service, the tests' stand-in, is http) and would not let the connections be
 * reused: it goes through the outbound agents (./outbound.ts), so an endpoint at a private,
 * loopback or link-local address is never contacted (unless OUTBOUND_ALLOW_HOSTS lists it), with
 * connections kept alive per push service, at most MAX_SOCKETS_PER_ORIGIN at once.
 */

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttlSeconds: number;
  /** Web Push Topic: a later message of the same topic replaces one not yet fetched. */
  topic: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  timeoutMs: number;
}

export type PushOutcome =
  | { kind: 'delivered'; status: number }
  /** The subscription no longer exists (404, 410): removed. */
  | { kind: 'gone'; status: number }
  /** Worth another try later (429, 5xx, the network); `retryAfterMs` from Retry-After. */
  | { kind: 'retry'; status: number | null; error: string; retryAfterMs: number | null }
  /** Refused for good (another 4xx, a private address, a subscription web-push cannot encrypt for). */
  | { kind: 'failed'; status: number | null; error: string };

const MAX_SOCKETS_PER_ORIGIN = 64;
const VAPID_LIFETIME_SECONDS = 12 * 3600;
const VAPID_RENEW_SECONDS = 3600;

/** Sends push messages with one set of keys and outbound agents (one per delivery run or process). */
export class PushSender {
  private readonly agents: { http: http.Agent; https: https.Agent };
  private readonly authorizations = new Map<string, { header: string; expires: number }>();

  constructor(
    private readonly keys: VapidKeys,
    allowHosts: string[],
  ) {
    // Connections kept alive between messages (a new TLS connection per message would cost more
    // than the message), at most MAX_SOCKETS_PER_ORIGIN per push service. Each connection is
    // still checked by the agent when it is made.
    this.agents = outboundAgents(allowHosts, { keepAlive: true, maxSockets: MAX_SOCKETS_PER_ORIGIN });
  }

  /** The VAPID Authorization for a push service's origin (its JWT's `aud`), kept while it is valid for another hour. */
  private authorization(origin: string): string {
    const now = Math.floor(Date.now() / 1000);
    const kept = this.authorizations.get(origin);
    if (kept && kept.expires - now > VAPID_RENEW_SECONDS) return kept.header;
    const expires = now + VAPID_LIFETIME_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(origin, this.keys.subject, this.keys.publicKey, this.keys.privateKey, 'aes128gcm', expires) as { Authorization: string };
    this.authorizations.set(origin, { header: Authorization, expires });
    return Authorization;
  }

  async send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome> {
    let url: URL;
    try {
      url = new URL(target.endpoint);
    } catch {
      return { kind: 'failed', status: null, error: 'The endpoint is not a web address' };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'failed', status: null, error: `Not an http(s) endpoint: ${url.protocol}` };
    let details: { headers: Record<string, string | number>; body: Buffer | null };
    try {
      const requestOptions = {
        // null (web-push allows it, its types do not): no JWT made here, the kept Authorization goes in `headers`.
        vapidDetails: null as unknown as undefined,
        TTL: options.ttlSeconds,
        topic: options.topic,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
        headers: { Authorization: this.authorization(url.origin) },
      } satisfies webpush.RequestOptions;
      details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, requestOptions) as unknown as {
        headers: Record<string, string | number>;
        body: Buffer | null;
      };
    } catch (err) {
      return { kind: 'failed', status: null, error: `The message could not be encrypted for this subscription: ${(err as Error).message}` };
    }
    return this.post(url, details.headers, details.body, options.timeoutMs);
  }

  private post(url: URL, headers: Record<string, string | number>, body: Buffer | null, timeoutMs: number): Promise<PushOutcome> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: PushOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const lib = url.protocol === 'https:' ? https : http;
      const req = lib.request(url, { method: 'POST', headers, agent: url.protocol === 'https:' ? this.agents.https : this.agents.http }, (res) => {
        const status = res.statusCode ?? 0;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < 500) text += chunk;
        });
        res.on('end', () => settle(classify(status, res.headers['retry-after'], text)));
        res.on('error', (err) => settle({ kind: 'retry', status: null, error: err.message, retryAfterMs: null }));
      });
      const timer = setTimeout(() => {
        req.destroy(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      req.on('error', (err: Error & { code?: string }) => {
        // The outbound agent refused the address: never worth another try.
        if (err.code === 'communication.feedPrivateAddress') settle({ kind: 'failed', status: null, error: err.message });
        else settle({ kind: 'retry', status: null, error: err.message || err.code || 'The push service could not be reached', retryAfterMs: null });
      });
      req.end(body ?? undefined);
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

/** What an answer of a push service means (RFC 8030 §5, §8.4; 404/410: the subscription is gone). */
export function classify(status: number, retryAfter: string | string[] | undefined, body = ''): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'delivered', status };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  const error = `The push service answered ${status}${body ? `: ${body.trim().slice(0, 200)}` : ''}`;
  if (status === 429 || status >= 500) return { kind: 'retry', status, error, retryAfterMs: retryAfterMs(retryAfter) };
  return { kind: 'failed', status, error };
}

/** Retry-After in seconds or as an HTTP date; null without a readable one. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  if (/^\d{1,9}$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { facebookAllowed, type ClubPlan, type ConnectionKind, type StatusPriority } from '@golf/contract/api/communication';
import { clubs, socialConnections } from '../../db/schema/index';
import type { CommunicationConfig, Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db-types';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import { decryptToken } from './token-crypto';

/**
 * The social channels (issue 23): the requests to the Facebook Graph API and the national golf
 * app's API, for posting (`postToService`, used by the status and the feed), verifying a token
 * when a club connects and disconnecting. The services' base URLs and app credentials are the
 * administrator's configuration (config.communication), trusted as given: no outbound guard.
 * Every request has SERVICE_TIMEOUT_MS; a token is decrypted only in memory, for the request.
 */

export const SERVICE_TIMEOUT_MS = 10_000;
/** Bytes of a service's answer read at most (its answers are small JSON). */
const ANSWER_MAX_BYTES = 256 * 1024;

/** The services' names in the refusals' texts (`{{service}}`). */
export const SERVICE_NAMES: Record<ConnectionKind, string> = { facebook: 'Facebook', national: 'National golf app' };

export type FacebookConfig = NonNullable<CommunicationConfig['facebook']>;
export type NationalConfig = NonNullable<CommunicationConfig['national']>;

/** A service's refusal or failure, with the English reason it gave (or what went wrong on the way). */
export class ServiceError extends Error {
  constructor(
    readonly reason: string,
    /** The service's HTTP status; null when it was not reached or did not answer in time. */
    readonly status: number | null,
  ) {
    super(reason);
    this.name = 'ServiceError';
  }
}

interface Answer {
  status: number;
  json: unknown;
}

/** One request to a service; a network failure or timeout is a ServiceError without a status. */
async function request(url: string, init: RequestInit): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS) });
  } catch (err) {
    const e = err as { name?: string; cause?: { code?: string; message?: string }; message?: string };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new ServiceError(`no answer within ${SERVICE_TIMEOUT_MS / 1000} seconds`, null);
    throw new ServiceError(`unreachable (${e.cause?.code ?? e.cause?.message ?? e.message ?? 'network error'})`, null);
  }
  let text: string;
  try {
    const buffer = Buffer.from(await res.arrayBuffer());
    text = buffer.subarray(0, ANSWER_MAX_BYTES).toString('utf8');
  } catch {
    throw new ServiceError(`the answer was cut off (status ${res.status})`, res.status);
  }
  let json: unknown = null;
  if (text.length > 0) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  return { status: res.status, json };
}

const field = (value: unknown, ...path: string[]): unknown => {
  let v = value;
  for (const p of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return v;
};
const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The reason in a Graph error (`{ error: { message } }`), else the status. */
function graphReason(answer: Answer): string {
  const message = field(answer.json, 'error', 'message');
  return clip(typeof message === 'string' && message ? message : `status ${answer.status}`);
}

/** The reason in a national app error (`{ error, message }`), else the status. */
function nationalReason(answer: Answer): string {
  const message = field(answer.json, 'message');
  const code = field(answer.json, 'error');
  return clip(typeof message === 'string' && message ? message : typeof code === 'string' && code ? code : `status ${answer.status}`);
}

// ---------------------------------------------------------------- Facebook Graph API

/** Graph's `appsecret_proof`: HMAC-SHA256 of the access token under the app secret, hex. */
export const appSecretProof = (appSecret: string, token: string) => createHmac('sha256', appSecret).update(token).digest('hex');

const pageUrl = (fb: FacebookConfig, pageId: string, edge = '') => `${fb.graphUrl}/${encodeURIComponent(pageId)}${edge}`;

/** `GET /{page_id}?fields=id,name` with the page token: the page's name when the token is the page's. */
export async function facebookVerify(fb: FacebookConfig, pageId: string, token: string): Promise<{ name: string }> {
  const query = new URLSearchParams({ fields: 'id,name', access_token: token, appsecret_proof: appSecretProof(fb.appSecret, token) });
  const answer = await request(`${pageUrl(fb, pageId)}?${query}`, { method: 'GET', headers: { accept: 'application/json' } });
  if (answer.status !== 200) throw new ServiceError(graphReason(answer), answer.status);
  const id = field(answer.json, 'id');
  const name = field(answer.json, 'name');
  if (id !== pageId) throw new ServiceError('the token is not of this page', answer.status);
  return { name: typeof name === 'string' ? name : pageId };
}

/** `POST /{page_id}/feed` (form: message, link, access_token, appsecret_proof): the new post's id. */
export async function facebookPost(fb: FacebookConfig, pageId: string, token: string, post: { message: string; link: string | null }): Promise<string> {
  const form = new URLSearchParams({ message: post.message });
  if (post.link) form.set('link', post.link);
  form.set('access_token', token);
  form.set('appsecret_proof', appSecretProof(fb.appSecret, token));
  const answer = await request(pageUrl(fb, pageId, '/feed'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  });
  const id = field(answer.json, 'id');
  if (answer.status !== 200) throw new ServiceError(graphReason(answer), answer.status);
  if (typeof id !== 'string' || !id) throw new ServiceError('the answer named no post', answer.status);
  return id;
}

/** `DELETE /{page_id}/subscribed_apps`: the app leaves the page (`{ success: true }`). */
export async function facebookDisconnect(fb: FacebookConfig, pageId: string, token: string): Promise<void> {
  const form = new URLSearchParams({ access_token: token, appsecret_proof: appSecretProof(fb.appSecret, token) });
  const answer = await request(pageUrl(fb, pageId, '/subscribed_apps'), {
    method: 'DELETE',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  });
  if (answer.status !== 200) throw new ServiceError(graphReason(answer), answer.status);
  if (field(answer.json, 'success') !== true) throw new ServiceError('the page did not confirm', answer.status);
}

// ---------------------------------------------------------------- national golf app

const nationalHeaders = (nat: NationalConfig, token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'x-client-id': nat.clientId,
  'x-client-secret': nat.clientSecret,
  accept: 'application/json',
});
const clubUrl = (nat: NationalConfig, clubId: string, edge = '') => `${nat.apiUrl}/clubs/${encodeURIComponent(clubId)}${edge}`;

/** `GET /clubs/{id}` with the club's token: the club's name at the national app. */
export async function nationalVerify(nat: NationalConfig, accountId: string, token: string): Promise<{ name: string }> {
  const answer = await request(clubUrl(nat, accountId), { method: 'GET', headers: nationalHeaders(nat, token) });
  if (answer.status !== 200) throw new ServiceError(nationalReason(answer), answer.status);
  const id = field(answer.json, 'id');
  const name = field(answer.json, 'name');
  if (String(id) !== accountId) throw new ServiceError('the token is not of this club', answer.status);
  return { name: typeof name === 'string' ? name : accountId };
}

export interface NationalItem {
  title: string;
  body: string;
  link: string | null;
  kind: 'status' | 'news';
  priority?: StatusPriority | null;
}

/** `POST /clubs/{id}/news`: the new item's id. */
export async function nationalPost(nat: NationalConfig, accountId: string, token: string, item: NationalItem): Promise<string> {
  const body = { title: item.title, body: item.body, link: item.link, kind: item.kind, ...(item.priority ? { priority: item.priority } : {}) };
  const answer = await request(clubUrl(nat, accountId, '/news'), {
    method: 'POST',
    headers: { ...nationalHeaders(nat, token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (answer.status !== 200 && answer.status !== 201) throw new ServiceError(nationalReason(answer), answer.status);
  const id = field(answer.json, 'id');
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '') throw new ServiceError('the answer named no item', answer.status);
  return String(id);
}

/** `DELETE /clubs/{id}/connection` → 204. */
export async function nationalDisconnect(nat: NationalConfig, accountId: string, token: string): Promise<void> {
  const answer = await request(clubUrl(nat, accountId, '/connection'), { method: 'DELETE', headers: nationalHeaders(nat, token) });
  if (answer.status !== 204 && answer.status !== 200) throw new ServiceError(nationalReason(answer), answer.status);
}

// ---------------------------------------------------------------- posting

/** The club's plan ('standard' unless set to 'business'); 404 for a club that does not exist. */
export async function clubPlan(db: DbOrTx, clubId: number): Promise<ClubPlan> {
  const [row] = await db.select({ plan: clubs.plan }).from(clubs).where(eq(clubs.id, clubId));
  if (!row) throw notFound();
  return row.plan === 'business' ? 'business' : 'standard';
}

export interface ServiceContent {
  /** The status's header, or a post's first line. */
  title: string;
  message: string;
  link: string | null;
  /** For the national app: a status or a news item (default 'news'); a status's priority. */
  kind?: 'status' | 'news';
  priority?: StatusPriority | null;
}

/** The text of a page post: the title, then the message (when it says more than the title). */
export function facebookMessage(content: Pick<ServiceContent, 'title' | 'message'>): string {
  const title = content.title.trim();
  const message = content.message.trim();
  if (!title) return message;
  if (!message || message.startsWith(title)) return message || title;
  return `${title}\n\n${message}`;
}

/**
 * Posts to the club's Facebook page or its national golf app account. Throws HttpError: 400
 * `communication.notConfigured` (the server lacks the service's configuration), 403
 * `communication.planNeeded` (Facebook on the standard plan), 400 `communication.notConnected`,
 * 502 `communication.serviceFailed` (the service refused or was not reached; stored as the
 * connection's `last_error`, which a later success clears).
 */
export async function postToService(db: DbOrTx, config: Config, clubId: number, kind: ConnectionKind, content: ServiceContent): Promise<{ externalId: string }> {
  const service = SERVICE_NAMES[kind];
  const settings = kind === 'facebook' ? config.communication.facebook : config.communication.national;
  if (!settings) throw badRequest('communication.notConfigured', { service });
  if (kind === 'facebook' && !facebookAllowed(await clubPlan(db, clubId))) throw new HttpError(403, 'communication.planNeeded');
  const [row] = await db
    .select()
    .from(socialConnections)
    .where(and(eq(socialConnections.clubId, clubId), eq(socialConnections.kind, kind)));
  if (!row) throw badRequest('communication.notConnected', { service });

  const fail = async (reason: string): Promise<never> => {
    const error = new HttpError(502, 'communication.serviceFailed', { service, reason });
    await db
      .update(socialConnections)
      .set({ lastError: error.message })
      .where(and(eq(socialConnections.clubId, clubId), eq(socialConnections.kind, kind)));
    throw error;
  };

  let token: string;
  try {
    token = await decryptToken(db, config, clubId, kind, row.tokenCiphertext);
  } catch {
    return fail('the stored token cannot be read (the token key changed); connect again');
  }
  let externalId: string;
  try {
    externalId =
      kind === 'facebook'
        ? await facebookPost(config.communication.facebook!, row.accountId, token, { message: facebookMessage(content), link: content.link })
        : await nationalPost(config.communication.national!, row.accountId, token, {
            title: content.title,
            body: content.message,
            link: content.link,
            kind: content.kind ?? 'news',
            priority: content.priority ?? null,
          });
  } catch (err) {
    if (err instanceof ServiceError) return fail(err.reason);
    throw err;
  }
  if (row.lastError !== null) {
    await db
      .update(socialConnections)
      .set({ lastError: null })
      .where(and(eq(socialConnections.clubId, clubId), eq(socialConnections.kind, kind)));
  }
  return { externalId };
}

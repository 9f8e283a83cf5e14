import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from './config';
import type { Db } from './database';
import { keptSecret } from './server-secrets';

/** The URL of a public file (served by modules/files), with its version for cache busting. */
export function publicFileUrl(key: string | null, version: Date | string | number): string | null {
  if (!key) return null;
  const v = version instanceof Date ? version.getTime() : version;
  return `/files/${key}?v=${encodeURIComponent(String(v))}`;
}

/**
 * Signed file addresses (docs/decisions/0017): a file only the club's users may read is given to
 * them as `/files/signed/<key>?v=…&expires=…&signature=…`, which a browser opens without the
 * Bearer token. The signature is an HMAC-SHA256 of the key and the expiry under a server secret.
 *
 * An address works for at least SIGNED_URL_MIN_LIFETIME_MS after it is given and at most one
 * SIGNED_URL_WINDOW_MS longer: the expiry is rounded up to the window's end, so every call within
 * one window gives the same address and the browser's cache keeps serving it.
 */
export const SIGNED_URL_MIN_LIFETIME_MS = 60 * 60_000;
export const SIGNED_URL_WINDOW_MS = 60 * 60_000;

const SECRET_NAME = 'file-urls';

/**
 * The key the addresses are signed with: FILE_URL_SECRET when it is set, else the one the
 * database keeps (made by the first process that needs it, so every server and worker on the
 * database signs alike). Read once per process.
 */
export async function fileUrlKey(db: Db, config: Pick<Config, 'fileUrlSecret'>): Promise<Buffer> {
  if (config.fileUrlSecret) return Buffer.from(config.fileUrlSecret, 'utf8');
  return Buffer.from(await keptSecret(db, SECRET_NAME, () => randomBytes(32).toString('base64url')), 'utf8');
}

const signature = (key: Buffer, storageKey: string, expires: string) => createHmac('sha256', key).update(`${storageKey}\n${expires}`).digest('base64url');

/** The end of the window that lies at least the minimum lifetime ahead, in whole seconds since 1970. */
export function signedUrlExpiry(now = Date.now()): number {
  return (Math.ceil((now + SIGNED_URL_MIN_LIFETIME_MS) / SIGNED_URL_WINDOW_MS) * SIGNED_URL_WINDOW_MS) / 1000;
}

/** The signed address of a stored file, with its version for cache busting. */
export function signedFileUrl(key: Buffer, storageKey: string, version: Date | string | number, now = Date.now()): string {
  const v = version instanceof Date ? version.getTime() : version;
  const expires = String(signedUrlExpiry(now));
  return `/files/signed/${storageKey}?v=${encodeURIComponent(String(v))}&expires=${expires}&signature=${signature(key, storageKey, expires)}`;
}

/**
 * Whether a signed address may be served now: the expiry is whole seconds not yet past, and the
 * signature is the one of this key and expiry (compared in constant time). Answers no more than
 * yes or no, so a caller refuses every bad address alike, before it looks for the file.
 */
export function signedFileAllowed(key: Buffer, storageKey: string, expires: unknown, given: unknown, now = Date.now()): boolean {
  if (typeof expires !== 'string' || typeof given !== 'string' || !/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(given)) return false;
  if (Number(expires) * 1000 <= now) return false;
  const expected = Buffer.from(signature(key, storageKey, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

import { resolve } from 'node:path';
import type { S3Options } from './storage';
import { DEFAULT_MAP_TILE_URL } from './security-headers';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | null;
  /**
   * DATABASE_DIRECT_URL (default DATABASE_URL): a connection string that gives a real session on
   * the same database, PostgreSQL itself or a session-mode pool, for the work that needs one: the
   * read cache's LISTEN (platform/data-changes.ts) and the migrations under their session advisory
   * lock. Set it when DATABASE_URL goes through a transaction-mode pool (PgBouncer); docs/scaling.md.
   */
  databaseDirectUrl: string | null;
  /**
   * DB_NAMED_STATEMENTS (default true): the everyday reads and the session lookup as named prepared
   * statements on PostgreSQL (platform/prepared.ts). false behind a transaction-mode pooler that
   * does not keep them (PgBouncer before 1.21, or with max_prepared_statements = 0).
   */
  databaseNamedStatements: boolean;
  /** Base URL used in links sent by mail. */
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  tokenTtlMs: number;
  /** Absolute lifetime of a session: renewal never moves its expiry past this from sign-in. */
  sessionMaxMs: number;
  /**
   * Which proxies in front of the server to believe about the client address (X-Forwarded-For),
   * as Fastify's `trustProxy`: false (none; the default), the proxies' addresses / CIDR ranges,
   * or true (every hop). The sign-in limits count per client address.
   */
  trustProxy: boolean | string[];
  /** How long a session lookup may be reused by this process (0 = never). */
  sessionCacheMs: number;
  resetTtlMs: number;
  /** Folder of the built web app to serve; null serves the API only. */
  webDir: string | null;
  logLevel: string;
  seedDemo: boolean;
  /** Every request is answered within this (503 past it); uploads get `uploadTimeoutMs`. */
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
  /** Longest one database statement may run (PostgreSQL cancels it past this). */
  statementTimeoutMs: number;
  /** Connections to PostgreSQL this server opens at most (the embedded database has one, always). */
  databasePoolSize: number;
  /** Uploaded files go to this S3-compatible bucket when set, else to DATA_DIR/files. */
  s3: S3Options | null;
  /** Tile URL template of the web app's map background, allowed by the Content-Security-Policy; null for none. */
  mapTileUrl: string | null;
  /**
   * Every answer is also checked against its zod schema (and the compiled serializer against zod's
   * answer); on in tests, off in production (platform/serializer.ts, docs/decisions/0012).
   */
  responseChecks: boolean;
  /** The read cache (platform/read-cache.ts, decision 0012); `READ_CACHE=false` turns it off. */
  readCache: boolean;
  /**
   * FILE_URL_SECRET: the key of the signed file addresses (platform/file-urls.ts, decision 0017);
   * null lets the server make one at its first start and keep it in the database.
   */
  fileUrlSecret: string | null;
  /** Communication (issue 23): the services clubs connect to, Web Push, outbound fetches. */
  communication: CommunicationConfig;
  /**
   * DRAIN_SECONDS (0–60, default 0): after a stop signal the server answers /api/ready 503 and
   * closes every connection after its answer, but goes on serving new requests this long, so a
   * proxy's health check takes it out of rotation before it stops listening (deploy/README.md).
   */
  drainSeconds: number;
}

export interface CommunicationConfig {
  /**
   * FACEBOOK_GRAPH_URL (default https://graph.facebook.com/v21.0), FACEBOOK_APP_ID,
   * FACEBOOK_APP_SECRET: the Graph API a club's page posts go to; null unless the app's id and
   * secret are both set (the connections screen then says what a club needs).
   */
  facebook: { graphUrl: string; appId: string; appSecret: string } | null;
  /**
   * NATIONAL_APP_API_URL, NATIONAL_APP_CLIENT_ID, NATIONAL_APP_CLIENT_SECRET: the national golf
   * app's API for clubs' news and status; null unless all three are set.
   */
  national: { apiUrl: string; clientId: string; clientSecret: string } | null;
  /**
   * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, as `web-push generate-vapid-keys` prints):
   * the keys push messages are signed with; null lets the server make a pair at its first start
   * and keep it in the database (every process on it signs alike).
   */
  vapid: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: the contact push services may write to (mailto: or https:); default from MAIL_FROM. */
  vapidSubject: string;
  /**
   * CONNECTION_TOKEN_KEY (at least 32 characters): the key the connections' tokens are encrypted
   * with; null lets the server make one and keep it in the database (set it in production, so a
   * copy of the database alone does not give the tokens away).
   */
  tokenKey: string | null;
  /**
   * OUTBOUND_ALLOW_HOSTS: host:port pairs (comma-separated) that external feeds and push endpoints
   * may use although they are private or loopback addresses (a local feed, the tests' stand-ins).
   * Every other private, loopback or link-local address is refused.
   */
  outboundAllowHosts: string[];
}

function communicationConfig(env: NodeJS.ProcessEnv): CommunicationConfig {
  const facebook =
    env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
      ? { graphUrl: (env.FACEBOOK_GRAPH_URL || 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''), appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET }
      : null;
  const national =
    env.NATIONAL_APP_API_URL && env.NATIONAL_APP_CLIENT_ID && env.NATIONAL_APP_CLIENT_SECRET
      ? { apiUrl: env.NATIONAL_APP_API_URL.replace(/\/+$/, ''), clientId: env.NATIONAL_APP_CLIENT_ID, clientSecret: env.NATIONAL_APP_CLIENT_SECRET }
      : null;
  for (const [name, value] of [['FACEBOOK_GRAPH_URL', facebook?.graphUrl], ['NATIONAL_APP_API_URL', national?.apiUrl]] as const) {
    if (value !== undefined && !/^https?:\/\/[^\s/]+/.test(value)) throw new Error(`${name} must be an http(s) address, got "${value}"`);
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  const vapid = env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY.trim(), privateKey: env.VAPID_PRIVATE_KEY.trim() } : null;
  // Checked at start: a bad key would otherwise fail every push message, silently, at send time.
  const base64urlBytes = (v: string) => (/^[A-Za-z0-9_-]+={0,2}$/.test(v) ? Buffer.from(v, 'base64url').length : -1);
  if (vapid && (base64urlBytes(vapid.publicKey) !== 65 || base64urlBytes(vapid.privateKey) !== 32)) {
    throw new Error('VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes) and VAPID_PRIVATE_KEY a base64url private key (32 bytes), as `npx web-push generate-vapid-keys` prints them');
  }
  const mailFromAddress = /<([^>]+)>/.exec(env.MAIL_FROM ?? '')?.[1] ?? (env.MAIL_FROM && env.MAIL_FROM.includes('@') ? env.MAIL_FROM.trim() : 'no-reply@localhost');
  const vapidSubject = env.VAPID_SUBJECT || `mailto:${mailFromAddress}`;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(vapidSubject)) throw new Error(`VAPID_SUBJECT must be a mailto: or https: address, got "${vapidSubject}"`);
  const tokenKey = env.CONNECTION_TOKEN_KEY || null;
  if (tokenKey !== null && tokenKey.length < 32) throw new Error('CONNECTION_TOKEN_KEY must be at least 32 characters long (e.g. `openssl rand -base64 32`)');
  const outboundAllowHosts = (env.OUTBOUND_ALLOW_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const h of outboundAllowHosts) {
    if (!/^(\[[0-9a-f:]+\]|[a-z0-9.-]+):\d{1,5}$/.test(h)) throw new Error(`OUTBOUND_ALLOW_HOSTS lists host:port pairs (e.g. 127.0.0.1:4599), got "${h}"`);
  }
  return { facebook, national, vapid, vapidSubject, tokenKey, outboundAllowHosts };
}

/**
 * TRUST_PROXY: unset or 'false' = no proxy; a comma-separated list of the proxies' addresses or
 * CIDR ranges (or 'loopback', 'linklocal', 'uniquelocal'); 'true' = believe every hop. Hop counts
 * are refused: Fastify ignores them (it cannot tell a proxy from a client by counting).
 */
export function parseTrustProxy(value: string | undefined): boolean | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  const list = v.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0 || list.some((s) => /^\d+$/.test(s) || !/^[0-9A-Fa-f.:/]+$|^(loopback|linklocal|uniquelocal)$/.test(s))) {
    throw new Error(`TRUST_PROXY must be false, true or the proxies' addresses (e.g. 127.0.0.1 or 10.0.0.0/8), got "${value}"`);
  }
  return list;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n) || n <= 0 || String(n) !== value.trim()) {
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  }
  return n;
}

function flag(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

/** A secret of at least 32 characters (as many bytes of key as a random one of the server's own), or none. */
function fileUrlSecret(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (value.length < 32) throw new Error('FILE_URL_SECRET must be at least 32 characters long (e.g. `openssl rand -base64 32`)');
  return value;
}

/** A whole number of seconds from 0 to 60 (DRAIN_SECONDS); 0 when unset. */
function drainSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  if (!/^\d{1,2}$/.test(value.trim()) || Number(value) > 60) throw new Error(`DRAIN_SECONDS must be a whole number of seconds from 0 to 60, got "${value}"`);
  return Number(value);
}

/** DATABASE_DIRECT_URL, only beside DATABASE_URL (the embedded database has no other way in); else DATABASE_URL. */
function databaseDirectUrl(env: NodeJS.ProcessEnv): string | null {
  const direct = env.DATABASE_DIRECT_URL?.trim();
  if (!direct) return env.DATABASE_URL || null;
  if (!env.DATABASE_URL) throw new Error('DATABASE_DIRECT_URL is set without DATABASE_URL: set both (the pool goes to DATABASE_URL), or neither for the embedded database');
  if (!/^postgres(ql)?:\/\//.test(direct)) throw new Error(`DATABASE_DIRECT_URL must be a postgres:// connection string, got "${direct}"`);
  return direct;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = int(env.PORT, 3000, 'PORT');
  return {
    host,
    port,
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    databaseDirectUrl: databaseDirectUrl(env),
    databaseNamedStatements: flag(env.DB_NAMED_STATEMENTS, 'DB_NAMED_STATEMENTS') ?? true,
    publicUrl: (env.PUBLIC_URL || `http://${host}:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Golf Console <no-reply@localhost>',
    tokenTtlMs: int(env.TOKEN_TTL_MINUTES, 12 * 60, 'TOKEN_TTL_MINUTES') * 60_000,
    sessionMaxMs: int(env.SESSION_MAX_DAYS, 30, 'SESSION_MAX_DAYS') * 24 * 60 * 60_000,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    resetTtlMs: 60 * 60_000,
    sessionCacheMs: env.SESSION_CACHE_MS === '0' ? 0 : int(env.SESSION_CACHE_MS, 2000, 'SESSION_CACHE_MS'),
    webDir: env.WEB_DIR === '' ? null : (env.WEB_DIR ?? null),
    logLevel: env.LOG_LEVEL || 'warn',
    seedDemo: env.SEED_DEMO !== 'false',
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 30_000, 'REQUEST_TIMEOUT_MS'),
    uploadTimeoutMs: int(env.UPLOAD_TIMEOUT_MS, 300_000, 'UPLOAD_TIMEOUT_MS'),
    statementTimeoutMs: int(env.DB_STATEMENT_TIMEOUT_MS, 15_000, 'DB_STATEMENT_TIMEOUT_MS'),
    databasePoolSize: int(env.DB_POOL_SIZE, 10, 'DB_POOL_SIZE'),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || 'us-east-1',
          endpoint: env.S3_ENDPOINT || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
          prefix: env.S3_PREFIX ? env.S3_PREFIX.replace(/\/*$/, '/') : '',
        }
      : null,
    // The same default as the web build's VITE_MAP_TILE_URL, which it follows when only that is set.
    mapTileUrl: (env.MAP_TILE_URL ?? env.VITE_MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL).trim() || null,
    readCache: flag(env.READ_CACHE, 'READ_CACHE') ?? true,
    fileUrlSecret: fileUrlSecret(env.FILE_URL_SECRET),
    responseChecks: flag(env.RESPONSE_CHECKS ?? process.env.RESPONSE_CHECKS, 'RESPONSE_CHECKS') ?? (env.NODE_ENV ?? process.env.NODE_ENV) === 'test',
    communication: communicationConfig(env),
    drainSeconds: drainSeconds(env.DRAIN_SECONDS),
  };
}

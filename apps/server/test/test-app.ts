import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openDatabase, runMigrations, type Database } from '../src/platform/database';
import type { MailMessage, Mailer } from '../src/platform/mail';
import { seedDemo, seedReference } from '../src/db/seed';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Mail the app sent during the test. */
  outbox: MailMessage[];
  close(): Promise<void>;
}

/** Which database the suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';

async function createScratchDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `golf_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Builds the real app on a fresh, migrated database with reference data and (by default) the
 * demo seed: admin@example.com, owner@example.com and staff@example.com with the README passwords.
 */
export async function buildTestApp(opts: { demo?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : null;
  const database = await openDatabase({ url: scratch?.url ?? null, dataDir: null });
  await runMigrations(database.db);
  await seedReference(database.db);
  if (opts.demo !== false) await seedDemo(database.db);
  const outbox: MailMessage[] = [];
  const mailer: Mailer = {
    target: 'memory',
    async send(m) {
      outbox.push(m);
    },
  };
  // The session cache is off unless a test turns it on: tests change sessions behind the app's back.
  const config = loadConfig({ DATA_DIR: '/tmp/golf-test-unused', PUBLIC_URL: 'http://console.test', WEB_DIR: '', SESSION_CACHE_MS: '0', ...opts.env });
  const app = await buildApp({ db: database.db, config, mailer });
  await app.ready();
  return {
    app,
    database,
    outbox,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/** Signs in through the API and returns the bearer token. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const DEMO = {
  admin: ['admin@example.com', 'admin-demo'],
  owner: ['owner@example.com', 'owner-demo'],
  staff: ['staff@example.com', 'staff-demo'],
} as const;

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

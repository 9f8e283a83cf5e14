import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openDatabase, runMigrations, type Database } from '../src/platform/database';
import type { MailMessage, Mailer } from '../src/platform/mail';
import { seedDemo, seedReference } from '../src/seed/seed';
import { localStorage, type FileStorage } from '../src/platform/storage';
import * as schema from '../src/db/schema/index';
import { hashPassword } from '../src/platform/passwords';
import { templateKey as computeTemplateKey } from './template-key';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Mail the app sent during the test. */
  outbox: MailMessage[];
  /** Folder of the local file storage of this app. */
  filesDir: string;
  close(): Promise<void>;
}

/** Which database the suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';

/**
 * An empty database beside TEST_DATABASE_URL's, dropped again by `drop()`; with `template`, a copy
 * of that database (PostgreSQL copies its files: much faster than migrating and seeding anew).
 */
export async function createScratchDatabase(baseUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `golf_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    if (template) {
      // A template may have no other session while it is copied: one copy at a time, under the
      // same lock that guards building it.
      await admin.query('select pg_advisory_lock($1)', [PG_TEMPLATE_LOCK]);
      try {
        await admin.query(`create database ${name} template ${template}`);
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [PG_TEMPLATE_LOCK]);
      }
    } else {
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
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

/** The advisory lock (any fixed number) under which test files build and copy PostgreSQL templates. */
const PG_TEMPLATE_LOCK = 20_261_127;

/**
 * On PostgreSQL, like the PGlite template below: the first test file migrates and seeds a database
 * named by the template key (`golf_tpl_<key>`), every test file then starts from a copy of it
 * (`create database ... template`). Built under an advisory lock, so two test files never build
 * it at once; templates of other keys (older sources) are dropped when a new one is built.
 */
async function pgTemplate(baseUrl: string, demo: boolean): Promise<string> {
  const name = `golf_tpl_${templateKey(demo).replace(/[^a-z0-9]/g, '_')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [PG_TEMPLATE_LOCK]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const url = new URL(baseUrl);
        url.pathname = `/${building}`;
        const database = await openDatabase({ url: url.toString(), dataDir: null });
        try {
          await prepare(database, demo);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
        const current = [templateKey(true), templateKey(false)].map((k) => `golf_tpl_${k.replace(/[^a-z0-9]/g, '_')}`);
        const others = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'golf\\_tpl\\_%'");
        for (const { datname } of others.rows) {
          if (!current.includes(datname) && /^golf_tpl_[a-z0-9_]+$/.test(datname)) await admin.query(`drop database if exists ${datname} with (force)`);
        }
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [PG_TEMPLATE_LOCK]);
    }
  } finally {
    await admin.end();
  }
  return name;
}

/** Working copies go to memory-backed /dev/shm where there is one: PGlite writes its files there. */
const SCRATCH_ROOT = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

/**
 * The template's key (template-key.ts: every file the seed reaches, the migrations, the schema,
 * the seed's data and the PGlite version), computed once per test file: the sources do not
 * change while one runs.
 */
const templateKeys = new Map<boolean, string>();
function templateKey(demo: boolean): string {
  let key = templateKeys.get(demo);
  if (!key) {
    key = computeTemplateKey(demo);
    templateKeys.set(demo, key);
  }
  return key;
}

/**
 * The embedded PGlite, like openDatabase({ url: null, ... }), but started from a copy of a
 * migrated and seeded data directory. Creating a PGlite cluster runs initdb (several seconds),
 * copying and opening a ready one takes about a second; so the first test file writes the
 * template to the temp folder (keyed by every file the seed reaches, the migrations, the schema,
 * the seed's data and the PGlite version: template-key.ts) and every test file opens its own
 * copy, removed again on close.
 */
async function openPgliteFromTemplate(demo: boolean): Promise<{ database: Database; dispose(): void }> {
  const cacheDir = join(tmpdir(), 'golf-console-test-pgdata');
  const template = join(cacheDir, templateKey(demo));
  if (!existsSync(join(template, 'pgdata'))) {
    mkdirSync(cacheDir, { recursive: true });
    const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const database = await openDatabase({ url: null, dataDir: building });
    await prepare(database, demo);
    await database.close();
    try {
      renameSync(building, template);
    } catch {
      // Another test file finished the same template first.
      rmSync(building, { recursive: true, force: true });
    }
    // Templates of older schemas (and builds left by killed runs) are of no further use.
    const current = templateKey(demo).slice(0, 16);
    for (const other of readdirSync(cacheDir)) {
      const path = join(cacheDir, other);
      if (!other.startsWith(current) && Date.now() - statSync(path).mtimeMs > 60 * 60_000) rmSync(path, { recursive: true, force: true });
    }
  }
  const dataDir = join(SCRATCH_ROOT, `golf-test-${process.pid}-${randomBytes(4).toString('hex')}`);
  cpSync(template, dataDir, { recursive: true });
  const database = await openDatabase({ url: null, dataDir });
  return { database, dispose: () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function prepare(database: Database, demo: boolean): Promise<void> {
  await runMigrations(database.db);
  await seedReference(database.db);
  if (demo) await seedDemo(database.db);
}

/**
 * Builds the real app on a fresh, migrated database with reference data and (by default) the
 * demo seed: admin@example.com, owner@example.com and staff@example.com with the README passwords.
 */
export async function buildTestApp(opts: { demo?: boolean; env?: Record<string, string>; storage?: FileStorage } = {}): Promise<TestApp> {
  const demo = opts.demo !== false;
  const baseUrl = process.env.TEST_DATABASE_URL;
  const scratch = baseUrl ? await createScratchDatabase(baseUrl, await pgTemplate(baseUrl, demo)) : null;
  let database: Database;
  let dispose = () => {};
  if (scratch) {
    database = await openDatabase({ url: scratch.url, dataDir: null });
  } else {
    ({ database, dispose } = await openPgliteFromTemplate(demo));
  }
  const outbox: MailMessage[] = [];
  const mailer: Mailer = {
    target: 'memory',
    async send(m) {
      outbox.push(m);
    },
  };
  // The session cache is off unless a test turns it on: tests change sessions behind the app's back.
  const config = loadConfig({ DATA_DIR: '/tmp/golf-test-unused', PUBLIC_URL: 'http://console.test', WEB_DIR: '', SESSION_CACHE_MS: '0', ...opts.env });
  // Uploaded files go to a folder of this test's own, removed at close.
  const filesDir = mkdtempSync(join(tmpdir(), 'golf-test-files-'));
  const app = await buildApp({ db: database.db, config, mailer, storage: opts.storage ?? localStorage(filesDir) });
  await app.ready();
  return {
    app,
    database,
    outbox,
    filesDir,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
      dispose();
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

/** One API call: `token` adds the bearer header, `payload` is sent as JSON. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string | null; payload?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...(opts.token ? bearer(opts.token) : {}), ...opts.headers },
    ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
}

/** Ids of the demo seed, looked up by name (serial ids are not assumed). */
export interface DemoIds {
  dkClubId: number;
  seClubId: number;
  dkRegionId: number;
  seRegionId: number;
  adminId: number;
  ownerId: number;
  staffId: number;
}

export async function demoIds(t: TestApp): Promise<DemoIds> {
  const db = t.database.db;
  const clubRows = await db.select({ id: schema.clubs.id, handle: schema.clubs.handle }).from(schema.clubs);
  const regionRows = await db.select().from(schema.regions);
  const userRows = await db
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(inArray(schema.users.email, [DEMO.admin[0], DEMO.owner[0], DEMO.staff[0]]));
  const pick = <T extends { id: number }>(rows: T[], match: (r: T) => boolean, what: string) => {
    const row = rows.find(match);
    if (!row) throw new Error(`demo seed: ${what} not found`);
    return row.id;
  };
  return {
    dkClubId: pick(clubRows, (c) => c.handle === 'fjordvang', 'Fjordvang Golfklub'),
    seClubId: pick(clubRows, (c) => c.handle === 'ljungbacka', 'Ljungbacka Golfklubb'),
    dkRegionId: pick(regionRows, (r) => r.name === 'Region Syddanmark', 'Region Syddanmark'),
    seRegionId: pick(regionRows, (r) => r.name === 'Skåne', 'Skåne'),
    adminId: pick(userRows, (u) => u.email === DEMO.admin[0], 'admin'),
    ownerId: pick(userRows, (u) => u.email === DEMO.owner[0], 'owner'),
    staffId: pick(userRows, (u) => u.email === DEMO.staff[0], 'staff'),
  };
}

/** A user for createUser: club roles are club id to roles, region roles region id to roles. */
export interface NewUser {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  language?: 'en' | 'da' | 'sv';
  admin?: boolean;
  clubRoles?: Record<number, string[]>;
  regionRoles?: Record<number, string[]>;
}

/** Inserts a user with its club and region roles. Returns the new user's id. */
export async function createUser(t: TestApp, input: NewUser): Promise<number> {
  const db = t.database.db;
  const [user] = await db
    .insert(schema.users)
    .values({
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? 'User',
      language: input.language ?? 'en',
      admin: input.admin ?? false,
    })
    .returning({ id: schema.users.id });
  const clubRoleRows = Object.entries(input.clubRoles ?? {}).flatMap(([clubId, roles]) =>
    roles.map((role) => ({ clubId: Number(clubId), userId: user.id, role })),
  );
  if (clubRoleRows.length) await db.insert(schema.clubUserRoles).values(clubRoleRows);
  const regionRoleRows = Object.entries(input.regionRoles ?? {}).flatMap(([regionId, roles]) =>
    roles.map((role) => ({ regionId: Number(regionId), userId: user.id, role })),
  );
  if (regionRoleRows.length) await db.insert(schema.regionUsers).values(regionRoleRows);
  return user.id;
}

/** The stored row of a user, for checks of what the database holds. */
export async function userRow(t: TestApp, email: string) {
  const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.email, email));
  return row;
}

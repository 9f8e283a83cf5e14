import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/database';

// For the tests of a data migration: a database migrated up to just before the migration, on
// PostgreSQL (TEST_DATABASE_URL: a scratch database, dropped afterwards) or PGlite (a folder), so
// the test can write rows of the older schema and then run the rest of the migrations.

export const migrationsFolder = join(import.meta.dirname, 'migrations');
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };

export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';

/** A database of its own on the PostgreSQL of `baseUrl`, dropped by `drop` (no app, no seed). */
async function scratchPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `golf_migration_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A database migrated up to (not including) the migration whose tag starts with `prefix` ('0011_'), and how to remove it. */
export async function databaseBefore(prefix: string): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const index = journal.entries.findIndex((e) => e.tag.startsWith(prefix));
  if (index <= 0) throw new Error(`no migration ${prefix} after the first`);
  const older = mkdtempSync(join(tmpdir(), `golf-migrations-before-${prefix}`));
  cpSync(migrationsFolder, older, { recursive: true });
  writeFileSync(join(older, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  let database: Database;
  let cleanup: () => Promise<void>;
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL);
    database = await openDatabase({ url: scratch.url, dataDir: null });
    cleanup = () => scratch.drop();
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), `golf-migration-${prefix}`));
    database = await openDatabase({ url: null, dataDir });
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  await migrate(database.db, { migrationsFolder: older });
  rmSync(older, { recursive: true, force: true });
  return { database, cleanup };
}

/** Runs the remaining migrations. */
export function migrateRest(database: Database): Promise<void> {
  return migrate(database.db, { migrationsFolder });
}

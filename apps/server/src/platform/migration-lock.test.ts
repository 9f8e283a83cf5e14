// Several servers started together on one new database (issue 28: instances behind a proxy) all
// migrate it: on PostgreSQL one at a time, under a session advisory lock (runMigrations).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations, type Database } from './database';
import { createScratchDatabase, testDatabaseKind } from '../../test/test-app';

const here = dirname(fileURLToPath(import.meta.url));
const journal = JSON.parse(readFileSync(join(here, '../db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };

describe(`migrating one new database from two servers at once (${testDatabaseKind})`, () => {
  const opened: Database[] = [];
  let drop = async () => {};
  afterAll(async () => {
    for (const d of opened) await d.close();
    await drop();
  });

  it('both succeed and every migration is applied once', async () => {
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL);
      drop = scratch.drop;
      // Two servers: two pools of their own on one empty database.
      for (let i = 0; i < 2; i++) opened.push(await openDatabase({ url: scratch.url, dataDir: null, poolSize: 2 }));
      await Promise.all(opened.map((d) => runMigrations(d.db)));
    } else {
      // The embedded database belongs to one process: a second start migrates it again, as a no-op.
      opened.push(await openDatabase({ url: null, dataDir: null }));
      await runMigrations(opened[0].db);
      await runMigrations(opened[0].db);
    }
    const { rows } = await opened[0].pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0].n).toBe(journal.entries.length);
    const tables = await opened[0].pool.query<{ ready: boolean }>("select to_regclass('public.jobs') is not null and to_regclass('public.users') is not null as ready");
    expect(tables.rows[0].ready).toBe(true);
    // The migration lock (database.ts MIGRATION_LOCK) is not left behind.
    const locks = await opened[0].pool.query<{ n: number }>("select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 20261128 and database = (select oid from pg_database where datname = current_database())");
    expect(locks.rows[0].n).toBe(0);
  }, 120_000);
});

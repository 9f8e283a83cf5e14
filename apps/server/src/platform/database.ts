import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

// Dates come back as JavaScript Dates for timestamptz; bigint counts as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * Opens PostgreSQL at `url`, or starts the embedded PGlite (persisted in `dataDir`, or in memory
 * when `dataDir` is null) behind a loopback socket so the same node-postgres driver serves both.
 */
export async function openDatabase(opts: { url: string | null; dataDir: string | null; poolSize?: number }): Promise<Database> {
  const poolSize = opts.poolSize ?? (opts.url ? 10 : 4);
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: poolSize });
    const state = survivesLostConnections(pool);
    await pool.query('select 1');
    return {
      db: drizzle(pool, { schema }),
      pool,
      url: opts.url,
      embedded: false,
      close: () => {
        state.closing = true;
        return pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  // The data directory lives on disk (the OS caches it), so PostgreSQL's own buffer cache can be
  // small; PGlite's WebAssembly memory only grows, and the default 128 MB is held for good.
  const postgresqlconf = ['shared_buffers = 16MB', 'wal_buffers = 1MB'];
  let pglite;
  if (opts.dataDir) {
    const dir = join(opts.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create({ dataDir: dir, postgresqlconf });
  } else {
    pglite = await PGlite.create({ postgresqlconf });
  }
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: poolSize + 2 });
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const state = survivesLostConnections(pool);
  embeddedPools.add(pool);
  return {
    db: drizzle(pool, { schema }),
    pool,
    url,
    embedded: true,
    async close() {
      state.closing = true;
      await pool.end();
      await server.stop();
      await pglite.close();
    },
  };
}

const embeddedPools = new WeakSet<pg.Pool>();

/**
 * A connection the server ends while it sits idle in the pool (a restart, an administrator, a
 * dropped test database) would otherwise be an uncaught error that stops the process; the pool
 * drops it and opens a new one when needed. Said once in the log, except while closing.
 */
function survivesLostConnections(pool: pg.Pool): { closing: boolean } {
  const state = { closing: false };
  pool.on('error', (error) => {
    if (!state.closing) console.warn(`Database connection lost: ${error.message}`);
  });
  return state;
}

/**
 * Named prepared statements live in a backend session. The embedded PGlite has one session that
 * every socket connection shares, so two pool connections preparing the same name collide there.
 */
export function supportsNamedStatements(db: Db): boolean {
  return !embeddedPools.has(db.$client);
}

function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'migrations'), join(here, '../db/migrations')];
  const found = candidates.find((c) => existsSync(join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`Migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsFolder() });
}

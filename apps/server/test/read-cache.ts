// Helpers of the read cache's tests (platform/read-cache*.test.ts, data-changes.test.ts).
import { vi } from 'vitest';
import pg from 'pg';
import type { Database } from '../src/platform/database';

/**
 * How many queries `run` makes: pooled connections taken on PostgreSQL (every query takes one),
 * statements sent on the one connection of the embedded database. The tests' session cache is
 * off, so every request looks its session up: one; a kept answer takes nothing more.
 */
export async function queriesOf(database: Database, run: () => Promise<unknown>): Promise<number> {
  if (!database.embedded) {
    const connects = vi.spyOn(database.pool, 'connect');
    try {
      await run();
      return connects.mock.calls.length;
    } finally {
      connects.mockRestore();
    }
  }
  const connection = await database.pool.connect();
  connection.release();
  const sent = vi.spyOn(connection, 'query');
  try {
    await run();
    return sent.mock.calls.length;
  } finally {
    sent.mockRestore();
  }
}

/** Polls `check` until it is true or `ms` pass; answers whether it became true. */
export async function eventually(check: () => Promise<boolean> | boolean, ms = 5_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/** The address the pool connects to. */
export function poolConnectionString(database: Database): string {
  return (database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
}

/** Another process's connection on PostgreSQL (its writes are not this server's pool's); null on the embedded database. */
export async function otherConnection(database: Database): Promise<pg.Client | null> {
  if (database.embedded) return null;
  const client = new pg.Client({ connectionString: poolConnectionString(database) });
  await client.connect();
  return client;
}

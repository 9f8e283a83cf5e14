import type pg from 'pg';

/** A statement a pooled connection was sent: its text (whitespace folded), its name when prepared, and its parameters. */
export interface SentStatement {
  text: string;
  name?: string;
  /** Its parameters as sent. */
  values?: unknown[];
}

/**
 * The statements the pool's connections were sent while `run` ran (every client acquired in that
 * time is watched, then put back as it was), for tests that cap what a call costs.
 */
export async function statementsSent(pool: pg.Pool, run: () => Promise<unknown>): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const wrapped = new Map<pg.PoolClient, pg.PoolClient['query']>();
  const watch = (client: pg.PoolClient) => {
    if (wrapped.has(client)) return;
    const query = client.query;
    wrapped.set(client, query);
    client.query = ((...args: unknown[]) => {
      const [config, given] = args;
      const { text = '', name, values } = typeof config === 'string' ? { text: config } : ((config ?? {}) as { text?: string; name?: string; values?: unknown[] });
      sent.push({ text: text.replace(/\s+/g, ' ').trim(), name: name || undefined, values: Array.isArray(given) ? given : values });
      return (query as (...a: unknown[]) => unknown).apply(client, args);
    }) as pg.PoolClient['query'];
  };
  pool.on('acquire', watch);
  try {
    await run();
  } finally {
    pool.off('acquire', watch);
    for (const [client, query] of wrapped) client.query = query;
  }
  return sent;
}

import pg from 'pg';
import type { Db } from './db-types';

/**
 * Changes made by other processes on PostgreSQL (docs/decisions/0012, the read cache).
 *
 * Every table of the app's schema has a statement trigger `data_changed` that sends a
 * notification on the channel below (`ensureChangeNotifications`, run after the migrations, so a
 * table added by a later migration gets it too). PostgreSQL delivers a notification when the
 * transaction that wrote commits, to every session listening on the database, and only then; two
 * statements of one transaction send one (same channel, same payload).
 *
 * A server listens on a connection of its own (not the pool's: a listening session must stay
 * open, and a pooled one would be shared). While that connection is up, `value` rises with every
 * notification; when it is lost (an error, a server restart, or no answer to the heartbeat), the
 * feed is not `live` until it has listened again, and `value` rises when it goes down and again
 * when it is back, so nothing read before the gap is given again after it.
 *
 * The embedded database needs none of this: only this process reaches it (decision 0008), and
 * the pool counts its writes (database.ts, `localWrites`).
 */
export const CHANNEL = 'golf_data_changed';
const TRIGGER = 'data_changed';
const FUNCTION = 'golf_notify_data_changed';
/** How the listening connection is named in pg_stat_activity. */
export const FEED_APPLICATION = 'golf-console change feed';

/**
 * Gives every table of the current schema the statement trigger that notifies (idempotent: only
 * what is missing is created). Under a transaction-scoped advisory lock, so servers starting
 * together do not create the same trigger twice.
 */
export async function ensureChangeNotifications(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext('golf:${TRIGGER}'))`);
    await client.query(`
      do $do$
      declare t record;
      begin
        if not exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                       where n.nspname = current_schema() and p.proname = '${FUNCTION}') then
          execute format($f$create function %I.${FUNCTION}() returns trigger language plpgsql as $b$
            begin perform pg_notify('${CHANNEL}', ''); return null; end $b$$f$, current_schema());
        end if;
        for t in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
                 where n.nspname = current_schema() and c.relkind in ('r', 'p')
                   and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = '${TRIGGER}')
        loop
          execute format('create trigger ${TRIGGER} after insert or update or delete or truncate on %I.%I
                          for each statement execute function %I.${FUNCTION}()', current_schema(), t.relname, current_schema());
        end loop;
      end
      $do$`);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** The tables of the current schema that have no `data_changed` trigger (for the tests). */
export async function tablesWithoutChangeNotifications(db: Db): Promise<string[]> {
  const { rows } = await db.$client.query<{ relname: string }>(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p')
       and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = $1)
     order by 1`,
    [TRIGGER],
  );
  return rows.map((r) => r.relname);
}

export interface ChangeFeed {
  /** Rises with every change another process (or this one) committed, and around every gap. */
  readonly value: number;
  /** True while the feed listens: only then may an answer be kept or given again. */
  readonly live: boolean;
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  /** How often the listening connection is asked whether it is still there. */
  heartbeatMs?: number;
  /** How long the heartbeat's answer may take before the connection counts as lost. */
  heartbeatTimeoutMs?: number;
  /** First wait before listening again after a loss; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  log?: (message: string) => void;
  /**
   * Backend process ids whose notifications are not counted: this server's own pool, whose
   * writes the pool counts itself (when the statement is sent and when it ends, so before its
   * notification could be of use).
   */
  ownBackends?: ReadonlySet<number>;
}

/** Listens for the notifications of `ensureChangeNotifications` on a connection of its own. */
export function changeFeed(connectionString: string, options: ChangeFeedOptions = {}): ChangeFeed {
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 5_000;
  const firstRetryMs = options.retryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const log = options.log ?? ((m: string) => console.warn(m));
  const own = options.ownBackends ?? new Set<number>();
  let value = 0;
  let live = false;
  let closed = false;
  let client: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;
  let retryMs = firstRetryMs;
  let lostSaid = false;

  const lost = (c: pg.Client, reason: string): Promise<void> => {
    if (client !== c) return Promise.resolve();
    client = null;
    live = false;
    value++;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    c.removeAllListeners('notification');
    c.on('error', () => {});
    const ended = c.end().catch(() => {});
    if (closed) return ended;
    if (!lostSaid) log(`Read cache: lost the change notifications (${reason}); nothing is kept until they are back`);
    lostSaid = true;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, maxRetryMs);
    return ended;
  };

  const listen = async (): Promise<void> => {
    if (closed || client) return;
    const c = new pg.Client({ connectionString, application_name: FEED_APPLICATION, keepAlive: true, query_timeout: heartbeatTimeoutMs, connectionTimeoutMillis: heartbeatTimeoutMs });
    client = c;
    c.on('error', (err) => void lost(c, err.message));
    c.on('end', () => void lost(c, 'the connection ended'));
    c.on('notification', (message) => {
      if (!own.has(message.processId)) value++;
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
    } catch (err) {
      await lost(c, (err as Error).message);
      return;
    }
    if (client !== c) return;
    // Whatever changed while nobody listened: nothing kept from before may be given again.
    value++;
    live = true;
    retryMs = firstRetryMs;
    if (lostSaid) log('Read cache: change notifications are back');
    lostSaid = false;
    heartbeat = setInterval(() => {
      c.query('select 1').catch((err: Error) => void lost(c, `no answer to the heartbeat: ${err.message}`));
    }, heartbeatMs);
    heartbeat.unref();
  };

  return {
    get value() {
      return value;
    },
    get live() {
      return live;
    },
    start: listen,
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      if (client) await lost(client, 'closed');
    },
  };
}

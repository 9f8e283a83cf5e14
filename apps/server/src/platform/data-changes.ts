import { createHash } from 'node:crypto';
import pg from 'pg';
import { MAX_CLUBS_NAMED, MAX_KEYS_NAMED, parseChange, type ChangeTracker } from './change-tracker';
import type { Db } from './db-types';

/**
 * What changed in the data, told by the database itself (docs/decisions/0022, the read cache).
 *
 * Every table of the app's schema has statement triggers (`data_changed_*`, after insert, update,
 * delete and truncate) that say which table changed and the clubs whose rows changed: from the
 * statement's transition tables, each row's club is its `club_id`, its own id for `clubs`, or
 * found by following its foreign keys to a table that has one (a hole → its course → the club;
 * a pin position → its pin setup). A table no club owns (users, regions, the graphics catalogue),
 * a row whose club cannot be found (a cascade whose parent is gone), a truncate, or more than
 * MAX_CLUBS_NAMED clubs count as the whole table: `table:*`. A keyed table (ROW_KEYS: a hole's
 * drawings) also names the keys of the rows that changed, `table:clubs/keys`, when there are at
 * most MAX_KEYS_NAMED of them. A statement that changed no row says nothing. Made after the migrations (`ensureChangeNotifications`), so a table added by a
 * later migration gets them too; their definition carries a hash and is made again when it moved.
 *
 * The change is said two ways:
 * - `pg_notify` on CHANNEL, delivered when the transaction commits (once per distinct payload) to
 *   every server listening on the database — the changes of other processes (changeFeed below);
 * - a NOTICE to the session that wrote, while the statement runs, when that session has set
 *   `golf.change_notices` (the app's pool does, platform/database.ts): so a server knows what its
 *   own write changed before the statement's answer arrives, on both databases, including rows
 *   changed by cascades and by other triggers. psql and other clients see no notices.
 */
export const CHANNEL = 'golf_data_changed';
const TRIGGER_PREFIX = 'data_changed';
/** The trigger of the earlier design (one per table, a payload without content): replaced. */
const OLD_TRIGGER = 'data_changed';
/** The earlier design's notifying function (and the first version of this one's): removed when found. */
const OLD_NOTIFY_FUNCTION = 'golf_notify_data_changed';
const VERSION_FUNCTION = 'golf_change_triggers_version';
const TABLE_FUNCTION_PREFIX = 'golf_changed__';
/** The session setting under which the triggers also send a NOTICE to the writing session. */
export const NOTICE_SETTING = 'golf.change_notices';
/** The NOTICE's message; its detail is the payload. */
export const NOTICE_MESSAGE = 'golf data changed';
/** How the listening connection is named in pg_stat_activity. */
export const FEED_APPLICATION = 'golf-console change feed';
/** How many foreign keys a row's club is looked for through. */
const MAX_CLUB_PATH = 3;
const EVENTS = [
  { suffix: 'insert', event: 'insert', referencing: 'referencing new table as new_rows' },
  { suffix: 'update', event: 'update', referencing: 'referencing old table as old_rows new table as new_rows' },
  { suffix: 'delete', event: 'delete', referencing: 'referencing old table as old_rows' },
  { suffix: 'truncate', event: 'truncate', referencing: '' },
] as const;

interface ForeignKey {
  table: string;
  column: string;
  target: string;
  targetColumn: string;
}

const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * The SQL expression giving the club of row `r` of `table`, or null when the table has no way to
 * a club. Follows single-column foreign keys, shortest way first (ties by column name).
 */
export function clubExpression(table: string, clubTables: ReadonlySet<string>, keys: readonly ForeignKey[]): string | null {
  if (table === 'clubs') return 'r.id';
  if (clubTables.has(table)) return 'r.club_id';
  type Way = { at: string; hops: ForeignKey[] };
  let ways: Way[] = [{ at: table, hops: [] }];
  const seen = new Set([table]);
  for (let depth = 0; depth < MAX_CLUB_PATH && ways.length; depth++) {
    const next: Way[] = [];
    for (const way of ways) {
      for (const key of keys.filter((k) => k.table === way.at).sort((a, b) => a.column.localeCompare(b.column))) {
        const hops = [...way.hops, key];
        const reached = key.target === 'clubs' && key.targetColumn === 'id';
        if (reached || clubTables.has(key.target)) return nested(hops, reached);
        if (!seen.has(key.target)) {
          seen.add(key.target);
          next.push({ at: key.target, hops });
        }
      }
    }
    ways = next;
  }
  return null;
}

/** `r.<fk>` looked up through each hop: the last hop's club_id (or the key itself when it names a club). */
function nested(hops: ForeignKey[], endsAtClub: boolean): string {
  let value = `r.${ident(hops[0]!.column)}`;
  const last = endsAtClub ? hops.length - 1 : hops.length;
  for (let i = 0; i < last; i++) {
    const hop = hops[i]!;
    const column = i + 1 < hops.length ? hops[i + 1]!.column : 'club_id';
    value = `(select x${i}.${ident(column)} from ${ident(hop.target)} x${i} where x${i}.${ident(hop.targetColumn)} = ${value})`;
  }
  return value;
}

/**
 * Keyed tables: a change of one of them also names the keys of its changed rows (this column of
 * each, old and new), so that an answer that read the rows of one key only (`readCacheRows`,
 * platform/read-cache.ts) is ended by a change of those rows, not by every change of its club's:
 * a drawing saved ends the answers of its own hole. The column is an integer that is never null.
 */
export const ROW_KEYS: Readonly<Record<string, string>> = { hole_drawings: 'hole_id' };

/**
 * The function a table's triggers run: the clubs of the changed rows (and the keys of a keyed
 * table's: `key`), then the notification (when `notify`: other servers may listen) and the notice
 * (to a session that asked for them). All in one PL/pgSQL function per table with one query, on
 * the transition tables: it runs with every write.
 */
function tableFunction(schema: string, table: string, club: string | null, key: string | null, notify: boolean): string {
  const clubOf = `(${club ?? 'null'})::bigint`;
  const keyOf = key === null ? '' : `, r.${ident(key)}::bigint as k`;
  const from = (rows: string) => `select ${clubOf} as c${keyOf} from ${rows} r`;
  const collect = (source: string) =>
    key === null
      ? `select array_agg(distinct c), bool_or(c is null) into clubs, unknown from (${source}) x;`
      : `select array_agg(distinct c), bool_or(c is null), array_agg(distinct k) into clubs, unknown, keys from (${source}) x;`;
  const keysTold = `cardinality(keys) <= ${MAX_KEYS_NAMED} and array_position(keys, null) is null`;
  return `create function ${ident(schema)}.${ident(TABLE_FUNCTION_PREFIX + table)}() returns trigger language plpgsql as $f$
declare clubs bigint[]; unknown boolean; ${key === null ? '' : 'keys bigint[]; '}payload text;
begin
  if TG_OP = 'INSERT' then ${collect(from('new_rows'))}
  elsif TG_OP = 'DELETE' then ${collect(from('old_rows'))}
  elsif TG_OP = 'UPDATE' then ${collect(`${from('new_rows')} union all ${from('old_rows')}`)}
  else unknown := true;
  end if;
  if unknown is null then return null; end if;
  if unknown or cardinality(clubs) > ${MAX_CLUBS_NAMED} then payload := '${table}:*';
  else payload := '${table}:' || array_to_string(clubs, ',')${key === null ? '' : ` || case when ${keysTold} then '/' || array_to_string(keys, ',') else '' end`};
  end if;${notify ? `\n  perform pg_notify('${CHANNEL}', payload);` : ''}
  if current_setting('${NOTICE_SETTING}', true) = 'on' then
    raise notice '${NOTICE_MESSAGE}' using detail = payload;
  end if;
  return null;
end $f$`;
}

/** A function that answers the hash of the triggers' definition: made again when it moved. */
function versionFunction(schema: string, hash: string): string {
  return `create function ${ident(schema)}.${VERSION_FUNCTION}() returns text language sql immutable as $f$ select '${hash}'::text $f$`;
}

/**
 * Gives every table of the current schema its change triggers, and makes them again when their
 * definition (which depends on the tables, their club columns and foreign keys) moved: its hash
 * is what VERSION_FUNCTION answers. Under a transaction-scoped advisory lock, so servers starting
 * together do not make them twice. Run after the migrations, on both databases; `notify` on
 * PostgreSQL only (other servers listen there; nobody can on the embedded database).
 */
export async function ensureChangeNotifications(db: Db, options: { notify: boolean }): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext('golf:${TRIGGER_PREFIX}'))`);
    const { rows: schemaRows } = await client.query<{ schema: string }>('select current_schema() as schema');
    const schema = schemaRows[0]!.schema;
    const { rows: tableRows } = await client.query<{ name: string; club: boolean }>(
      `select c.relname as name, exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'club_id' and not a.attisdropped) as club
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'p') order by 1`,
    );
    const { rows: keys } = await client.query<ForeignKey>(
      `select t.relname as table, a.attname as column, f.relname as target, fa.attname as "targetColumn"
       from pg_constraint k
       join pg_class t on t.oid = k.conrelid join pg_namespace n on n.oid = t.relnamespace
       join pg_class f on f.oid = k.confrelid
       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
       join pg_attribute fa on fa.attrelid = k.confrelid and fa.attnum = k.confkey[1]
       where k.contype = 'f' and n.nspname = current_schema() and cardinality(k.conkey) = 1
       order by 1, 2`,
    );
    const clubTables = new Set(tableRows.filter((t) => t.club).map((t) => t.name));
    // The keyed tables as they are in this schema: their key column there, integer and not null.
    const { rows: keyedRows } = await client.query<{ table: string; column: string }>(
      `select c.relname as table, a.attname as column from pg_attribute a
       join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and (c.relname, a.attname) in (select * from unnest($1::text[], $2::text[]))
         and not a.attisdropped and a.attnotnull and a.atttypid in ('int2'::regtype, 'int4'::regtype, 'int8'::regtype)`,
      [Object.keys(ROW_KEYS), Object.values(ROW_KEYS)],
    );
    const keyedColumns = new Map(keyedRows.map((r) => [r.table, r.column]));
    const statements: string[] = [];
    for (const { name } of tableRows) {
      statements.push(tableFunction(schema, name, clubExpression(name, clubTables, keys), keyedColumns.get(name) ?? null, options.notify));
      for (const e of EVENTS) {
        statements.push(
          `create trigger ${ident(`${TRIGGER_PREFIX}_${e.suffix}`)} after ${e.event} on ${ident(schema)}.${ident(name)} ${e.referencing}
           for each statement execute function ${ident(schema)}.${ident(TABLE_FUNCTION_PREFIX + name)}()`,
        );
      }
    }
    const hash = createHash('sha256').update(statements.join(';\n')).digest('hex');
    const { rows: current } = await client.query<{ made: boolean }>(
      `select exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                      where n.nspname = current_schema() and p.proname = $1) as made`,
      [VERSION_FUNCTION],
    );
    const made = current[0]!.made ? (await client.query<{ hash: string }>(`select ${ident(schema)}.${VERSION_FUNCTION}() as hash`)).rows[0]!.hash : null;
    if (made !== hash) {
      // Out with every earlier trigger and function of this kind, in with the current ones.
      await client.query(`
        do $do$
        declare t record;
        begin
          for t in select c.relname, g.tgname from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
                   where n.nspname = current_schema() and not g.tgisinternal and (g.tgname = '${OLD_TRIGGER}' or g.tgname like '${TRIGGER_PREFIX}\\_%')
          loop
            execute format('drop trigger %I on %I.%I', t.tgname, current_schema(), t.relname);
          end loop;
          for t in select p.oid::regprocedure as f from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                   where n.nspname = current_schema() and (p.proname in ('${OLD_NOTIFY_FUNCTION}', '${VERSION_FUNCTION}') or p.proname like '${TABLE_FUNCTION_PREFIX.replace(/_/g, '\\_')}%')
          loop
            execute format('drop function %s', t.f);
          end loop;
        end
        $do$`);
      for (const statement of statements) await client.query(statement);
      await client.query(versionFunction(schema, hash));
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** The tables of the current schema that lack one of their change triggers (for the tests). */
export async function tablesWithoutChangeNotifications(db: Db): Promise<string[]> {
  const { rows } = await db.$client.query<{ relname: string }>(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p')
       and (select count(*) from pg_trigger g where g.tgrelid = c.oid and g.tgname = any($1)) < $2
     order by 1`,
    [EVENTS.map((e) => `${TRIGGER_PREFIX}_${e.suffix}`), EVENTS.length],
  );
  return rows.map((r) => r.relname);
}

export interface ChangeFeed {
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
   * Backend process ids whose notifications are passed over: this server's own pool, whose
   * changes its pool heard already as notices, while the statements ran (platform/database.ts).
   */
  ownBackends?: ReadonlySet<number>;
}

/**
 * Listens for the notifications of `ensureChangeNotifications` on a connection of its own and
 * tells `tracker` what other processes changed; a payload it cannot read (a server of an older
 * version) and every gap in listening count as a change of everything.
 */
export function changeFeed(connectionString: string, tracker: ChangeTracker, options: ChangeFeedOptions = {}): ChangeFeed {
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 5_000;
  const firstRetryMs = options.retryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const log = options.log ?? ((m: string) => console.warn(m));
  const own = options.ownBackends ?? new Set<number>();
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
    tracker.changedEverything();
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
      if (own.has(message.processId)) return;
      const change = parseChange(message.payload ?? '');
      if (change) tracker.changed(change.table, change.clubs, change.keys);
      else tracker.changedEverything();
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
    tracker.changedEverything();
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

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What changed, and when (docs/decisions/0022): the clock the read cache compares a kept answer
 * against. Every change names a table and the clubs whose rows it touched (or `null`: rows of no
 * club, of clubs that could not be told, or too many to list — a change "everywhere" in that table).
 *
 * Each change raises one counter (`now`) and stamps what it touched with the new value: the table
 * as a whole, and the table of each club it named (or the table "everywhere"). An answer read from
 * a set of tables, for one club or for none, is still current exactly when nothing it depends on
 * was stamped after the moment its reading began:
 * - an answer of club k that read table t depends on t of club k and on t everywhere;
 * - an answer of no club (the catalogue, the list of clubs, the regions) depends on t as a whole;
 * - an answer whose tables are not known depends on everything;
 * - an answer of club k that read only the rows of one key of a keyed table (ROW_KEYS in
 *   platform/data-changes.ts: the drawing of one hole) depends on that key's rows, on changes of
 *   the table's rows of club k whose keys were not told, and on the table everywhere: a drawing
 *   saved ends its own hole's answers, not the other holes' of the club.
 * `changedEverything` (a schema change, a gap in the other processes' notifications) ends them all.
 */
export interface ChangeScope {
  /** The club whose rows the answer read, or null for an answer about no one club. */
  club: number | null;
  /** The tables the answer was read from; null when not known (depends on every change). */
  tables: readonly string[] | null;
  /**
   * Keyed tables (ROW_KEYS, platform/data-changes.ts) of which the answer read only the rows of
   * one key, e.g. `{ hole_drawings: 12 }`: the route says so (`readCacheRows`). Only for an answer
   * of a club; any table not named here depends on all of the club's rows.
   */
  rows?: Readonly<Record<string, number>> | null;
}

export class ChangeTracker {
  private counter = 0;
  private everything = 0;
  /** Table → the last change of any of its rows. */
  private readonly anyRow = new Map<string, number>();
  /** Table → the last change of rows of no club, of unknown clubs or of too many to list. */
  private readonly everywhere = new Map<string, number>();
  /** Table → club → the last change of that club's rows. */
  private readonly ofClub = new Map<string, Map<number, number>>();
  /** Keyed table → club → the last change of that club's rows whose keys were not told. */
  private readonly ofClubUnkeyed = new Map<string, Map<number, number>>();
  /** Keyed table → key → the last change of rows of that key. */
  private readonly ofKey = new Map<string, Map<number, number>>();

  /** The moment now: an answer whose reading begins here is current until a later change. */
  get now(): number {
    return this.counter;
  }

  /**
   * Rows of `table` changed: of these clubs, or (null) of no club / unknown clubs; `keys` are the
   * row keys of a keyed table's changed rows (null: not told).
   */
  changed(table: string, clubs: readonly number[] | null, keys: readonly number[] | null = null): void {
    const at = ++this.counter;
    this.anyRow.set(table, at);
    if (clubs === null) this.everywhere.set(table, at);
    else {
      stamp(this.ofClub, table, clubs, at);
      if (keys === null) stamp(this.ofClubUnkeyed, table, clubs, at);
      else stamp(this.ofKey, table, keys, at);
    }
  }

  /** Anything may have changed (a schema change, notifications lost): no answer read before holds. */
  changedEverything(): void {
    this.everything = ++this.counter;
  }

  /** True when something `scope` depends on changed after the moment `since` (a value of `now`). */
  changedSince(since: number, scope: ChangeScope): boolean {
    if (this.everything > since) return true;
    if (scope.tables === null) return this.counter > since;
    for (const table of scope.tables) {
      if (scope.club === null) {
        if ((this.anyRow.get(table) ?? 0) > since) return true;
      } else if ((this.everywhere.get(table) ?? 0) > since) return true;
      else {
        const key = scope.rows?.[table];
        if (key === undefined) {
          if ((this.ofClub.get(table)?.get(scope.club) ?? 0) > since) return true;
        } else if ((this.ofClubUnkeyed.get(table)?.get(scope.club) ?? 0) > since || (this.ofKey.get(table)?.get(key) ?? 0) > since) return true;
      }
    }
    return false;
  }
}

function stamp(map: Map<string, Map<number, number>>, table: string, ids: readonly number[], at: number): void {
  let byId = map.get(table);
  if (!byId) map.set(table, (byId = new Map()));
  for (const id of ids) byId.set(id, at);
}

/** The most clubs a change names; a change of more counts as "everywhere" in its table. */
export const MAX_CLUBS_NAMED = 100;
/** The most row keys a change of a keyed table names; a change of more tells no keys. */
export const MAX_KEYS_NAMED = 100;

/** What a change notification says: its table, clubs (null: everywhere) and row keys (null: not told). */
export interface Change {
  table: string;
  clubs: number[] | null;
  keys: number[] | null;
}

const ID_LIST = /^\d+(,\d+)*$/;

/**
 * Reads what a change notification says (the triggers' payload, platform/data-changes.ts):
 * `table:1,2,3` (rows of those clubs), `table:1,2/40,41` (of a keyed table: rows of those clubs
 * whose keys are 40 and 41) or `table:*` (everywhere). Null for anything else.
 */
export function parseChange(payload: string): Change | null {
  const colon = payload.lastIndexOf(':');
  if (colon <= 0) return null;
  const table = payload.slice(0, colon);
  const rest = payload.slice(colon + 1);
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) return null;
  if (rest === '*') return { table, clubs: null, keys: null };
  const slash = rest.indexOf('/');
  const list = slash < 0 ? rest : rest.slice(0, slash);
  const keyList = slash < 0 ? null : rest.slice(slash + 1);
  if (!ID_LIST.test(list) || (keyList !== null && !ID_LIST.test(keyList))) return null;
  const clubs = list.split(',').map(Number);
  if (clubs.length > MAX_CLUBS_NAMED) return { table, clubs: null, keys: null };
  const keys = keyList === null ? null : keyList.split(',').map(Number);
  return { table, clubs, keys: keys && keys.length <= MAX_KEYS_NAMED ? keys : null };
}

/**
 * The statements made while an answer of the read cache is being made (platform/read-cache.ts
 * opens the scope around the route's handler; the pool notes each statement's text, database.ts).
 */
export const readingScope = new AsyncLocalStorage<Set<string>>();
/** Noted for a statement whose text the pool could not see: the answer depends on everything. */
export const UNKNOWN_STATEMENT = '\u0000';

const IDENTIFIER = /"((?:[^"]|"")+)"|\b([a-z_][a-z0-9_$]*)\b/gi;

/**
 * The tables a set of statements read from: every identifier of their text that names one of
 * `tables` (quoted or not). A column or alias of the same name as a table adds that table, which
 * only makes the answer end more often. Null when a statement's text is unknown. Each distinct
 * text is looked at once (`memo`, bounded by the number of distinct statements of the app).
 */
export function tablesRead(statements: Iterable<string>, tables: ReadonlySet<string>, memo: Map<string, readonly string[]>): string[] | null {
  const found = new Set<string>();
  for (const text of statements) {
    if (text === UNKNOWN_STATEMENT) return null;
    let named = memo.get(text);
    if (!named) {
      const inText = new Set<string>();
      for (const m of text.matchAll(IDENTIFIER)) {
        const name = m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!.toLowerCase();
        if (tables.has(name)) inText.add(name);
      }
      named = [...inText];
      if (memo.size < 10_000) memo.set(text, named);
    }
    for (const table of named) found.add(table);
  }
  return [...found];
}

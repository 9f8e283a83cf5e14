import type { DbOrTx } from './database';
import { supportsNamedStatements, type Db } from './database';

interface Preparable {
  prepare(name: string): unknown;
}

/** The app's database handle (not a transaction): the one that carries the pool. */
function isRoot(db: DbOrTx): db is Db {
  return '$client' in db;
}

/**
 * A query of the everyday reads, built once per database handle with `sql.placeholder` for its
 * inputs and prepared: drizzle renders its SQL once instead of on every request (5–8 % of the
 * server's time under the console's mix of reads, issue 12), and on PostgreSQL it is a named
 * prepared statement, parsed and planned once per pooled connection. On the embedded database
 * it stays unnamed (decision 0008: named statements collide in PGlite's one session). Inside a
 * transaction it is built on the transaction each time.
 *
 * ```ts
 * const clubById = preparedQuery('club_by_id', (db) => db.select().from(clubs).where(eq(clubs.id, sql.placeholder('id'))));
 * const [row] = await clubById(db).execute({ id });
 * ```
 */
export function preparedQuery<T extends Preparable>(name: string, build: (db: DbOrTx) => T): (db: DbOrTx) => ReturnType<T['prepare']> {
  const kept = new WeakMap<Db, ReturnType<T['prepare']>>();
  return (db) => {
    if (!isRoot(db)) return build(db).prepare('') as ReturnType<T['prepare']>;
    let query = kept.get(db);
    if (!query) kept.set(db, (query = build(db).prepare(supportsNamedStatements(db) ? name : '') as ReturnType<T['prepare']>));
    return query;
  };
}

import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type * as schema from '../db/schema/index';

/**
 * The database handle's types, apart from the code that opens it (database.ts) so that what only
 * needs the type (data-changes.ts, every service) does not import the opener back.
 */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

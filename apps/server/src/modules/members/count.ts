import { and, count, eq, ne } from 'drizzle-orm';
import { clubMembers } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/db-types';

/**
 * How many members the club has (the news feed's stats, issue 23): its imported, invited and
 * joined members; a banned member does not count.
 */
export async function countMembers(db: DbOrTx, clubId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clubMembers)
    .where(and(eq(clubMembers.clubId, clubId), ne(clubMembers.status, 'banned')));
  return row?.n ?? 0;
}

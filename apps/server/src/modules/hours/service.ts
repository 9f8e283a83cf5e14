import { eq, sql } from 'drizzle-orm';
import { emptyHours, HoursDocument, sortHours, type HoursResponse } from '@golf/contract/api/hours';
import { clubHours } from '../../db/schema/index';
import type { Db } from '../../platform/database';
import { preparedQuery } from '../../platform/prepared';

const clubHoursById = preparedQuery('club_hours', (db) => db.select().from(clubHours).where(eq(clubHours.clubId, sql.placeholder('clubId'))));

/** GET clubs/{clubId}/hours: the stored document, or an empty one before the first save. */
export async function getHours(db: Db, clubId: number, log?: { warn(obj: object, msg: string): void }): Promise<HoursResponse> {
  const [row] = await clubHoursById(db).execute({ clubId });
  if (!row) return { ...emptyHours(), updated_at: null };
  const parsed = HoursDocument.safeParse(row.document);
  if (!parsed.success) {
    // A document written under older rules: shown as far as it is still valid, never as a 500.
    log?.warn({ clubId, issues: parsed.error.issues.slice(0, 5) }, 'stored opening hours no longer validate');
    const doc = row.document as Partial<HoursDocument>;
    return { ...emptyHours(), details: typeof doc.details === 'string' ? doc.details : '', updated_at: row.updatedAt.toISOString() };
  }
  return { ...parsed.data, updated_at: row.updatedAt.toISOString() };
}

/** PUT clubs/{clubId}/hours: the validated document replaces the old one in one write. */
export async function saveHours(db: Db, clubId: number, input: HoursDocument): Promise<HoursResponse> {
  const document = sortHours(input);
  const [row] = await db
    .insert(clubHours)
    .values({ clubId, document })
    .onConflictDoUpdate({ target: clubHours.clubId, set: { document, updatedAt: sql`now()` } })
    .returning({ updatedAt: clubHours.updatedAt });
  return { ...document, updated_at: row.updatedAt.toISOString() };
}

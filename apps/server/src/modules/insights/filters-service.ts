import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { HEATMAP_FILTERS_MAX, HeatmapFilter, type SaveHeatmapFilterBody, type SavedHeatmapFilter } from '@golf/contract/api/insights';
import { clubs, heatmapFilters } from '../../db/schema/index';
import type { Db } from '../../platform/database';
import type { DbOrTx } from '../../platform/db-types';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors';

/*
 * Heatmap filters saved by name (issue 22, §2 "Filters can be saved and loaded"): per signed-in
 * user and club. Every query names both, so another user's filter, or one saved in another club,
 * is not found (404). Names are unique per user and club (409 insights.filterNameTaken), at most
 * HEATMAP_FILTERS_MAX per user and club (409 insights.filtersCapReached).
 */

type FilterRow = typeof heatmapFilters.$inferSelect;

function present(row: FilterRow): SavedHeatmapFilter {
  return { id: row.id, name: row.name, filter: HeatmapFilter.parse(row.filter), updated_at: row.updatedAt.toISOString() };
}

const owned = (clubId: number, userId: number, id: number) =>
  and(eq(heatmapFilters.id, id), eq(heatmapFilters.clubId, clubId), eq(heatmapFilters.userId, userId));

/** GET clubs/{clubId}/insights/heatmap-filters: the signed-in user's filters in the club, by name. */
export async function listHeatmapFilters(db: DbOrTx, clubId: number, userId: number): Promise<SavedHeatmapFilter[]> {
  const rows = await db
    .select()
    .from(heatmapFilters)
    .where(and(eq(heatmapFilters.clubId, clubId), eq(heatmapFilters.userId, userId)))
    .orderBy(sql`lower(${heatmapFilters.name})`, asc(heatmapFilters.name), asc(heatmapFilters.id));
  return rows.map(present);
}

/** 409 when the user already has another filter of that name in the club. */
async function assertNameFree(tx: DbOrTx, clubId: number, userId: number, name: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: heatmapFilters.id })
    .from(heatmapFilters)
    .where(
      and(
        eq(heatmapFilters.clubId, clubId),
        eq(heatmapFilters.userId, userId),
        eq(heatmapFilters.name, name),
        exceptId === undefined ? undefined : ne(heatmapFilters.id, exceptId),
      ),
    );
  if (taken) throw conflict('insights.filterNameTaken', { name });
}

/** Two saves at once with the same name: the unique index decides, answered as the same 409. */
async function nameRace<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('insights.filterNameTaken', { name });
    throw err;
  }
}

/**
 * POST clubs/{clubId}/insights/heatmap-filters. The count is checked with the club row locked, so
 * two saves at once cannot pass the cap.
 */
export async function createHeatmapFilter(db: Db, clubId: number, userId: number, input: SaveHeatmapFilterBody): Promise<SavedHeatmapFilter> {
  return nameRace(input.name, () =>
    db.transaction(async (tx) => {
      const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for('update');
      if (!club) throw notFound('clubs.notFound');
      const [{ n }] = await tx
        .select({ n: count() })
        .from(heatmapFilters)
        .where(and(eq(heatmapFilters.clubId, clubId), eq(heatmapFilters.userId, userId)));
      if (n >= HEATMAP_FILTERS_MAX) throw conflict('insights.filtersCapReached', { max: HEATMAP_FILTERS_MAX });
      await assertNameFree(tx, clubId, userId, input.name);
      const [row] = await tx.insert(heatmapFilters).values({ clubId, userId, name: input.name, filter: input.filter }).returning();
      return present(row);
    }),
  );
}

/** PUT clubs/{clubId}/insights/heatmap-filters/{id}: renames it and/or replaces its filter. */
export async function updateHeatmapFilter(db: Db, clubId: number, userId: number, id: number, input: SaveHeatmapFilterBody): Promise<SavedHeatmapFilter> {
  return nameRace(input.name, () =>
    db.transaction(async (tx) => {
      const [current] = await tx.select({ id: heatmapFilters.id }).from(heatmapFilters).where(owned(clubId, userId, id)).for('update');
      if (!current) throw notFound('insights.filterNotFound');
      await assertNameFree(tx, clubId, userId, input.name, id);
      const [row] = await tx
        .update(heatmapFilters)
        .set({ name: input.name, filter: input.filter, updatedAt: sql`now()` as unknown as Date })
        .where(owned(clubId, userId, id))
        .returning();
      return present(row);
    }),
  );
}

/** DELETE clubs/{clubId}/insights/heatmap-filters/{id}. */
export async function deleteHeatmapFilter(db: DbOrTx, clubId: number, userId: number, id: number): Promise<void> {
  const deleted = await db.delete(heatmapFilters).where(owned(clubId, userId, id)).returning({ id: heatmapFilters.id });
  if (deleted.length === 0) throw notFound('insights.filterNotFound');
}

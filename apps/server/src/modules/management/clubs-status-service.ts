import { asc, sql, type SQL } from 'drizzle-orm';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { MANAGEMENT_LIMITS, type ClubsStatusResponse } from '@golf/contract/api/management';
import { isAdmin, isRegionOwner, type PermissionSubject } from '@golf/contract/permissions';
import { clubRegions, clubs, courses, holeDrawings, holes, regionUsers } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/db-types';
import { forbidden } from '../../platform/errors';

/** A drawn hole whose stored checks found a crossing, a boundary crossing or a green outside the boundary. */
const failing = sql`(${holeDrawings.checks} -> 'selfIntersections' <> '[]'::jsonb or ${holeDrawings.checks} -> 'boundarySelfIntersections' <> '[]'::jsonb or ${holeDrawings.checks} -> 'greensWithinBoundary' = 'false'::jsonb)`;

/** Per club, its courses, holes, drawn and failing holes and last save: one aggregate over its courses (a row per club, without a group over the whole table). */
const counts = sql`lateral (
  select count(distinct ${courses.id})::int as courses, count(${holes.id})::int as holes, count(${holeDrawings.holeId})::int as drawn,
    (count(${holeDrawings.holeId}) filter (where ${failing}))::int as failing, max(${holeDrawings.updatedAt}) as last_at
  from ${courses}
  left join ${holes} on ${holes.courseId} = ${courses.id}
  left join ${holeDrawings} on ${holeDrawings.holeId} = ${holes.id} and ${holeDrawings.styleId} = ${EDIT_DRAWING_STYLE}
  where ${courses.clubId} = ${clubs.id}
)`;

/**
 * GET management/clubs-status (issue 27): an admin sees every club, a region owner the clubs of the
 * regions they own (read from the database, not the session), anyone else 403. SQL aggregates over
 * the stored status checks only (no geometry is read); a hole counts as drawn when it has a saved
 * drawing. At most MANAGEMENT_LIMITS.clubsStatus clubs by name, `truncated` beyond.
 */
export async function clubsStatus(db: DbOrTx, subject: PermissionSubject, userId: number): Promise<ClubsStatusResponse> {
  let where: SQL | undefined;
  if (!isAdmin(subject)) {
    if (!isRegionOwner(subject)) throw forbidden('management.managementOnly');
    where = sql`exists (select 1 from ${clubRegions} inner join ${regionUsers} on ${regionUsers.regionId} = ${clubRegions.regionId}
      where ${clubRegions.clubId} = ${clubs.id} and ${regionUsers.userId} = ${userId} and ${regionUsers.role} = 'owner')`;
  }
  const rows = await db
    .select({
      club_id: clubs.id,
      name: clubs.name,
      handle: clubs.handle,
      active: clubs.active,
      region_ids: sql<number[]>`array(select ${clubRegions.regionId} from ${clubRegions} where ${clubRegions.clubId} = ${clubs.id} order by ${clubRegions.regionId})`,
      courses: sql<number>`s.courses`.mapWith(Number),
      holes: sql<number>`s.holes`.mapWith(Number),
      holes_drawn: sql<number>`s.drawn`.mapWith(Number),
      holes_failing: sql<number>`s.failing`.mapWith(Number),
      last_drawing_at: sql<string | null>`to_char(s.last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(clubs)
    .innerJoin(sql`${counts} s`, sql`true`)
    .where(where)
    .orderBy(asc(clubs.name), asc(clubs.id))
    .limit(MANAGEMENT_LIMITS.clubsStatus + 1);
  return {
    clubs: rows.slice(0, MANAGEMENT_LIMITS.clubsStatus).map((r) => ({ ...r, region_ids: r.region_ids.map(Number) })),
    truncated: rows.length > MANAGEMENT_LIMITS.clubsStatus,
  };
}

/**
 * The trackings of the tech map (issue 25, §3 trackings): every feature of every hole's saved
 * drawing (style EDIT_DRAWING_STYLE) on a course, with its element, name (its label, else ''),
 * geodesic area (polygons), hole and tee, and the groups it is in; the courses of each group
 * with at least TRACKING_GROUP_COURSE_MIN_ENTRIES elements still on the map (§3, §9 course
 * filter); and the changes of a group's elements. An element is `${holeId}:${featureId}`; one
 * added must be a feature of the saved drawing of one of the club's holes.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EDIT_DRAWING_STYLE, type DrawingFeature } from '@golf/contract/api/drawings';
import {
  TRACKING_GROUP_COURSE_MIN_ENTRIES,
  trackingId,
  type Tracking,
  type TrackingChangesBody,
  type TrackingGroup,
  type TrackingGroupCourse,
  type TrackingRef,
} from '@golf/contract/api/greenkeeper';
import { polygonArea } from '@golf/contract/geo/measure';
import { trackingGroupElements, trackingGroups } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { badRequest, notFound } from '../../platform/errors';
import { savedDrawings } from '../courses';
import { courseInClub, featuresOnMap, groupOfClub, holesOfClub } from './access';
import { presentGroup } from './tracking-groups-service';

/** The feature's tee (`attributes.teeId`) when it names one by a whole number; null otherwise. */
export function teeIdOf(feature: DrawingFeature): number | null {
  const value = feature.properties.attributes?.teeId;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/** The element rows of the club's groups on these holes: tracking id to the group ids, ascending. */
async function groupsByTracking(db: DbOrTx, clubId: number, holeIds: number[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (holeIds.length === 0) return out;
  const rows = await db
    .select({ groupId: trackingGroupElements.trackingGroupId, holeId: trackingGroupElements.holeId, featureId: trackingGroupElements.featureId })
    .from(trackingGroupElements)
    .innerJoin(trackingGroups, eq(trackingGroups.id, trackingGroupElements.trackingGroupId))
    .where(and(eq(trackingGroups.clubId, clubId), inArray(trackingGroupElements.holeId, holeIds)))
    .orderBy(asc(trackingGroupElements.trackingGroupId));
  for (const r of rows) {
    const key = trackingId(r.holeId, r.featureId);
    const list = out.get(key) ?? [];
    list.push(r.groupId);
    out.set(key, list);
  }
  return out;
}

/** GET clubs/{clubId}/tracking-groups/trackings?courseId=: every drawn element of the course's holes, by hole order then drawing order. */
export async function listTrackings(db: DbOrTx, clubId: number, courseId: number): Promise<Tracking[]> {
  const course = await courseInClub(db, clubId, courseId);
  const holes = [...course.holes].sort((a, b) => a.order - b.order);
  const holeIds = holes.map((h) => h.id);
  const drawings = await savedDrawings(db, holeIds, EDIT_DRAWING_STYLE);
  const groups = await groupsByTracking(db, clubId, holeIds);
  const trackings: Tracking[] = [];
  for (const hole of holes) {
    for (const feature of drawings.get(hole.id)?.features ?? []) {
      const id = trackingId(hole.id, feature.id);
      trackings.push({
        id,
        featureId: feature.id,
        elementName: feature.properties.element,
        name: feature.properties.label ?? '',
        area: feature.geometry.type === 'Polygon' ? polygonArea(feature.geometry.coordinates) : null,
        customAttributes: { holeId: hole.id, teeId: teeIdOf(feature) },
        trackingGroupIds: groups.get(id) ?? [],
        courseId: course.id,
        holeId: hole.id,
        geometry: feature.geometry,
      });
    }
  }
  return trackings;
}

/**
 * GET clubs/{clubId}/tracking-groups/courses: per group, the courses where it has at least
 * TRACKING_GROUP_COURSE_MIN_ENTRIES elements still on the map, with that count.
 */
export async function listGroupCourses(db: DbOrTx, clubId: number): Promise<TrackingGroupCourse[]> {
  const rows = await db
    .select({ groupId: trackingGroupElements.trackingGroupId, holeId: trackingGroupElements.holeId, featureId: trackingGroupElements.featureId })
    .from(trackingGroupElements)
    .innerJoin(trackingGroups, eq(trackingGroups.id, trackingGroupElements.trackingGroupId))
    .where(eq(trackingGroups.clubId, clubId));
  if (rows.length === 0) return [];
  const courseOf = await holesOfClub(db, clubId);
  const onMap = await featuresOnMap(
    db,
    rows.map((r) => r.holeId).filter((id) => courseOf.has(id)),
  );
  const counts = new Map<string, TrackingGroupCourse>();
  for (const r of rows) {
    const courseId = courseOf.get(r.holeId);
    if (courseId === undefined || !onMap.get(r.holeId)?.has(r.featureId)) continue;
    const key = `${r.groupId}:${courseId}`;
    const entry = counts.get(key) ?? { trackingGroupId: r.groupId, courseId, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()]
    .filter((c) => c.count >= TRACKING_GROUP_COURSE_MIN_ENTRIES)
    .sort((a, b) => a.trackingGroupId - b.trackingGroupId || a.courseId - b.courseId);
}

/** The refs once each, in the order given. */
function distinct(refs: TrackingRef[]): TrackingRef[] {
  const seen = new Set<string>();
  return refs.filter((r) => {
    const key = trackingId(r.holeId, r.featureId);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Writes elements into a group (in the caller's transaction, the group checked): every hole one
 * of the club's (404 `greenkeeper.holeNotFound`), every feature in the hole's saved drawing (400
 * `greenkeeper.elementNotOnMap`); one already in the group stays as it is. Also the demo's way in.
 */
export async function addElements(tx: DbOrTx, clubId: number, groupId: number, refs: TrackingRef[]): Promise<void> {
  const add = distinct(refs);
  if (add.length === 0) return;
  const clubHoles = await holesOfClub(tx, clubId);
  const outside = add.find((r) => !clubHoles.has(r.holeId));
  if (outside) throw notFound('greenkeeper.holeNotFound');
  const onMap = await featuresOnMap(
    tx,
    add.map((r) => r.holeId),
  );
  const missing = add.find((r) => !onMap.get(r.holeId)?.has(r.featureId));
  if (missing) throw badRequest('greenkeeper.elementNotOnMap', { featureId: missing.featureId, holeId: missing.holeId });
  // In slices: one statement's parameters stay far below PostgreSQL's limit.
  for (let i = 0; i < add.length; i += 500) {
    await tx
      .insert(trackingGroupElements)
      .values(add.slice(i, i + 500).map((r) => ({ trackingGroupId: groupId, holeId: r.holeId, featureId: r.featureId })))
      .onConflictDoNothing();
  }
}

/**
 * PUT clubs/{clubId}/tracking-groups/{trackingGroupId}/trackings: removes, then adds, in one
 * transaction. An element to remove must be on one of the club's holes (404 otherwise) but may
 * be gone from the map (that is how a group lets go of it); one not in the group changes nothing.
 */
export async function changeTrackings(db: Db, clubId: number, groupId: number, body: TrackingChangesBody): Promise<TrackingGroup> {
  const row = await db.transaction(async (tx) => {
    await groupOfClub(tx, clubId, groupId, true);
    const remove = distinct(body.remove);
    if (remove.length > 0) {
      const clubHoles = await holesOfClub(tx, clubId);
      if (remove.some((r) => !clubHoles.has(r.holeId))) throw notFound('greenkeeper.holeNotFound');
      for (let i = 0; i < remove.length; i += 500) {
        const slice = remove.slice(i, i + 500);
        await tx.delete(trackingGroupElements).where(
          and(
            eq(trackingGroupElements.trackingGroupId, groupId),
            sql`(${trackingGroupElements.holeId}, ${trackingGroupElements.featureId}) in (${sql.join(
              slice.map((r) => sql`(${r.holeId}::integer, ${r.featureId}::text)`),
              sql`, `,
            )})`,
          ),
        );
      }
    }
    await addElements(tx, clubId, groupId, body.add);
    const [updated] = await tx.update(trackingGroups).set({ updatedAt: sql`now()` }).where(eq(trackingGroups.id, groupId)).returning();
    return updated;
  });
  return presentGroup(db, row);
}

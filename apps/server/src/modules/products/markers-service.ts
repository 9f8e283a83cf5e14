import { and, eq } from 'drizzle-orm';
import { englishMarkerMessages, markerProblems, type Guide, type GuideDataResponse, type GuideHoleSettings } from '@golf/contract/api/guides';
import type { SaveGuideHolesInput } from '@golf/contract/api/guide-holes-graphql';
import { guideDistanceMarkers, guideHoles } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { failIf, getGuide, holeOfGuide, holesOfCourses, holesOfGuide, lockVersion, notOnGuide, touch, type Problem } from './guide-rows';

/*
 * A guide's holes: page toggles, distance markers (REST and GraphQL SaveGuideHoles) and the
 * holes' drawing data.
 */

/** The problems of a hole's markers (the contract's rules and the hole's length), paths below `prefix`. */
function markerFailures(distances: readonly number[], holeLength: number | null, prefix: string): Problem[] {
  return markerProblems(distances, holeLength).map(({ index, problem }) => ({
    path: [prefix, index >= 0 ? String(index) : ''].filter(Boolean).join('.'),
    message: englishMarkerMessages(problem),
  }));
}

/** Stores the page toggles of the given holes (rows made for holes never set). */
export async function saveHoleToggles(tx: DbOrTx, guideId: number, list: readonly GuideHoleSettings[]): Promise<void> {
  for (const h of list) {
    const toggles = { page: h.page, green: h.green, pinChart: h.pin_chart, proGuideline: h.pro_guideline };
    await tx
      .insert(guideHoles)
      .values({ guideId, holeId: h.hole_id, ...toggles })
      .onConflictDoUpdate({ target: [guideHoles.guideId, guideHoles.holeId], set: toggles });
  }
}

/** Replaces a hole's markers with the given distances (already checked). */
async function replaceMarkers(tx: DbOrTx, guideId: number, holeId: number, distances: readonly number[]): Promise<void> {
  await tx.delete(guideDistanceMarkers).where(and(eq(guideDistanceMarkers.guideId, guideId), eq(guideDistanceMarkers.holeId, holeId)));
  if (distances.length) await tx.insert(guideDistanceMarkers).values(distances.map((distance) => ({ guideId, holeId, distance })));
}

/**
 * POST clubs/{clubId}/guides/{id}/holes/{holeId}/distance_markers: the hole's markers replaced by
 * the given distances (metres from the green front), each closer to the green than the hole is long.
 */
export async function setDistanceMarkers(db: Db, clubId: number, guideId: number, holeId: number, distances: number[]): Promise<Guide> {
  await db.transaction(async (tx) => {
    await lockVersion(tx, clubId, guideId, null);
    const hole = await holeOfGuide(tx, guideId, holeId);
    failIf(markerFailures(distances, hole.length, ''));
    await replaceMarkers(tx, guideId, holeId, distances);
    await touch(tx, guideId);
  });
  return getGuide(db, clubId, guideId);
}

/**
 * GraphQL SaveGuideHoles (§7): the page toggles of several holes of the guide and, where given,
 * their markers (checked as setDistanceMarkers checks them), in one transaction: a hole not on the
 * guide's courses or a bad marker answers 400 naming it (paths within the input) and nothing is saved.
 */
export async function saveGuideHoles(db: Db, clubId: number, guideId: number, input: SaveGuideHolesInput): Promise<Guide> {
  await db.transaction(async (tx) => {
    await lockVersion(tx, clubId, guideId, input.version ?? null);
    const onGuide = new Map((await holesOfGuide(tx, guideId)).map((h) => [h.id, h]));
    const problems: Problem[] = [];
    input.holes.forEach((h, i) => {
      const hole = onGuide.get(h.hole_id);
      if (!hole) problems.push(notOnGuide(h.hole_id, `holes.${i}.hole_id`));
      else if (h.distances) problems.push(...markerFailures(h.distances, hole.length, `holes.${i}.distances`));
    });
    failIf(problems);
    await saveHoleToggles(tx, guideId, input.holes);
    for (const h of input.holes) if (h.distances) await replaceMarkers(tx, guideId, h.hole_id, h.distances);
    await touch(tx, guideId);
  });
  return getGuide(db, clubId, guideId);
}

/** GET clubs/{clubId}/guides/{id}/data (§3 Guide data): each hole with its drawing data (markers, override image). */
export async function guideData(db: DbOrTx, clubId: number, guideId: number): Promise<GuideDataResponse> {
  const guide = await getGuide(db, clubId, guideId);
  const info = new Map((await holesOfCourses(db, guide.courses.map((c) => c.course_id))).map((h) => [h.id, h]));
  const markers = new Map(guide.distances.map((d) => [d.hole_id, d.distances]));
  return {
    guide_id: guide.guide_id,
    title: guide.title,
    holes: guide.holes.map((h) => ({
      hole_id: h.hole_id,
      course_id: h.course_id,
      order: h.order,
      par: h.par,
      handicap: info.get(h.hole_id)?.handicap ?? null,
      drawing_data: { distances: markers.get(h.hole_id) ?? [], override_image: h.override_image_url },
    })),
  };
}

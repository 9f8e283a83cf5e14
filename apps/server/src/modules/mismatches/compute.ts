import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { and, asc, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { MISMATCH_LIMITS, MISMATCH_SEVERITY, type MismatchDetails, type MismatchKind } from '@golf/contract/api/mismatches';
import { catalogueRuleBreaches } from '@golf/contract/geo/catalogue-rules';
import { greensWithinBoundary } from '@golf/contract/geo/status';
import {
  courses,
  guideCourses,
  guideDistanceMarkers,
  guides,
  holeDrawings,
  holes,
  holeTees,
  mismatchDismissals,
  mismatches,
  mismatchRuns,
  pinSetups,
  tees,
} from '../../db/schema/index';
import type { Db } from '../../platform/database';
import { readDocument, storedChecks } from '../courses';
import { getElementRules } from '../graphics';

/** One finding before it is stored. */
export interface Finding {
  kind: MismatchKind;
  clubId: number;
  guideId: number | null;
  courseId: number | null;
  holeId: number | null;
  details: MismatchDetails;
  fingerprint: string;
}

/** How many runs are kept (their times); only the latest one's findings are. */
const KEEP_RUNS = 30;
/** The advisory lock under which a computation's result is written (two at once: the later wins whole). */
const WRITE_LOCK = 26_026_001;
const INSERT_BATCH = 500;

/**
 * Only the guide settings' references are read, leniently: a stored document of an older shape
 * still names its tees, courses and pin setup.
 */
const SettingsRefs = z.object({
  tee_ids: z.array(z.number()).catch([]).default([]),
  overview: z.object({ course_id: z.number().nullable().catch(null).default(null), course_ids: z.array(z.number()).catch([]).default([]) }).catch({ course_id: null, course_ids: [] }).default({ course_id: null, course_ids: [] }),
  print: z.object({ course_colours: z.array(z.object({ course_id: z.number() })).catch([]).default([]) }).catch({ course_colours: [] }).default({ course_colours: [] }),
  pin_setup_id: z.number().nullable().catch(null).default(null),
});

function finding(kind: MismatchKind, at: { clubId: number; guideId?: number | null; courseId?: number | null; holeId?: number | null }, details: MismatchDetails, key: string): Finding {
  const guideId = at.guideId ?? null;
  const courseId = at.courseId ?? null;
  const holeId = at.holeId ?? null;
  return { kind, clubId: at.clubId, guideId, courseId, holeId, details, fingerprint: `${kind}|${at.clubId}|${guideId ?? ''}|${courseId ?? ''}|${holeId ?? ''}|${key}` };
}

const groupBy = <T, K>(rows: T[], key: (r: T) => K) => {
  const map = new Map<K, T[]>();
  for (const r of rows) {
    const list = map.get(key(r));
    if (list) list.push(r);
    else map.set(key(r), [r]);
  }
  return map;
};

/** Hole numbers as ranges: [1, 2, 3, 5, 7, 8] → '1–3, 5, 7–8'. */
export function holeRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j === i ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

export interface ComputeProgress {
  signal?: AbortSignal;
  progress?: (percent: number, message: string) => Promise<void>;
}

/**
 * Everything that does not fit, for every club: the courses' holes, tees and drawings (checked
 * against the catalogue's rules) and the guides' references, distance markers and hole choices.
 * The drawings are read and checked MISMATCH_LIMITS.chunk holes at a time, yielding to the event
 * loop between chunks (a check is a few point-in-polygon tests per drawn position, milliseconds per
 * hole), so requests go on being answered while it runs; the rest is a handful of plain reads.
 */
export async function findMismatches(db: Db, { signal, progress }: ComputeProgress = {}): Promise<Finding[]> {
  const found: Finding[] = [];
  const courseRows = await db.select({ id: courses.id, clubId: courses.clubId }).from(courses).orderBy(asc(courses.id));
  const clubOfCourse = new Map(courseRows.map((c) => [c.id, c.clubId]));
  const holeRows = await db.select({ id: holes.id, courseId: holes.courseId, order: holes.order }).from(holes).orderBy(asc(holes.courseId), asc(holes.order));
  const teeRows = await db.select({ id: tees.id, courseId: tees.courseId, name: tees.name }).from(tees).orderBy(asc(tees.id));
  const distanceRows = await db.select({ holeId: holeTees.holeId, teeId: holeTees.teeId, distance: holeTees.distance }).from(holeTees);
  const holesOfCourse = groupBy(holeRows, (h) => h.courseId);
  const teesOfCourse = groupBy(teeRows, (t) => t.courseId);
  const holeById = new Map(holeRows.map((h) => [h.id, h]));
  const distances = new Map(distanceRows.map((d) => [`${d.holeId}/${d.teeId}`, d.distance]));
  const longest = new Map<number, number>();
  for (const d of distanceRows) longest.set(d.holeId, Math.max(longest.get(d.holeId) ?? 0, d.distance));

  // Tees without a distance on holes of their course: one finding per tee, naming the holes.
  for (const [courseId, courseTees] of teesOfCourse) {
    const clubId = clubOfCourse.get(courseId);
    if (clubId === undefined) continue;
    for (const tee of courseTees) {
      const missing = (holesOfCourse.get(courseId) ?? []).filter((hole) => !distances.has(`${hole.id}/${tee.id}`)).map((hole) => hole.order);
      if (missing.length > 0) found.push(finding('teeWithoutDistance', { clubId, courseId }, { tee_id: tee.id, tee: tee.name, holes: holeRanges(missing), count: missing.length }, `tee${tee.id}`));
    }
  }

  // The guides: their courses, the references in their settings, their distance markers. (Their
  // markers and hole choices of a course they no longer show are deleted with it by the products
  // area, and a removed hole takes its rows along: those cannot point at what is gone.)
  const guideRows = await db.select({ id: guides.id, clubId: guides.clubId, settings: guides.settings }).from(guides).orderBy(asc(guides.id));
  const guideCourseRows = await db.select({ guideId: guideCourses.guideId, courseId: guideCourses.courseId }).from(guideCourses);
  const pinSetupRows = await db.select({ id: pinSetups.id, courseId: pinSetups.courseId }).from(pinSetups);
  const markerRows = await db.select({ guideId: guideDistanceMarkers.guideId, holeId: guideDistanceMarkers.holeId, distance: guideDistanceMarkers.distance }).from(guideDistanceMarkers);
  const coursesOfGuide = groupBy(guideCourseRows, (g) => g.guideId);
  const markersOfGuide = groupBy(markerRows, (m) => m.guideId);
  const pinSetupCourse = new Map(pinSetupRows.map((p) => [p.id, p.courseId]));
  const teeCourse = new Map(teeRows.map((t) => [t.id, t.courseId]));
  for (const guide of guideRows) {
    const at = { clubId: guide.clubId, guideId: guide.id };
    const own = new Set((coursesOfGuide.get(guide.id) ?? []).map((c) => c.courseId));
    if (own.size === 0) found.push(finding('guideWithoutCourses', at, {}, ''));
    const refs = SettingsRefs.parse(guide.settings ?? {});
    for (const teeId of new Set(refs.tee_ids)) {
      const course = teeCourse.get(teeId);
      if (course === undefined || !own.has(course)) found.push(finding('guideRemovedTee', at, { tee_id: teeId }, `tee${teeId}`));
    }
    const named = new Set([...(refs.overview.course_id === null ? [] : [refs.overview.course_id]), ...refs.overview.course_ids, ...refs.print.course_colours.map((c) => c.course_id)]);
    for (const courseId of named) {
      // The course may be gone: it is named in the details only.
      if (!own.has(courseId)) found.push(finding('guideRemovedCourse', at, { referenced_course_id: courseId }, `course${courseId}`));
    }
    if (refs.pin_setup_id !== null) {
      const course = pinSetupCourse.get(refs.pin_setup_id);
      if (course === undefined || !own.has(course)) found.push(finding('guideRemovedPinSetup', at, { pin_setup_id: refs.pin_setup_id }, `pin${refs.pin_setup_id}`));
    }
    for (const marker of markersOfGuide.get(guide.id) ?? []) {
      const hole = holeById.get(marker.holeId);
      const length = longest.get(marker.holeId);
      if (!hole || !own.has(hole.courseId) || length === undefined || marker.distance < length) continue;
      found.push(finding('markerBeyondHole', { ...at, courseId: hole.courseId, holeId: hole.id }, { distance: marker.distance, hole_length: length }, `m${marker.distance}`));
    }
  }

  // The drawings, a chunk of holes at a time.
  const rules = await getElementRules(db);
  const total = holeRows.length;
  for (let start = 0; start < total; start += MISMATCH_LIMITS.chunk) {
    signal?.throwIfAborted();
    const chunk = holeRows.slice(start, start + MISMATCH_LIMITS.chunk);
    const rows = await db
      .select({ holeId: holeDrawings.holeId, document: holeDrawings.document, checks: holeDrawings.checks })
      .from(holeDrawings)
      .where(and(inArray(holeDrawings.holeId, chunk.map((h) => h.id)), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)));
    const byHole = new Map(rows.map((r) => [r.holeId, r]));
    for (const hole of chunk) {
      const clubId = clubOfCourse.get(hole.courseId);
      if (clubId === undefined) continue;
      const at = { clubId, courseId: hole.courseId, holeId: hole.id };
      const row = byHole.get(hole.id);
      const drawing = row ? readDocument(row.document, hole.id) : null;
      if (!drawing || drawing.features.length === 0) {
        found.push(finding('holeWithoutDrawing', at, {}, ''));
        continue;
      }
      const within = storedChecks(row?.checks)?.greensWithinBoundary ?? greensWithinBoundary(drawing);
      if (within === false) found.push(finding('greenOutsideBoundary', at, {}, ''));
      for (const breach of catalogueRuleBreaches(drawing, rules)) {
        const key = `${breach.featureId}/${breach.rule}/${breach.params.attribute ?? breach.params.container ?? ''}`;
        found.push(finding('catalogueRule', at, { feature_id: breach.featureId, element: breach.element, rule: breach.rule, ...breach.params }, key));
      }
    }
    await progress?.(Math.min(99, Math.round(((start + chunk.length) / Math.max(total, 1)) * 100)), 'Checking the drawings');
    await yieldToLoop();
  }
  return found;
}

/**
 * Computes the mismatches and stores them as the latest run, in one transaction: the findings no
 * admin dismissed (at most MISMATCH_LIMITS.stored), replacing the previous run's. Answers the run.
 */
export async function computeMismatches(db: Db, options: ComputeProgress = {}): Promise<{ runId: number; found: number }> {
  const startedAt = new Date();
  const all = await findMismatches(db, options);
  options.signal?.throwIfAborted();
  await options.progress?.(99, 'Storing the findings');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WRITE_LOCK})`);
    const dismissed = new Set((await tx.select({ fingerprint: mismatchDismissals.fingerprint }).from(mismatchDismissals)).map((d) => d.fingerprint));
    // What was deleted while the drawings were checked has no findings any more.
    const ids = async (table: typeof courses | typeof holes | typeof guides) => new Set((await tx.select({ id: table.id }).from(table)).map((r) => r.id));
    const [liveCourses, liveHoles, liveGuides] = [await ids(courses), await ids(holes), await ids(guides)];
    const live = (f: Finding) => (f.courseId === null || liveCourses.has(f.courseId)) && (f.holeId === null || liveHoles.has(f.holeId)) && (f.guideId === null || liveGuides.has(f.guideId));
    const seen = new Set<string>();
    const keep = all.filter((f) => {
      if (dismissed.has(f.fingerprint) || seen.has(f.fingerprint) || !live(f)) return false;
      seen.add(f.fingerprint);
      return true;
    });
    keep.sort((a, b) => (MISMATCH_SEVERITY[a.kind] === MISMATCH_SEVERITY[b.kind] ? 0 : MISMATCH_SEVERITY[a.kind] === 'error' ? -1 : 1));
    const stored = keep.slice(0, MISMATCH_LIMITS.stored);
    const [run] = await tx.insert(mismatchRuns).values({ startedAt, finishedAt: new Date(), found: stored.length }).returning({ id: mismatchRuns.id });
    for (let i = 0; i < stored.length; i += INSERT_BATCH) {
      await tx.insert(mismatches).values(
        stored.slice(i, i + INSERT_BATCH).map((f) => ({ runId: run.id, clubId: f.clubId, guideId: f.guideId, courseId: f.courseId, holeId: f.holeId, kind: f.kind, severity: MISMATCH_SEVERITY[f.kind], fingerprint: f.fingerprint, details: f.details })),
      );
    }
    // Only the latest run's findings are kept; of the runs, the last KEEP_RUNS (their times).
    await tx.delete(mismatches).where(ne(mismatches.runId, run.id));
    const kept = tx.select({ id: mismatchRuns.id }).from(mismatchRuns).orderBy(desc(mismatchRuns.id)).limit(KEEP_RUNS);
    await tx.delete(mismatchRuns).where(notInArray(mismatchRuns.id, kept));
    return { runId: run.id, found: stored.length };
  });
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { serverError } from '@golf/contract/api/errors';
import type { ClubMappingStatus, CourseMappingStatus, HoleMappingStatus } from '@golf/contract/api/management';
import { courses, dataVersions, holeDrawings, holes } from '../../db/schema/index';
import { BoundedCache } from '../../platform/bounded-cache';
import type { DbOrTx } from '../../platform/db-types';
import { HttpError, notFound } from '../../platform/errors';
import { taskRunner, type TaskRunnerOptions } from '../../platform/worker-tasks';
import { getElementRules } from '../graphics';
import type { DrawingStatus, StatusTask, StatusTaskResult } from './status-compute';

type Log = { warn(obj: object, msg: string): void };

/**
 * Kept per database handle, by hole, the stored row's version and tuple (xmin, new with every write
 * of the row) and the catalogue's version (data_versions 'graphics', raised with every change of the
 * catalogue): a kept entry is never used for a drawing or a catalogue that changed. At most 8 MB.
 */
const kept = new WeakMap<object, BoundedCache<string, DrawingStatus>>();
const KEPT_BYTES = 8 * 1024 * 1024;
function keptOf(db: DbOrTx): BoundedCache<string, DrawingStatus> {
  let cache = kept.get(db);
  if (!cache) kept.set(db, (cache = new BoundedCache(KEPT_BYTES)));
  return cache;
}

/** Longest time the holes of one request may take in the worker (the demo's 18 imported holes: about 1 s). */
export const STATUS_TIMEOUT_MS = 30_000;

/**
 * The worker of the mapping status (status-worker.ts): all holes of one request in one task, with
 * a time limit and a heap of its own. Its limits are read at each task (tests lower the time).
 */
export const statusTaskLimits: TaskRunnerOptions = {
  entry: 'status-worker',
  from: import.meta.url,
  timeoutMs: STATUS_TIMEOUT_MS,
  maxHeapMb: 256,
  maxWorkers: 2,
  timeoutMessage: serverError('management.statusTimeout', { seconds: STATUS_TIMEOUT_MS / 1000 }),
  memoryMessage: serverError('management.statusTooLarge'),
  whenBusy: serverError('management.statusBusy'),
};
export const statusRunner = taskRunner<StatusTask, StatusTaskResult>(statusTaskLimits);

/**
 * The holes' statuses computed in the worker. The runner answers a task past its time or heap with
 * 413 (an upload's answer); for this read it is 503: the server could not compute it now.
 */
async function computeInWorker(task: StatusTask): Promise<StatusTaskResult> {
  try {
    return await statusRunner.run(task);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 413) throw HttpError.of(503, { code: err.code, params: err.params });
    throw err;
  }
}

/**
 * GET clubs/{clubId}/mapping-status[?course_id=] (issue 27): every course of the club by name (or
 * the one asked: 404 when it is not the club's), every hole by order, with the status checks
 * stored with its drawing (computed here when a row has none; not stored: this is a read) and the
 * graphics catalogue's rules (issue 26) checked on the drawing. A hole counts as drawn when its
 * saved drawing has a feature.
 *
 * The rules take tens of milliseconds per drawn hole of a real course (measured on the demo's
 * imported course: 18 holes, 280 kB of drawings, about 1 s cold), so the holes not kept are
 * computed in a worker thread, all in one task with a time limit (STATUS_TIMEOUT_MS; past it 503
 * `management.statusTimeout`), and what a drawing version shows is kept on this thread (above):
 * after a save only that hole is computed again. The answer itself is kept by the read
 * cache until the club's drawings or the catalogue change.
 */
export async function clubMappingStatus(db: DbOrTx, clubId: number, courseId: number | undefined, log?: Log): Promise<ClubMappingStatus> {
  const courseRows = await db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(courseId === undefined ? eq(courses.clubId, clubId) : and(eq(courses.clubId, clubId), eq(courses.id, courseId)))
    .orderBy(asc(courses.name), asc(courses.id));
  if (courseId !== undefined && courseRows.length === 0) throw notFound('management.courseNotFound');
  const courseIds = courseRows.map((c) => c.id);
  const holeRows =
    courseIds.length === 0
      ? []
      : await db
          .select({ id: holes.id, courseId: holes.courseId, order: holes.order, name: holes.name, par: holes.par })
          .from(holes)
          .where(inArray(holes.courseId, courseIds))
          .orderBy(asc(holes.courseId), asc(holes.order), asc(holes.id));
  const holeIds = holeRows.map((h) => h.id);
  const heads =
    holeIds.length === 0
      ? []
      : await db
          .select({ holeId: holeDrawings.holeId, version: holeDrawings.version, tuple: sql<string>`${holeDrawings}.xmin::text` })
          .from(holeDrawings)
          .where(and(inArray(holeDrawings.holeId, holeIds), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)));
  const [catalogue] = heads.length === 0 ? [] : await db.select({ version: dataVersions.version }).from(dataVersions).where(eq(dataVersions.name, 'graphics'));
  const cache = keptOf(db);
  const keyOf = (h: { holeId: number; version: number; tuple: string }) => `${h.holeId}/${h.version}/${h.tuple}/${catalogue?.version ?? 'none'}`;
  const statusOf = new Map<number, DrawingStatus>();
  const toCompute: number[] = [];
  for (const head of heads) {
    const known = catalogue ? cache.get(keyOf(head)) : undefined;
    if (known) statusOf.set(head.holeId, known);
    else toCompute.push(head.holeId);
  }
  if (toCompute.length > 0) {
    const rules = await getElementRules(db);
    const headOf = new Map(heads.map((h) => [h.holeId, h]));
    // The document as the database's JSON text: parsed in the worker, not on the event loop.
    const rows = await db
      .select({
        holeId: holeDrawings.holeId,
        document: sql<string>`${holeDrawings.document}::text`,
        checks: holeDrawings.checks,
        version: holeDrawings.version,
        tuple: sql<string>`${holeDrawings}.xmin::text`,
      })
      .from(holeDrawings)
      .where(and(inArray(holeDrawings.holeId, toCompute), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)));
    if (rows.length > 0) {
      const { statuses, warnings } = await computeInWorker({ holes: rows.map((r) => ({ holeId: r.holeId, document: r.document, checks: r.checks })), rules });
      for (const w of warnings) log?.warn(w.obj, w.msg);
      const rowOf = new Map(rows.map((r) => [r.holeId, r]));
      for (const { holeId, status } of statuses) {
        statusOf.set(holeId, status);
        // Kept only when it is the version the heads named (not one saved in between) under a known catalogue version.
        const head = headOf.get(holeId);
        const row = rowOf.get(holeId);
        if (catalogue && head && row && head.version === row.version && head.tuple === row.tuple) cache.set(keyOf(head), status, 256 + JSON.stringify(status).length);
      }
    }
  }

  const holesOf = new Map<number, HoleMappingStatus[]>();
  for (const hole of holeRows) {
    const found = statusOf.get(hole.id);
    const drawn = found?.drawn ?? false;
    const status: HoleMappingStatus = {
      id: hole.id,
      order: hole.order,
      name: hole.name === '' ? null : hole.name,
      par: hole.par,
      has_drawing: drawn,
      self_intersections: found?.selfIntersections ?? [],
      boundary_self_intersections: found?.boundary ?? 0,
      greens_within_boundary: found?.within ?? null,
      rule_breaches: found?.breaches ?? [],
      ok: drawn && found!.selfIntersections.length === 0 && found!.boundary === 0 && found!.within !== false && found!.breaches.length === 0,
    };
    holesOf.set(hole.courseId, [...(holesOf.get(hole.courseId) ?? []), status]);
  }
  const result: CourseMappingStatus[] = courseRows.map((c) => {
    const list = holesOf.get(c.id) ?? [];
    return {
      id: c.id,
      name: c.name,
      holes: list,
      holes_drawn: list.filter((h) => h.has_drawing).length,
      holes_failing: list.filter((h) => h.has_drawing && !h.ok).length,
    };
  });
  return { club_id: clubId, courses: result, computed_at: new Date().toISOString() };
}

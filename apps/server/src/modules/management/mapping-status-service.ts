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

/**
 * The statuses being computed, per database handle, by the same key as `kept`: a request that
 * needs a hole another request is computing waits for that result instead of computing it again
 * (many people opening the status of one club at once take one place among the heavy tasks, not
 * one each, and none is refused as busy because of the others).
 */
const computing = new WeakMap<object, Map<string, Promise<DrawingStatus | undefined>>>();
function computingOf(db: DbOrTx): Map<string, Promise<DrawingStatus | undefined>> {
  let map = computing.get(db);
  if (!map) computing.set(db, (map = new Map()));
  return map;
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
 * The statuses of the holes' stored drawings, computed in the worker; each kept (under `keyOf`)
 * when the row read is the version the heads named (not one saved in between).
 */
async function computeHoles(
  db: DbOrTx,
  holeIds: number[],
  headOf: ReadonlyMap<number, { holeId: number; version: number; tuple: string }>,
  keyOf: ((h: { holeId: number; version: number; tuple: string }) => string) | null,
  cache: BoundedCache<string, DrawingStatus>,
  log?: Log,
): Promise<Map<number, DrawingStatus>> {
  const statusOf = new Map<number, DrawingStatus>();
  const rules = await getElementRules(db);
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
    .where(and(inArray(holeDrawings.holeId, holeIds), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)));
  if (rows.length === 0) return statusOf;
  const { statuses, warnings } = await computeInWorker({ holes: rows.map((r) => ({ holeId: r.holeId, document: r.document, checks: r.checks })), rules });
  for (const w of warnings) log?.warn(w.obj, w.msg);
  const rowOf = new Map(rows.map((r) => [r.holeId, r]));
  for (const { holeId, status } of statuses) {
    statusOf.set(holeId, status);
    const head = headOf.get(holeId);
    const row = rowOf.get(holeId);
    if (keyOf && head && row && head.version === row.version && head.tuple === row.tuple) cache.set(keyOf(head), status, 256 + JSON.stringify(status).length);
  }
  return statusOf;
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
  // The holes another request is computing now are awaited; the others are computed here.
  const inFlight = computingOf(db);
  const awaited: [number, Promise<DrawingStatus | undefined>][] = [];
  const mine: number[] = [];
  const headOf = new Map(heads.map((h) => [h.holeId, h]));
  for (const holeId of toCompute) {
    const head = headOf.get(holeId);
    const pending = catalogue && head ? inFlight.get(keyOf(head)) : undefined;
    if (pending) awaited.push([holeId, pending]);
    else mine.push(holeId);
  }
  if (mine.length > 0) {
    // Announced before the first await, so a request arriving meanwhile finds them.
    const announced = new Map<string, { holeId: number; resolve: (s: DrawingStatus | undefined) => void; reject: (e: unknown) => void }>();
    for (const holeId of mine) {
      const head = headOf.get(holeId);
      if (catalogue && head) {
        const key = keyOf(head);
        const promise = new Promise<DrawingStatus | undefined>((resolve, reject) => announced.set(key, { holeId, resolve, reject }));
        // A waiter handles the failure; nobody waiting is not an unhandled rejection.
        promise.catch(() => {});
        inFlight.set(key, promise);
      }
    }
    try {
      const computed = await computeHoles(db, mine, headOf, catalogue ? keyOf : null, cache, log);
      for (const holeId of mine) {
        const status = computed.get(holeId);
        if (status) statusOf.set(holeId, status);
      }
      for (const { holeId, resolve } of announced.values()) resolve(computed.get(holeId));
    } catch (err) {
      for (const { reject } of announced.values()) reject(err);
      throw err;
    } finally {
      for (const key of announced.keys()) inFlight.delete(key);
    }
  }
  for (const [holeId, pending] of awaited) {
    const status = await pending;
    if (status) statusOf.set(holeId, status);
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

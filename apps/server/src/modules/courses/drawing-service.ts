import { and, eq, inArray, sql } from 'drizzle-orm';
import { BoundedCache } from '../../platform/bounded-cache';
import { preparedQuery } from '../../platform/prepared';
import { Drawing, DRAWING_LIMITS, DrawingFeature, emptyDrawing, type DrawingResponse, type SaveDrawingBody } from '@golf/contract/api/drawings';
import { GEOMETRY_TYPES, type GeometryType } from '@golf/contract/api/graphics';
import { serverError } from '@golf/contract/api/errors';
import type { ElementRule } from '@golf/contract/geo/catalogue-rules';
import { courses, dataVersions, graphicsElements, holeDrawings, holes } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { badRequest, conflict, isForeignKeyViolation, notFound } from '../../platform/errors';
import { taskRunner, type TaskRunnerOptions } from '../../platform/worker-tasks';
import { drawingPositions, INLINE_REVIEW_POSITIONS, reviewDrawing, type DrawingReview, type DrawingReviewTask } from './drawing-review';
import { getElementRules } from '../graphics';

type Log = { warn(obj: object, msg: string): void };

/**
 * The stored document as a drawing. One written under older rules is shown as far as its
 * features still validate (the others are logged and left out), never as a 500.
 */
export function readDocument(document: unknown, holeId: number, log?: Log): Drawing {
  const parsed = Drawing.safeParse(document);
  if (parsed.success) return parsed.data;
  const features = (document as { features?: unknown } | null)?.features;
  const valid = Array.isArray(features)
    ? features.flatMap((f) => {
        const r = DrawingFeature.safeParse(f);
        return r.success ? [r.data] : [];
      })
    : [];
  log?.warn({ holeId, issues: parsed.error.issues.slice(0, 5) }, 'stored hole drawing no longer validates');
  return { type: 'FeatureCollection', features: valid.slice(0, DRAWING_LIMITS.features) };
}

/**
 * The saved drawings of holes in one style, by hole id (holes never drawn are left out). Stored
 * documents are read as GET drawing reads them: features that no longer validate are left out.
 */
export async function savedDrawings(db: DbOrTx, holeIds: number[], styleId: number, log?: Log): Promise<Map<number, Drawing>> {
  if (holeIds.length === 0) return new Map();
  const rows = await db
    .select({ holeId: holeDrawings.holeId, document: holeDrawings.document })
    .from(holeDrawings)
    .where(and(inArray(holeDrawings.holeId, holeIds), eq(holeDrawings.styleId, styleId)));
  return new Map(rows.map((r) => [r.holeId, readDocument(r.document, r.holeId, log)]));
}

/**
 * The answers of GET drawing for stored drawings (read with readDocument, serialized once), per
 * database handle, by hole, style, the hole's course and the row's identity: its version and its tuple's
 * transaction id (`xmin`, new with every write of the row, whoever writes it). The lookup of the
 * identity is the query every GET makes anyway (is the hole the club's?), so a kept entry is
 * never served for a row that changed; at most 64 MB are kept (docs/decisions/0012).
 */
const drawingJson = new WeakMap<object, BoundedCache<string, Buffer>>();
const DRAWING_CACHE_BYTES = 64 * 1024 * 1024;

function drawingCacheOf(db: DbOrTx): BoundedCache<string, Buffer> {
  let cache = drawingJson.get(db);
  if (!cache) drawingJson.set(db, (cache = new BoundedCache(DRAWING_CACHE_BYTES)));
  return cache;
}

/** The hole's course when it is the club's, and the stored drawing's version and tuple (null: never saved). */
const drawingHead = preparedQuery('drawing_head', (db) =>
  db
    .select({
      courseId: holes.courseId,
      version: holeDrawings.version,
      updatedAt: holeDrawings.updatedAt,
      tuple: sql<string | null>`${holeDrawings}.xmin::text`,
    })
    .from(holes)
    .innerJoin(courses, eq(courses.id, holes.courseId))
    .leftJoin(holeDrawings, and(eq(holeDrawings.holeId, holes.id), eq(holeDrawings.styleId, sql.placeholder('styleId'))))
    .where(and(eq(holes.id, sql.placeholder('holeId')), eq(courses.clubId, sql.placeholder('clubId')))),
);

const EMPTY_DRAWING_JSON = Buffer.from(JSON.stringify(emptyDrawing()));

/**
 * GET clubs/{clubId}/holes/{holeId}/drawing/{styleId} as JSON bytes (DrawingResponse): version 0
 * and an empty collection when never saved; 404 when the hole is not on one of the club's courses.
 * One query finds the hole, checks its club and names the stored row's version; the document is
 * read and serialized only when that version is not kept already.
 */
export async function getDrawingJson(db: DbOrTx, clubId: number, holeId: number, styleId: number, log?: Log): Promise<Buffer> {
  const [head] = await drawingHead(db).execute({ clubId, holeId, styleId });
  if (!head) throw notFound('holes.notFound');
  if (head.version === null) return drawingAnswer({ holeId, courseId: head.courseId, styleId, version: 0, updatedAt: null }, EMPTY_DRAWING_JSON);
  // The whole answer is kept, so the same bytes go out again (and their compressed copy with them).
  const cache = drawingCacheOf(db);
  const kept = cache.get(drawingKey(holeId, styleId, head.courseId, head.version, head.tuple));
  if (kept) return kept;
  const [stored] = await db
    .select({ document: holeDrawings.document, version: holeDrawings.version, updatedAt: holeDrawings.updatedAt, tuple: sql<string>`${holeDrawings}.xmin::text` })
    .from(holeDrawings)
    .where(and(eq(holeDrawings.holeId, holeId), eq(holeDrawings.styleId, styleId)));
  // Deleted since the first query: never saved, as far as this answer goes.
  if (!stored) return drawingAnswer({ holeId, courseId: head.courseId, styleId, version: 0, updatedAt: null }, EMPTY_DRAWING_JSON);
  const row = { holeId, courseId: head.courseId, styleId, version: stored.version, updatedAt: stored.updatedAt };
  const body = drawingAnswer(row, Buffer.from(JSON.stringify(readDocument(stored.document, holeId, log))));
  cache.set(drawingKey(holeId, styleId, head.courseId, stored.version, stored.tuple), body, body.length);
  return body;
}

/** The drawing cache's key of a stored row: hole, style, the hole's course, and the row's version and tuple. */
function drawingKey(holeId: number, styleId: number, courseId: number, version: number, tuple: string | null): string {
  return `${holeId}/${styleId}/${courseId}/${version}/${tuple}`;
}

/** GET drawing's answer (DrawingResponse) around the drawing's JSON. */
function drawingAnswer(row: { holeId: number; courseId: number; styleId: number; version: number; updatedAt: Date | null }, json: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`{"hole_id":${row.holeId},"course_id":${row.courseId},"style_id":${row.styleId},"drawing":`),
    json,
    Buffer.from(`,"version":${row.version},"updated_at":${row.updatedAt ? JSON.stringify(row.updatedAt.toISOString()) : 'null'}}`),
  ]);
}

/** The catalogue's elements by name with their geometry type, as drawings are checked against them. */
export async function elementGeometries(db: DbOrTx): Promise<Map<string, GeometryType>> {
  const rows = await db.select({ name: graphicsElements.name, geometryType: graphicsElements.geometryType }).from(graphicsElements);
  const map = new Map<string, GeometryType>();
  for (const r of rows) if ((GEOMETRY_TYPES as readonly string[]).includes(r.geometryType)) map.set(r.name, r.geometryType as GeometryType);
  return map;
}

/**
 * What a save needs before it writes, in one query: the hole's course when the hole is the club's
 * (no row otherwise), and the graphics catalogue's version (data_versions, raised by triggers with
 * every change of the catalogue's tables, migration 0006).
 */
const saveHead = preparedQuery('drawing_save_head', (db) =>
  db
    .select({
      courseId: holes.courseId,
      catalogue: sql<number | null>`(select ${dataVersions.version} from ${dataVersions} where ${dataVersions.name} = 'graphics')`.mapWith(Number),
    })
    .from(holes)
    .innerJoin(courses, eq(courses.id, holes.courseId))
    .where(and(eq(holes.id, sql.placeholder('holeId')), eq(courses.clubId, sql.placeholder('clubId')))),
);

/**
 * The catalogue's element geometries as drawings are checked against them, kept per database
 * handle under the catalogue version they were read at (read after it, so never older than it):
 * a save reads the elements again only after the catalogue changed.
 */
const keptGeometries = new WeakMap<object, { version: number; elements: Map<string, GeometryType>; rules: Map<string, ElementRule> }>();

async function geometriesAt(db: DbOrTx, version: number | null): Promise<{ elements: Map<string, GeometryType>; rules: Map<string, ElementRule> }> {
  const kept = keptGeometries.get(db);
  if (version !== null && kept?.version === version) return kept;
  // The catalogue's rules of each element (issue 26): kept with the geometries, under the same version.
  const [elements, rules] = await Promise.all([elementGeometries(db), getElementRules(db)]);
  if (version !== null) keptGeometries.set(db, { version, elements, rules });
  return { elements, rules };
}

/** Longest time the review of one large drawing may take in the worker (a drawing at DRAWING_LIMITS: about 1 s). */
export const DRAWING_REVIEW_TIMEOUT_MS = 20_000;

/**
 * The worker that reviews large drawings (drawing-worker.ts), with a time limit and a heap of its
 * own; its limits are read at each task (tests lower the time). A drawing it cannot review in time
 * or memory is refused with 413; when the server's heavy tasks are all busy, 503 with Retry-After.
 */
export const drawingReviewLimits: TaskRunnerOptions = {
  entry: 'drawing-worker',
  from: import.meta.url,
  timeoutMs: DRAWING_REVIEW_TIMEOUT_MS,
  maxHeapMb: 256,
  maxWorkers: 1,
  timeoutMessage: serverError('drawings.tooComplex', { seconds: DRAWING_REVIEW_TIMEOUT_MS / 1000 }),
  memoryMessage: serverError('drawings.tooLarge'),
  whenBusy: serverError('drawings.reviewBusy'),
};
const drawingReviewer = taskRunner<DrawingReviewTask, DrawingReview>(drawingReviewLimits);

/** A saved drawing: its answer, and the same as JSON bytes (what GET drawing now answers for it). */
export interface SavedDrawing {
  answer: DrawingResponse;
  body: Buffer;
}

/**
 * POST clubs/{clubId}/holes/{holeId}/save_drawing: validates the drawing against the catalogue and
 * the geometry rules (400 listing every problem), then writes it with its status checks in one
 * statement. With `version` the write happens only when the stored version is still that one (409
 * otherwise). The answer is the drawing as given (already validated), with the written version
 * and time. No transaction:
 * - the everyday save (the catalogue's rules are kept from an earlier save) is one statement: the
 *   drawing reviewed against the kept rules, and a write that happens only when the hole is the
 *   club's and the catalogue is still the version those rules were read at;
 * - otherwise (nothing kept, a problem found with the kept rules, or that write did not happen)
 *   two: the hole and the catalogue's version, then the write.
 */
export async function saveDrawing(db: DbOrTx, clubId: number, holeId: number, userId: number, input: SaveDrawingBody, styleId: number): Promise<SavedDrawing> {
  const document = input.drawing;
  // The document is serialized once: the statement's parameter (cast to jsonb by the database),
  // the answer kept for the next GET, and this save's own answer are the same text.
  const json = JSON.stringify(document);
  const write = { clubId, holeId, styleId, userId, version: input.version, json };
  const kept = keptGeometries.get(db);
  const keptReview = kept ? await reviewed(document, kept) : null;
  if (kept && keptReview?.checks && keptReview.problems.length === 0) {
    const row = await writeDrawing(db, { ...write, checks: keptReview.checks, catalogue: kept.version });
    if (row) return savedDrawing(db, write, row, document);
  }
  const [head] = await saveHead(db).execute({ clubId, holeId });
  if (!head) throw notFound('holes.notFound');
  const geometries = await geometriesAt(db, head.catalogue);
  // The rules are the kept ones still (their version unchanged): their review stands.
  const { problems, checks } = geometries === kept && keptReview ? keptReview : await reviewed(document, geometries);
  if (problems.length > 0 || !checks) {
    // Each problem's code and parameters go with it (ErrorResponse's details), so the web app can
    // show it in the reader's language; `message` stays the English text.
    const details = problems.map((p) => ({ path: p.feature, message: p.message, code: p.code, params: p.params }));
    throw problems.length === 1 ? badRequest('drawings.oneProblem', undefined, details) : badRequest('drawings.problems', { problems: problems.length }, details);
  }
  const row = await writeDrawing(db, { ...write, checks, catalogue: null });
  if (row) return savedDrawing(db, write, row, document);
  // Not written: the hole deleted meanwhile (404), else another save came first (409).
  const [still] = await saveHead(db).execute({ clubId, holeId });
  throw still ? conflict('drawings.savedMeanwhile') : notFound('holes.notFound');
}

/** The geometry, the catalogue's rules (what an element must lie inside, its area, its attributes)
 * and the status checks: on the event loop for an everyday drawing, in the worker for a large one. */
async function reviewed(drawing: Drawing, geometries: { elements: Map<string, GeometryType>; rules: Map<string, ElementRule> }): Promise<DrawingReview> {
  const task: DrawingReviewTask = { drawing, elements: geometries.elements, rules: geometries.rules };
  return drawingPositions(drawing) <= INLINE_REVIEW_POSITIONS ? reviewDrawing(task) : drawingReviewer.run(task);
}

interface DrawingWrite {
  clubId: number;
  holeId: number;
  styleId: number;
  userId: number;
  /** The version the caller edited: undefined, the last save wins; 0, only a first save. */
  version: number | undefined;
  json: string;
  checks: NonNullable<DrawingReview['checks']>;
  /** The catalogue's version the drawing was reviewed at, when the write must find it unchanged. */
  catalogue: number | null;
}

/**
 * Writes a reviewed drawing with its checks in one statement, when the hole is the club's (and,
 * with `catalogue`, the catalogue is still that version), and the version check passes. Answers
 * the written row's version, time, tuple and the hole's course; undefined when nothing was written.
 */
async function writeDrawing(db: DbOrTx, w: DrawingWrite): Promise<{ version: number; updatedAt: Date; tuple: string; courseId: number } | undefined> {
  const holeOfClub = and(eq(holes.id, w.holeId), eq(courses.clubId, w.clubId));
  const catalogueUnchanged = w.catalogue === null ? undefined : sql`(select v.version from ${dataVersions} v where v.name = 'graphics') = ${w.catalogue}`;
  const checks = JSON.stringify(w.checks);
  // Only what the answer needs comes back (not the document and checks just sent), and the
  // row's tuple: GET drawing's answer for it is kept at once (savedDrawing).
  const written = {
    version: holeDrawings.version,
    updatedAt: holeDrawings.updatedAt,
    tuple: sql<string>`${holeDrawings}.xmin::text`,
    courseId: sql<number>`(select h.course_id from ${holes} h where h.id = ${w.holeId})`.mapWith(Number),
  };
  try {
    if (w.version === undefined || w.version === 0) {
      // The row to insert (its columns in the table's order), selected from the hole when it is the club's: none otherwise.
      const proposed = db
        .select({
          holeId: holes.id,
          styleId: sql<number>`${w.styleId}::int`.as('style_id'),
          document: sql`${w.json}::jsonb`.as('document'),
          version: sql<number>`1`.as('version'),
          checks: sql`${checks}::jsonb`.as('checks'),
          updatedBy: sql<number>`${w.userId}::int`.as('updated_by'),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(holes)
        .innerJoin(courses, eq(courses.id, holes.courseId))
        .where(and(holeOfClub, catalogueUnchanged));
      const insert = db.insert(holeDrawings).select(proposed);
      // Without a version the last save wins: the conflict's update takes the proposed row
      // (`excluded`), so the document and checks are sent once. Version 0 (started from "never
      // saved"): only a first save may go through.
      const [row] =
        w.version === undefined
          ? await insert
              .onConflictDoUpdate({
                target: [holeDrawings.holeId, holeDrawings.styleId],
                set: { document: sql`excluded.document`, checks: sql`excluded.checks`, version: sql`${holeDrawings.version} + 1`, updatedBy: w.userId, updatedAt: sql`now()` },
              })
              .returning(written)
          : await insert.onConflictDoNothing().returning(written);
      return row;
    }
    const [row] = await db
      .update(holeDrawings)
      .set({ document: sql`${w.json}::jsonb`, checks: sql`${checks}::jsonb`, version: sql`${holeDrawings.version} + 1`, updatedBy: w.userId, updatedAt: sql`now()` })
      .where(
        and(
          eq(holeDrawings.holeId, w.holeId),
          eq(holeDrawings.styleId, w.styleId),
          eq(holeDrawings.version, w.version),
          sql`exists (select 1 from ${holes} h join ${courses} c on c.id = h.course_id where h.id = ${w.holeId} and c.club_id = ${w.clubId})`,
          catalogueUnchanged,
        ),
      )
      .returning(written);
    return row;
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound('holes.notFound');
    throw err;
  }
}

/**
 * A written drawing's answer. The next GET of this hole finds it kept under the row just written
 * (the document as validated: what readDocument would make of the stored one), instead of reading
 * the document back.
 */
function savedDrawing(db: DbOrTx, w: Pick<DrawingWrite, 'holeId' | 'styleId' | 'json'>, row: { version: number; updatedAt: Date; tuple: string; courseId: number }, document: Drawing): SavedDrawing {
  const { holeId, styleId } = w;
  const body = drawingAnswer({ holeId, courseId: row.courseId, styleId, version: row.version, updatedAt: row.updatedAt }, Buffer.from(w.json));
  drawingCacheOf(db).set(drawingKey(holeId, styleId, row.courseId, row.version, row.tuple), body, body.length);
  return {
    answer: { hole_id: holeId, course_id: row.courseId, style_id: styleId, drawing: document, version: row.version, updated_at: row.updatedAt.toISOString() },
    body,
  };
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import { BoundedCache } from '../../platform/bounded-cache';
import { preparedQuery } from '../../platform/prepared';
import { Drawing, DRAWING_LIMITS, DrawingFeature, emptyDrawing, type DrawingResponse, type SaveDrawingBody } from '@golf/contract/api/drawings';
import { GEOMETRY_TYPES, type GeometryType } from '@golf/contract/api/graphics';
import { validateDrawing } from '@golf/contract/geo/validate';
import { catalogueRuleBreaches, describeBreach, type ElementRule } from '@golf/contract/geo/catalogue-rules';
import { courses, dataVersions, graphicsElements, holeDrawings, holes } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { drawingChecks } from './drawing-checks';
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
  const answer = (version: number, updatedAt: Date | null, json: Buffer) =>
    Buffer.concat([
      Buffer.from(`{"hole_id":${holeId},"course_id":${head.courseId},"style_id":${styleId},"drawing":`),
      json,
      Buffer.from(`,"version":${version},"updated_at":${updatedAt ? JSON.stringify(updatedAt.toISOString()) : 'null'}}`),
    ]);
  if (head.version === null) return answer(0, null, EMPTY_DRAWING_JSON);
  // The whole answer is kept, so the same bytes go out again (and their compressed copy with them).
  const cache = drawingCacheOf(db);
  const kept = cache.get(`${holeId}/${styleId}/${head.courseId}/${head.version}/${head.tuple}`);
  if (kept) return kept;
  const [stored] = await db
    .select({ document: holeDrawings.document, version: holeDrawings.version, updatedAt: holeDrawings.updatedAt, tuple: sql<string>`${holeDrawings}.xmin::text` })
    .from(holeDrawings)
    .where(and(eq(holeDrawings.holeId, holeId), eq(holeDrawings.styleId, styleId)));
  // Deleted since the first query: never saved, as far as this answer goes.
  if (!stored) return answer(0, null, EMPTY_DRAWING_JSON);
  const body = answer(stored.version, stored.updatedAt, Buffer.from(JSON.stringify(readDocument(stored.document, holeId, log))));
  cache.set(`${holeId}/${styleId}/${head.courseId}/${stored.version}/${stored.tuple}`, body, body.length);
  return body;
}

/** The catalogue's elements by name with their geometry type, as drawings are checked against them. */
export async function elementGeometries(db: DbOrTx): Promise<Map<string, GeometryType>> {
  const rows = await db.select({ name: graphicsElements.name, geometryType: graphicsElements.geometryType }).from(graphicsElements);
  const map = new Map<string, GeometryType>();
  for (const r of rows) if ((GEOMETRY_TYPES as readonly string[]).includes(r.geometryType)) map.set(r.name, r.geometryType as GeometryType);
  return map;
}

function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
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

/**
 * POST clubs/{clubId}/holes/{holeId}/save_drawing: validates the drawing against the catalogue and
 * the geometry rules (400 listing every problem), then writes it with its status checks in one
 * statement. With `version` the write happens only when the stored version is still that one (409
 * otherwise). Two statements when the catalogue is unchanged: the hole and catalogue version, the
 * write; the answer is the drawing as given (already validated), with the written version and time.
 */
export async function saveDrawing(db: DbOrTx, clubId: number, holeId: number, userId: number, input: SaveDrawingBody, styleId: number): Promise<DrawingResponse> {
  const [head] = await saveHead(db).execute({ clubId, holeId });
  if (!head) throw notFound('holes.notFound');
  const { elements, rules } = await geometriesAt(db, head.catalogue);
  const problems = validateDrawing(input.drawing, elements);
  // The catalogue's rules (what an element must lie inside, its area, its attributes) once the geometry is sound.
  if (problems.length === 0) for (const b of catalogueRuleBreaches(input.drawing, rules)) problems.push({ feature: b.featureId, message: describeBreach(b) });
  if (problems.length > 0) {
    const details = problems.map((p) => ({ path: p.feature, message: p.message }));
    throw problems.length === 1 ? badRequest('drawings.oneProblem', undefined, details) : badRequest('drawings.problems', { problems: problems.length }, details);
  }
  const document = input.drawing;
  // The checks belong to this version: every write below replaces them together with the document.
  const checks = drawingChecks(document);
  // Only what the answer needs comes back (not the document and checks just sent).
  const written = { version: holeDrawings.version, updatedAt: holeDrawings.updatedAt };
  let rows: { version: number; updatedAt: Date }[];
  try {
    if (input.version === undefined) {
      rows = await db
        .insert(holeDrawings)
        .values({ holeId, styleId, document, checks, version: 1, updatedBy: userId })
        .onConflictDoUpdate({
          target: [holeDrawings.holeId, holeDrawings.styleId],
          set: { document, checks, version: sql`${holeDrawings.version} + 1`, updatedBy: userId, updatedAt: sql`now()` },
        })
        .returning(written);
    } else if (input.version === 0) {
      // Started from "never saved": only a first save may go through.
      rows = await db.insert(holeDrawings).values({ holeId, styleId, document, checks, version: 1, updatedBy: userId }).onConflictDoNothing().returning(written);
    } else {
      rows = await db
        .update(holeDrawings)
        .set({ document, checks, version: sql`${holeDrawings.version} + 1`, updatedBy: userId, updatedAt: sql`now()` })
        .where(and(eq(holeDrawings.holeId, holeId), eq(holeDrawings.styleId, styleId), eq(holeDrawings.version, input.version)))
        .returning(written);
    }
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound('holes.notFound');
    throw err;
  }
  if (rows.length === 0) throw conflict('drawings.savedMeanwhile');
  return { hole_id: holeId, course_id: head.courseId, style_id: styleId, drawing: document, version: rows[0].version, updated_at: rows[0].updatedAt.toISOString() };
}

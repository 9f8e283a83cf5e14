import type { FeatureCollection, GeoJsonProperties, Geometry } from 'geojson';
import type { ImportPlan } from '@golf/contract/api/course-import';
import type { Course } from '@golf/contract/api/courses';
import { MAX_HOLES } from '@golf/contract/api/courses';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import type { GeometryType } from '@golf/contract/api/graphics';
import { CATALOGUE_ELEMENTS } from '@golf/contract/graphics-catalogue';
import { NO_HOLES_MESSAGE, planImport } from '@golf/contract/geo/osm-import';
import { validateDrawing } from '@golf/contract/geo/validate';
import { courses, holeDrawings, holes } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { badRequest } from '../../platform/errors';
import { getCourse } from '../courses/service';
import { drawingChecks } from '../status/checks';
import { osmXmlToGeoJson } from './osm';

/** An uploaded import file: its bytes and the name it was sent with. */
export interface ImportFile {
  buffer: Buffer;
  filename: string;
}

const ELEMENTS: ReadonlyMap<string, GeometryType> = new Map(CATALOGUE_ELEMENTS.map(([name, , , geometry]) => [name, geometry]));

/**
 * Reads an import file: GeoJSON (.geojson, .json) or OpenStreetMap XML (.osm). The type is judged
 * by the content ('<' starts XML, '{' JSON), the name only when the content does not tell.
 * Answers 400 with a message the user can act on.
 */
export function readImportFile(file: ImportFile): FeatureCollection<Geometry | null, GeoJsonProperties> {
  const text = file.buffer.toString('utf8').replace(/^\uFEFF/, '');
  const name = file.filename.toLowerCase();
  const first = text.trimStart()[0];
  if (first === undefined) throw badRequest('The file is empty');
  const namedXml = name.endsWith('.osm') || name.endsWith('.xml');
  const namedJson = name.endsWith('.json') || name.endsWith('.geojson');
  if (first === '<' || (first !== '{' && namedXml)) return osmXmlToGeoJson(text);
  if (first !== '{' && !namedJson) {
    throw badRequest('The file is neither GeoJSON nor an OpenStreetMap export. Upload a .geojson, .json or .osm file.');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw badRequest(`The file is not valid JSON${err instanceof SyntaxError ? `: ${err.message.slice(0, 200)}` : ''}`);
  }
  const type = json && typeof json === 'object' ? (json as { type?: unknown }).type : undefined;
  if (type !== 'FeatureCollection' || !Array.isArray((json as { features?: unknown }).features)) {
    throw badRequest('The file is not a GeoJSON FeatureCollection: its "type" must be "FeatureCollection" with a "features" list');
  }
  return json as FeatureCollection<Geometry | null, GeoJsonProperties>;
}

/** The plan of an import file (the preview call); 400 when it has no holes or too many. */
export function planImportFile(file: ImportFile, name?: string): ImportPlan {
  return checkedPlan(planImport(readImportFile(file), { name }));
}

/** Refuses plans the console cannot store: none or too many holes, or a drawing failing validation. */
export function checkedPlan(plan: ImportPlan): ImportPlan {
  if (plan.holes.length === 0) throw badRequest(NO_HOLES_MESSAGE);
  if (plan.holes.length > MAX_HOLES) throw badRequest(`The file has ${plan.holes.length} holes; a course has at most ${MAX_HOLES}`);
  const problems = plan.holes.flatMap((h) => validateDrawing(h.drawing, ELEMENTS).map((p) => ({ path: `hole ${h.ref}`, message: p.message })));
  if (problems.length > 0) throw badRequest(`The drawing of ${problems[0].path} is not valid: ${problems[0].message}`, problems.slice(0, 50));
  return plan;
}

/**
 * Creates a course from an import plan in one transaction: the course, its holes (in ref order,
 * with name, par and handicap) and each hole's drawing in the edit style (version 1) with its status checks.
 */
export async function createCourseFromPlan(
  db: DbOrTx,
  input: { clubId: number; plan: ImportPlan; name?: string; userId?: number | null },
): Promise<Course> {
  const plan = checkedPlan(input.plan);
  const name = (input.name?.trim() || plan.name.trim() || 'Imported course').slice(0, 100);
  // Computed before the transaction opens, so it is not held open by the geometry work.
  const checks = plan.holes.map((h) => drawingChecks(h.drawing));
  return db.transaction(async (tx) => {
    const [course] = await tx.insert(courses).values({ clubId: input.clubId, name, attribution: plan.attribution }).returning();
    const rows = await tx
      .insert(holes)
      .values(plan.holes.map((h, i) => ({ courseId: course.id, order: i + 1, name: h.name, par: h.par, handicap: h.handicap })))
      .returning();
    await tx.insert(holeDrawings).values(
      rows.map((row, i) => ({
        holeId: row.id,
        styleId: EDIT_DRAWING_STYLE,
        document: plan.holes[i].drawing,
        checks: checks[i],
        version: 1,
        updatedBy: input.userId ?? null,
      })),
    );
    // The same presentation as GET courses, inside the transaction that wrote it.
    return getCourse(tx, input.clubId, course.id);
  });
}

/** The confirming call: reads the file again and creates the course from the server's own plan. */
export async function importCourse(db: DbOrTx, input: { clubId: number; file: ImportFile; name?: string; userId: number }): Promise<Course> {
  const plan = planImportFile(input.file, input.name);
  return createCourseFromPlan(db, { clubId: input.clubId, plan, name: input.name, userId: input.userId });
}

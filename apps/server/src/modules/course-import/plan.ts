import type { FeatureCollection, GeoJsonProperties, Geometry } from 'geojson';
import type { ImportPlan } from '@golf/contract/api/course-import';
import { MAX_HOLES } from '@golf/contract/api/courses';
import type { GeometryType } from '@golf/contract/api/graphics';
import { CATALOGUE_ELEMENTS } from '@golf/contract/graphics-catalogue';
import { serverErrorText } from '@golf/contract/api/errors';
import { planImport } from './osm-plan';
import { validateDrawing } from '@golf/contract/geo/validate';
import { WorkBudgetSpent } from '@golf/contract/geo/segment-index';
import { badRequest, HttpError } from '../../platform/errors';
import { drawingChecks, type DrawingChecks } from '../courses';
import { IMPORT_READ_LIMITS } from './limits';
import { osmXmlToGeoJson } from './osm';

/**
 * Reading and planning an import file, without the database: what the import worker runs
 * (import-worker.ts), so parsing and matching never hold the event loop.
 */

/** An uploaded import file: its bytes and the name it was sent with. */
export interface ImportFile {
  buffer: Buffer;
  filename: string;
}

const ELEMENTS: ReadonlyMap<string, GeometryType> = new Map(CATALOGUE_ELEMENTS.map(([name, , , geometry]) => [name, geometry]));

const tooDeep = () => new HttpError(413, 'imports.tooDeep', { max: IMPORT_READ_LIMITS.maxDepth });

/** Counts the arrays and objects of JSON text and their nesting, outside strings, in one pass. */
export function checkJsonShape(text: string): void {
  let depth = 0;
  let containers = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > IMPORT_READ_LIMITS.maxDepth) throw tooDeep();
      if (++containers > IMPORT_READ_LIMITS.maxJsonContainers) {
        throw new HttpError(413, 'imports.tooManyJsonNodes', { max: IMPORT_READ_LIMITS.maxJsonContainers });
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
}

/**
 * Reads an import file: GeoJSON (.geojson, .json) or OpenStreetMap XML (.osm). The type is judged
 * by the content ('<' starts XML, '{' JSON), the name only when the content does not tell.
 * Answers 400 with a message the user can act on, 413 past IMPORT_READ_LIMITS.
 */
export function readImportFile(file: ImportFile): FeatureCollection<Geometry | null, GeoJsonProperties> {
  const text = file.buffer.toString('utf8').replace(/^\uFEFF/, '');
  const name = file.filename.toLowerCase();
  const first = text.trimStart()[0];
  if (first === undefined) throw badRequest('imports.emptyFile');
  const namedXml = name.endsWith('.osm') || name.endsWith('.xml');
  const namedJson = name.endsWith('.json') || name.endsWith('.geojson');
  if (first === '<' || (first !== '{' && namedXml)) return osmXmlToGeoJson(text);
  if (first !== '{' && !namedJson) {
    throw badRequest('imports.unknownFormat');
  }
  checkJsonShape(text);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw err instanceof SyntaxError ? badRequest('imports.invalidJsonReason', { reason: err.message.slice(0, 200) }) : badRequest('imports.invalidJson');
  }
  const type = json && typeof json === 'object' ? (json as { type?: unknown }).type : undefined;
  if (type !== 'FeatureCollection' || !Array.isArray((json as { features?: unknown }).features)) {
    throw badRequest('imports.notFeatureCollection');
  }
  return json as FeatureCollection<Geometry | null, GeoJsonProperties>;
}

/** The plan of an import file; 400 when it has no holes or too many. */
export function planImportFile(file: ImportFile, name?: string): ImportPlan {
  const collection = readImportFile(file);
  const holeLines = collection.features.filter((f) => f?.properties?.golf === 'hole').length;
  if (holeLines > IMPORT_READ_LIMITS.maxHoleLines) {
    throw badRequest('imports.tooManyHoleLines', { lines: holeLines, max: IMPORT_READ_LIMITS.maxHoleLines, max_holes: MAX_HOLES });
  }
  try {
    return checkedPlan(planImport(collection, { name }));
  } catch (err) {
    if (err instanceof WorkBudgetSpent) throw new HttpError(413, 'imports.tooIntricate');
    throw err;
  }
}

/** The 413 of a file whose shapes would take more than IMPORT_READ_LIMITS.maxMatchingWork to match. */
export const TOO_INTRICATE = serverErrorText('imports.tooIntricate');

/** Refuses plans the console cannot store: none or too many holes, or a drawing failing validation. */
export function checkedPlan(plan: ImportPlan): ImportPlan {
  if (plan.holes.length === 0) throw badRequest('imports.noHoles');
  if (plan.holes.length > MAX_HOLES) throw badRequest('imports.tooManyHoles', { holes: plan.holes.length, max: MAX_HOLES });
  const problems = plan.holes.flatMap((h) => validateDrawing(h.drawing, ELEMENTS).map((p) => ({ hole: h.ref, problem: p })));
  if (problems.length > 0) {
    // Each problem with its hole (its path), code and parameters (as a refused drawing save sends them), so
    // the web app shows it in the reader's language; `message` stays the English text.
    const details = problems.slice(0, 50).map(({ hole, problem }) => ({ path: String(hole), message: problem.message, code: problem.code, params: problem.params }));
    throw badRequest('imports.invalidDrawing', { hole: problems[0]!.hole, message: problems[0]!.problem.message }, details);
  }
  return plan;
}

/** A checked plan with the status checks of each hole's drawing, ready to be stored. */
export interface PreparedImport {
  plan: ImportPlan;
  checks: DrawingChecks[];
}

/** Everything an import computes before it writes: read, plan, validate, status checks. */
export function prepareImport(file: ImportFile, name?: string): PreparedImport {
  const plan = planImportFile(file, name);
  // A green or tee given to several holes is one geometry object in each of their drawings: checked once.
  const cache = new Map();
  return { plan, checks: plan.holes.map((h) => drawingChecks(h.drawing, cache)) };
}

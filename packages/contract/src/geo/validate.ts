import { DRAWING_LIMITS, type Drawing, type DrawingFeature, type DrawingProblem } from '../api/drawings';
import type { GeometryType } from '../api/graphics';
import { drawingProblem, type DrawingProblemCode, type DrawingProblemParamsOf } from './drawing-problems';
import type { Position } from './measure';

/** The GeoJSON geometry type each catalogue geometry type is drawn with. */
export const GEOJSON_TYPE: Record<GeometryType, 'Point' | 'LineString' | 'Polygon'> = {
  point: 'Point',
  line: 'LineString',
  polygon: 'Polygon',
};

/** Largest absolute height (metres) accepted as the third coordinate. */
export const MAX_ABS_HEIGHT = 10000;

/** A position's problem: the code and the parameters it has beyond the feature's. */
type PositionProblem =
  | { code: 'drawings.problem.badPosition' | 'drawings.problem.coordinateNotFinite' | 'drawings.problem.heightNotFinite' | 'drawings.problem.ringNotList'; params: object }
  | { code: 'drawings.problem.longitudeOutOfRange'; params: { longitude: number } }
  | { code: 'drawings.problem.latitudeOutOfRange'; params: { latitude: number } }
  | { code: 'drawings.problem.heightOutOfRange'; params: { height: number; max: number } };

/** Why a position is not acceptable, or null when it is fine. */
function positionProblem(p: Position): PositionProblem | null {
  if (!Array.isArray(p) || p.length < 2 || p.length > 3) return { code: 'drawings.problem.badPosition', params: {} };
  const [lon, lat, z] = p;
  if (typeof lon !== 'number' || !Number.isFinite(lon) || typeof lat !== 'number' || !Number.isFinite(lat)) {
    return { code: 'drawings.problem.coordinateNotFinite', params: {} };
  }
  if (lon < -180 || lon > 180) return { code: 'drawings.problem.longitudeOutOfRange', params: { longitude: lon } };
  if (lat < -90 || lat > 90) return { code: 'drawings.problem.latitudeOutOfRange', params: { latitude: lat } };
  if (p.length === 3) {
    if (typeof z !== 'number' || !Number.isFinite(z)) return { code: 'drawings.problem.heightNotFinite', params: {} };
    if (Math.abs(z) >= MAX_ABS_HEIGHT) return { code: 'drawings.problem.heightOutOfRange', params: { height: z, max: MAX_ABS_HEIGHT } };
  }
  return null;
}

function samePosition(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** Positions of a geometry as a list of lists (one list for points and lines, one per ring for polygons). */
function positionLists(f: DrawingFeature): Position[][] {
  const g = f.geometry;
  if (g.type === 'Point') return [[g.coordinates]];
  if (g.type === 'LineString') return [g.coordinates];
  return g.coordinates;
}

/**
 * Checks a drawing against the graphics catalogue (`elements`: element name → geometry type) and
 * the geometry rules; returns one problem per broken rule per feature, [] when the drawing is fine.
 * Each problem has a code of DRAWING_PROBLEMS with its parameters, and its English message.
 */
export function validateDrawing(drawing: Drawing, elements: ReadonlyMap<string, GeometryType>): DrawingProblem[] {
  const problems: DrawingProblem[] = [];
  const features = drawing.features ?? [];
  if (features.length > DRAWING_LIMITS.features) {
    problems.push(drawingProblem('', 'drawings.problem.tooManyFeatures', { features: features.length, max: DRAWING_LIMITS.features }));
  }
  const seen = new Set<string>();
  const reportedDuplicate = new Set<string>();
  let totalVertices = 0;

  for (const f of features) {
    const id = String(f.id ?? '');
    // The feature as every problem of it names it: its element ('' when it has none) and its id.
    const at = { element: f.properties?.element || '', feature: id };
    const add = <C extends DrawingProblemCode>(code: C, params: Omit<DrawingProblemParamsOf<C>, 'element' | 'feature'>) =>
      problems.push(drawingProblem(id, code, { ...at, ...params } as DrawingProblemParamsOf<C>));

    if (seen.has(id)) {
      if (!reportedDuplicate.has(id)) add('drawings.problem.duplicateId', {});
      reportedDuplicate.add(id);
    }
    seen.add(id);

    const element = f.properties?.element;
    const expected = element ? elements.get(element) : undefined;
    if (!element || expected === undefined) {
      add('drawings.problem.unknownElement', { name: element ?? '' });
    } else if (GEOJSON_TYPE[expected] !== f.geometry?.type) {
      const drawnAs = f.geometry?.type;
      if (drawnAs == null) add('drawings.problem.notDrawn', { geometry: expected });
      else add('drawings.problem.wrongGeometry', { geometry: expected, drawnAs });
    }

    const g = f.geometry;
    if (!g || !['Point', 'LineString', 'Polygon'].includes(g.type) || !Array.isArray(g.coordinates)) {
      add('drawings.problem.noGeometry', {});
      continue;
    }

    const lists = positionLists(f);
    const vertices = lists.reduce((n, l) => n + (Array.isArray(l) ? l.length : 0), 0);
    totalVertices += vertices;
    if (vertices > DRAWING_LIMITS.verticesPerFeature) {
      add('drawings.problem.tooManyFeatureVertices', { vertices, max: DRAWING_LIMITS.verticesPerFeature });
    }

    let coordinateProblem: PositionProblem | null = null;
    for (const list of lists) {
      if (!Array.isArray(list)) {
        coordinateProblem = { code: 'drawings.problem.ringNotList', params: {} };
        break;
      }
      for (const p of list) {
        coordinateProblem = positionProblem(p);
        if (coordinateProblem) break;
      }
      if (coordinateProblem) break;
    }
    if (coordinateProblem) {
      problems.push(drawingProblem(id, coordinateProblem.code, { ...at, ...coordinateProblem.params } as DrawingProblemParamsOf<PositionProblem['code']>));
      continue;
    }

    if (g.type === 'LineString') {
      const distinct = g.coordinates.filter((p, i) => i === 0 || !samePosition(p, g.coordinates[i - 1]));
      const unique = new Set(distinct.map((p) => `${p[0]},${p[1]}`));
      if (unique.size < 2) add('drawings.problem.lineTooShort', {});
    } else if (g.type === 'Polygon') {
      if (g.coordinates.length === 0) add('drawings.problem.noOuterRing', {});
      if (g.coordinates.length > DRAWING_LIMITS.ringsPerPolygon) {
        add('drawings.problem.tooManyRings', { rings: g.coordinates.length, max: DRAWING_LIMITS.ringsPerPolygon });
      }
      g.coordinates.forEach((ring, i) => {
        const outer = i === 0;
        if (ring.length >= 2 && !samePosition(ring[0], ring[ring.length - 1])) {
          if (outer) add('drawings.problem.outerRingNotClosed', {});
          else add('drawings.problem.ringNotClosed', { ring: i + 1 });
        } else if (ring.length < 4) {
          if (outer) add('drawings.problem.outerRingTooShort', { positions: ring.length });
          else add('drawings.problem.ringTooShort', { ring: i + 1, positions: ring.length });
        } else if (new Set(ring.slice(0, -1).map((p) => `${p[0]},${p[1]}`)).size < 3) {
          if (outer) add('drawings.problem.outerRingTooFewCorners', {});
          else add('drawings.problem.ringTooFewCorners', { ring: i + 1 });
        }
      });
    }
  }

  if (totalVertices > DRAWING_LIMITS.vertices) {
    problems.push(drawingProblem('', 'drawings.problem.tooManyVertices', { vertices: totalVertices, max: DRAWING_LIMITS.vertices }));
  }
  return problems;
}

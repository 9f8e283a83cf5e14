import { DRAWING_LIMITS, type Drawing, type DrawingFeature, type DrawingProblem } from '../api/drawings';
import type { GeometryType } from '../api/graphics';
import type { Position } from './measure';

/** The GeoJSON geometry type each catalogue geometry type is drawn with. */
export const GEOJSON_TYPE: Record<GeometryType, 'Point' | 'LineString' | 'Polygon'> = {
  point: 'Point',
  line: 'LineString',
  polygon: 'Polygon',
};

/** Largest absolute height (metres) accepted as the third coordinate. */
export const MAX_ABS_HEIGHT = 10000;

function capitalise(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}

function describe(f: DrawingFeature): string {
  return `${capitalise(f.properties?.element || 'Feature')} '${f.id}'`;
}

/** Why a position is not acceptable, or null when it is fine. */
function positionProblem(p: Position): string | null {
  if (!Array.isArray(p) || p.length < 2 || p.length > 3) return 'has a position that is not [longitude, latitude] or [longitude, latitude, height]';
  const [lon, lat, z] = p;
  if (typeof lon !== 'number' || !Number.isFinite(lon) || typeof lat !== 'number' || !Number.isFinite(lat)) {
    return 'has a coordinate that is not a finite number';
  }
  if (lon < -180 || lon > 180) return `has longitude ${lon} outside -180..180`;
  if (lat < -90 || lat > 90) return `has latitude ${lat} outside -90..90`;
  if (p.length === 3) {
    if (typeof z !== 'number' || !Number.isFinite(z)) return 'has a height that is not a finite number';
    if (Math.abs(z) >= MAX_ABS_HEIGHT) return `has height ${z} m, beyond ±${MAX_ABS_HEIGHT} m`;
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
 */
export function validateDrawing(drawing: Drawing, elements: ReadonlyMap<string, GeometryType>): DrawingProblem[] {
  const problems: DrawingProblem[] = [];
  const features = drawing.features ?? [];
  if (features.length > DRAWING_LIMITS.features) {
    problems.push({ feature: '', message: `The drawing has ${features.length} features; at most ${DRAWING_LIMITS.features} are allowed` });
  }
  const seen = new Set<string>();
  const reportedDuplicate = new Set<string>();
  let totalVertices = 0;

  for (const f of features) {
    const id = String(f.id ?? '');
    const name = describe(f);
    const add = (message: string) => problems.push({ feature: id, message: `${name}: ${message}` });

    if (seen.has(id)) {
      if (!reportedDuplicate.has(id)) add('the feature id is used by more than one feature');
      reportedDuplicate.add(id);
    }
    seen.add(id);

    const element = f.properties?.element;
    const expected = element ? elements.get(element) : undefined;
    if (!element || expected === undefined) {
      add(`'${element ?? ''}' is not an element of the graphics catalogue`);
    } else if (GEOJSON_TYPE[expected] !== f.geometry?.type) {
      add(`a ${expected} element cannot be drawn as ${f.geometry?.type ?? 'nothing'}`);
    }

    const g = f.geometry;
    if (!g || !['Point', 'LineString', 'Polygon'].includes(g.type) || !Array.isArray(g.coordinates)) {
      add('has no point, line or polygon geometry');
      continue;
    }

    const lists = positionLists(f);
    const vertices = lists.reduce((n, l) => n + (Array.isArray(l) ? l.length : 0), 0);
    totalVertices += vertices;
    if (vertices > DRAWING_LIMITS.verticesPerFeature) {
      add(`has ${vertices} vertices; at most ${DRAWING_LIMITS.verticesPerFeature} are allowed per feature`);
    }

    let coordinateProblem: string | null = null;
    for (const list of lists) {
      if (!Array.isArray(list)) {
        coordinateProblem = 'has a ring that is not a list of positions';
        break;
      }
      for (const p of list) {
        coordinateProblem = positionProblem(p);
        if (coordinateProblem) break;
      }
      if (coordinateProblem) break;
    }
    if (coordinateProblem) {
      add(coordinateProblem);
      continue;
    }

    if (g.type === 'LineString') {
      const distinct = g.coordinates.filter((p, i) => i === 0 || !samePosition(p, g.coordinates[i - 1]));
      const unique = new Set(distinct.map((p) => `${p[0]},${p[1]}`));
      if (unique.size < 2) add('a line needs at least 2 different positions');
    } else if (g.type === 'Polygon') {
      if (g.coordinates.length === 0) add('a polygon needs an outer ring');
      if (g.coordinates.length > DRAWING_LIMITS.ringsPerPolygon) {
        add(`has ${g.coordinates.length} rings; at most ${DRAWING_LIMITS.ringsPerPolygon} are allowed`);
      }
      g.coordinates.forEach((ring, i) => {
        const label = i === 0 ? 'ring 1 (outer)' : `ring ${i + 1}`;
        if (ring.length >= 2 && !samePosition(ring[0], ring[ring.length - 1])) {
          add(`${label} is not closed (its first and last positions differ)`);
        } else if (ring.length < 4) {
          add(`${label} has ${ring.length} positions; a closed ring needs at least 4`);
        } else if (new Set(ring.slice(0, -1).map((p) => `${p[0]},${p[1]}`)).size < 3) {
          add(`${label} needs at least 3 different corners`);
        }
      });
    }
  }

  if (totalVertices > DRAWING_LIMITS.vertices) {
    problems.push({ feature: '', message: `The drawing has ${totalVertices} vertices; at most ${DRAWING_LIMITS.vertices} are allowed` });
  }
  return problems;
}

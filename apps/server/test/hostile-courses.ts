import type { Feature, FeatureCollection, Geometry } from 'geojson';

/**
 * GeoJSON course files built to cost the course import as much as its read limits allow
 * (IMPORT_READ_LIMITS: 500,000 JSON arrays and objects, a position being one): for the tests of
 * the planner and bench/course-import-plan.mjs. `points` sets the size; each file holds about
 * that many positions. All lie around 55.7° N, 9.5° E; a degree of longitude is about 63 km there,
 * one of latitude 111 km.
 */

type Collection = FeatureCollection<Geometry>;

const feature = (properties: Record<string, unknown>, geometry: Geometry, id?: string): Feature<Geometry> => ({
  type: 'Feature',
  ...(id === undefined ? {} : { id }),
  properties,
  geometry,
});

const holeLine = (ref: number, coordinates: number[][]) => feature({ golf: 'hole', ref: String(ref), par: '4' }, { type: 'LineString', coordinates });

/** A closed ring of `n` corners around (x, y), `r` degrees of latitude across, its edge wavy by `wobble`. */
function ring(x: number, y: number, r: number, n: number, wobble = 0.01): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI;
    const rr = r * (1 + (i % 2 ? wobble : -wobble));
    out.push([x + rr * Math.cos(a) * 1.78, y + rr * Math.sin(a)]);
  }
  out.push(out[0]);
  return out;
}

/**
 * The old planner's worst case: a hole line of `points / 2` positions, winding over 200 m, and a
 * rough of `points / 2` corners hugging it 10 m away: every corner was measured against every
 * segment of the line (and the other way round).
 */
export function denseLineAndPolygon(points: number): Collection {
  const n = Math.max(2, Math.round(points / 2));
  const line: number[][] = [];
  for (let i = 0; i < n; i++) line.push([9.5 + (0.003 * i) / n, 55.7 + 0.00002 * Math.sin(i / 7)]);
  const rough: number[][] = [];
  for (let i = 0; i < n - 1; i++) rough.push([9.5 + (0.003 * i) / n, 55.7001 + 0.00001 * Math.sin(i / 5)]);
  rough.push([9.503, 55.7003], [9.5, 55.7003], rough[0]);
  return { type: 'FeatureCollection', features: [holeLine(1, line), feature({ golf: 'rough' }, { type: 'Polygon', coordinates: [rough] })] };
}

/** One green of `points` corners at the end of hole 1, holding `points / 10` pins and the ends of 27 hole lines. */
export function bigGreen(points: number): Collection {
  const features = [feature({ golf: 'green' }, { type: 'Polygon', coordinates: [ring(9.51, 55.7, 0.0002, Math.round(points * 0.8))] })];
  for (let h = 1; h <= 27; h++) features.push(holeLine(h, [[9.505, 55.7 + h * 0.0001], [9.51, 55.7 + h * 0.000002]]));
  const pins = Math.round(points / 40);
  for (let i = 0; i < pins; i++) features.push(feature({ golf: 'pin' }, { type: 'Point', coordinates: [9.5099 + (i % 100) * 0.000002, 55.69995 + Math.floor(i / 100) * 0.0000004] }));
  return { type: 'FeatureCollection', features };
}

/** 18 hole lines across a field of `points / 9` small triangular bunkers (9 JSON arrays and objects each). */
export function manySmallFeatures(points: number): Collection {
  const features = Array.from({ length: 18 }, (_, i) => holeLine(i + 1, [[9.5 + (i + 1) * 0.0015, 55.7], [9.5 + (i + 1) * 0.0015, 55.72]]));
  const count = Math.round(points / 9);
  const columns = 100;
  const rows = Math.ceil(count / columns);
  for (let i = 0; i < count; i++) {
    const x = 9.5 + (i % columns) * 0.0003;
    const y = 55.7 + (Math.floor(i / columns) * 0.02) / rows;
    features.push(feature({ golf: 'bunker' }, { type: 'Polygon', coordinates: [[[x, y], [x + 0.0001, y], [x, y + 0.00005], [x, y]]] }));
  }
  return { type: 'FeatureCollection', features };
}

/** `points / 4` trees (4 JSON arrays and objects each) all with the id "way/1", spread along 27 hole lines. */
export function sharedIds(points: number): Collection {
  const features = Array.from({ length: 27 }, (_, i) => holeLine(i + 1, [[9.5, 55.7 + i * 0.001], [9.505, 55.7 + i * 0.001]]));
  const count = Math.round(points / 4);
  for (let i = 0; i < count; i++) {
    features.push(feature({ natural: 'tree' }, { type: 'Point', coordinates: [9.5 + ((i % 1000) * 0.005) / 1000, 55.7 + (i % 27) * 0.001 + 0.00003] }, 'way/1'));
  }
  return { type: 'FeatureCollection', features };
}

/** 27 winding hole lines of 200 positions side by side 3 m apart, and roughs of 400 corners over them all. */
export function crowdedHoles(points: number): Collection {
  const features: Feature<Geometry>[] = [];
  for (let h = 1; h <= 27; h++) {
    const line: number[][] = [];
    for (let i = 0; i < 200; i++) line.push([9.5 + i * 0.00001, 55.7 + h * 0.00003 + 0.00001 * Math.sin(i)]);
    features.push(holeLine(h, line));
  }
  const roughs = Math.round(points / 400);
  for (let k = 0; k < roughs; k++) {
    features.push(feature({ golf: 'rough' }, { type: 'Polygon', coordinates: [ring(9.501 + (k % 10) * 0.0001, 55.7008 + Math.floor(k / 10) * 0.00001, 0.0002, 400, 0.05)] }));
  }
  return { type: 'FeatureCollection', features };
}

/** The hostile files by name, for the tests and the benchmark. */
export const HOSTILE_COURSES = { denseLineAndPolygon, bigGreen, manySmallFeatures, sharedIds, crowdedHoles } as const;

/**
 * Shapes built to defeat any index of boxes: a hole line and a rough that each go back and forth
 * `points / 2` times over the same 800 m diagonal, 30 m apart. Every edge's box holds every
 * other's, so every pair of edges must be looked at: the matching gives up (WorkBudgetSpent).
 */
export function backAndForth(points: number): Collection {
  const n = Math.max(4, Math.round(points / 2));
  const line: number[][] = [];
  const rough: number[][] = [];
  for (let i = 0; i < n; i++) {
    const far = i % 2 === 1;
    const wiggle = (i % 97) * 1e-9;
    line.push([far ? 9.509 : 9.5, (far ? 55.704 : 55.7) + wiggle]);
    rough.push([far ? 9.509 : 9.5, (far ? 55.7043 : 55.7003) + wiggle]);
  }
  rough.push(rough[0]);
  return { type: 'FeatureCollection', features: [holeLine(1, line), feature({ golf: 'rough' }, { type: 'Polygon', coordinates: [rough] })] };
}

/**
 * Test helper, never imported by product code: the scan-everything implementations of the
 * catalogue's "must lie inside" rule (featureWithin, catalogueRuleBreaches) and of the status check
 * greensWithinBoundary as they were before the spatial index (every point against every container
 * edge, turf's booleanPointInPolygon per point), kept as the reference the indexed versions must
 * agree with exactly; and the random and large drawings the tests compare them on.
 * (Not a test file: vitest's contract project runs `*.test.ts` only.)
 */
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Drawing, DrawingFeature } from '../api/drawings';
import { EL } from '../graphics-catalogue';
import type { ElementRule, RuleBreach } from './catalogue-rules';
import { polygonArea, type Position } from './measure';
import { pointInPolygon, polygonEdges, segmentWithin, type PointLike } from './planar';
import { featureSelfIntersections, paramsOn } from './status';

type Rings = readonly (readonly PointLike[])[];
type XY = [number, number];

// ---- catalogue-rules.ts as it was ----

function outlinesOf(f: DrawingFeature): Position[][] {
  const g = f.geometry;
  if (g.type === 'Point') return [[g.coordinates]];
  if (g.type === 'LineString') return [g.coordinates];
  return g.coordinates;
}

function crossingsOn(a: PointLike, b: PointLike, c: PointLike, d: PointLike): number[] {
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  const sx = d[0] - c[0];
  const sy = d[1] - c[1];
  const denom = rx * sy - ry * sx;
  const qx = c[0] - a[0];
  const qy = c[1] - a[1];
  if (denom === 0) {
    if (qx * ry - qy * rx !== 0) return [];
    const len2 = rx * rx + ry * ry;
    if (len2 === 0) return [];
    return [(qx * rx + qy * ry) / len2, ((d[0] - a[0]) * rx + (d[1] - a[1]) * ry) / len2].filter((t) => t > 0 && t < 1);
  }
  const t = (qx * sy - qy * sx) / denom;
  const u = (qx * ry - qy * rx) / denom;
  return t > 0 && t < 1 && u >= 0 && u <= 1 ? [t] : [];
}

function inUnion(p: PointLike, polygons: readonly Rings[]): boolean {
  return polygons.some((rings) => pointInPolygon(p, rings) || rings.some((ring) => onRing(p, ring)));
}

function onRing(p: PointLike, ring: readonly PointLike[]): boolean {
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    const scale = Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]), 1e-12);
    if (Math.abs(cross) / scale > 1e-12) continue;
    if (p[0] >= Math.min(a[0], b[0]) - 1e-12 && p[0] <= Math.max(a[0], b[0]) + 1e-12 && p[1] >= Math.min(a[1], b[1]) - 1e-12 && p[1] <= Math.max(a[1], b[1]) + 1e-12) return true;
  }
  return false;
}

export function referenceFeatureWithin(f: DrawingFeature, containers: readonly Rings[]): boolean {
  const outlines = outlinesOf(f);
  const edges = polygonEdges<PointLike>(containers);
  const within = (p: PointLike) => inUnion(p, containers);
  for (const line of outlines) {
    for (const p of line) if (!within(p)) return false;
    const closed = f.geometry.type === 'Polygon';
    const segments = closed ? line.length : line.length - 1;
    for (let i = 0; i < segments; i++) if (!segmentWithin<PointLike>(line[i], line[(i + 1) % line.length], edges, crossingsOn, within, 1e-12)) return false;
  }
  if (f.geometry.type === 'Polygon') {
    const rings = f.geometry.coordinates;
    for (const container of containers) {
      for (const hole of container.slice(1)) {
        const p = hole[0];
        if (!p) continue;
        const q = hole[Math.floor(hole.length / 2)] ?? p;
        const mid = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
        if (pointInPolygon(mid, rings) && !inUnion(mid, containers)) return false;
      }
    }
  }
  return true;
}

export function referenceCatalogueRuleBreaches(drawing: Drawing, rules: ReadonlyMap<string, ElementRule>): RuleBreach[] {
  const breaches: RuleBreach[] = [];
  const containers = new Map<string, Rings[]>();
  const containerOf = (name: string) => {
    let found = containers.get(name);
    if (!found) {
      found = drawing.features.flatMap((f) =>
        f.properties.element === name && f.geometry.type === 'Polygon' && (f.geometry.coordinates[0]?.length ?? 0) >= 3 ? [f.geometry.coordinates] : [],
      );
      containers.set(name, found);
    }
    return found;
  };
  for (const f of drawing.features) {
    const rule = rules.get(f.properties.element);
    if (!rule) continue;
    const at = { featureId: String(f.id), element: rule.name };
    for (const attribute of rule.requiredAttributes) {
      const value = f.properties.attributes?.[attribute];
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) breaches.push({ ...at, rule: 'requiredAttribute', params: { attribute } });
    }
    if (f.geometry.type === 'Polygon' && (rule.minAreaM2 !== null || rule.maxAreaM2 !== null) && featureSelfIntersections(f).length === 0) {
      const area = Math.round(polygonArea(f.geometry.coordinates));
      if (rule.minAreaM2 !== null && area < rule.minAreaM2) breaches.push({ ...at, rule: 'areaTooSmall', params: { area, min: rule.minAreaM2 } });
      if (rule.maxAreaM2 !== null && area > rule.maxAreaM2) breaches.push({ ...at, rule: 'areaTooLarge', params: { area, max: rule.maxAreaM2 } });
    }
    if (rule.mustLieInside && rule.mustLieInside !== rule.name) {
      const polygons = containerOf(rule.mustLieInside);
      if (polygons.length > 0 && !referenceFeatureWithin(f, polygons)) breaches.push({ ...at, rule: 'mustLieInside', params: { container: rule.mustLieInside } });
    }
  }
  return breaches;
}

// ---- status.ts's greensWithinBoundary as it was ----

function plane(origin: Position) {
  const lon0 = origin[0];
  const lat0 = origin[1];
  const k = Math.cos((lat0 * Math.PI) / 180) || 1;
  return (p: Position): XY => [(p[0] - lon0) * k, p[1] - lat0];
}

const same = (a: XY, b: XY) => a[0] === b[0] && a[1] === b[1];

function chainPoints(coords: Position[], toXY: (p: Position) => XY): XY[] {
  const points: XY[] = [];
  for (const c of coords) {
    const p = toXY(c);
    if (points.length === 0 || !same(points[points.length - 1], p)) points.push(p);
  }
  if (points.length > 1 && same(points[0], points[points.length - 1])) points.pop();
  return points;
}

type PolygonXY = XY[][];

interface Prepared {
  geometry: { type: 'Polygon'; coordinates: XY[][] };
  bbox: [number, number, number, number];
}

function prepare(rings: PolygonXY): Prepared {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of rings[0] ?? []) {
    minX = Math.min(minX, p[0]);
    minY = Math.min(minY, p[1]);
    maxX = Math.max(maxX, p[0]);
    maxY = Math.max(maxY, p[1]);
  }
  return { geometry: { type: 'Polygon', coordinates: rings.map((r) => [...r, r[0]]) }, bbox: [minX, minY, maxX, maxY] };
}

function inside(p: XY, poly: Prepared, ignoreBoundary = false): boolean {
  const [minX, minY, maxX, maxY] = poly.bbox;
  if (p[0] < minX || p[0] > maxX || p[1] < minY || p[1] > maxY) return false;
  return booleanPointInPolygon(p, poly.geometry, { ignoreBoundary });
}

const insideAny = (p: XY, polys: Prepared[]) => polys.some((poly) => inside(p, poly));
const strictlyInside = (p: XY, rings: PolygonXY) => inside(p, prepare(rings), true);

function interiorPoint(ring: XY[]): XY | null {
  const n = ring.length;
  if (n < 3) return null;
  const cx = ring.reduce((s, p) => s + p[0], 0) / n;
  const cy = ring.reduce((s, p) => s + p[1], 0) / n;
  if (strictlyInside([cx, cy], [ring])) return [cx, cy];
  for (let i = 0; i < n; i++) {
    const a = ring[(i + n - 1) % n];
    const b = ring[i];
    const c = ring[(i + 1) % n];
    const p: XY = [b[0] + ((a[0] + c[0]) / 2 - b[0]) * 0.01, b[1] + ((a[1] + c[1]) / 2 - b[1]) * 0.01];
    if (strictlyInside(p, [ring])) return p;
  }
  return null;
}

function polygonWithinUnion(green: PolygonXY, boundaries: PolygonXY[]): boolean {
  const outer = green[0];
  if (!outer || outer.length < 3) return true;
  const prepared = boundaries.map(prepare);
  const greenPrepared = prepare(green);
  const edges = polygonEdges(boundaries);
  const within = (p: XY) => insideAny(p, prepared);
  for (let i = 0; i < outer.length; i++) if (!segmentWithin(outer[i], outer[(i + 1) % outer.length], edges, paramsOn, within)) return false;
  for (const rings of boundaries) {
    for (const hole of rings.slice(1)) {
      const p = interiorPoint(hole);
      if (p && inside(p, greenPrepared, true) && !insideAny(p, prepared)) return false;
    }
  }
  return true;
}

export function referenceGreensWithinBoundary(drawing: Drawing): boolean | null {
  const polygons = (element: string) =>
    drawing.features.filter((f) => f.properties.element === element && f.geometry.type === 'Polygon' && f.geometry.coordinates[0]?.length);
  const greens = polygons(EL.green);
  const boundaries = polygons(EL.holeBoundary);
  if (greens.length === 0 || boundaries.length === 0) return null;
  const first = (greens[0].geometry.coordinates as Position[][])[0][0];
  const toXY = plane(first);
  const toRings = (f: DrawingFeature): PolygonXY => (f.geometry.coordinates as Position[][]).map((ring) => chainPoints(ring, toXY)).filter((r) => r.length >= 3);
  const boundaryXY = boundaries.map(toRings).filter((r) => r.length > 0);
  if (boundaryXY.length === 0) return null;
  return greens.every((g) => polygonWithinUnion(toRings(g), boundaryXY));
}

// ---- drawings to compare on ----

/** A seeded pseudo-random source in [0, 1) (mulberry32): the same cases on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function polygonFeature(id: string, element: string, rings: number[][][]): DrawingFeature {
  return { type: 'Feature', id, geometry: { type: 'Polygon', coordinates: rings }, properties: { element } };
}

/**
 * A random small drawing on a 12 × 12 grid of whole (and half) units, written either as the grid
 * numbers themselves (exact arithmetic: points exactly on edges and vertices) or as longitude and
 * latitude around a Danish course (1 unit = 1e-4°, rounded as drawings store them): one to three
 * containers of `container` (rectangles, concave stars, sometimes with a hole, sometimes sharing
 * an edge), and features of `elements` — polygons (some with a hole, some copying a container or
 * its vertices), lines and points, placed at container vertices, on edge midpoints or anywhere,
 * some moved by up to 2e-12.
 */
export function randomDrawing(random: () => number, container: string, elements: readonly { name: string; geometry: 'polygon' | 'line' | 'point' }[]): Drawing {
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  const lonLat = random() < 0.5;
  const place = ([x, y]: number[]): number[] => (lonLat ? [Math.round((9.53 + x * 1e-4) * 1e7) / 1e7, Math.round((55.71 + y * 1e-4) * 1e7) / 1e7] : [x, y]);
  const close = (ring: number[][]) => [...ring, ring[0]].map(place);
  const grid: number[][] = [];
  const coordinate = () => int(25) / 2;
  const rectangle = (): number[][] => {
    const x0 = int(8);
    const y0 = int(8);
    const x1 = x0 + 1 + int(12 - x0);
    const y1 = y0 + 1 + int(12 - y0);
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
  };
  const star = (): number[][] => {
    const cx = 3 + int(7);
    const cy = 3 + int(7);
    const n = 5 + int(6);
    const ring: number[][] = [];
    for (let i = 0; i < n; i++) {
      const angle = (2 * Math.PI * i) / n;
      const r = 1 + int(5);
      ring.push([Math.round(cx + r * Math.cos(angle)), Math.round(cy + r * Math.sin(angle))]);
    }
    return ring;
  };
  const hole = (): number[][] => {
    const x0 = 2 + int(7);
    const y0 = 2 + int(7);
    const w = 1 + int(3);
    return [[x0, y0], [x0, y0 + w], [x0 + w, y0 + w], [x0 + w, y0]];
  };
  const features: DrawingFeature[] = [];
  const containers = 1 + int(3);
  const containerRings: number[][][] = [];
  for (let k = 0; k < containers; k++) {
    let outer = random() < 0.5 ? rectangle() : star();
    // Sometimes the neighbour of the previous container, sharing its right edge.
    if (k > 0 && random() < 0.3) {
      const prev = containerRings[k - 1];
      const x = Math.max(...prev.map((p) => p[0]));
      const ys = prev.map((p) => p[1]);
      outer = [[x, Math.min(...ys)], [x + 1 + int(4), Math.min(...ys)], [x + 1 + int(4), Math.max(...ys)], [x, Math.max(...ys)]];
    }
    containerRings.push(outer);
    grid.push(...outer);
    const rings = [close(outer)];
    if (random() < 0.35) {
      const h = hole();
      grid.push(...h);
      rings.push(close(h));
    }
    features.push(polygonFeature(`c${k}`, container, rings));
  }
  const somePoint = (): number[] => {
    const r = random();
    if (r < 0.3 && grid.length > 0) return pick(grid);
    if (r < 0.5 && grid.length > 1) {
      const a = pick(grid);
      const b = pick(grid);
      return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    }
    return [coordinate(), coordinate()];
  };
  // Now and then a position moved by up to 2e-12 (after rounding): near an edge, onRing's 1e-12 decides.
  const nudge = (p: number[]): number[] => (random() < 0.2 ? p.map((v) => v + (int(41) - 20) * 1e-13) : p);
  const count = 1 + int(4);
  for (let i = 0; i < count; i++) {
    const element = pick(elements);
    const id = `f${i}`;
    if (element.geometry === 'point') {
      features.push({ type: 'Feature', id, geometry: { type: 'Point', coordinates: nudge(place(somePoint())) }, properties: { element: element.name } });
    } else if (element.geometry === 'line') {
      const n = 2 + int(4);
      features.push({ type: 'Feature', id, geometry: { type: 'LineString', coordinates: Array.from({ length: n }, somePoint).map(place).map(nudge) }, properties: { element: element.name } });
    } else {
      const r = random();
      let rings: number[][][];
      if (r < 0.15) {
        // A copy of a container's outer ring, or a part of it.
        const outer = pick(containerRings);
        rings = [close(random() < 0.5 ? outer : outer.slice(0, Math.max(3, outer.length - 1 - int(3))))];
      } else if (r < 0.4) {
        rings = [close(random() < 0.5 ? rectangle() : star())];
      } else {
        rings = [close(Array.from({ length: 3 + int(3) }, somePoint)).map(nudge)];
      }
      if (random() < 0.2) rings.push(close(hole()));
      features.push(polygonFeature(id, element.name, rings));
    }
  }
  // Containers and features in any order: the rules do not depend on it.
  for (let i = features.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [features[i], features[j]] = [features[j], features[i]];
  }
  return { type: 'FeatureCollection', features };
}

/**
 * An ellipse of `n` distinct vertices (closed: n + 1 positions) around (cx, cy) in degrees, radii rx
 * and ry, rounded to 7 decimals as drawings store them.
 */
export function ellipse(cx: number, cy: number, rx: number, ry: number, n: number): number[][] {
  const ring: number[][] = [];
  for (let i = 0; i < n; i++) {
    const angle = (2 * Math.PI * i) / n;
    ring.push([Math.round((cx + rx * Math.cos(angle)) * 1e7) / 1e7, Math.round((cy + ry * Math.sin(angle)) * 1e7) / 1e7]);
  }
  ring.push(ring[0]);
  return ring;
}

import type { Drawing, DrawingFeature } from '../api/drawings';
import type { Intersection } from '../api/status';
import { EL } from '../graphics-catalogue';
import type { Position } from './measure';
import { orient2d } from 'robust-predicates';
import { polygonEdges, segmentWithinNear, type EdgesNear } from './planar';
import { SegmentIndex, UNLIMITED } from './segment-index';

/**
 * Status checks of a hole drawing (§3 "Status checks"). Geometry is tested on a local plane
 * (longitude scaled by cos(latitude) around the feature): at the size of a golf hole a straight
 * edge in lon/lat and the geodesic between its ends differ by far less than a millimetre, and
 * crossings are invariant under that affine scaling.
 */

type XY = [number, number];

interface Chain {
  points: XY[];
  closed: boolean;
}

interface Segment {
  chain: number;
  index: number;
  a: XY;
  b: XY;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** A local plane around `origin`: x = Δlon·cos(lat0), y = Δlat (degrees); invertible. */
function plane(origin: Position) {
  const lon0 = origin[0];
  const lat0 = origin[1];
  const k = Math.cos((lat0 * Math.PI) / 180) || 1;
  return {
    to: (p: Position): XY => [(p[0] - lon0) * k, p[1] - lat0],
    from: (p: XY): [number, number] => [lon0 + p[0] / k, lat0 + p[1]],
  };
}

function same(a: XY, b: XY): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** Consecutive duplicates removed; for a ring the closing position is dropped (closure is implied). */
function chainOf(coords: Position[], toXY: (p: Position) => XY, ring: boolean): Chain {
  const points: XY[] = [];
  for (const c of coords) {
    const p = toXY(c);
    if (points.length === 0 || !same(points[points.length - 1], p)) points.push(p);
  }
  let closed = ring;
  if (points.length > 1 && same(points[0], points[points.length - 1])) {
    points.pop();
    closed = true;
  }
  return { points, closed };
}

function segmentsOf(chains: Chain[]): Segment[] {
  const out: Segment[] = [];
  chains.forEach((ch, c) => {
    const n = ch.points.length;
    const count = ch.closed ? (n >= 2 ? n : 0) : n - 1;
    for (let i = 0; i < count; i++) {
      const a = ch.points[i];
      const b = ch.points[(i + 1) % n];
      out.push({
        chain: c,
        index: i,
        a,
        b,
        minX: Math.min(a[0], b[0]),
        maxX: Math.max(a[0], b[0]),
        minY: Math.min(a[1], b[1]),
        maxY: Math.max(a[1], b[1]),
      });
    }
  });
  return out;
}

function orient(a: XY, b: XY, c: XY): number {
  const v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return v === 0 ? 0 : v > 0 ? 1 : -1;
}

function onSegment(a: XY, b: XY, p: XY): boolean {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

/** Common points of segments ab and cd: none, one crossing/touching point, or the two ends of a collinear overlap. */
function segmentIntersection(a: XY, b: XY, c: XY, d: XY): XY[] {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== 0 && o1 === o2) return [];
  if (o3 !== 0 && o3 === o4) return [];
  if (o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0) {
    // Collinear: the overlap, if any, is bounded by the endpoints that lie on the other segment.
    const ends: XY[] = [];
    for (const p of [a, b]) if (onSegment(c, d, p)) ends.push(p);
    for (const p of [c, d]) if (onSegment(a, b, p)) ends.push(p);
    const unique: XY[] = [];
    for (const p of ends) if (!unique.some((u) => same(u, p))) unique.push(p);
    return unique;
  }
  if (o1 === 0 && onSegment(a, b, c)) return [c];
  if (o2 === 0 && onSegment(a, b, d)) return [d];
  if (o3 === 0 && onSegment(c, d, a)) return [a];
  if (o4 === 0 && onSegment(c, d, b)) return [b];
  if (o1 === 0 || o2 === 0 || o3 === 0 || o4 === 0) return [];
  // Proper crossing.
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  const sx = d[0] - c[0];
  const sy = d[1] - c[1];
  const t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / (rx * sy - ry * sx);
  return [[a[0] + t * rx, a[1] + t * ry]];
}

/** The vertex shared by two neighbouring segments of one chain, or null when they are not neighbours. */
function sharedVertex(s: Segment, t: Segment, chains: Chain[]): XY | null {
  if (s.chain !== t.chain) return null;
  const ch = chains[s.chain];
  const n = ch.points.length;
  if (t.index === s.index + 1) return s.b;
  if (s.index === t.index + 1) return t.b;
  if (ch.closed && n > 2) {
    if (s.index === 0 && t.index === n - 1) return s.a;
    if (t.index === 0 && s.index === n - 1) return t.a;
  }
  return null;
}

/** Points where the chains cross or touch themselves or each other (sort-and-sweep over x). */
function chainIntersections(chains: Chain[]): XY[] {
  const segs = segmentsOf(chains).sort((p, q) => p.minX - q.minX);
  const found: XY[] = [];
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    for (let j = i + 1; j < segs.length; j++) {
      const t = segs[j];
      if (t.minX > s.maxX) break;
      if (t.minY > s.maxY || t.maxY < s.minY) continue;
      const pts = segmentIntersection(s.a, s.b, t.a, t.b);
      if (pts.length === 0) continue;
      const shared = sharedVertex(s, t, chains);
      for (const p of pts) {
        // Neighbouring edges always meet at their common vertex; only a fold-back (overlap) counts.
        if (shared && same(p, shared)) continue;
        found.push(p);
      }
    }
  }
  return found;
}

function dedupe(points: [number, number][]): [number, number][] {
  const seen = new Set<string>();
  const out: [number, number][] = [];
  for (const p of points) {
    const key = `${p[0].toFixed(9)},${p[1].toFixed(9)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}

/** Where a line or polygon feature crosses or touches itself (all rings together); [] for points and clean shapes. */
export function featureSelfIntersections(f: DrawingFeature): [number, number][] {
  const g = f.geometry;
  let chains: Chain[];
  let first: Position | undefined;
  if (g.type === 'LineString') {
    first = g.coordinates[0];
    if (!first) return [];
    const pl = plane(first);
    chains = [chainOf(g.coordinates, pl.to, false)];
    return dedupe(chainIntersections(chains).map(pl.from));
  }
  if (g.type === 'Polygon') {
    first = g.coordinates[0]?.[0];
    if (!first) return [];
    const pl = plane(first);
    chains = g.coordinates.map((ring) => chainOf(ring, pl.to, true));
    return dedupe(chainIntersections(chains).map(pl.from));
  }
  return [];
}

/**
 * Points already found per geometry object, for callers checking many drawings that share
 * geometries (the course import gives a green shared by several holes to each of their drawings).
 * The caller keeps it only while the geometries do not change.
 */
export type IntersectionCache = Map<object, [number, number][]>;

function intersectionsOf(features: DrawingFeature[], cache?: IntersectionCache): Intersection[] {
  const out: Intersection[] = [];
  for (const f of features) {
    let points = cache?.get(f.geometry);
    if (!points) {
      points = featureSelfIntersections(f);
      cache?.set(f.geometry, points);
    }
    if (points.length > 0) out.push({ feature: f.id, element: f.properties.element, points });
  }
  return out;
}

/**
 * Every line or polygon feature of the drawing that crosses or touches itself, with the points
 * (lon/lat) where it does. Polygon rings are checked against each other too (a hole crossing its
 * outer ring); the closing vertex of a ring is not an intersection.
 * Cost: sort-and-sweep over x; a clean 5,000-vertex polygon takes 0.5–12 ms (warm–cold JIT, see status.test.ts).
 */
export function selfIntersections(drawing: Drawing, cache?: IntersectionCache): Intersection[] {
  return intersectionsOf(drawing.features, cache);
}

/** Self-intersections of the 'hole boundary' features only. */
export function boundarySelfIntersections(drawing: Drawing, cache?: IntersectionCache): Intersection[] {
  return intersectionsOf(
    drawing.features.filter((f) => f.properties.element === EL.holeBoundary),
    cache,
  );
}

/** Parameters (0..1) along ab where segment cd meets it. */
export function paramsOn(a: XY, b: XY, c: XY, d: XY): number[] {
  const pts = segmentIntersection(a, b, c, d);
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return [];
  return pts.map((p) => ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2);
}

type PolygonXY = XY[][];

/**
 * Polygons prepared for repeated point-in-polygon tests: a spatial index over the edges of all their
 * rings (each closed by its first point again, as GeoJSON writes it), so a test looks only at the
 * edges a horizontal line through the point meets, and each polygon's box. The tests give what
 * turf's booleanPointInPolygon gives for each polygon as a GeoJSON Polygon with that box (its
 * point-in-polygon-hao arithmetic, robust orientation included), and segment s of the index is
 * `edges[s]`, edge s of `polygonEdges`.
 */
interface Prepared {
  polygons: PolygonXY[];
  edges: [XY, XY][];
  index: SegmentIndex;
  /** Per chain (ring) of the index: its polygon. */
  polygonOf: Uint32Array;
  /** minX, minY, maxX, maxY of each polygon's first ring. */
  boxes: Float64Array;
}

function prepare(polygons: PolygonXY[]): Prepared {
  const chains: XY[][] = [];
  const polygonOf: number[] = [];
  const boxes = new Float64Array(4 * polygons.length);
  polygons.forEach((rings, k) => {
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
    boxes.set([minX, minY, maxX, maxY], 4 * k);
    for (const r of rings) {
      chains.push(r.length === 0 ? [] : [...r, r[0]]);
      polygonOf.push(k);
    }
  });
  return { polygons, edges: polygonEdges(polygons), index: new SegmentIndex(chains), polygonOf: Uint32Array.from(polygonOf), boxes };
}

/** Where a point lies against one polygon, as point-in-polygon-hao tells it. */
const OUTSIDE = 0;
const INSIDE = 1;
const ON_EDGE = 2;

/**
 * Calls `visit` with each polygon whose box holds p and its answer: on an edge of any of its rings
 * (hao's 0), inside (an odd number of crossings over all its rings together) or outside. A polygon
 * no edge of which the horizontal line through p meets is outside and is not visited.
 */
function locate(p: XY, prepared: Prepared, visit: (polygon: number, where: number) => void): void {
  const x = p[0];
  const y = p[1];
  const s = prepared.index.segments;
  const boxes = prepared.boxes;
  // Per polygon met: crossings (bit 0: odd) and whether p is on an edge (bit 1).
  const met = new Map<number, number>();
  // Only an edge with one end on each side of the line, or both on it, is looked at by hao's loop.
  prepared.index.tree.search(-Infinity, y, Infinity, y, UNLIMITED, (i) => {
    const k = prepared.polygonOf[prepared.index.chain[i]];
    if (x < boxes[4 * k] || x > boxes[4 * k + 2] || y < boxes[4 * k + 1] || y > boxes[4 * k + 3]) return;
    const state = met.get(k) ?? 0;
    if (state & 2) return;
    // The edge from contour[ii] to contour[ii + 1], relative to p, as hao computes it.
    const u1 = s[4 * i] - x;
    const v1 = s[4 * i + 1] - y;
    const u2 = s[4 * i + 2] - x;
    const v2 = s[4 * i + 3] - y;
    if (v1 === 0 && v2 === 0) {
      if ((u2 <= 0 && u1 >= 0) || (u1 <= 0 && u2 >= 0)) met.set(k, state | 2);
      else met.set(k, state);
    } else if ((v2 >= 0 && v1 <= 0) || (v2 <= 0 && v1 >= 0)) {
      // hao's exact orientation (robust-predicates): the sign of u2·v1 − u1·v2.
      const f = Math.sign(orient2d(u1, u2, v1, v2, 0, 0));
      if (f === 0) met.set(k, state | 2);
      else if ((f > 0 && v2 > 0 && v1 <= 0) || (f < 0 && v2 <= 0 && v1 > 0)) met.set(k, state ^ 1);
      else met.set(k, state);
    }
  });
  for (const [k, state] of met) visit(k, state & 2 ? ON_EDGE : state & 1 ? INSIDE : OUTSIDE);
}

/** Inside one of the polygons or on its edge (booleanPointInPolygon). */
function insideAny(p: XY, prepared: Prepared): boolean {
  let found = false;
  locate(p, prepared, (_, where) => {
    if (where !== OUTSIDE) found = true;
  });
  return found;
}

/** Strictly inside the one polygon prepared (booleanPointInPolygon with ignoreBoundary). */
function strictlyInside(p: XY, prepared: Prepared): boolean {
  let found = false;
  locate(p, prepared, (_, where) => {
    if (where === INSIDE) found = true;
  });
  return found;
}

/** A point strictly inside a simple ring (the centroid, else a point near a convex corner), or null. */
function interiorPoint(ring: XY[]): XY | null {
  const n = ring.length;
  if (n < 3) return null;
  const prepared = prepare([[ring]]);
  const cx = ring.reduce((s, p) => s + p[0], 0) / n;
  const cy = ring.reduce((s, p) => s + p[1], 0) / n;
  if (strictlyInside([cx, cy], prepared)) return [cx, cy];
  for (let i = 0; i < n; i++) {
    const a = ring[(i + n - 1) % n];
    const b = ring[i];
    const c = ring[(i + 1) % n];
    const p: XY = [b[0] + ((a[0] + c[0]) / 2 - b[0]) * 0.01, b[1] + ((a[1] + c[1]) / 2 - b[1]) * 0.01];
    if (strictlyInside(p, prepared)) return p;
  }
  return null;
}

/** True when the green polygon lies inside the union of the boundary polygons (touching the boundary is inside). */
function polygonWithinUnion(green: PolygonXY, boundaries: Prepared): boolean {
  const outer = green[0];
  if (!outer || outer.length < 3) return true;
  const within = (p: XY) => insideAny(p, boundaries);
  const tree = boundaries.index.tree;
  const edges = boundaries.edges;
  const near: EdgesNear<XY> = (minX, minY, maxX, maxY, visit) => tree.search(minX, minY, maxX, maxY, UNLIMITED, (e) => visit(edges[e][0], edges[e][1]));
  // Split each edge of the green's outer ring where boundary edges meet it: a piece then lies wholly
  // inside or wholly outside, so its midpoint decides; the vertices, closing the pieces, follow.
  for (let i = 0; i < outer.length; i++) if (!segmentWithinNear(outer[i], outer[(i + 1) % outer.length], near, paramsOn, within)) return false;
  // A hole of a boundary lying wholly inside the green leaves part of the green outside.
  let greenPrepared: Prepared | undefined;
  for (const rings of boundaries.polygons) {
    for (const hole of rings.slice(1)) {
      const p = interiorPoint(hole);
      if (!p) continue;
      greenPrepared ??= prepare([green]);
      if (strictlyInside(p, greenPrepared) && !insideAny(p, boundaries)) return false;
    }
  }
  return true;
}

/**
 * True when every 'green' polygon lies inside the union of the 'hole boundary' polygons, false when
 * one does not, null when the drawing has no boundary or no green.
 * Cost: the boundaries' edges are indexed once (SegmentIndex), so a point or an edge piece of a
 * green looks only at the boundary edges near it: a 20,000-vertex boundary with two 20,000-vertex
 * greens takes about 0.1 s (12 s when every piece was tested against every boundary edge).
 */
export function greensWithinBoundary(drawing: Drawing): boolean | null {
  const polygons = (element: string) =>
    drawing.features.filter((f) => f.properties.element === element && f.geometry.type === 'Polygon' && f.geometry.coordinates[0]?.length);
  const greens = polygons(EL.green);
  const boundaries = polygons(EL.holeBoundary);
  if (greens.length === 0 || boundaries.length === 0) return null;
  const first = (greens[0].geometry.coordinates as Position[][])[0][0];
  const pl = plane(first);
  const toRings = (f: DrawingFeature): PolygonXY =>
    (f.geometry.coordinates as Position[][]).map((ring) => chainOf(ring, pl.to, true).points).filter((r) => r.length >= 3);
  const boundaryXY = boundaries.map(toRings).filter((r) => r.length > 0);
  if (boundaryXY.length === 0) return null;
  const prepared = prepare(boundaryXY);
  return greens.every((g) => polygonWithinUnion(toRings(g), prepared));
}

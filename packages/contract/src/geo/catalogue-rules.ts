import type { Drawing, DrawingFeature } from '../api/drawings';
import type { GeometryType } from '../api/graphics';
import { drawingProblemMessage, type CodedDrawingProblem, type DrawingProblemCode } from './drawing-problems';
import { polygonArea, type Position } from './measure';
import { polygonEdges, segmentWithinNear, type EdgesNear, type PointLike } from './planar';
import { SegmentIndex, UNLIMITED } from './segment-index';
import { featureSelfIntersections } from './status';

/**
 * The graphics catalogue's rules of an element type (issue 26): every drawing is checked against
 * them — by the hole editor's save, the course import and the mismatches — so a change made in
 * /admin/elements is seen by all three.
 */
export interface ElementRule {
  name: string;
  geometryType: GeometryType;
  /** Attribute names a drawn element of this type must carry (properties.attributes, not empty). */
  requiredAttributes: readonly string[];
  /** The element name (e.g. 'hole boundary') whose polygons this element must lie inside; null: anywhere. */
  mustLieInside: string | null;
  /** Plausible area in m² (polygons); null: no bound. */
  minAreaM2: number | null;
  maxAreaM2: number | null;
}

export type RuleBreachKind = 'requiredAttribute' | 'mustLieInside' | 'areaTooSmall' | 'areaTooLarge';

/** One broken rule of one drawn element. */
export interface RuleBreach {
  featureId: string;
  element: string;
  rule: RuleBreachKind;
  params: Record<string, string | number>;
}

/** The outline positions of a feature: the point, the line, or every ring of the polygon. */
function outlinesOf(f: DrawingFeature): Position[][] {
  const g = f.geometry;
  if (g.type === 'Point') return [[g.coordinates]];
  if (g.type === 'LineString') return [g.coordinates];
  return g.coordinates;
}

type Rings = readonly (readonly PointLike[])[];

/** Parameters (0..1) along ab where segment cd meets it (its end points when they overlap on one line). */
function crossingsOn(a: PointLike, b: PointLike, c: PointLike, d: PointLike): number[] {
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  const sx = d[0] - c[0];
  const sy = d[1] - c[1];
  const denom = rx * sy - ry * sx;
  const qx = c[0] - a[0];
  const qy = c[1] - a[1];
  if (denom === 0) {
    // Parallel: on one line only when c lies on ab's line; then c and d project onto ab.
    if (qx * ry - qy * rx !== 0) return [];
    const len2 = rx * rx + ry * ry;
    if (len2 === 0) return [];
    return [(qx * rx + qy * ry) / len2, ((d[0] - a[0]) * rx + (d[1] - a[1]) * ry) / len2].filter((t) => t > 0 && t < 1);
  }
  const t = (qx * sy - qy * sx) / denom;
  const u = (qx * ry - qy * rx) / denom;
  return t > 0 && t < 1 && u >= 0 && u <= 1 ? [t] : [];
}

/**
 * Polygons with a spatial index over the edges of all their rings, for many point and segment tests:
 * each ring is a chain of the index closed by its first point again (as `pointInRing` and `onRing`
 * go round it, a GeoJSON ring's own closing point adding an edge of no length), so segment s of the
 * index is `edges[s]`, edge s of `polygonEdges`.
 */
interface IndexedPolygons {
  polygons: readonly Rings[];
  edges: [PointLike, PointLike][];
  index: SegmentIndex;
  /** Per chain (ring) of the index: its polygon, and 1 for an outer ring (the polygon's first). */
  polygonOf: Uint32Array;
  outer: Uint8Array;
}

function indexPolygons(polygons: readonly Rings[]): IndexedPolygons {
  const chains: number[][][] = [];
  const polygonOf: number[] = [];
  const outer: number[] = [];
  polygons.forEach((rings, k) =>
    rings.forEach((ring, r) => {
      chains.push(ring.length === 0 ? [] : [...ring, ring[0]].map((p) => [p[0], p[1]]));
      polygonOf.push(k);
      outer.push(r === 0 ? 1 : 0);
    }),
  );
  return {
    polygons,
    edges: polygonEdges<PointLike>(polygons),
    index: new SegmentIndex(chains),
    polygonOf: Uint32Array.from(polygonOf),
    outer: Uint8Array.from(outer),
  };
}

/**
 * Inside one of the polygons by `pointInPolygon` (planar.ts): its outer ring crossed an odd number of
 * times by the ray to +x as `pointInRing` tests an edge, and none of its holes. Every edge the
 * horizontal line through p meets is tested with that arithmetic, so the answer is pointInPolygon's.
 */
function inAnyPolygon(p: PointLike, set: IndexedPolygons): boolean {
  const px = p[0];
  const py = p[1];
  const s = set.index.segments;
  const crossed: number[] = [];
  set.index.tree.search(-Infinity, py, Infinity, py, UNLIMITED, (i) => {
    // Segment i runs from ring[j] (a) to ring[i] (b) in pointInRing's names.
    const ax = s[4 * i];
    const ay = s[4 * i + 1];
    const bx = s[4 * i + 2];
    const by = s[4 * i + 3];
    if (by > py !== ay > py && px < ((ax - bx) * (py - by)) / (ay - by) + bx) crossed.push(set.index.chain[i]);
  });
  if (crossed.length === 0) return false;
  crossed.sort((x, y) => x - y);
  const candidates: number[] = [];
  const excluded = new Set<number>();
  for (let i = 0; i < crossed.length; ) {
    let j = i;
    while (j < crossed.length && crossed[j] === crossed[i]) j++;
    if ((j - i) % 2 === 1) {
      const polygon = set.polygonOf[crossed[i]];
      if (set.outer[crossed[i]] === 1) candidates.push(polygon);
      else excluded.add(polygon);
    }
    i = j;
  }
  return candidates.some((polygon) => !excluded.has(polygon));
}

/** True when segment ab passes onRing's test of p: on its line within 1e-12 (relative to its length) and in its box grown by 1e-12. */
function onEdge(px: number, py: number, ax: number, ay: number, bx: number, by: number): boolean {
  const cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
  const scale = Math.max(Math.abs(bx - ax), Math.abs(by - ay), 1e-12);
  if (Math.abs(cross) / scale > 1e-12) return false;
  return px >= Math.min(ax, bx) - 1e-12 && px <= Math.max(ax, bx) + 1e-12 && py >= Math.min(ay, by) - 1e-12 && py <= Math.max(ay, by) + 1e-12;
}

/**
 * On an edge of one of the polygons (onRing's test). Only an edge whose box grown by 1e-12 holds p
 * can pass, so the index is asked for the box around p grown a little more (for the rounding of
 * `min − 1e-12` at the coordinates' magnitude) and each edge it hands on is tested.
 */
function onAnyEdge(p: PointLike, set: IndexedPolygons): boolean {
  const px = p[0];
  const py = p[1];
  const mx = 2e-12 + 1e-15 * Math.abs(px);
  const my = 2e-12 + 1e-15 * Math.abs(py);
  const s = set.index.segments;
  let found = false;
  set.index.tree.search(px - mx, py - my, px + mx, py + my, UNLIMITED, (i) => {
    if (!found && onEdge(px, py, s[4 * i], s[4 * i + 1], s[4 * i + 2], s[4 * i + 3])) found = true;
  });
  return found;
}

/** Within the union of the polygons: inside one of them, or on one's edge. */
function inUnion(p: PointLike, set: IndexedPolygons): boolean {
  return onAnyEdge(p, set) || inAnyPolygon(p, set);
}

/**
 * True when the feature lies within the union of the container polygons (touching their edges is
 * within): every position inside, and every edge too: an edge is split where the containers' edges
 * meet it, each piece then lies wholly inside or outside, so its midpoint decides (a concave
 * container or one with a hole may leave an edge outside between two inside positions). A hole of a
 * container lying wholly inside a polygon feature leaves that part of the feature outside.
 */
export function featureWithin(f: DrawingFeature, containers: readonly Rings[]): boolean {
  return featureWithinIndexed(f, indexPolygons(containers));
}

/**
 * featureWithin over containers indexed once (a spatial index over their edges): a point, an edge
 * piece or a hole costs about the logarithm of the containers' size instead of all of it.
 */
function featureWithinIndexed(f: DrawingFeature, containers: IndexedPolygons): boolean {
  const outlines = outlinesOf(f);
  const within = (p: PointLike) => inUnion(p, containers);
  const tree = containers.index.tree;
  const edges = containers.edges;
  const near: EdgesNear<PointLike> = (minX, minY, maxX, maxY, visit) => tree.search(minX, minY, maxX, maxY, UNLIMITED, (s) => visit(edges[s][0], edges[s][1]));
  for (const line of outlines) {
    for (const p of line) if (!within(p)) return false;
    const closed = f.geometry.type === 'Polygon';
    const segments = closed ? line.length : line.length - 1;
    for (let i = 0; i < segments; i++) if (!segmentWithinNear<PointLike>(line[i], line[(i + 1) % line.length], near, crossingsOn, within, 1e-12)) return false;
  }
  if (f.geometry.type === 'Polygon') {
    const rings = f.geometry.coordinates;
    // The feature's own rings indexed only when a container has a hole to test against it.
    let feature: IndexedPolygons | undefined;
    for (const container of containers.polygons) {
      for (const hole of container.slice(1)) {
        const p = hole[0];
        if (!p) continue;
        // A point just inside the container's hole, near its first vertex.
        const q = hole[Math.floor(hole.length / 2)] ?? p;
        const mid = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
        if (inUnion(mid, containers)) continue;
        feature ??= indexPolygons([rings]);
        if (inAnyPolygon(mid, feature)) return false;
      }
    }
  }
  return true;
}

/**
 * The catalogue rules the drawing breaks: one breach per rule per feature, [] when it keeps them.
 * Elements without a rule (not in `rules`) are left to `validateDrawing`. 'Must lie inside' is
 * judged only when the drawing has a polygon of the container element: the feature must lie within
 * the union of those polygons, edges included (featureWithin; planar in longitude/latitude, within
 * centimetres at a hole's size). Areas are geodesic m², rounded to whole m², judged only for a
 * polygon that does not cross itself.
 * Cost: each container element's polygons are indexed once per call (SegmentIndex over their
 * edges): a drawing at the limits (five 20,000-vertex polygons) takes about 0.3–0.5 s, where testing
 * every position against every container edge took minutes.
 */
export function catalogueRuleBreaches(drawing: Drawing, rules: ReadonlyMap<string, ElementRule>): RuleBreach[] {
  const breaches: RuleBreach[] = [];
  // The polygons of each container element, indexed once for all the features that must lie inside them.
  const containers = new Map<string, IndexedPolygons>();
  const containerOf = (name: string) => {
    let found = containers.get(name);
    if (!found) {
      found = indexPolygons(
        drawing.features.flatMap((f) =>
          f.properties.element === name && f.geometry.type === 'Polygon' && (f.geometry.coordinates[0]?.length ?? 0) >= 3 ? [f.geometry.coordinates] : [],
        ),
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
    // A polygon crossing itself has no meaningful area (its parts cancel): the status checks report it.
    if (f.geometry.type === 'Polygon' && (rule.minAreaM2 !== null || rule.maxAreaM2 !== null) && featureSelfIntersections(f).length === 0) {
      const area = Math.round(polygonArea(f.geometry.coordinates));
      if (rule.minAreaM2 !== null && area < rule.minAreaM2) breaches.push({ ...at, rule: 'areaTooSmall', params: { area, min: rule.minAreaM2 } });
      if (rule.maxAreaM2 !== null && area > rule.maxAreaM2) breaches.push({ ...at, rule: 'areaTooLarge', params: { area, max: rule.maxAreaM2 } });
    }
    if (rule.mustLieInside && rule.mustLieInside !== rule.name) {
      const polygons = containerOf(rule.mustLieInside);
      if (polygons.polygons.length > 0 && !featureWithinIndexed(f, polygons)) breaches.push({ ...at, rule: 'mustLieInside', params: { container: rule.mustLieInside } });
    }
  }
  return breaches;
}

/** The code of each kind of breach (DRAWING_PROBLEMS). */
const BREACH_CODES = {
  requiredAttribute: 'drawings.problem.requiredAttribute',
  mustLieInside: 'drawings.problem.mustLieInside',
  areaTooSmall: 'drawings.problem.areaTooSmall',
  areaTooLarge: 'drawings.problem.areaTooLarge',
} as const satisfies Record<RuleBreachKind, DrawingProblemCode>;

/**
 * A breach as a drawing problem, as validateDrawing's are written ("Green 'g1': …"): its code
 * with the element, the feature and the rule's values as parameters, and its English message.
 */
export function breachProblem(b: RuleBreach): CodedDrawingProblem {
  const code = BREACH_CODES[b.rule];
  const params = { ...b.params, element: b.element, feature: b.featureId };
  return { feature: b.featureId, code, params, message: drawingProblemMessage(code, params) };
}

/**
 * A breach in words, as drawing problems are written (validateDrawing: "Green 'g1': …"), naming
 * the feature and the catalogue's rule (English: breachProblem's message).
 */
export function describeBreach(b: RuleBreach): string {
  return breachProblem(b).message;
}

import type { Drawing, DrawingFeature } from '../api/drawings';
import type { GeometryType } from '../api/graphics';
import { polygonArea, type Position } from './measure';
import { pointInPolygon, polygonEdges, segmentWithin, type PointLike } from './planar';
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

/** Within the union of the polygons: inside one of them, or on one's edge. */
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

/**
 * True when the feature lies within the union of the container polygons (touching their edges is
 * within): every position inside, and every edge too: an edge is split where the containers' edges
 * meet it, each piece then lies wholly inside or outside, so its midpoint decides (a concave
 * container or one with a hole may leave an edge outside between two inside positions). A hole of a
 * container lying wholly inside a polygon feature leaves that part of the feature outside.
 */
export function featureWithin(f: DrawingFeature, containers: readonly Rings[]): boolean {
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
        // A point just inside the container's hole, near its first vertex.
        const q = hole[Math.floor(hole.length / 2)] ?? p;
        const mid = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
        if (pointInPolygon(mid, rings) && !inUnion(mid, containers)) return false;
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
 */
export function catalogueRuleBreaches(drawing: Drawing, rules: ReadonlyMap<string, ElementRule>): RuleBreach[] {
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
    // A polygon crossing itself has no meaningful area (its parts cancel): the status checks report it.
    if (f.geometry.type === 'Polygon' && (rule.minAreaM2 !== null || rule.maxAreaM2 !== null) && featureSelfIntersections(f).length === 0) {
      const area = Math.round(polygonArea(f.geometry.coordinates));
      if (rule.minAreaM2 !== null && area < rule.minAreaM2) breaches.push({ ...at, rule: 'areaTooSmall', params: { area, min: rule.minAreaM2 } });
      if (rule.maxAreaM2 !== null && area > rule.maxAreaM2) breaches.push({ ...at, rule: 'areaTooLarge', params: { area, max: rule.maxAreaM2 } });
    }
    if (rule.mustLieInside && rule.mustLieInside !== rule.name) {
      const polygons = containerOf(rule.mustLieInside);
      if (polygons.length > 0 && !featureWithin(f, polygons)) breaches.push({ ...at, rule: 'mustLieInside', params: { container: rule.mustLieInside } });
    }
  }
  return breaches;
}

function capitalise(s: string): string {
  return s.length === 0 ? s : s[0].toUpperCase() + s.slice(1);
}

/**
 * A breach in words, as drawing problems are written (validateDrawing: "Green 'g1': …"), naming
 * the feature and the catalogue's rule.
 */
export function describeBreach(b: RuleBreach): string {
  const name = `${capitalise(b.element)} '${b.featureId}'`;
  switch (b.rule) {
    case 'requiredAttribute':
      return `${name}: the graphics catalogue requires the attribute '${b.params.attribute}'`;
    case 'mustLieInside':
      return `${name}: the graphics catalogue requires it to lie inside the ${b.params.container}`;
    case 'areaTooSmall':
      return `${name}: covers ${b.params.area} m², less than the graphics catalogue's smallest ${b.element} (${b.params.min} m²)`;
    case 'areaTooLarge':
      return `${name}: covers ${b.params.area} m², more than the graphics catalogue's largest ${b.element} (${b.params.max} m²)`;
  }
}

import type { Feature, FeatureCollection, GeoJsonProperties, Geometry } from 'geojson';
import type { ImportedHole, ImportPlan } from '@golf/contract/api/course-import';
import type { DrawingFeature, DrawingGeometry } from '@golf/contract/api/drawings';
import { EL } from '@golf/contract/graphics-catalogue';
import { lineLength, polygonArea } from '@golf/contract/geo/measure';
import { localPlane, pointInPolygon, signedRingArea, type LocalPlane } from '@golf/contract/geo/planar';

/**
 * Course import (§2 import): reads a GeoJSON FeatureCollection with OpenStreetMap golf tags
 * (golf=hole lines with ref and par, golf=tee/green/fairway/bunker/..., natural=water,
 * leisure=golf_course) and plans one drawing per hole. Features without `ref` are given to holes
 * by position: the green holding the end of a hole line, the tee holding its start, everything
 * else to the nearest hole line. Nothing is stored here; the server creates the course from the plan.
 */

export const OSM_ATTRIBUTION = '© OpenStreetMap contributors, ODbL';

/** The 400 message of an import file without holes. */
export const NO_HOLES_MESSAGE = 'No holes found: the file has no golf=hole lines with a ref';

/** Matching distances in metres. */
export const IMPORT_MATCHING = {
  /** A green this close to the end of a hole line is the hole's green when none holds the end. */
  greenToLineEnd: 30,
  /** A tee this close to the start of a hole line is the hole's first tee when none holds the start. */
  teeToLineStart: 15,
  /** Other features go to the nearest hole line within this distance, else they stay unmatched. */
  nearestHole: 120,
  /** How far the last leg of a play line that stops short of its green is extended to find the T-point. */
  tPointExtension: 60,
} as const;

/** Areas (m²) beyond which a feature cannot be what it is tagged as; such features are skipped. */
export const MAX_ELEMENT_AREA: Partial<Record<string, number>> = {
  [EL.tee]: 10_000,
  [EL.green]: 15_000,
  [EL.bunker]: 20_000,
  [EL.fairway]: 200_000,
};

type XY = [number, number];
type Ring = number[][];

interface Part {
  id: string;
  element: string;
  geometry: DrawingGeometry;
  /** `ref` of fairways and pins, when it is a whole number. */
  ref: number | null;
  /** The same geometry in local metres: points, a line, or polygon rings (outer first). */
  local: XY[][];
  centre: XY;
}

interface HoleLine {
  id: string;
  ref: number;
  name: string;
  par: number;
  handicap: number | null;
  coordinates: number[][];
  local: XY[];
  bbox: [number, number, number, number];
}

/** Elements in drawing order (bottom to top); features are listed in this order in each drawing. */
const DRAWING_ORDER: string[] = [
  EL.rough, EL.trees, EL.fairway, EL.water, EL.lateralWater, EL.tee, EL.green, EL.bunker, EL.path, EL.cartPath, EL.tree,
  EL.playLine, EL.tPoint,
];

const POLYGON_ELEMENTS = new Set<string>([
  EL.tee, EL.green, EL.fairway, EL.bunker, EL.water, EL.lateralWater, EL.rough, EL.trees,
]);
const LINE_ELEMENTS = new Set<string>([EL.path, EL.cartPath]);

/** Element name of a feature from its OSM tags; null when the import does not use it. */
export function elementOfTags(tags: Record<string, unknown>): string | null {
  const golf = tags.golf;
  switch (golf) {
    case 'tee':
      return EL.tee;
    case 'green':
      return EL.green;
    case 'fairway':
      return EL.fairway;
    case 'bunker':
      return EL.bunker;
    case 'water_hazard':
      return EL.water;
    case 'lateral_water_hazard':
      return EL.lateralWater;
    case 'rough':
      return EL.rough;
    case 'cartpath':
      return EL.cartPath;
    case 'path':
      return EL.path;
    case 'pin':
      return EL.pinPosition;
  }
  if (tags.natural === 'water') return EL.water;
  if (tags.natural === 'wood' || tags.landuse === 'forest' || tags.natural === 'tree_row') return EL.trees;
  if (tags.natural === 'tree') return EL.tree;
  return null;
}

/** Plans the import of a GeoJSON FeatureCollection; `name` overrides the course name of the file. */
export function planImport(input: FeatureCollection<Geometry | null, GeoJsonProperties>, options: { name?: string } = {}): ImportPlan {
  const warnings: string[] = [];
  const features = Array.isArray(input?.features) ? input.features : [];
  const usedIds = new Set<string>();
  let osm = typeof (input as { generator?: unknown }).generator === 'string';

  const rawHoles: { id: string; tags: Record<string, unknown>; coordinates: number[][] }[] = [];
  const rawParts: { id: string; element: string; tags: Record<string, unknown>; geometry: Geometry }[] = [];
  const boundaries: { id: string; name: string | null; rings: Ring[] }[] = [];
  const ignored = new Map<string, number>();
  let broken = 0;

  features.forEach((feature, index) => {
    if (!feature || feature.type !== 'Feature' || !feature.geometry) {
      broken += 1;
      return;
    }
    const tags = tagsOf(feature);
    if (tags.osm_type !== undefined || tags.osm_id !== undefined || /^(node|way|relation)\/\d+$/.test(String(feature.id ?? ''))) osm = true;
    const id = uniqueId(featureId(feature, tags, index), usedIds);
    const geometry = feature.geometry;
    if (tags.golf === 'hole') {
      const lines = lineParts(geometry);
      if (lines.length === 0) {
        warnings.push(`Hole line ${id} is not a line and was left out.`);
        return;
      }
      rawHoles.push({ id, tags, coordinates: lines[0] });
      return;
    }
    if (tags.leisure === 'golf_course') {
      const polys = polygonParts(geometry);
      if (polys.length > 0) boundaries.push({ id, name: typeof tags.name === 'string' ? tags.name : null, rings: largest(polys) });
      return;
    }
    const element = elementOfTags(tags);
    if (!element) {
      const key = describeTags(tags);
      ignored.set(key, (ignored.get(key) ?? 0) + 1);
      return;
    }
    rawParts.push({ id, element, tags, geometry });
  });
  if (broken > 0) warnings.push(`${broken} feature(s) without geometry were left out.`);

  // The local plane: centred on the hole lines (or the first usable position).
  const originSource = rawHoles[0]?.coordinates[0] ?? firstPosition(rawParts.map((p) => p.geometry)) ?? [0, 0];
  const plane = localPlane(originSource);

  const holes = readHoles(rawHoles, plane, warnings);

  // Turn every other feature into parts of the drawing's geometry types.
  const parts: Part[] = [];
  const pins: Part[] = [];
  for (const raw of rawParts) {
    for (const part of toParts(raw, plane, warnings)) {
      if (part.element === EL.pinPosition) pins.push(part);
      else parts.push(part);
    }
  }

  // Assign: greens holding the line end, tees holding the line start, then everything else.
  const assigned = new Map<Part, Set<HoleLine>>();
  const give = (part: Part, hole: HoleLine) => {
    const set = assigned.get(part) ?? new Set<HoleLine>();
    set.add(hole);
    assigned.set(part, set);
  };
  const greens = parts.filter((p) => p.element === EL.green);
  const tees = parts.filter((p) => p.element === EL.tee);
  const holeGreen = new Map<HoleLine, Part>();
  for (const hole of holes) {
    const end = hole.local[hole.local.length - 1];
    const green = containing(greens, end) ?? nearestWithin(greens, end, IMPORT_MATCHING.greenToLineEnd);
    if (green) {
      holeGreen.set(hole, green);
      give(green, hole);
    } else {
      warnings.push(`Hole ${hole.ref}: no green holds the end of its line or lies within ${IMPORT_MATCHING.greenToLineEnd} m of it.`);
    }
    const start = hole.local[0];
    const tee = containing(tees, start) ?? nearestWithin(tees, start, IMPORT_MATCHING.teeToLineStart);
    if (tee) give(tee, hole);
    else warnings.push(`Hole ${hole.ref}: no tee holds the start of its line or lies within ${IMPORT_MATCHING.teeToLineStart} m of it.`);
  }
  const byRef = new Map(holes.map((h) => [h.ref, h]));
  const unmatched: Record<string, number> = {};
  for (const part of parts) {
    if (assigned.has(part)) continue;
    if (part.element === EL.green) {
      unmatched[part.element] = (unmatched[part.element] ?? 0) + 1;
      continue;
    }
    const hole = (part.ref !== null ? byRef.get(part.ref) : undefined) ?? nearestHole(holes, part);
    if (hole) give(part, hole);
    else unmatched[part.element] = (unmatched[part.element] ?? 0) + 1;
  }

  // Pins are not drawn; they are counted for the hole whose ref they carry or whose green holds them.
  const pinCounts = new Map<HoleLine, number>();
  for (const pin of pins) {
    const point = pin.local[0][0];
    const hole =
      (pin.ref !== null ? byRef.get(pin.ref) : undefined) ??
      holes.find((h) => {
        const green = holeGreen.get(h);
        return green ? pointInPolygon(point, green.local) : false;
      });
    if (hole) pinCounts.set(hole, (pinCounts.get(hole) ?? 0) + 1);
    else unmatched[EL.pinPosition] = (unmatched[EL.pinPosition] ?? 0) + 1;
  }

  const planned: ImportedHole[] = holes.map((hole) => {
    const mine = parts.filter((p) => assigned.get(p)?.has(hole));
    const counts: Record<string, number> = {};
    const drawn: DrawingFeature[] = mine.map((p) => {
      counts[p.element] = (counts[p.element] ?? 0) + 1;
      return { type: 'Feature', id: p.id, geometry: p.geometry, properties: { element: p.element } };
    });
    drawn.push({ type: 'Feature', id: hole.id, geometry: { type: 'LineString', coordinates: hole.coordinates }, properties: { element: EL.playLine } });
    counts[EL.playLine] = 1;
    const pinCount = pinCounts.get(hole);
    if (pinCount) counts[EL.pinPosition] = pinCount;
    const green = holeGreen.get(hole);
    if (green) {
      const t = tPoint(hole.local, green.local);
      if (t) {
        drawn.push({ type: 'Feature', id: uniqueId(`${hole.id}/t-point`, usedIds), geometry: { type: 'Point', coordinates: plane.inverse(t) }, properties: { element: EL.tPoint } });
      } else {
        warnings.push(`Hole ${hole.ref}: its line does not reach its green, so it has no T-point.`);
      }
    }
    drawn.sort((a, b) => DRAWING_ORDER.indexOf(a.properties.element) - DRAWING_ORDER.indexOf(b.properties.element));
    return { ref: hole.ref, name: hole.name, par: hole.par, handicap: hole.handicap, drawing: { type: 'FeatureCollection', features: drawn }, counts };
  });

  let boundary: ImportPlan['boundary'] = null;
  let boundaryName: string | null = null;
  if (boundaries.length > 0) {
    if (boundaries.length > 1) warnings.push(`The file has ${boundaries.length} leisure=golf_course areas; the largest is the course boundary.`);
    const main = boundaries.reduce((a, b) => (polygonArea(b.rings) > polygonArea(a.rings) ? b : a));
    boundary = { type: 'Polygon', coordinates: main.rings };
    boundaryName = main.name;
  }
  if (ignored.size > 0) {
    const list = [...ignored].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} (${n})`).join(', ');
    warnings.push(`Left out features the import does not draw: ${list}.`);
  }

  return {
    name: options.name?.trim() || boundaryName?.trim() || 'Imported course',
    holes: planned,
    unmatched,
    boundary,
    warnings,
    attribution: osm ? OSM_ATTRIBUTION : null,
  };
}

/* Reading features ------------------------------------------------------------------------- */

/** OSM tags of a feature: flat properties, or the `tags` object osmtogeojson writes by default. */
function tagsOf(feature: Feature<Geometry | null, GeoJsonProperties>): Record<string, unknown> {
  const props = (feature.properties ?? {}) as Record<string, unknown>;
  const nested = props.tags && typeof props.tags === 'object' ? (props.tags as Record<string, unknown>) : {};
  return { ...props, ...nested };
}

function featureId(feature: Feature<Geometry | null, GeoJsonProperties>, tags: Record<string, unknown>, index: number): string {
  if (typeof feature.id === 'string' && feature.id.trim()) return feature.id.trim().slice(0, 90);
  if (typeof feature.id === 'number') return String(feature.id);
  if ((tags.osm_type === 'node' || tags.osm_type === 'way' || tags.osm_type === 'relation') && tags.osm_id !== undefined) {
    return `${tags.osm_type}/${String(tags.osm_id)}`.slice(0, 90);
  }
  if (typeof tags.id === 'string' && tags.id.trim()) return tags.id.trim().slice(0, 90);
  return `feature/${index + 1}`;
}

function uniqueId(id: string, used: Set<string>): string {
  let candidate = id;
  for (let n = 2; used.has(candidate); n++) candidate = `${id}#${n}`;
  used.add(candidate);
  return candidate;
}

function describeTags(tags: Record<string, unknown>): string {
  for (const key of ['golf', 'natural', 'landuse', 'leisure', 'building', 'highway', 'amenity']) {
    if (typeof tags[key] === 'string') return `${key}=${tags[key] as string}`;
  }
  return 'untagged';
}

function validPosition(p: unknown): p is number[] {
  return (
    Array.isArray(p) &&
    p.length >= 2 &&
    typeof p[0] === 'number' &&
    typeof p[1] === 'number' &&
    Number.isFinite(p[0]) &&
    Number.isFinite(p[1]) &&
    p[0] >= -180 &&
    p[0] <= 180 &&
    p[1] >= -90 &&
    p[1] <= 90
  );
}

/** Positions reduced to [lon, lat] with repeated neighbours removed; null when one is not a position. */
function cleanPositions(list: unknown): number[][] | null {
  if (!Array.isArray(list)) return null;
  const out: number[][] = [];
  for (const p of list) {
    if (!validPosition(p)) return null;
    const prev = out[out.length - 1];
    if (prev && prev[0] === p[0] && prev[1] === p[1]) continue;
    out.push([p[0], p[1]]);
  }
  return out;
}

/**
 * The coordinates of a single geometry as a one-element list and those of its Multi* form as they
 * are; [] for other types or when a Multi* has no list (a file is not trusted to follow RFC 7946).
 */
function partsOf(g: Geometry, single: Geometry['type'], multi: Geometry['type']): unknown[] {
  const coordinates: unknown = (g as { coordinates?: unknown }).coordinates;
  if (g.type === single) return [coordinates];
  return g.type === multi && Array.isArray(coordinates) ? coordinates : [];
}

function lineParts(g: Geometry): number[][][] {
  return partsOf(g, 'LineString', 'MultiLineString')
    .map(cleanPositions)
    .filter((l): l is number[][] => l !== null && l.length >= 2);
}

/** Closed rings with at least 3 corners; null when the ring is unusable. */
function cleanRing(list: unknown): Ring | null {
  const ring = cleanPositions(list);
  if (!ring || ring.length < 3) return null;
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
  if (new Set(ring.slice(0, -1).map((p) => `${p[0]},${p[1]}`)).size < 3) return null;
  return ring;
}

/** Polygons (outer ring first) of a geometry, rings closed and wound as RFC 7946 asks. */
function polygonParts(g: Geometry): Ring[][] {
  const out: Ring[][] = [];
  for (const poly of partsOf(g, 'Polygon', 'MultiPolygon')) {
    if (!Array.isArray(poly)) continue;
    const outer = cleanRing(poly[0]);
    if (!outer) continue;
    const inner = poly.slice(1).map(cleanRing).filter((r): r is Ring => r !== null);
    out.push([wind(outer, true), ...inner.map((r) => wind(r, false))]);
  }
  return out;
}

function largest(polys: Ring[][]): Ring[] {
  return polys.reduce((a, b) => (polygonArea(b) > polygonArea(a) ? b : a));
}

/** Twice the signed area in degrees²; positive when counter-clockwise. */
function signedArea(ring: Ring): number {
  let s = 0;
  for (let i = 0; i + 1 < ring.length; i++) s += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return s;
}

/** The ring counter-clockwise (outer) or clockwise (inner), per RFC 7946. */
function wind(ring: Ring, counterClockwise: boolean): Ring {
  return signedArea(ring) > 0 === counterClockwise ? ring : [...ring].reverse();
}

function firstPosition(geometries: Geometry[]): number[] | null {
  for (const g of geometries) {
    const lines = lineParts(g);
    if (lines.length) return lines[0][0];
    const polys = polygonParts(g);
    if (polys.length) return polys[0][0][0];
    if (g.type === 'Point' && validPosition(g.coordinates)) return g.coordinates;
  }
  return null;
}

function readHoles(raw: { id: string; tags: Record<string, unknown>; coordinates: number[][] }[], plane: LocalPlane, warnings: string[]): HoleLine[] {
  const holes: HoleLine[] = [];
  const seen = new Set<number>();
  for (const r of raw) {
    const ref = wholeNumber(r.tags.ref);
    if (ref === null || ref < 1) {
      warnings.push(`Hole line ${r.id} has no ref (hole number) and was left out.`);
      continue;
    }
    if (seen.has(ref)) {
      warnings.push(`Hole ${ref} appears more than once; ${r.id} was left out.`);
      continue;
    }
    seen.add(ref);
    const length = lineLength(r.coordinates);
    let par = wholeNumber(r.tags.par);
    if (par === null || par < 3 || par > 7) {
      const guess = length <= 230 ? 3 : length <= 430 ? 4 : 5;
      warnings.push(
        par === null
          ? `Hole ${ref} has no par; ${guess} was taken from its length (${Math.round(length)} m).`
          : `Hole ${ref} has par ${par}, outside 3–7; ${guess} was taken from its length (${Math.round(length)} m).`,
      );
      par = guess;
    }
    let handicap = wholeNumber(r.tags.handicap);
    if (handicap !== null && (handicap < 1 || handicap > 27)) {
      warnings.push(`Hole ${ref} has handicap ${handicap}, outside 1–27; it was left empty.`);
      handicap = null;
    }
    const local = r.coordinates.map((p) => plane.forward(p));
    holes.push({
      id: r.id,
      ref,
      name: typeof r.tags.name === 'string' ? r.tags.name.trim().slice(0, 100) : '',
      par,
      handicap,
      coordinates: r.coordinates,
      local,
      bbox: bboxOf(local),
    });
  }
  holes.sort((a, b) => a.ref - b.ref);
  const handicaps = new Set<number>();
  for (const h of holes) {
    if (h.handicap === null) continue;
    if (handicaps.has(h.handicap)) {
      warnings.push(`Hole ${h.ref} has handicap ${h.handicap}, which an earlier hole has too; it was left empty.`);
      h.handicap = null;
    } else handicaps.add(h.handicap);
  }
  return holes;
}

function wholeNumber(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v)) return Number.parseInt(v, 10);
  return null;
}

function toParts(raw: { id: string; element: string; tags: Record<string, unknown>; geometry: Geometry }, plane: LocalPlane, warnings: string[]): Part[] {
  const { element, geometry } = raw;
  const ref = wholeNumber(raw.tags.ref);
  const out: Part[] = [];
  const suffix = (i: number) => (i === 0 ? raw.id : `${raw.id}#${i + 1}`);
  if (element === EL.pinPosition || element === EL.tree) {
    const points = partsOf(geometry, 'Point', 'MultiPoint');
    points.filter(validPosition).forEach((p, i) => {
      const xy = plane.forward(p);
      out.push({ id: suffix(i), element, geometry: { type: 'Point', coordinates: [p[0], p[1]] }, ref, local: [[xy]], centre: xy });
    });
  } else if (LINE_ELEMENTS.has(element)) {
    let lines = lineParts(geometry);
    // A closed path way may have come through a converter as an area.
    if (lines.length === 0) lines = polygonParts(geometry).map((rings) => rings[0]);
    lines.forEach((line, i) => {
      const local = line.map((p) => plane.forward(p));
      out.push({ id: suffix(i), element, geometry: { type: 'LineString', coordinates: line }, ref, local: [local], centre: local[Math.floor(local.length / 2)] });
    });
  } else if (POLYGON_ELEMENTS.has(element)) {
    let polys = polygonParts(geometry);
    if (polys.length === 0 && element === EL.trees) {
      polys = lineParts(geometry).map((line) => [wind(bufferLine(line, plane, 4), true)]);
    }
    polys.forEach((rings, i) => {
      const id = suffix(i);
      const max = MAX_ELEMENT_AREA[element];
      if (max !== undefined) {
        const area = polygonArea(rings);
        if (area > max) {
          warnings.push(`${capitalise(element)} ${id} covers ${formatArea(area)}, too large for a ${element}; it was left out (probably mistagged).`);
          return;
        }
      }
      const local = rings.map((r) => r.map((p) => plane.forward(p)));
      out.push({ id, element, geometry: { type: 'Polygon', coordinates: rings }, ref, local, centre: ringCentre(local[0]) });
    });
  }
  if (out.length === 0 && !(MAX_ELEMENT_AREA[element] !== undefined && polygonParts(geometry).length > 0)) {
    warnings.push(`${capitalise(element)} ${raw.id} has a ${geometry.type} geometry the import cannot use; it was left out.`);
  }
  return out;
}

function capitalise(s: string): string {
  return s.length ? s[0].toUpperCase() + s.slice(1) : s;
}

function formatArea(m2: number): string {
  return m2 >= 10_000 ? `${(m2 / 10_000).toFixed(1)} ha` : `${Math.round(m2)} m²`;
}

/* LocalPlane geometry in local metres ----------------------------------------------------------- */

/** A thin polygon of `halfWidth` metres either side of a line (for natural=tree_row). */
function bufferLine(line: number[][], plane: LocalPlane, halfWidth: number): Ring {
  const xy = line.map((p) => plane.forward(p));
  const left: XY[] = [];
  const right: XY[] = [];
  for (let i = 0; i < xy.length; i++) {
    const a = xy[Math.max(0, i - 1)];
    const b = xy[Math.min(xy.length - 1, i + 1)];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const nx = -(b[1] - a[1]) / len;
    const ny = (b[0] - a[0]) / len;
    left.push([xy[i][0] + nx * halfWidth, xy[i][1] + ny * halfWidth]);
    right.push([xy[i][0] - nx * halfWidth, xy[i][1] - ny * halfWidth]);
  }
  const ring = [...left, ...right.reverse()].map((p) => plane.inverse(p));
  ring.push(ring[0]);
  return ring;
}

function bboxOf(points: XY[]): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return [minX, minY, maxX, maxY];
}

function ringCentre(ring: XY[]): XY {
  let a = 0;
  let cx = 0;
  let cy = 0;
  const [x0, y0] = ring[0];
  for (let i = 0; i + 1 < ring.length; i++) {
    const x1 = ring[i][0] - x0;
    const y1 = ring[i][1] - y0;
    const x2 = ring[i + 1][0] - x0;
    const y2 = ring[i + 1][1] - y0;
    const c = x1 * y2 - x2 * y1;
    a += c;
    cx += (x1 + x2) * c;
    cy += (y1 + y2) * c;
  }
  if (Math.abs(a) < 1e-9) return ring[0];
  return [x0 + cx / (3 * a), y0 + cy / (3 * a)];
}

function segmentDistance(p: XY, a: XY, b: XY): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

function polylineDistance(p: XY, line: XY[]): number {
  if (line.length === 1) return Math.hypot(p[0] - line[0][0], p[1] - line[0][1]);
  let d = Infinity;
  for (let i = 0; i + 1 < line.length; i++) d = Math.min(d, segmentDistance(p, line[i], line[i + 1]));
  return d;
}

/** Parameter t along a→b where it crosses c→d (both within their segments), or null. */
function crossing(a: XY, b: XY, c: XY, d: XY): { t: number; u: number } | null {
  const rx = b[0] - a[0];
  const ry = b[1] - a[1];
  const sx = d[0] - c[0];
  const sy = d[1] - c[1];
  const den = rx * sy - ry * sx;
  if (den === 0) return null;
  const t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / den;
  const u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / den;
  if (t < 0 || t > 1 || u < 0 || u > 1) return null;
  return { t, u };
}

/** Distance in metres between a part and a hole line: 0 when they touch or overlap. */
function partDistance(part: Part, line: XY[]): number {
  if (part.element === EL.tree || part.element === EL.pinPosition) return polylineDistance(part.local[0][0], line);
  const edges = part.local;
  const isPolygon = part.geometry.type === 'Polygon';
  if (isPolygon && line.some((p) => pointInPolygon(p, edges))) return 0;
  let d = Infinity;
  for (const list of edges) {
    for (let i = 0; i < list.length; i++) {
      d = Math.min(d, polylineDistance(list[i], line));
      if (i + 1 < list.length) {
        for (let j = 0; j + 1 < line.length; j++) if (crossing(list[i], list[i + 1], line[j], line[j + 1])) return 0;
      }
    }
  }
  for (const p of line) for (const list of edges) d = Math.min(d, polylineDistance(p, list));
  return d;
}

function containing(parts: Part[], p: XY): Part | null {
  const holding = parts.filter((g) => pointInPolygon(p, g.local));
  if (holding.length === 0) return null;
  // Nested areas (a green inside a larger green): the smallest holds the point.
  return holding.reduce((a, b) => (Math.abs(signedRingArea(b.local[0])) < Math.abs(signedRingArea(a.local[0])) ? b : a));
}

function nearestWithin(parts: Part[], p: XY, max: number): Part | null {
  let best: Part | null = null;
  let bestD = max;
  for (const part of parts) {
    const d = Math.min(...part.local.map((ring) => polylineDistance(p, ring)));
    if (d <= bestD) {
      best = part;
      bestD = d;
    }
  }
  return best;
}

/** The hole whose line is nearest to the part (ties: the centre nearest), within IMPORT_MATCHING.nearestHole. */
function nearestHole(holes: HoleLine[], part: Part): HoleLine | null {
  const max = IMPORT_MATCHING.nearestHole;
  const pb = bboxOf(part.local.flat());
  let best: HoleLine | null = null;
  let bestD = Infinity;
  let bestCentre = Infinity;
  for (const hole of holes) {
    const [x0, y0, x1, y1] = hole.bbox;
    if (pb[0] > x1 + max || pb[2] < x0 - max || pb[1] > y1 + max || pb[3] < y0 - max) continue;
    const d = partDistance(part, hole.local);
    if (d > max) continue;
    const centre = polylineDistance(part.centre, hole.local);
    if (d < bestD - 1 || (Math.abs(d - bestD) <= 1 && centre < bestCentre)) {
      best = hole;
      bestD = d;
      bestCentre = centre;
    }
  }
  return best;
}

/**
 * Where the play line enters the green: the last crossing of the green's edge before the line's
 * end when the end is on the green, else the first crossing of its last leg extended beyond the end.
 */
function tPoint(line: XY[], green: XY[][]): XY | null {
  const end = line[line.length - 1];
  if (pointInPolygon(end, green)) {
    for (let i = line.length - 2; i >= 0; i--) {
      let best: { t: number; p: XY } | null = null;
      for (const ring of green) {
        for (let j = 0; j + 1 < ring.length; j++) {
          const c = crossing(line[i], line[i + 1], ring[j], ring[j + 1]);
          if (c && (!best || c.t > best.t)) best = { t: c.t, p: lerp(line[i], line[i + 1], c.t) };
        }
      }
      if (best) return best.p;
    }
    return null;
  }
  const prev = line[line.length - 2];
  const len = Math.hypot(end[0] - prev[0], end[1] - prev[1]);
  if (len === 0) return null;
  const far: XY = [end[0] + ((end[0] - prev[0]) / len) * IMPORT_MATCHING.tPointExtension, end[1] + ((end[1] - prev[1]) / len) * IMPORT_MATCHING.tPointExtension];
  let best: { t: number; p: XY } | null = null;
  for (const ring of green) {
    for (let j = 0; j + 1 < ring.length; j++) {
      const c = crossing(end, far, ring[j], ring[j + 1]);
      if (c && (!best || c.t < best.t)) best = { t: c.t, p: lerp(end, far, c.t) };
    }
  }
  return best?.p ?? null;
}

function lerp(a: XY, b: XY, t: number): XY {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

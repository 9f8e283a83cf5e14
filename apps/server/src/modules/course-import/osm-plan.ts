import type { Feature, FeatureCollection, GeoJsonProperties, Geometry } from 'geojson';
import type { ImportedHole, ImportPlan } from '@golf/contract/api/course-import';
import { serverErrorText } from '@golf/contract/api/errors';
import { MAX_HOLES } from '@golf/contract/api/courses';
import type { DrawingFeature, DrawingGeometry } from '@golf/contract/api/drawings';
import { EL } from '@golf/contract/graphics-catalogue';
import { lineLength, polygonArea } from '@golf/contract/geo/measure';
import { boundingBox, inBox, localPlane, pointInPolygon, ringCentroid, signedRingArea, windRing, type Box, type LocalPlane, type XY } from '@golf/contract/geo/planar';
import { BoxTree, SegmentIndex, WorkBudget } from '@golf/contract/geo/segment-index';
import { IMPORT_READ_LIMITS } from './limits';

/**
 * Course import (§2 import): reads a GeoJSON FeatureCollection with OpenStreetMap golf tags
 * (golf=hole lines with ref and par, golf=tee/green/fairway/bunker/..., natural=water,
 * leisure=golf_course) and plans one drawing per hole. Features without `ref` are given to holes
 * by position: the green holding the end of a hole line, the tee holding its start, everything
 * else to the nearest hole line. Nothing is stored here; the server creates the course from the plan.
 *
 * Matching never compares every feature with every other: greens and tees are found through an
 * index of their boxes, and every distance, point-in-polygon test and crossing goes through an
 * index of the segments of the shapes involved (segment-index.ts), so a file within the read
 * limits plans in about a second however its points are spread (see bench/course-import-plan.mjs).
 * The geometry work of one plan is bounded (IMPORT_READ_LIMITS.maxMatchingWork): shapes built to
 * defeat the indexes stop with `WorkBudgetSpent` instead of running on.
 */

export const OSM_ATTRIBUTION = '© OpenStreetMap contributors, ODbL';

/** The 400 message of an import file without holes. */
export const NO_HOLES_MESSAGE = serverErrorText('imports.noHoles');

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
  /** The segments of `local`, indexed when first needed (points have none). */
  index?: SegmentIndex;
  /** Its box in local metres. */
  bbox: Box;
}


interface HoleLine {
  id: string;
  ref: number;
  name: string;
  par: number;
  handicap: number | null;
  coordinates: number[][];
  local: XY[];
  bbox: Box;
  index: SegmentIndex;
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

/**
 * Plans the import of a GeoJSON FeatureCollection; `name` overrides the course name of the file.
 * Throws `WorkBudgetSpent` when matching needs more than `budget` (by default
 * IMPORT_READ_LIMITS.maxMatchingWork) steps of geometry work.
 */
export function planImport(
  input: FeatureCollection<Geometry | null, GeoJsonProperties>,
  options: { name?: string; budget?: WorkBudget } = {},
): ImportPlan {
  const budget = options.budget ?? new WorkBudget(IMPORT_READ_LIMITS.maxMatchingWork);
  const warnings: string[] = [];
  const features = Array.isArray(input?.features) ? input.features : [];
  const usedIds = new UniqueIds();
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
    const id = usedIds.take(featureId(feature, tags, index));
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
  // A file with more holes than a course may have is refused (checkedPlan): nothing is matched.
  const matching = holes.length <= MAX_HOLES;

  // Turn every other feature into parts of the drawing's geometry types.
  const parts: Part[] = [];
  const pins: Part[] = [];
  for (const raw of matching ? rawParts : []) {
    for (const part of toParts(raw, plane, warnings, usedIds)) {
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
  const greens = new PartIndex(parts.filter((p) => p.element === EL.green));
  const tees = new PartIndex(parts.filter((p) => p.element === EL.tee));
  const holeGreen = new Map<HoleLine, Part>();
  for (const hole of holes) {
    const end = hole.local[hole.local.length - 1];
    const green = greens.containing(end, budget) ?? greens.nearestWithin(end, IMPORT_MATCHING.greenToLineEnd, budget);
    if (green) {
      holeGreen.set(hole, green);
      give(green, hole);
    } else {
      warnings.push(`Hole ${hole.ref}: no green holds the end of its line or lies within ${IMPORT_MATCHING.greenToLineEnd} m of it.`);
    }
    const start = hole.local[0];
    const tee = tees.containing(start, budget) ?? tees.nearestWithin(start, IMPORT_MATCHING.teeToLineStart, budget);
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
    const hole = (part.ref !== null ? byRef.get(part.ref) : undefined) ?? nearestHole(holes, part, budget);
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
        return green ? inBox(point, green.bbox) && indexOf(green).contains(point, budget) : false;
      });
    if (hole) pinCounts.set(hole, (pinCounts.get(hole) ?? 0) + 1);
    else unmatched[EL.pinPosition] = (unmatched[EL.pinPosition] ?? 0) + 1;
  }

  // Each hole's parts in the order of the file.
  const partsOf = new Map<HoleLine, Part[]>(holes.map((h) => [h, []]));
  for (const part of parts) for (const hole of assigned.get(part) ?? []) partsOf.get(hole)!.push(part);
  const planned: ImportedHole[] = holes.map((hole) => {
    const mine = partsOf.get(hole)!;
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
      const t = tPoint(hole, indexOf(green), budget);
      if (t) {
        drawn.push({ type: 'Feature', id: usedIds.take(`${hole.id}/t-point`), geometry: { type: 'Point', coordinates: plane.inverse(t) }, properties: { element: EL.tPoint } });
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
    const areas = new Map(boundaries.map((b) => [b, areaOf(b.rings)]));
    const main = boundaries.reduce((a, b) => (areas.get(b)! > areas.get(a)! ? b : a));
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

/**
 * Feature ids made unique: an id already taken gets `#2`, `#3`, … (the first number not taken).
 * Each id remembers the last number it gave, so many features sharing one id cost one step
 * each, not one per earlier feature.
 */
class UniqueIds {
  private readonly used = new Set<string>();
  private readonly next = new Map<string, number>();
  take(id: string): string {
    let candidate = id;
    let n = this.next.get(id) ?? 2;
    while (this.used.has(candidate)) candidate = `${id}#${n++}`;
    if (candidate !== id) this.next.set(id, n);
    this.used.add(candidate);
    return candidate;
  }
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
  if (!threeCorners(ring)) return null;
  return ring;
}

/** Whether the ring has at least 3 different positions (one pass, nothing allocated). */
function threeCorners(ring: Ring): boolean {
  const [ax, ay] = ring[0];
  let second: number[] | null = null;
  for (const p of ring) {
    if (p[0] === ax && p[1] === ay) continue;
    if (!second) second = p;
    else if (p[0] !== second[0] || p[1] !== second[1]) return true;
  }
  return false;
}

/** Polygons (outer ring first) of a geometry, rings closed and wound as RFC 7946 asks. */
function polygonParts(g: Geometry): Ring[][] {
  const out: Ring[][] = [];
  for (const poly of partsOf(g, 'Polygon', 'MultiPolygon')) {
    if (!Array.isArray(poly)) continue;
    const outer = cleanRing(poly[0]);
    if (!outer) continue;
    const inner = poly.slice(1).map(cleanRing).filter((r): r is Ring => r !== null);
    out.push([windRing(outer, true), ...inner.map((r) => windRing(r, false))]);
  }
  return out;
}

function largest(polys: Ring[][]): Ring[] {
  return polys.map((rings) => ({ rings, area: areaOf(rings) })).reduce((a, b) => (b.area > a.area ? b : a)).rings;
}

/**
 * Area in m² of a polygon (outer ring minus holes) on a plane around its first position: within a
 * few kilometres this is the geodesic area to a few parts in a million, at a fraction of the
 * cost (which counts for polygons of hundreds of thousands of points).
 */
function areaOf(rings: Ring[]): number {
  const plane = localPlane(rings[0][0]);
  let area = 0;
  rings.forEach((ring, i) => {
    const a = Math.abs(signedRingArea(ring.map((p) => plane.forward(p))));
    area += i === 0 ? a : -a;
  });
  return Math.max(0, area);
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
      bbox: boundingBox([local]),
      index: new SegmentIndex([local]),
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

function toParts(
  raw: { id: string; element: string; tags: Record<string, unknown>; geometry: Geometry },
  plane: LocalPlane,
  warnings: string[],
  usedIds: UniqueIds,
): Part[] {
  const { element, geometry } = raw;
  const ref = wholeNumber(raw.tags.ref);
  const out: Part[] = [];
  // The parts of a multi-geometry after the first are ids of their own, unique like the features'.
  const suffix = (i: number) => (i === 0 ? raw.id : usedIds.take(`${raw.id}#${i + 1}`));
  if (element === EL.pinPosition || element === EL.tree) {
    const points = partsOf(geometry, 'Point', 'MultiPoint');
    points.filter(validPosition).forEach((p, i) => {
      const xy = plane.forward(p);
      out.push({ id: suffix(i), element, geometry: { type: 'Point', coordinates: [p[0], p[1]] }, ref, local: [[xy]], centre: xy, bbox: [xy[0], xy[1], xy[0], xy[1]] });
    });
  } else if (LINE_ELEMENTS.has(element)) {
    let lines = lineParts(geometry);
    // A closed path way may have come through a converter as an area.
    if (lines.length === 0) lines = polygonParts(geometry).map((rings) => rings[0]);
    lines.forEach((line, i) => {
      const local = line.map((p) => plane.forward(p));
      out.push({
        id: suffix(i),
        element,
        geometry: { type: 'LineString', coordinates: line },
        ref,
        local: [local],
        centre: local[Math.floor(local.length / 2)],
        bbox: boundingBox([local]),
      });
    });
  } else if (POLYGON_ELEMENTS.has(element)) {
    let polys = polygonParts(geometry);
    if (polys.length === 0 && element === EL.trees) {
      polys = lineParts(geometry).map((line) => [windRing(bufferLine(line, plane, 4), true)]);
    }
    polys.forEach((rings, i) => {
      const id = suffix(i);
      const max = MAX_ELEMENT_AREA[element];
      if (max !== undefined) {
        // The geodesic area decides when the plane's is within 1 % of the limit.
        const planar = areaOf(rings);
        const area = Math.abs(planar - max) <= max / 100 ? polygonArea(rings) : planar;
        if (area > max) {
          warnings.push(`${capitalise(element)} ${id} covers ${formatArea(area)}, too large for a ${element}; it was left out (probably mistagged).`);
          return;
        }
      }
      const local = rings.map((r) => r.map((p) => plane.forward(p)));
      out.push({ id, element, geometry: { type: 'Polygon', coordinates: rings }, ref, local, centre: ringCentroid(local[0]), bbox: boundingBox(local) });
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

/** The segment index of a line or polygon part, built when first needed. */
function indexOf(part: Part): SegmentIndex {
  part.index ??= new SegmentIndex(part.local);
  return part.index;
}

/**
 * Distance in metres between a part and a hole line: 0 when they touch or overlap, Infinity
 * beyond `cap`. A line that crosses no edge of a polygon lies wholly inside or wholly outside
 * it, so its first point tells which.
 */
function partDistance(part: Part, hole: HoleLine, cap: number, budget: WorkBudget): number {
  if (part.element === EL.tree || part.element === EL.pinPosition) return hole.index.distanceTo(part.local[0][0], cap, budget);
  const start = hole.local[0];
  const polygon = part.geometry.type === 'Polygon';
  if (segmentCount(part) <= SMALL_PART) {
    // A small part (a bunker, a tee) is measured edge by edge, without an index of its own.
    if (polygon && inBox(start, part.bbox) && pointInPolygon(start, part.local)) return 0;
    let best = Infinity;
    for (const list of part.local) {
      for (let i = 0; i + 1 < list.length && best > 0; i++) {
        best = Math.min(best, hole.index.distanceToSegment(list[i], list[i + 1], Math.min(best, cap), budget));
      }
    }
    return best;
  }
  const index = indexOf(part);
  if (polygon && inBox(start, part.bbox) && index.contains(start, budget)) return 0;
  return index.distanceBetween(hole.index, cap, budget);
}

/** Parts of at most this many edges are measured edge by edge. */
const SMALL_PART = 32;

function segmentCount(part: Part): number {
  let n = 0;
  for (const list of part.local) n += Math.max(0, list.length - 1);
  return n;
}

/** Greens or tees, with an index of their boxes. */
class PartIndex {
  private readonly tree: BoxTree;
  constructor(private readonly parts: Part[]) {
    const boxes = new Float64Array(parts.length * 4);
    parts.forEach((p, i) => boxes.set(p.bbox, 4 * i));
    this.tree = new BoxTree(boxes);
  }

  /** The candidates whose box comes within `margin` of p, in the order of the file. */
  private near(p: XY, margin: number, budget: WorkBudget): Part[] {
    const found: number[] = [];
    this.tree.search(p[0] - margin, p[1] - margin, p[0] + margin, p[1] + margin, budget, (i) => found.push(i));
    return found.sort((a, b) => a - b).map((i) => this.parts[i]);
  }

  /** The area holding p; of nested areas (a green inside a larger green) the smallest, the first of equals. */
  containing(p: XY, budget: WorkBudget): Part | null {
    let best: Part | null = null;
    let bestArea = Infinity;
    for (const part of this.near(p, 0, budget)) {
      if (!indexOf(part).contains(p, budget)) continue;
      const area = Math.abs(signedRingArea(part.local[0]));
      if (area < bestArea) {
        best = part;
        bestArea = area;
      }
    }
    return best;
  }

  /** The part nearest to p within `max` metres (of equally near ones the last in the file). */
  nearestWithin(p: XY, max: number, budget: WorkBudget): Part | null {
    let best: Part | null = null;
    let bestD = max;
    for (const part of this.near(p, max, budget)) {
      const d = indexOf(part).distanceTo(p, bestD, budget);
      if (d <= bestD) {
        best = part;
        bestD = d;
      }
    }
    return best;
  }
}

/** The hole whose line is nearest to the part (ties: the centre nearest), within IMPORT_MATCHING.nearestHole. */
function nearestHole(holes: HoleLine[], part: Part, budget: WorkBudget): HoleLine | null {
  const max = IMPORT_MATCHING.nearestHole;
  const pb = part.bbox;
  let best: HoleLine | null = null;
  let bestD = Infinity;
  let bestCentre = Infinity;
  for (const hole of holes) {
    const [x0, y0, x1, y1] = hole.bbox;
    if (pb[0] > x1 + max || pb[2] < x0 - max || pb[1] > y1 + max || pb[3] < y0 - max) continue;
    const d = partDistance(part, hole, max, budget);
    if (d > max) continue;
    const centre = hole.index.distanceTo(part.centre, Infinity, budget);
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
function tPoint(hole: HoleLine, green: SegmentIndex, budget: WorkBudget): XY | null {
  const line = hole.local;
  const end = line[line.length - 1];
  if (green.contains(end, budget)) {
    for (let i = line.length - 2; i >= 0; i--) {
      let best = -1;
      green.crossings(line[i], line[i + 1], budget, (t) => {
        if (t > best) best = t;
      });
      if (best >= 0) return lerp(line[i], line[i + 1], best);
    }
    return null;
  }
  const prev = line[line.length - 2];
  const len = Math.hypot(end[0] - prev[0], end[1] - prev[1]);
  if (len === 0) return null;
  const far: XY = [end[0] + ((end[0] - prev[0]) / len) * IMPORT_MATCHING.tPointExtension, end[1] + ((end[1] - prev[1]) / len) * IMPORT_MATCHING.tPointExtension];
  let best = Infinity;
  green.crossings(end, far, budget, (t) => {
    if (t < best) best = t;
  });
  return best === Infinity ? null : lerp(end, far, best);
}

function lerp(a: XY, b: XY, t: number): XY {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

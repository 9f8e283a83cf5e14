import type { Drawing } from '@golf/contract/api/drawings';
import { EL } from '@golf/contract/graphics-catalogue';
import { boundingBox, inBox, localPlane, pointInPolygon, ringCentroid, signedRingArea, type Box, type LocalPlane, type XY } from '@golf/contract/geo/planar';

/**
 * The course as the generator plays it: each hole's drawing turned into areas in local metres
 * (east and north of the first hole's play line start), the play line with its arc lengths, the
 * tee positions per tee, and the lie of any point.
 */

/** One hole as the generator is given it: the course table's numbers and the hole's drawing. */
export interface GeneratorHole {
  /** The hole's number on the course (1-based, `holes.order`). */
  number: number;
  par: number;
  /** Stroke index (`holes.handicap`), 1 the hardest. */
  strokeIndex: number;
  /** Metres from each tee along the play line, by tee id. */
  distances: Record<number, number>;
  drawing: Drawing;
}

/** The course: which guide and course the rounds are played on, its tees (longest first) and holes in order. */
export interface GeneratorCourse {
  guideId: number;
  courseId: number;
  /** Tee ids, the longest first (the back tee), the shortest last. */
  teeIds: number[];
  holes: GeneratorHole[];
}

export type Lie = 'tee' | 'fairway' | 'rough' | 'bunker' | 'water' | 'green' | 'fringe' | 'trees' | 'out';

interface Area {
  rings: XY[][];
  box: Box;
}

export interface HoleModel {
  number: number;
  par: number;
  strokeIndex: number;
  boundary: Area | null;
  /** Areas by lie, checked in LIE_ORDER. */
  areas: Map<Lie, Area[]>;
  green: Area | null;
  /** Play line in metres, with the arc length at each vertex. */
  line: XY[];
  arcs: number[];
  length: number;
  /** The green's centre (the play line's end). */
  greenCentre: XY;
  /** Radius (m) of a circle of the green's area. */
  greenRadius: number;
  /** Tee position per tee id. */
  tees: Map<number, XY>;
}

export interface CourseModel {
  guideId: number;
  courseId: number;
  teeIds: number[];
  holes: HoleModel[];
  plane: LocalPlane;
}

/** Where a ball lies, in this order when areas overlap (a bunker inside the rough is a bunker). */
const LIE_ORDER: Lie[] = ['water', 'bunker', 'green', 'fringe', 'tee', 'fairway', 'trees', 'rough', 'out'];
const ELEMENT_LIE: Record<string, Lie> = {
  [EL.water]: 'water',
  [EL.lateralWater]: 'water',
  [EL.bunker]: 'bunker',
  [EL.green]: 'green',
  [EL.fringe]: 'fringe',
  [EL.tee]: 'tee',
  [EL.teeCut]: 'tee',
  [EL.fairway]: 'fairway',
  [EL.trees]: 'trees',
  [EL.rough]: 'rough',
  [EL.semiRough]: 'rough',
  [EL.outOfBounds]: 'out',
};

function area(rings: XY[][]): Area {
  return { rings, box: boundingBox(rings.slice(0, 1)) };
}

const inArea = (p: XY, a: Area) => inBox(p, a.box) && pointInPolygon(p, a.rings);

/** Builds the model: every polygon of the drawings in local metres round the first play line's start. */
export function courseModel(course: GeneratorCourse): CourseModel {
  if (course.holes.length === 0) throw new Error('The generator needs a course with holes');
  if (course.teeIds.length === 0) throw new Error('The generator needs a course with tees');
  const origin = originOf(course.holes[0].drawing);
  const plane = localPlane(origin);
  const holes = course.holes.map((h) => holeModel(h, plane, course.teeIds));
  return { guideId: course.guideId, courseId: course.courseId, teeIds: course.teeIds, holes, plane };
}

function originOf(drawing: Drawing): [number, number] {
  for (const f of drawing.features) {
    const g = f.geometry;
    if (g.type === 'Point') return [g.coordinates[0], g.coordinates[1]];
    if (g.type === 'LineString' && g.coordinates.length) return [g.coordinates[0][0], g.coordinates[0][1]];
    if (g.type === 'Polygon' && g.coordinates[0]?.length) return [g.coordinates[0][0][0], g.coordinates[0][0][1]];
  }
  throw new Error('The generator needs holes with drawings');
}

function holeModel(hole: GeneratorHole, plane: LocalPlane, teeIds: number[]): HoleModel {
  const areas = new Map<Lie, Area[]>();
  let boundary: Area | null = null;
  let line: XY[] | null = null;
  const teeCentres: XY[] = [];
  for (const f of hole.drawing.features) {
    const g = f.geometry;
    const element = f.properties.element;
    if (g.type === 'Polygon') {
      if (!g.coordinates[0] || g.coordinates[0].length < 3) continue;
      const rings = g.coordinates.map((ring) => ring.map((p) => plane.forward(p)));
      if (element === EL.holeBoundary) {
        boundary = area(rings);
        continue;
      }
      const lie = ELEMENT_LIE[element];
      if (!lie) continue;
      if (!areas.has(lie)) areas.set(lie, []);
      areas.get(lie)!.push(area(rings));
      if (lie === 'tee') teeCentres.push(ringCentroid(rings[0]));
    } else if (g.type === 'LineString' && element === EL.playLine && g.coordinates.length >= 2 && !line) {
      line = g.coordinates.map((p) => plane.forward(p));
    }
  }
  const greens = areas.get('green') ?? [];
  const green = greens[0] ?? null;
  if (!line) {
    // Without a play line: from the first tee to the green's centre.
    if (!green || teeCentres.length === 0) throw new Error(`Hole ${hole.number}: the generator needs a play line, or a tee and a green`);
    line = [teeCentres[0], ringCentroid(green.rings[0])];
  }
  const arcs = [0];
  for (let i = 1; i < line.length; i++) arcs.push(arcs[i - 1] + Math.hypot(line[i][0] - line[i - 1][0], line[i][1] - line[i - 1][1]));
  const length = arcs[arcs.length - 1];
  const greenCentre = line[line.length - 1];
  const greenRadius = green ? Math.sqrt(Math.abs(signedRingArea(green.rings[0])) / Math.PI) : 12;
  const model: HoleModel = {
    number: hole.number,
    par: hole.par,
    strokeIndex: hole.strokeIndex,
    boundary,
    areas,
    green,
    line,
    arcs,
    length,
    greenCentre,
    greenRadius,
    tees: new Map(),
  };
  // A tee lies on the play line as far from the green as its distance; moved onto the drawn tee
  // nearest to that point when one lies within 20 m.
  for (const teeId of teeIds) {
    const d = hole.distances[teeId];
    let p = pointAt(model, d === undefined ? 0 : Math.max(0, length - d));
    let best = 20;
    for (const c of teeCentres) {
      const dist = Math.hypot(c[0] - p[0], c[1] - p[1]);
      if (dist < best) {
        best = dist;
        p = c;
      }
    }
    model.tees.set(teeId, p);
  }
  return model;
}

/** The point at arc length `s` of the play line (clamped to its ends). */
export function pointAt(hole: HoleModel, s: number): XY {
  const { line, arcs } = hole;
  if (s <= 0) return line[0];
  if (s >= hole.length) return line[line.length - 1];
  let i = 1;
  while (arcs[i] < s) i++;
  const f = (s - arcs[i - 1]) / (arcs[i] - arcs[i - 1] || 1);
  return [line[i - 1][0] + (line[i][0] - line[i - 1][0]) * f, line[i - 1][1] + (line[i][1] - line[i - 1][1]) * f];
}

/** Arc length of the play line's point nearest to `p`. */
export function project(hole: HoleModel, p: XY): number {
  const { line, arcs } = hole;
  let best = Infinity;
  let bestS = 0;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1];
    const dx = line[i][0] - ax;
    const dy = line[i][1] - ay;
    const len2 = dx * dx + dy * dy || 1;
    const t = Math.max(0, Math.min(1, ((p[0] - ax) * dx + (p[1] - ay) * dy) / len2));
    const qx = ax + dx * t - p[0];
    const qy = ay + dy * t - p[1];
    const d2 = qx * qx + qy * qy;
    if (d2 < best) {
      best = d2;
      bestS = arcs[i - 1] + t * (arcs[i] - arcs[i - 1]);
    }
  }
  return bestS;
}

/** Where a ball at `p` lies: the drawing's areas; inside the boundary but in none of them, rough; outside it, 'out'. */
export function lieAt(hole: HoleModel, p: XY): Lie {
  for (const lie of LIE_ORDER) {
    const list = hole.areas.get(lie);
    if (!list) continue;
    for (const a of list) if (inArea(p, a)) return lie;
  }
  if (hole.boundary && !inArea(p, hole.boundary)) return 'out';
  return 'rough';
}

/** True when `p` lies inside the hole's boundary (or the hole has none). */
export function insideBoundary(hole: HoleModel, p: XY): boolean {
  return !hole.boundary || inArea(p, hole.boundary);
}

/** True when `p` lies on the green (or within the green's radius of its centre when none is drawn). */
export function onGreen(hole: HoleModel, p: XY): boolean {
  if (hole.green) return inArea(p, hole.green);
  return Math.hypot(p[0] - hole.greenCentre[0], p[1] - hole.greenCentre[1]) <= hole.greenRadius;
}

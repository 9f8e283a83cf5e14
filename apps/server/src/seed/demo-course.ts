import type { Drawing, DrawingFeature } from '@golf/contract/api/drawings';
import { TEE_PALETTE } from '@golf/contract/api/courses';
import { EL } from '@golf/contract/graphics-catalogue';
import { lineLength } from '@golf/contract/geo/measure';
import { localPlane, ringsOverlap, signedRingArea, windRing, type LocalPlane, type XY } from '@golf/contract/geo/planar';
import { mulberry32 } from '../platform/random';

/**
 * A generated demo course for the demo data: a realistic 18-hole (or 9-hole) layout around a club's
 * position, two loops of nine that start and end near the clubhouse, each hole drawn completely
 * (boundary, three tees, fairway, rough, green with fringe, bunkers, water on some holes, trees,
 * play line with heights, T-point and distance markers). Deterministic for a given seed.
 */

export interface DemoHole {
  name: string;
  par: number;
  handicap: number;
  /** Metres along the play line from each tee: back, middle, forward. */
  distances: number[];
  drawing: Drawing;
}

export interface DemoCourse {
  name: string;
  holes: DemoHole[];
  tees: { name: string; color: string }[];
}

export interface DemoCourseOptions {
  seed?: number;
  holes?: 18 | 9;
  /** Course name; default 'Demo Links'. */
  name?: string;
  /** Hole names in order; default 'Hole 1', 'Hole 2', ... */
  holeNames?: readonly string[];
  /** Tee names back, middle, forward; default 'Back', 'Middle', 'Forward'. */
  teeNames?: readonly [string, string, string];
}

/** Pars of the front and back nine: 2 par 3s and 2 par 5s each, 36 each. */
const FRONT_PARS = [4, 5, 4, 3, 4, 4, 3, 5, 4];
const BACK_PARS = [4, 3, 5, 4, 4, 5, 4, 3, 4];
/** Hole length range (metres, back tee to green centre along the chord) per par. */
const CHORD: Record<number, [number, number]> = { 3: [172, 200], 4: [320, 405], 5: [455, 498] };
/** Half-width (m) of a hole's boundary in its middle part. */
const BOUNDARY_HALF_WIDTH = 58;
/** Clubhouse to the first tee of each loop (m). */
const CLUBHOUSE_OFFSET = 75;

/** Generates the demo course around `centre` ([lon, lat], the club's position). */
export function generateDemoCourse(centre: [number, number], options: DemoCourseOptions = {}): DemoCourse {
  const seed = options.seed ?? 1;
  const count = options.holes ?? 18;
  const courseRng = mulberry32(seed);
  const pars = count === 9 ? FRONT_PARS : [...FRONT_PARS, ...BACK_PARS];
  const rotation = (courseRng() - 0.5) * (Math.PI / 3);
  const waterHoles = new Set(pickDistinct(courseRng, count, count === 9 ? 2 : 4));
  const designs = pars.map((par, i) => designHole(seed * 7919 + i * 104729 + 17, par, waterHoles.has(i)));

  // Lay out the loops, widening the walk between green and next tee until no hole boundaries overlap.
  let ends: [XY, XY][] = [];
  for (let gap = 60; ; gap += 10) {
    if (gap > 300) throw new Error('generateDemoCourse: could not lay out the holes without overlaps');
    ends = layout(designs, gap, rotation);
    if (!anyOverlap(ends.map(([a, b], i) => holeBoundary(curveOf(a, b, designs[i].bend), mulberry32(designs[i].seed))))) break;
  }
  const built = ends.map(([a, b], i) => buildHole(designs[i], a, b, i + 1));

  const plane = localPlane(centre);
  const terrain = terrainOf(mulberry32(seed * 31 + 5));
  const names = options.holeNames ?? [];
  const handicaps = strokeIndexes(designs, count);
  const holes = built.map((b, i): DemoHole => {
    const drawing = toDrawing(b, plane, terrain);
    const line = drawing.features.find((f) => f.properties.element === EL.playLine)!.geometry.coordinates as number[][];
    const teeCentres = b.teeCentres.map((p) => plane.inverse(p));
    const distances = teeCentres.map((c, t) => Math.round(lineLength(t === 0 ? line : [c, ...line.slice(1)])));
    return { name: names[i] ?? `Hole ${i + 1}`, par: designs[i].par, handicap: handicaps[i], distances, drawing };
  });
  const teeNames = options.teeNames ?? ['Back', 'Middle', 'Forward'];
  return {
    name: options.name ?? 'Demo Links',
    holes,
    tees: [
      { name: teeNames[0], color: TEE_PALETTE.white },
      { name: teeNames[1], color: TEE_PALETTE.yellow },
      { name: teeNames[2], color: TEE_PALETTE.red },
    ],
  };
}

/* Hole designs ----------------------------------------------------------------------------- */

interface Design {
  par: number;
  chord: number;
  /** Dogleg: sideways offset of the curve's control point as a share of the chord (left positive). */
  bend: number;
  water: boolean;
  /** Seed of the hole's own random numbers (after those of its design). */
  seed: number;
}

function designHole(seed: number, par: number, water: boolean): Design {
  const rng = mulberry32(seed);
  const [lo, hi] = CHORD[par];
  const chord = lo + rng() * (hi - lo);
  const straight = par === 3 || rng() < 0.3;
  const bend = straight ? 0 : (rng() < 0.5 ? -1 : 1) * (0.04 + rng() * 0.1);
  return { par, chord, bend, water, seed: seed + 1 };
}

/** Stroke indexes: odd on the front nine and even on the back, the longest holes (for their par) hardest. */
function strokeIndexes(designs: Design[], count: number): number[] {
  const out = new Array<number>(designs.length).fill(0);
  const difficulty = (d: Design) => d.chord / CHORD[d.par][1] + (d.par === 4 ? 0.15 : 0) + Math.abs(d.bend);
  const assign = (indexes: number[], values: number[]) => {
    const sorted = [...indexes].sort((a, b) => difficulty(designs[b]) - difficulty(designs[a]));
    sorted.forEach((hole, k) => (out[hole] = values[k]));
  };
  if (count === 9) {
    assign([0, 1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  } else {
    assign([0, 1, 2, 3, 4, 5, 6, 7, 8], [1, 3, 5, 7, 9, 11, 13, 15, 17]);
    assign([9, 10, 11, 12, 13, 14, 15, 16, 17], [2, 4, 6, 8, 10, 12, 14, 16, 18]);
  }
  return out;
}

/* Layout ----------------------------------------------------------------------------------- */

interface BuiltHole {
  boundary: XY[];
  features: { id: string; element: string; ring?: XY[]; line?: XY[]; point?: XY }[];
  playLine: XY[];
  teeCentres: XY[];
}

/**
 * Each loop of nine runs counter-clockwise round a circle that passes CLUBHOUSE_OFFSET metres from
 * the clubhouse (the back nine mirrored on the other side): every hole is a chord of the circle,
 * bent into a dogleg by its design, and the next tee lies `gap` metres further along.
 */
function layout(designs: Design[], gap: number, rotation: number): [XY, XY][] {
  const out: [XY, XY][] = [];
  for (let loop = 0; loop * 9 < designs.length; loop++) {
    const nine = designs.slice(loop * 9, loop * 9 + 9);
    const radius = loopRadius(nine.map((d) => d.chord), gap);
    const cx = -(radius + CLUBHOUSE_OFFSET);
    let angle = gap / radius / 2;
    for (const design of nine) {
      const sweep = 2 * Math.asin(design.chord / (2 * radius));
      let a: XY = [cx + radius * Math.cos(angle), radius * Math.sin(angle)];
      let b: XY = [cx + radius * Math.cos(angle + sweep), radius * Math.sin(angle + sweep)];
      angle += sweep + gap / radius;
      if (loop === 1) {
        a = [-a[0], a[1]];
        b = [-b[0], b[1]];
      }
      out.push([rotate(a, rotation), rotate(b, rotation)]);
    }
  }
  return out;
}

/** The circle radius at which the chords and gaps of one loop go round exactly once. */
function loopRadius(chords: number[], gap: number): number {
  const turn = (r: number) => chords.reduce((s, c) => s + 2 * Math.asin(Math.min(1, c / (2 * r))), 0) + (chords.length * gap) / r;
  let lo = Math.max(...chords) / 2 + 1e-6;
  let hi = 20_000;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (turn(mid) > 2 * Math.PI) lo = mid;
    else hi = mid;
  }
  return hi;
}

function rotate([x, y]: XY, angle: number): XY {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [x * c - y * s, x * s + y * c];
}

/* One hole --------------------------------------------------------------------------------- */

interface Curve {
  length: number;
  /** Position and unit direction at arc length s; straight beyond both ends. */
  at(s: number): { p: XY; d: XY; n: XY };
}

/** A quadratic Bézier from a to b through a control point beside the chord, parametrised by arc length. */
function curveOf(a: XY, b: XY, bend: number): Curve {
  const chord = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const ux = (b[0] - a[0]) / chord;
  const uy = (b[1] - a[1]) / chord;
  const c: XY = [(a[0] + b[0]) / 2 - uy * bend * chord, (a[1] + b[1]) / 2 + ux * bend * chord];
  const steps = 200;
  const pts: XY[] = [];
  const lengths = [0];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const m = 1 - t;
    pts.push([m * m * a[0] + 2 * m * t * c[0] + t * t * b[0], m * m * a[1] + 2 * m * t * c[1] + t * t * b[1]]);
    if (i > 0) lengths.push(lengths[i - 1] + Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]));
  }
  const length = lengths[steps];
  const dirAt = (i: number): XY => {
    const p = pts[Math.max(0, i - 1)];
    const q = pts[Math.min(steps, i + 1)];
    const l = Math.hypot(q[0] - p[0], q[1] - p[1]);
    return [(q[0] - p[0]) / l, (q[1] - p[1]) / l];
  };
  const start = dirAt(0);
  const end = dirAt(steps);
  return {
    length,
    at(s) {
      let p: XY;
      let d: XY;
      if (s <= 0) {
        d = start;
        p = [a[0] + d[0] * s, a[1] + d[1] * s];
      } else if (s >= length) {
        d = end;
        p = [b[0] + d[0] * (s - length), b[1] + d[1] * (s - length)];
      } else {
        let lo = 0;
        let hi = steps;
        while (hi - lo > 1) {
          const mid = (lo + hi) >> 1;
          if (lengths[mid] <= s) lo = mid;
          else hi = mid;
        }
        const f = (s - lengths[lo]) / (lengths[hi] - lengths[lo]);
        p = [pts[lo][0] + (pts[hi][0] - pts[lo][0]) * f, pts[lo][1] + (pts[hi][1] - pts[lo][1]) * f];
        const d0 = dirAt(lo);
        const d1 = dirAt(hi);
        const dx = d0[0] + (d1[0] - d0[0]) * f;
        const dy = d0[1] + (d1[1] - d0[1]) * f;
        const l = Math.hypot(dx, dy);
        d = [dx / l, dy / l];
      }
      return { p, d, n: [-d[1], d[0]] };
    },
  };
}

/** A smooth wobble in [-1, 1] along the hole. */
function wobble(rng: () => number): (s: number) => number {
  const p1 = rng() * 2 * Math.PI;
  const p2 = rng() * 2 * Math.PI;
  const w1 = 30 + rng() * 20;
  const w2 = 14 + rng() * 10;
  return (s) => 0.6 * Math.sin(s / w1 + p1) + 0.4 * Math.sin(s / w2 + p2);
}

function samples(s0: number, s1: number, step: number): number[] {
  const n = Math.max(2, Math.ceil((s1 - s0) / step));
  return Array.from({ length: n + 1 }, (_, i) => s0 + ((s1 - s0) * i) / n);
}

/**
 * The area between two offset curves (left-normal offsets `outer` > `inner`) from s0 to s1; with
 * `caps`, rounded ends beyond s0 and s1 (for bands symmetric round the centre line).
 */
function strip(curve: Curve, s0: number, s1: number, outer: (s: number) => number, inner: (s: number) => number, caps = false, step = 8): XY[] {
  const ss = samples(s0, s1, step);
  const left = ss.map((s) => {
    const { p, n } = curve.at(s);
    const o = outer(s);
    return [p[0] + n[0] * o, p[1] + n[1] * o] as XY;
  });
  const right = ss.map((s) => {
    const { p, n } = curve.at(s);
    const o = inner(s);
    return [p[0] + n[0] * o, p[1] + n[1] * o] as XY;
  });
  const cap = (s: number, forward: boolean): XY[] => {
    if (!caps) return [];
    const { p, d, n } = curve.at(s);
    const w = (outer(s) - inner(s)) / 2;
    const mid = (outer(s) + inner(s)) / 2;
    const sign = forward ? 1 : -1;
    const out: XY[] = [];
    for (let k = 1; k < 8; k++) {
      const psi = (k / 8) * Math.PI;
      const across = mid + w * Math.cos(forward ? psi : Math.PI - psi);
      const along = sign * 0.45 * w * Math.sin(psi);
      out.push([p[0] + n[0] * across + d[0] * along, p[1] + n[1] * across + d[1] * along]);
    }
    return out;
  };
  return [...left, ...cap(s1, true), ...right.reverse(), ...cap(s0, false)];
}

/** A star-shaped blob round `c`: an ellipse (semi-axes along `dir` and across) with a smooth wobble. */
function blob(rng: () => number, c: XY, dir: XY, along: number, across: number, wiggle: number, vertices = 28): XY[] {
  const p1 = rng() * 2 * Math.PI;
  const p2 = rng() * 2 * Math.PI;
  const n: XY = [-dir[1], dir[0]];
  const out: XY[] = [];
  for (let i = 0; i < vertices; i++) {
    const t = (i / vertices) * 2 * Math.PI;
    const r = (along * across) / Math.hypot(across * Math.cos(t), along * Math.sin(t));
    const k = 1 + wiggle * (0.6 * Math.sin(2 * t + p1) + 0.4 * Math.sin(3 * t + p2));
    const x = Math.cos(t) * r * k;
    const y = Math.sin(t) * r * k;
    out.push([c[0] + dir[0] * x + n[0] * y, c[1] + dir[1] * x + n[1] * y]);
  }
  return out;
}

function scaleAbout(ring: XY[], c: XY, f: number): XY[] {
  return ring.map((p) => [c[0] + (p[0] - c[0]) * f, c[1] + (p[1] - c[1]) * f]);
}

/** Distance from c to the ring's edge in direction u (the ring is star-shaped round c). */
function radiusTowards(ring: XY[], c: XY, u: XY): number {
  let best = 0;
  for (let i = 0; i < ring.length; i++) {
    const a: XY = [ring[i][0] - c[0], ring[i][1] - c[1]];
    const b: XY = [ring[(i + 1) % ring.length][0] - c[0], ring[(i + 1) % ring.length][1] - c[1]];
    const ex = b[0] - a[0];
    const ey = b[1] - a[1];
    const den = u[0] * ey - u[1] * ex;
    if (den === 0) continue;
    const t = (a[0] * ey - a[1] * ex) / den;
    const v = (a[0] * u[1] - a[1] * u[0]) / den;
    if (t > 0 && v >= 0 && v <= 1) best = Math.max(best, t);
  }
  return best;
}

/** Half-width of the hole boundary along the hole: narrow at the tees, wide from 70 m on, tapering behind the green. */
function boundaryWidthOf(curve: Curve, rng: () => number): (s: number) => number {
  const L = curve.length;
  const wb = wobble(rng);
  return (s) => {
    let w = BOUNDARY_HALF_WIDTH;
    if (s < 70) w = 28 + (Math.max(0, s) / 70) * (BOUNDARY_HALF_WIDTH - 28);
    if (s > L + 20) w = BOUNDARY_HALF_WIDTH - ((s - L - 20) / 24) * (BOUNDARY_HALF_WIDTH - 34);
    return w + 1.5 * wb(s);
  };
}

/** The hole boundary ring; draws the first random numbers of the hole, as buildHole does. */
function holeBoundary(curve: Curve, rng: () => number): XY[] {
  const width = boundaryWidthOf(curve, rng);
  return strip(curve, -14, curve.length + 44, width, (s) => -width(s), true);
}

function buildHole(design: Design, a: XY, b: XY, number: number): BuiltHole {
  const { par } = design;
  const rng = mulberry32(design.seed);
  const curve = curveOf(a, b, design.bend);
  const L = curve.length;
  const id = (what: string) => `h${number}-${what}`;
  const features: BuiltHole['features'] = [];
  const end = curve.at(L);

  // Boundary, rough: bands round the centre line.
  const boundary = holeBoundary(curve, rng);
  const boundaryWidth = boundaryWidthOf(curve, mulberry32(design.seed));
  features.push({ id: id('boundary'), element: EL.holeBoundary, ring: boundary });
  const wr = wobble(rng);
  const roughWidth = (s: number) => boundaryWidth(s) - 10 + 1.5 * wr(s);
  features.push({ id: id('rough'), element: EL.rough, ring: strip(curve, -7, L + 26, roughWidth, (s) => -roughWidth(s), true) });

  // Water: a pond beside the fairway, or in front of the green on a par 3.
  const waterSide = rng() < 0.5 ? 1 : -1;
  let water: XY[] | null = null;
  if (design.water) {
    if (par === 3) {
      const at = curve.at(L - 40);
      water = blob(rng, at.p, at.d, 9 + rng() * 2, 20 + rng() * 5, 0.08);
    } else {
      const s = L * (0.42 + rng() * 0.2);
      const across = 9 + rng() * 4;
      const along = 18 + rng() * 10;
      const at = curve.at(s);
      const off = waterSide * (22 + across);
      water = blob(rng, [at.p[0] + at.n[0] * off, at.p[1] + at.n[1] * off], at.d, along, across, 0.1);
    }
  }

  // Trees: strips along the sides, not on the side of a pond.
  for (const side of [1, -1]) {
    if (water && par !== 3 && side === waterSide) continue;
    const from = 70;
    const to = L - 55;
    if (to - from < 30) continue;
    const patches = to - from > 200 && rng() < 0.6 ? 2 : 1;
    const span = (to - from) / patches;
    for (let k = 0; k < patches; k++) {
      const s0 = from + span * k + rng() * span * 0.15;
      const s1 = from + span * (k + 1) - rng() * span * 0.15;
      if (s1 - s0 < 25) continue;
      const wt = wobble(rng);
      const outer = (s: number) => 51 + 1.2 * wt(s);
      const inner = (s: number) => 44 + 1.2 * wt(s + 40);
      const ring = side > 0 ? strip(curve, s0, s1, outer, inner) : strip(curve, s0, s1, (s) => -inner(s), (s) => -outer(s));
      features.push({ id: id(`trees-${side > 0 ? 'left' : 'right'}-${k + 1}`), element: EL.trees, ring });
    }
  }

  // Fairway (par 4 and 5): from the landing area to short of the green.
  const fairwayWidth = wobble(rng);
  const fairwayStart = par === 5 ? 0.24 * L : 0.34 * L;
  const fairwayEnd = L - 22;
  const fw = (s: number) => {
    const full = 16 + 3 * fairwayWidth(s);
    const inFrom = Math.min(1, (s - fairwayStart) / 25);
    const outTo = Math.min(1, (fairwayEnd - s) / 15);
    return Math.max(6, full * Math.min(1, 0.45 + 0.55 * Math.min(inFrom, outTo)));
  };
  if (par > 3) features.push({ id: id('fairway'), element: EL.fairway, ring: strip(curve, fairwayStart, fairwayEnd, fw, (s) => -fw(s), true, 10) });
  if (water) features.push({ id: id('water'), element: EL.water, ring: water });

  // Tees: back at the start of the line, middle and forward further on.
  const teeAt = par === 3 ? [0, 14 + rng() * 6, 28 + rng() * 8] : par === 4 ? [0, 22 + rng() * 12, 50 + rng() * 22] : [0, 25 + rng() * 18, 58 + rng() * 25];
  const teeCentres: XY[] = [];
  const teeNames = ['back', 'middle', 'forward'];
  teeAt.forEach((s, k) => {
    const at = curve.at(s);
    const side = k === 2 ? (rng() - 0.5) * 8 : 0;
    const c: XY = [at.p[0] + at.n[0] * side, at.p[1] + at.n[1] * side];
    const hl = 5 + rng() * 2;
    const hw = 3.5 + rng();
    const ring: XY[] = [
      [-hl, -hw],
      [hl, -hw],
      [hl, hw],
      [-hl, hw],
    ].map(([x, y]) => [c[0] + at.d[0] * x + at.n[0] * y, c[1] + at.d[1] * x + at.n[1] * y]);
    teeCentres.push(c);
    features.push({ id: id(`tee-${teeNames[k]}`), element: EL.tee, ring });
  });

  // Green and fringe: an organic oval of 480–620 m² round the end of the line, its fringe 2.5 m wider.
  const targetArea = 480 + rng() * 140;
  const along = 14 + rng() * 2.5;
  let green = blob(rng, end.p, end.d, along, targetArea / (Math.PI * along), 0.06, 40);
  green = scaleAbout(green, end.p, Math.sqrt(targetArea / Math.abs(signedRingArea(green))));
  const fringe = green.map((p) => {
    const dx = p[0] - end.p[0];
    const dy = p[1] - end.p[1];
    const r = Math.hypot(dx, dy);
    return [end.p[0] + (dx / r) * (r + 2.5), end.p[1] + (dy / r) * (r + 2.5)] as XY;
  });
  features.push({ id: id('fringe'), element: EL.fringe, ring: fringe });
  features.push({ id: id('green'), element: EL.green, ring: green });

  // Bunkers: greenside round the fringe, fairway bunkers at the landing area; 2–5 in all.
  const greenside = par === 3 ? 2 + Math.floor(rng() * 2) : 1 + Math.floor(rng() * 3);
  const angles = shuffle(rng, design.water && par === 3 ? [90, -90, 35, -35] : [145, -145, 90, -90, 35, -35]).slice(0, greenside);
  angles.forEach((deg, k) => {
    const t = (deg * Math.PI) / 180;
    const u: XY = [end.d[0] * Math.cos(t) + end.n[0] * Math.sin(t), end.d[1] * Math.cos(t) + end.n[1] * Math.sin(t)];
    const radial = 2.5 + rng() * 1.5;
    const r = radiusTowards(fringe, end.p, u) + 1.5 + radial;
    const c: XY = [end.p[0] + u[0] * r, end.p[1] + u[1] * r];
    const tangent: XY = [-u[1], u[0]];
    features.push({ id: id(`bunker-green-${k + 1}`), element: EL.bunker, ring: blob(rng, c, tangent, 5 + rng() * 3, radial, 0.1, 24) });
  });
  if (par > 3) {
    // The first on the side away from a pond, a second one opposite it further on.
    const firstSide = water ? -waterSide : rng() < 0.5 ? 1 : -1;
    const fairwayBunkers = water ? 1 : 1 + (rng() < 0.4 ? 1 : 0);
    for (let k = 0; k < fairwayBunkers; k++) {
      const s = Math.min(L - 100, 215 + rng() * 50) + k * 25;
      const side = k === 0 ? firstSide : -firstSide;
      const at = curve.at(s);
      const across = 3 + rng() * 1.5;
      const off = side * (fw(s) + 3 + across);
      const c: XY = [at.p[0] + at.n[0] * off, at.p[1] + at.n[1] * off];
      features.push({ id: id(`bunker-fairway-${k + 1}`), element: EL.bunker, ring: blob(rng, c, at.d, 6 + rng() * 4, across, 0.1, 24) });
    }
  }

  // Play line: back tee, landing area(s), green centre.
  const landing = par === 3 ? [] : par === 4 ? [Math.min(245, L * 0.64)] : [250, 250 + (L - 250) * 0.55];
  const playLine: XY[] = [curve.at(0).p, ...landing.map((s) => curve.at(s).p), end.p];
  features.push({ id: id('play-line'), element: EL.playLine, line: playLine });

  // Distance markers to the green centre, where they lie between the forward tee and the green.
  let markers = 0;
  for (const toGreen of [200, 150, 100, 50]) {
    const s = L - toGreen;
    if (s < teeAt[2] + 15 || s > L - 40 || markers >= 3) continue;
    const at = curve.at(s);
    const off = -(par > 3 && s >= fairwayStart ? fw(s) + 2 : 8);
    features.push({ id: id(`marker-${toGreen}`), element: EL.distanceMarker, point: [at.p[0] + at.n[0] * off, at.p[1] + at.n[1] * off] });
    markers += 1;
  }

  // T-point: where the last leg of the play line enters the green.
  const from = playLine[playLine.length - 2];
  const lastLeg: XY = [end.p[0] - from[0], end.p[1] - from[1]];
  const legLength = Math.hypot(lastLeg[0], lastLeg[1]);
  const back: XY = [-lastLeg[0] / legLength, -lastLeg[1] / legLength];
  const r = radiusTowards(green, end.p, back);
  features.push({ id: id('t-point'), element: EL.tPoint, point: [end.p[0] + back[0] * r, end.p[1] + back[1] * r] });

  return { boundary, features, playLine, teeCentres };
}

function shuffle<T>(rng: () => number, list: T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

function pickDistinct(rng: () => number, n: number, k: number): number[] {
  return shuffle(
    rng,
    Array.from({ length: n }, (_, i) => i),
  ).slice(0, k);
}

/* Overlap of hole boundaries --------------------------------------------------------------- */

/** True when any two of the rings overlap (an edge crossing or one inside another). */
function anyOverlap(rings: XY[][]): boolean {
  for (let i = 0; i < rings.length; i++) for (let j = i + 1; j < rings.length; j++) if (ringsOverlap(rings[i], rings[j])) return true;
  return false;
}

/* From local metres to the drawing --------------------------------------------------------- */

/** Gentle terrain, 10–40 m above sea level, over the course's local plane. */
function terrainOf(rng: () => number): (p: XY) => number {
  const p1 = rng() * 2 * Math.PI;
  const p2 = rng() * 2 * Math.PI;
  const p3 = rng() * 2 * Math.PI;
  return ([x, y]) => {
    const h = 25 + 8 * Math.sin(x / 260 + p1) + 5 * Math.sin(y / 190 + p2) + 2 * Math.sin((x + y) / 90 + p3);
    return Math.round(Math.min(40, Math.max(10, h)) * 10) / 10;
  };
}

/** The open ring counter-clockwise (an outer ring, RFC 7946) and closed by repeating its first point. */
function closedCounterClockwise(ring: number[][]): number[][] {
  const ordered = windRing(ring, true);
  return [...ordered, [...ordered[0]]];
}

function toDrawing(hole: BuiltHole, plane: LocalPlane, terrain: (p: XY) => number): Drawing {
  const features: DrawingFeature[] = hole.features.map((f) => {
    const properties = { element: f.element };
    if (f.ring) return { type: 'Feature', id: f.id, properties, geometry: { type: 'Polygon', coordinates: [closedCounterClockwise(f.ring.map((p) => plane.inverse(p)))] } };
    if (f.line) return { type: 'Feature', id: f.id, properties, geometry: { type: 'LineString', coordinates: f.line.map((p) => [...plane.inverse(p), terrain(p)]) } };
    return { type: 'Feature', id: f.id, properties, geometry: { type: 'Point', coordinates: plane.inverse(f.point!) } };
  });
  return { type: 'FeatureCollection', features };
}


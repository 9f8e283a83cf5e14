import { GREEN_ZONES, type GreenZone, type PinRotationSettings, type SuggestedPin } from '../api/greenkeeper';
import { localPlane, pointInPolygon, type PointLike, type XY } from './planar';
import { pinPoint, type PinFrame } from './pins';

/**
 * Pin rotation (issue 25): the rules superintendents use to spare their greens, pure so that the
 * server (suggestions) and the web app (live checks while a setup is adjusted) apply the same ones.
 *
 * - A pin stays at least `edgeDistance` metres inside the green's edge.
 * - Around a spot used `d` days ago no pin goes within `blockedRadius(d)`: the full radius the next
 *   day, shrinking linearly day by day, still more than 0 on day `reuseDays`, gone after that; so
 *   no spot is used again within `reuseDays` days.
 * - Over a week the pins spread over the green's zones (front / middle / back × left / right).
 *
 * Pins are given as the pin positions are: `outMeters` along the direction of play from the pin
 * frame's origin and `sideMeters` across it (right positive). The computations run on a plane in
 * the pin frame (x = side, y = out) in metres; over a green (tens of metres) it is exact to
 * millimetres.
 */

/** A spot played before: how many days before the day in question, and where. */
export interface RotationHistorySpot {
  daysAgo: number;
  outMeters: number;
  sideMeters: number;
}

/** Days the zone spread looks back on. */
export const ZONE_SPREAD_DAYS = 7;

/** Metres between the spots tried: pins are set in whole metres. */
const SEARCH_STEP = 1;
/** The largest 'in' and 'side' (either way) a pin position holds. */
const PIN_LIMIT = 100;

/** The blocked radius around a spot used `daysAgo` days before: 0 on the same day and after `reuseDays`. */
export function blockedRadius(daysAgo: number, settings: PinRotationSettings): number {
  if (!(daysAgo >= 1) || daysAgo > settings.reuseDays) return 0;
  return (settings.blockedRadius * (settings.reuseDays - daysAgo + 1)) / settings.reuseDays;
}

type Ring = XY[];

/** The green's rings on the pin frame's plane: x = metres to the right of the line of play, y = metres along it. */
function frameRings(frame: PinFrame, green: number[][][]): Ring[] {
  const plane = localPlane(frame.origin);
  const b = (frame.bearing * Math.PI) / 180;
  const sin = Math.sin(b);
  const cos = Math.cos(b);
  return green.map((ring) =>
    ring.map((p) => {
      const [x, y] = plane.forward(p);
      // Forward unit (sin b, cos b), right of it (cos b, −sin b).
      return [x * cos - y * sin, x * sin + y * cos] as XY;
    }),
  );
}

/** Squared distance from p to the segment ab. */
function segmentDistance2(p: PointLike, a: PointLike, b: PointLike): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  const ex = p[0] - (a[0] + t * dx);
  const ey = p[1] - (a[1] + t * dy);
  return ex * ex + ey * ey;
}

/** Distance from a point to the nearest edge of the rings on a plane (unsigned). */
function nearestEdge(rings: readonly (readonly PointLike[])[], p: PointLike): number {
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const d = segmentDistance2(p, ring[i], ring[(i + 1) % ring.length]);
      if (d < best) best = d;
    }
  }
  return Math.sqrt(best);
}

/** Signed distance from a point to the rings' edges on a plane: positive inside the polygon, negative outside. */
function signedEdgeDistance(rings: readonly (readonly PointLike[])[], p: PointLike): number {
  const d = nearestEdge(rings, p);
  if (!Number.isFinite(d)) return -Infinity;
  return pointInPolygon(p, rings) ? d : -d;
}

/** Metres from a point [lon, lat] to the green's edge: positive inside the green, 0 or negative outside. */
export function edgeDistanceOf(green: number[][][], point: [number, number]): number {
  if (green.length === 0) return -Infinity;
  const plane = localPlane(point);
  return signedEdgeDistance(
    green.map((ring) => ring.map((p) => plane.forward(p))),
    [0, 0],
  );
}

/** Where a line meets the rings: the sorted crossings of the axis-parallel line `coord[axis] = value` (the other coordinate). */
function crossings(rings: Ring[], axis: 0 | 1, value: number): number[] {
  const other = axis === 0 ? 1 : 0;
  const out: number[] = [];
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i];
      const b = ring[(i + 1) % ring.length];
      if (a[axis] > value !== b[axis] > value) {
        const t = (value - a[axis]) / (b[axis] - a[axis]);
        out.push(a[other] + t * (b[other] - a[other]));
      }
    }
  }
  return out.sort((x, y) => x - y);
}

/** Of sorted crossings of a line, the stretch [from, to] that holds `along`, or the whole span; null when the line misses. */
function stretchOf(xs: number[], along: number): [number, number] | null {
  for (let i = 0; i + 1 < xs.length; i += 2) if (along >= xs[i] && along <= xs[i + 1]) return [xs[i], xs[i + 1]];
  return xs.length >= 2 ? [xs[0], xs[xs.length - 1]] : null;
}

interface Extent {
  minOut: number;
  maxOut: number;
  minSide: number;
  maxSide: number;
}

function extentOf(rings: Ring[]): Extent {
  const e = { minOut: Infinity, maxOut: -Infinity, minSide: Infinity, maxSide: -Infinity };
  for (const [side, out] of rings[0] ?? []) {
    e.minOut = Math.min(e.minOut, out);
    e.maxOut = Math.max(e.maxOut, out);
    e.minSide = Math.min(e.minSide, side);
    e.maxSide = Math.max(e.maxSide, side);
  }
  return e;
}

/**
 * The zone of a spot on the frame's plane: front / middle / back by thirds of the green's depth
 * along the line of play through the spot, left / right of the middle of the green's width across
 * it (the whole green's extent where the lines miss it).
 */
function zoneOnPlane(rings: Ring[], extent: Extent, p: XY, lines?: { across: number[]; along: number[] }): GreenZone {
  // The line of play through the spot (side fixed) and the line across it (out fixed).
  const alongXs = lines?.along ?? crossings(rings, 0, p[0]);
  const acrossXs = lines?.across ?? crossings(rings, 1, p[1]);
  const depth = stretchOf(alongXs, p[1]) ?? [extent.minOut, extent.maxOut];
  const width = stretchOf(acrossXs, p[0]) ?? [extent.minSide, extent.maxSide];
  const span = depth[1] - depth[0];
  const f = span > 0 ? (p[1] - depth[0]) / span : 0.5;
  const row = f < 1 / 3 ? 'front' : f < 2 / 3 ? 'middle' : 'back';
  const col = p[0] < (width[0] + width[1]) / 2 ? 'left' : 'right';
  return `${row}-${col}`;
}

/** The zone of the green a pin `outMeters` in and `sideMeters` across lies in. */
export function pinZone(frame: PinFrame, green: number[][][], outMeters: number, sideMeters: number): GreenZone {
  const rings = frameRings(frame, green);
  return zoneOnPlane(rings, extentOf(rings), [sideMeters, outMeters]);
}

function recentSpots(history: readonly RotationHistorySpot[], settings: PinRotationSettings): RotationHistorySpot[] {
  return history.filter((h) => h.daysAgo >= 1 && h.daysAgo <= settings.reuseDays);
}

function nearestOf(p: XY, spots: readonly RotationHistorySpot[]): number | null {
  let best: number | null = null;
  for (const s of spots) {
    const d = Math.sqrt((p[0] - s.sideMeters) ** 2 + (p[1] - s.outMeters) ** 2);
    if (best === null || d < best) best = d;
  }
  return best;
}

function isBlocked(p: XY, spots: readonly RotationHistorySpot[], settings: PinRotationSettings): boolean {
  return spots.some((s) => Math.sqrt((p[0] - s.sideMeters) ** 2 + (p[1] - s.outMeters) ** 2) < blockedRadius(s.daysAgo, settings));
}

export type PinProblem = 'outsideGreen' | 'nearEdge' | 'blocked';

export interface CheckPinInput {
  green: number[][][];
  frame: PinFrame;
  outMeters: number;
  sideMeters: number;
  history: readonly RotationHistorySpot[];
  settings: PinRotationSettings;
}

/**
 * The rules for one pin: its distance to the green's edge (metres, ≤ 0 outside), to the nearest
 * spot of the last `reuseDays` days (null: none), and the rules it breaks.
 */
export function checkPin(input: CheckPinInput): { edgeDistance: number; nearestRecent: number | null; problems: PinProblem[] } {
  const { green, frame, outMeters, sideMeters, history, settings } = input;
  const rings = frameRings(frame, green);
  const p: XY = [sideMeters, outMeters];
  const edgeDistance = signedEdgeDistance(rings, p);
  const recent = recentSpots(history, settings);
  const problems: PinProblem[] = [];
  if (edgeDistance <= 0) problems.push('outsideGreen');
  else if (edgeDistance < settings.edgeDistance) problems.push('nearEdge');
  if (isBlocked(p, recent, settings)) problems.push('blocked');
  return { edgeDistance, nearestRecent: nearestOf(p, recent), problems };
}

export interface SuggestPinInput {
  green: number[][][];
  frame: PinFrame;
  /** Spots played before the day (daysAgo ≥ 1 counts; others are ignored). */
  history: readonly RotationHistorySpot[];
  settings: PinRotationSettings;
  /** A number that grows by one per day (days since 1970-01-01): rotates the zones from day to day. */
  dayNumber: number;
  /** The hole's order on the course: neighbouring holes start their rotation at different zones. */
  holeOrder: number;
}

export type RotationSuggestion = Omit<SuggestedPin, 'holeId'>;

/** The day number of a calendar date YYYY-MM-DD: days since 1970-01-01. */
export function dayNumberOf(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

interface Candidate {
  p: XY;
  zone: GreenZone;
  edge: number;
  nearest: number | null;
}

/**
 * The pin for a green on a day: whole metres in and across, on the green at least `edgeDistance`
 * from its edge, outside every blocked radius of the last `reuseDays` days, in the zone used least
 * on this green over the last 7 days (ties go round the zones with dayNumber + holeOrder). Within
 * the zone the spot farthest from recent pins (up to twice the blocked radius) nearest the zone's
 * middle is taken. Null when no spot respects the rules.
 */
export function suggestPin(input: SuggestPinInput): RotationSuggestion | null {
  const { green, frame, history, settings, dayNumber, holeOrder } = input;
  if (green.length === 0 || (green[0]?.length ?? 0) < 3) return null;
  const rings = frameRings(frame, green);
  const extent = extentOf(rings);
  const recent = recentSpots(history, settings);

  const candidates: Candidate[] = [];
  const step = SEARCH_STEP;
  // Whole metres, within what a pin position may hold (in 0…100, across −100…100).
  const outFrom = Math.max(0, Math.ceil(extent.minOut));
  const outTo = Math.min(PIN_LIMIT, Math.floor(extent.maxOut));
  const sideFrom = Math.max(-PIN_LIMIT, Math.ceil(extent.minSide));
  const sideTo = Math.min(PIN_LIMIT, Math.floor(extent.maxSide));
  // The crossings of each line across (per 'in') and along (per 'side') are shared by its spots.
  const alongLines = new Map<number, number[]>();
  for (let out = outFrom; out <= outTo; out += step) {
    const across = crossings(rings, 1, out);
    for (let side = sideFrom; side <= sideTo; side += step) {
      const p: XY = [side === 0 ? 0 : side, out];
      // The distance first: most spots it rules out need no inside test.
      const edge = nearestEdge(rings, p);
      if (edge === 0 || edge < settings.edgeDistance || !pointInPolygon(p, rings)) continue;
      if (isBlocked(p, recent, settings)) continue;
      let along = alongLines.get(side);
      if (!along) alongLines.set(side, (along = crossings(rings, 0, side)));
      candidates.push({ p, zone: zoneOnPlane(rings, extent, p, { across, along }), edge, nearest: nearestOf(p, recent) });
    }
  }
  if (candidates.length === 0) return null;

  // Zone uses over the last week on this green.
  const used = new Map<GreenZone, number>(GREEN_ZONES.map((z) => [z, 0]));
  for (const h of history) {
    if (h.daysAgo < 1 || h.daysAgo > ZONE_SPREAD_DAYS) continue;
    const z = zoneOnPlane(rings, extent, [h.sideMeters, h.outMeters]);
    used.set(z, (used.get(z) ?? 0) + 1);
  }
  const start = (((dayNumber + holeOrder) % GREEN_ZONES.length) + GREEN_ZONES.length) % GREEN_ZONES.length;
  const order = GREEN_ZONES.map((_, i) => GREEN_ZONES[(start + i) % GREEN_ZONES.length]);
  const available = order.filter((z) => candidates.some((c) => c.zone === z));
  const least = Math.min(...available.map((z) => used.get(z) ?? 0));
  const zone = available.find((z) => (used.get(z) ?? 0) === least)!;

  const inZone = candidates.filter((c) => c.zone === zone);
  const mid: XY = [inZone.reduce((s, c) => s + c.p[0], 0) / inZone.length, inZone.reduce((s, c) => s + c.p[1], 0) / inZone.length];
  const cap = Math.max(2 * settings.blockedRadius, 1);
  const score = (c: Candidate) => Math.min(c.nearest ?? cap, cap) - 0.25 * Math.hypot(c.p[0] - mid[0], c.p[1] - mid[1]);
  let best = inZone[0];
  let bestScore = score(best);
  for (const c of inZone.slice(1)) {
    const s = score(c);
    if (s > bestScore + 1e-9) {
      best = c;
      bestScore = s;
    }
  }
  const [sideMeters, outMeters] = best.p;
  return {
    outMeters,
    sideMeters,
    position: pinPoint(frame, outMeters, sideMeters),
    zone,
    edgeDistance: best.edge,
    nearestRecent: best.nearest,
  };
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_PIN_ROTATION, GREEN_ZONES, type PinRotationSettings } from '../api/greenkeeper';
import { blockedRadius, checkPin, dayNumberOf, edgeDistanceOf, pinZone, suggestPin, type RotationHistorySpot } from './pin-rotation';
import type { PinFrame } from './pins';

/*
 * The checks below do not use the module's geometry: positions are compared on their own plane
 * (equirectangular around each point with the WGS84 radii of curvature there), with their own
 * point-in-polygon (winding number) and point-to-segment distance.
 */
const RAD = Math.PI / 180;
/** WGS84: semi-major axis and first eccentricity squared. */
const A = 6_378_137;
const E2 = 0.006_694_379_990_14;
/** Metres per radian north (meridian radius) and east (parallel radius) at a latitude. */
function radii(lat: number): [east: number, north: number] {
  const w = 1 - E2 * Math.sin(lat * RAD) ** 2;
  return [(A / Math.sqrt(w)) * Math.cos(lat * RAD), (A * (1 - E2)) / w ** 1.5];
}
/** Fjordvang Golfklub (the demo club). */
const FJORDVANG: [number, number] = [9.5357, 55.7113];

/** Metres east and north of `origin` → [lon, lat] (the ellipsoid's radii of curvature at the origin). */
function fromMetres(origin: [number, number], east: number, north: number): [number, number] {
  const [re, rn] = radii(origin[1]);
  return [origin[0] + east / re / RAD, origin[1] + north / rn / RAD];
}
/** [lon, lat] → metres east and north of `origin`. */
function toMetres(origin: number[], p: number[]): [number, number] {
  const [re, rn] = radii(origin[1]);
  return [(p[0] - origin[0]) * RAD * re, (p[1] - origin[1]) * RAD * rn];
}
function metresBetween(a: number[], b: number[]): number {
  const [x, y] = toMetres(a, b);
  return Math.sqrt(x * x + y * y);
}
function windingInside(p: [number, number], ring: [number, number][]): boolean {
  let winding = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [ax, ay] = ring[i];
    const [bx, by] = ring[i + 1];
    const cross = (bx - ax) * (p[1] - ay) - (p[0] - ax) * (by - ay);
    if (ay <= p[1] && by > p[1] && cross > 0) winding++;
    else if (ay > p[1] && by <= p[1] && cross < 0) winding--;
  }
  return winding !== 0;
}
function toSegment(p: [number, number], a: [number, number], b: [number, number]): number {
  const vx = b[0] - a[0];
  const vy = b[1] - a[1];
  const wx = p[0] - a[0];
  const wy = p[1] - a[1];
  const c1 = vx * wx + vy * wy;
  const c2 = vx * vx + vy * vy;
  const t = c2 <= 0 ? 0 : c1 <= 0 ? 0 : c1 >= c2 ? 1 : c1 / c2;
  const dx = wx - t * vx;
  const dy = wy - t * vy;
  return Math.sqrt(dx * dx + dy * dy);
}
/** Independent: metres from a point to the green's edge, negative outside (outer ring only, closed). */
function ownEdgeDistance(green: number[][][], p: number[]): number {
  const ring = green[0].map((q) => toMetres(p, q));
  let best = Infinity;
  for (let i = 0; i < ring.length - 1; i++) best = Math.min(best, toSegment([0, 0], ring[i], ring[i + 1]));
  return windingInside([0, 0], ring) ? best : -best;
}
/** Independent: the rule's radius for a spot used `days` days before. */
function ownRadius(days: number, s: PinRotationSettings): number {
  if (days < 1 || days > s.reuseDays) return 0;
  return s.blockedRadius - ((days - 1) * s.blockedRadius) / s.reuseDays;
}
/** Independent: [across (right +), along] metres of a point in a frame, from the frame's origin and bearing. */
function inFrame(frame: PinFrame, p: number[]): [number, number] {
  const [x, y] = toMetres(frame.origin, p);
  const b = frame.bearing * RAD;
  return [x * Math.cos(b) - y * Math.sin(b), x * Math.sin(b) + y * Math.cos(b)];
}

interface Green {
  name: string;
  frame: PinFrame;
  green: number[][][];
}

/**
 * A green drawn as a superintendent's map shows one: an outline of `n` points around a centre
 * `depth/2` metres beyond the frame's origin along `bearing`, radius r(θ) from a shape function
 * (kidney, pear, …), closed.
 */
function drawnGreen(name: string, centreOffset: [number, number], bearing: number, shape: (theta: number) => number, n = 48): Green {
  const centre = fromMetres(FJORDVANG, ...centreOffset);
  const b = bearing * RAD;
  // Along the line of play: (sin b, cos b); the front of the green is where r(π) reaches.
  const ring: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const theta = (2 * Math.PI * i) / n;
    const r = shape(theta);
    // theta measured from the line of play, clockwise.
    const east = r * Math.sin(b + theta);
    const north = r * Math.cos(b + theta);
    ring.push(fromMetres(centre, east, north));
  }
  ring.push(ring[0]);
  const front = shape(Math.PI);
  const origin = fromMetres(centre, -front * Math.sin(b), -front * Math.cos(b));
  return { name, frame: { origin, bearing }, green: [ring] };
}

const GREENS: Green[] = [
  // A kidney-shaped green 34 m deep, about 26 m wide, played to the north-east.
  drawnGreen('kidney', [0, 0], 37, (t) => 15 + 2.5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) + 1.5 * Math.sin(t)),
  // A pear: narrow at the front, wide at the back, played to the west.
  drawnGreen('pear', [300, 120], 262, (t) => 14 + 4 * Math.cos(t) + 1.2 * Math.cos(2 * t)),
  // A small round green (about 24 m across), played south.
  drawnGreen('round', [-250, 400], 181, () => 12),
];

interface Played {
  day: number;
  outMeters: number;
  sideMeters: number;
  position: [number, number];
  zone: string;
}

function simulate(g: Green, settings: PinRotationSettings, days: number, holeOrder: number): Played[] {
  const played: Played[] = [];
  const firstDay = dayNumberOf('2026-05-01');
  for (let day = 0; day < days; day++) {
    const history: RotationHistorySpot[] = played.map((p) => ({ daysAgo: day - p.day, outMeters: p.outMeters, sideMeters: p.sideMeters })).reverse();
    const pin = suggestPin({ green: g.green, frame: g.frame, history, settings, dayNumber: firstDay + day, holeOrder });
    if (!pin) throw new Error(`${g.name}: no suggestion on day ${day}`);
    played.push({ day, outMeters: pin.outMeters, sideMeters: pin.sideMeters, position: pin.position, zone: pin.zone });
  }
  return played;
}

describe('blockedRadius', () => {
  it('is the full radius the next day, shrinks each day, is still above 0 on the last day and 0 outside', () => {
    const s = DEFAULT_PIN_ROTATION;
    expect(blockedRadius(0, s)).toBe(0);
    expect(blockedRadius(-1, s)).toBe(0);
    expect(blockedRadius(1, s)).toBeCloseTo(4.5, 9);
    for (let d = 2; d <= s.reuseDays; d++) {
      expect(blockedRadius(d, s)).toBeLessThan(blockedRadius(d - 1, s));
      expect(blockedRadius(d, s)).toBeGreaterThan(0);
      expect(blockedRadius(d, s)).toBeCloseTo(ownRadius(d, s), 9);
    }
    expect(blockedRadius(s.reuseDays + 1, s)).toBe(0);
    expect(blockedRadius(30, s)).toBe(0);
  });
});

describe('edgeDistanceOf and pinZone on a square green', () => {
  // A 30 m square green played due north, its front edge through the frame's origin.
  const origin = FJORDVANG;
  const square = [[fromMetres(origin, -15, 0), fromMetres(origin, 15, 0), fromMetres(origin, 15, 30), fromMetres(origin, -15, 30), fromMetres(origin, -15, 0)]];
  const frame: PinFrame = { origin, bearing: 0 };

  it('measures metres to the nearest edge, negative outside', () => {
    expect(edgeDistanceOf(square, fromMetres(origin, 0, 15))).toBeCloseTo(15, 1);
    expect(edgeDistanceOf(square, fromMetres(origin, 10, 20))).toBeCloseTo(5, 1);
    expect(edgeDistanceOf(square, fromMetres(origin, 0, 35))).toBeCloseTo(-5, 1);
  });

  it('names the zone by thirds of depth and halves of width', () => {
    expect(pinZone(frame, square, 5, -5)).toBe('front-left');
    expect(pinZone(frame, square, 5, 5)).toBe('front-right');
    expect(pinZone(frame, square, 15, -3)).toBe('middle-left');
    expect(pinZone(frame, square, 15, 3)).toBe('middle-right');
    expect(pinZone(frame, square, 25, -10)).toBe('back-left');
    expect(pinZone(frame, square, 25, 10)).toBe('back-right');
  });

  it('checks a pin: outside, near the edge, blocked by yesterday’s spot, and fine', () => {
    const s = DEFAULT_PIN_ROTATION;
    const history = [{ daysAgo: 1, outMeters: 15, sideMeters: 0 }, { daysAgo: 9, outMeters: 20, sideMeters: 0 }];
    expect(checkPin({ green: square, frame, outMeters: 35, sideMeters: 0, history, settings: s }).problems).toEqual(['outsideGreen']);
    expect(checkPin({ green: square, frame, outMeters: 2, sideMeters: 0, history, settings: s }).problems).toEqual(['nearEdge']);
    const blocked = checkPin({ green: square, frame, outMeters: 17, sideMeters: 2, history, settings: s });
    expect(blocked.problems).toEqual(['blocked']);
    expect(blocked.nearestRecent).toBeCloseTo(Math.hypot(2, 2), 6);
    // The day-9 spot is past the reuse days: neither blocking nor recent.
    const fine = checkPin({ green: square, frame, outMeters: 20, sideMeters: 0, history, settings: s });
    expect(fine.problems).toEqual([]);
    expect(fine.nearestRecent).toBeCloseTo(5, 6);
    expect(fine.edgeDistance).toBeCloseTo(10, 1);
  });
});

describe('suggestPin over 30 simulated days', () => {
  // The club's defaults on every green; stricter rules on the larger greens (a 24 m round green
  // has too little room inside 5 m of its edge to keep ten days of 6 m circles apart).
  // With the stricter rules a zone is now and then wholly blocked, and a day repeats a zone.
  const runs: [PinRotationSettings, Green[], zonesIn6Days: number][] = [
    [DEFAULT_PIN_ROTATION, GREENS, GREEN_ZONES.length],
    [{ edgeDistance: 5, blockedRadius: 6, reuseDays: 10 }, GREENS.slice(0, 2), GREEN_ZONES.length - 1],
  ];

  for (const [settings, greens, zonesIn6Days] of runs) {
    for (const [holeOrder, g] of greens.entries()) {
      it(`${g.name} green, edge ${settings.edgeDistance} m, radius ${settings.blockedRadius} m, ${settings.reuseDays} days`, () => {
        const played = simulate(g, settings, 30, holeOrder + 1);
        for (const pin of played) {
          // Whole metres, on the green, far enough from its edge (independent geometry).
          expect(Number.isInteger(pin.outMeters) && Number.isInteger(pin.sideMeters)).toBe(true);
          const edge = ownEdgeDistance(g.green, pin.position);
          expect(edge, `day ${pin.day} edge`).toBeGreaterThanOrEqual(settings.edgeDistance - 0.05);
          // The position is where 'in' and 'side' say, in the frame.
          const [across, along] = inFrame(g.frame, pin.position);
          expect(across).toBeCloseTo(pin.sideMeters, 1);
          expect(along).toBeCloseTo(pin.outMeters, 1);
          for (const before of played) {
            const days = pin.day - before.day;
            if (days < 1) continue;
            const apart = metresBetween(pin.position, before.position);
            // Outside the blocked radius of every spot of the last reuseDays days…
            expect(apart, `day ${pin.day} vs day ${before.day}`).toBeGreaterThanOrEqual(ownRadius(days, settings) - 0.05);
            // …so never the same spot again within reuseDays.
            if (days <= settings.reuseDays) expect(apart, `day ${pin.day} reuses day ${before.day}`).toBeGreaterThan(0.5);
          }
        }
        // The spread: every 6 days use the 6 zones (or all but one), and every week spans the green's depth and both sides.
        for (let start = 0; start + 6 <= played.length; start++) {
          expect(new Set(played.slice(start, start + 6).map((p) => p.zone)).size, `days ${start}–${start + 5}`).toBeGreaterThanOrEqual(zonesIn6Days);
        }
        const outline = g.green[0].map((q) => inFrame(g.frame, q));
        const depth = Math.max(...outline.map((q) => q[1])) - Math.min(...outline.map((q) => q[1]));
        const mid = (Math.max(...outline.map((q) => q[0])) + Math.min(...outline.map((q) => q[0]))) / 2;
        for (let start = 0; start + 7 <= played.length; start++) {
          const week = played.slice(start, start + 7).map((p) => inFrame(g.frame, p.position));
          const alongs = week.map((q) => q[1]);
          expect(Math.max(...alongs) - Math.min(...alongs)).toBeGreaterThan(depth / 3);
          expect(week.some((q) => q[0] < mid) && week.some((q) => q[0] > mid)).toBe(true);
        }
      });
    }
  }

  it('answers null when no spot keeps the edge distance', () => {
    const tiny = drawnGreen('tiny', [0, 0], 0, () => 3.5);
    expect(suggestPin({ green: tiny.green, frame: tiny.frame, history: [], settings: DEFAULT_PIN_ROTATION, dayNumber: 1, holeOrder: 1 })).toBeNull();
  });

  it('moves to another zone as the days go and starts neighbouring holes in different zones', () => {
    const g = GREENS[0];
    const zones = [1, 2, 3].map((holeOrder) => suggestPin({ green: g.green, frame: g.frame, history: [], settings: DEFAULT_PIN_ROTATION, dayNumber: 100, holeOrder })!.zone);
    expect(new Set(zones).size).toBe(3);
  });
});

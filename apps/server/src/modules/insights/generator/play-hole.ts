import { lieAt, onGreen, pointAt, project, type HoleModel, type Lie } from './course-model';
import { clamp, normal, uniform, type Rng } from './random';
import type { XY } from '@golf/contract/geo/planar';

/**
 * One player's play of one hole: every swing from where the ball lies, aimed along the play line
 * (or at the pin once the green is in reach), with a dispersion of distance and direction that
 * grows with the handicap and with a bad lie; where the ball comes to rest is read from the
 * drawing. Water costs a penalty stroke and a drop short of it, out of bounds stroke and distance;
 * rough, bunkers and trees make the next swing shorter and wilder; on the green the putts follow
 * the distance to the hole.
 */

export interface Golfer {
  sex: 'male' | 'female';
  handicap: number;
  /** Driver distance in metres (carry and roll). */
  drive: number;
  /** Walking speed, metres per second. */
  walkSpeed: number;
  /** Seconds a full swing takes the group (routine and the swing). */
  swingSeconds: number;
}

export type SwingKind = 'tee' | 'full' | 'chip' | 'putt';

export interface Swing {
  /** Where the ball was played from (local metres). */
  at: XY;
  lie: Lie;
  kind: SwingKind;
  club: string;
  /** Aimed at the flag from off the green: the group ahead must have left the green first. */
  toGreen: boolean;
  /** Extra seconds this swing took: looking for the ball, a drop, going back to the tee. */
  extraSeconds: number;
}

export interface HolePlay {
  /** Strokes including penalty strokes. */
  strokes: number;
  swings: Swing[];
}

/** Clubs and their full distances as a share of the player's driver distance, longest first. */
const CLUBS: [string, number][] = [
  ['driver', 1],
  ['3w', 0.9],
  ['5w', 0.85],
  ['4h', 0.8],
  ['5i', 0.74],
  ['6i', 0.7],
  ['7i', 0.66],
  ['8i', 0.62],
  ['9i', 0.57],
  ['pw', 0.52],
  ['gw', 0.46],
  ['sw', 0.38],
];
/** Strokes on one hole stop here (picked up when still not holed). */
export const MAX_HOLE_STROKES = 14;
/** Within this many metres of the flag (off the green) a player chips or pitches. */
const CHIP_RANGE = 45;

/** Longest reach (m) of a full swing from this lie; the tee shot of a par 4 or 5 with the driver. */
function reach(g: Golfer, lie: Lie, teeShot: boolean): number {
  if (teeShot) return g.drive;
  switch (lie) {
    case 'fairway':
    case 'tee':
    case 'fringe':
      return g.drive * 0.9;
    case 'rough':
    case 'out':
      return g.drive * 0.78;
    case 'bunker':
      return g.drive * 0.6;
    case 'trees':
      return 70;
    default:
      return g.drive * 0.85;
  }
}

function clubFor(g: Golfer, metres: number, teeShot: boolean): string {
  if (teeShot && metres > g.drive * 0.9) return 'driver';
  for (let i = CLUBS.length - 1; i >= 1; i--) if (CLUBS[i][1] * g.drive >= metres) return CLUBS[i][0];
  return teeShot ? 'driver' : '3w';
}

/** Probability of holing a putt of `d` metres: half the putts from about 2.4 m for scratch, 1.7 m at 36. */
export function holeProbability(d: number, handicap: number): number {
  const d50 = clamp(2.4 - 0.02 * handicap, 1.3, 2.6);
  return 1 / (1 + Math.pow(Math.max(d, 0.05) / d50, 2.3));
}

const dist = (a: XY, b: XY) => Math.hypot(b[0] - a[0], b[1] - a[1]);
const towards = (from: XY, bearing: number, metres: number): XY => [from[0] + Math.cos(bearing) * metres, from[1] + Math.sin(bearing) * metres];
const around = (c: XY, rng: Rng, r: number): XY => towards(c, rng() * 2 * Math.PI, r);

/** Plays the hole from `tee` to `pin`. */
export function playHole(hole: HoleModel, g: Golfer, tee: XY, pin: XY, rng: Rng): HolePlay {
  const swings: Swing[] = [];
  let strokes = 0;
  let pos = tee;
  let lie: Lie = 'tee';
  let fromTee = true;
  const hcp = Math.max(0, g.handicap);
  const firstLanding = hole.line.length > 2 ? hole.arcs[1] : hole.length;

  while (strokes < MAX_HOLE_STROKES) {
    const d = dist(pos, pin);
    const greenLie = lie === 'green' || (lie === 'fringe' && d < 12 && rng() < 0.7);
    if (greenLie) {
      // A putt: holed by the distance's odds, else left short or long by a share of the distance.
      swings.push({ at: pos, lie, kind: 'putt', club: 'putter', toGreen: false, extraSeconds: 0 });
      strokes++;
      if (rng() < holeProbability(d, hcp)) break;
      const leave = 0.25 + d * (0.06 + 0.0025 * hcp) * (0.5 + Math.abs(normal(rng)));
      pos = around(pin, rng, leave);
      lie = 'green';
      fromTee = false;
      continue;
    }
    if (d <= CHIP_RANGE && !fromTee) {
      // A chip, pitch or bunker shot at the flag.
      const sand = lie === 'bunker';
      swings.push({ at: pos, lie, kind: 'chip', club: sand || d > 25 ? 'sw' : 'pw', toGreen: true, extraSeconds: sand ? 15 : 0 });
      strokes++;
      if (sand && rng() < 0.06 + 0.007 * hcp) {
        pos = towards(pos, Math.atan2(pin[1] - pos[1], pin[0] - pos[0]), uniform(rng, 0.5, 2.5));
        if (lieAt(hole, pos) !== 'bunker') lie = 'fringe';
        continue;
      }
      if (rng() < 0.025 * Math.exp(-hcp / 12) * (sand ? 0.5 : 1)) break;
      const miss = Math.abs(normal(rng)) * (1.2 + 0.07 * d + 0.1 * hcp) * (sand ? 1.5 : lie === 'rough' ? 1.2 : 1);
      pos = around(pin, rng, miss);
      lie = settle(hole, pos);
      if (lie === 'water' || lie === 'out') {
        strokes++;
        pos = around(pin, rng, uniform(rng, 6, 12));
        lie = settle(hole, pos);
        if (lie === 'water' || lie === 'out') lie = 'rough';
      }
      continue;
    }

    // A full swing: at the flag when it is in reach, else along the play line.
    const teeShot = fromTee && hole.par > 3;
    const range = reach(g, lie, teeShot);
    let target: XY;
    let toGreen = false;
    if (d <= range) {
      target = pin;
      toGreen = true;
    } else {
      const s = project(hole, pos);
      const ahead = teeShot ? Math.min(s + range, firstLanding + 10) : Math.min(s + range, hole.length);
      target = ahead - s < 5 ? pin : pointAt(hole, ahead);
      toGreen = target === pin;
    }
    let length = dist(pos, target);
    let bearing = Math.atan2(target[1] - pos[1], target[0] - pos[0]);
    const lieSpread = lie === 'rough' || lie === 'out' ? 1.25 : lie === 'bunker' ? 1.45 : lie === 'trees' ? 1.8 : 1;
    const lieLength = lie === 'rough' || lie === 'out' ? 0.9 : lie === 'bunker' ? 0.8 : lie === 'trees' ? 0.75 : 1;
    const spreadDeg = (2 + 0.17 * Math.min(hcp, 36) + 0.06 * Math.max(0, hcp - 36)) * lieSpread;
    let factor = lieLength * (1 + normal(rng) * (0.04 + 0.0035 * hcp));
    bearing += (normal(rng) * spreadDeg * Math.PI) / 180;
    if (rng() < Math.min(0.22, 0.015 + 0.0065 * hcp)) {
      // A mishit: topped, thinned or shanked.
      factor *= uniform(rng, 0.25, 0.7);
      bearing += ((rng() < 0.5 ? -1 : 1) * uniform(rng, 5, 25) * Math.PI) / 180;
    }
    length = Math.max(5, length * factor);
    swings.push({
      at: pos,
      lie,
      kind: fromTee ? 'tee' : 'full',
      club: clubFor(g, dist(pos, target), teeShot),
      toGreen,
      extraSeconds: lie === 'rough' || lie === 'trees' || lie === 'out' ? Math.round(uniform(rng, 5, 30)) : 0,
    });
    strokes++;
    const landing = towards(pos, bearing, length);
    const landed = settle(hole, landing);
    if (landed === 'water') {
      // Penalty area: one stroke, a drop on this side of the water where the ball crossed into it.
      strokes++;
      let back = landing;
      for (let k = 0; k < 60 && lieAt(hole, back) === 'water'; k++) back = towards(back, bearing, -3);
      pos = towards(back, bearing, -2);
      lie = settle(hole, pos);
      if (lie === 'water' || lie === 'out') lie = 'rough';
      swings[swings.length - 1].extraSeconds += 40;
      fromTee = false;
    } else if (landed === 'out' && rng() < 0.55) {
      // Out of bounds: stroke and distance, played again from the same place.
      strokes++;
      swings[swings.length - 1].extraSeconds += 45;
    } else {
      pos = landing;
      lie = landed;
      fromTee = false;
    }
  }
  return { strokes, swings };
}

/** The lie where a ball comes to rest (a ball on the green stays there whatever else is drawn beneath). */
function settle(hole: HoleModel, p: XY): Lie {
  const lie = lieAt(hole, p);
  if (lie !== 'green' && lie !== 'water' && lie !== 'bunker' && onGreen(hole, p)) return 'green';
  return lie;
}

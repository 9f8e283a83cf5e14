import type { RoundBody, RoundShot, TrackPoint } from '@golf/contract/api/insights-app';
import type { XY } from '@golf/contract/geo/planar';
import { courseModel, onGreen, type CourseModel, type GeneratorCourse, type HoleModel } from './course-model';
import { daylight, dayWeight, daysBetween, isGolfDay, localInstant, teeTimeWeight, type Day } from './calendar';
import { fieldGolfer, generatePlayers, type PoolPlayer } from './players';
import { playHole, type Golfer, type HolePlay } from './play-hole';
import { clamp, normal, pickCumulative, pickWeighted, stream, uniform, type Rng } from './random';

/**
 * A season of rounds on a drawn course (issue 22), generated lazily day by day: each golf day gets
 * its share of the rounds (month, weekday, weather), its tee sheet (tee times every 8–10 minutes,
 * filled by how wanted each time is), and the whole field on the course — the app's players and
 * as many golfers again without the app — in groups of 1 to 4. The groups then play in tee order:
 * each swing from `playHole`, walking at the group's slowest pace, and waiting where the group
 * ahead is still in the way (a par 3's tee until it has left the green; a par 4's or 5's tee until
 * it has played its second shots; every shot at the green until it has left the green), so that
 * queues build on the par 3s and long holes. The app's players' rounds come out as the app sends
 * them: strokes per hole, Stableford points, the shots and the game track (a position every
 * 10–15 s along the walk, standing still while waiting).
 */

export interface SeasonOptions {
  /** First and last day, 'YYYY-MM-DD' (only April to October have golf). */
  from: string;
  to: string;
  /** Rounds of the app's players in the whole range. */
  rounds: number;
  seed: number;
  /** The app's users; by default `generatePlayers` for this seed and number of rounds. */
  players?: PoolPlayer[];
  /**
   * Golfers on the course on an average golf day, the app's players among them (the others have
   * no app but take tee times and hold up the groups behind them); busy days more; default 85.
   */
  golfersPerDay?: number;
  /** Seconds between game-track points, drawn in this range for each point; default [10, 15]. */
  trackIntervalSeconds?: [number, number];
}

export interface GeneratedRound {
  appRoundId: string;
  body: RoundBody;
}

/** Simplified playing handicap: the handicap index rounded (no slope or course rating). */
export const playingHandicap = (handicapIndex: number): number => Math.round(handicapIndex);

/** Strokes received on a hole of stroke index `si` (of `holes` holes) with playing handicap `ph`; negative: strokes given back. */
export function strokesReceived(ph: number, si: number, holes: number): number {
  if (ph >= 0) return Math.floor(ph / holes) + (si <= ph % holes ? 1 : 0);
  return si > holes + Math.max(ph, -holes) ? -1 : 0;
}

/** Stableford points of a hole: 2 for a net par, one more per stroke under, none at net double bogey or worse. */
export function stablefordPoints(strokes: number, par: number, received: number): number {
  return Math.max(0, 2 + par + received - strokes);
}

interface Member {
  golfer: Golfer;
  teeId: number;
  player: PoolPlayer | null;
  /** Shots recorded on this hole (the app's shot tracking). */
  tracksShots: boolean[];
  hasTrack: boolean;
  keyframes: number[];
  shots: RoundShot[];
  holes: { hole: number; strokes: number }[];
  points: number;
}

interface HoleState {
  /** When the group that last played the hole let the next group tee off. */
  teeClear: number;
  /** When that group left the green. */
  finish: number;
}

const dist = (a: XY, b: XY) => Math.hypot(b[0] - a[0], b[1] - a[1]);
const GROUP_SIZES = [1, 2, 3, 4];
const GROUP_SIZE_WEIGHTS = [8, 22, 25, 45];

/** The season's rounds, day by day (nothing is kept between days). */
export function* generateRounds(course: GeneratorCourse | CourseModel, options: SeasonOptions): Generator<GeneratedRound> {
  const model = 'plane' in course ? course : courseModel(course);
  const players = options.players ?? generatePlayers({ seed: options.seed, rounds: options.rounds, tees: model.teeIds.length });
  if (players.length === 0) throw new Error('The generator needs players');
  const interval = options.trackIntervalSeconds ?? [10, 15];
  if (!(interval[0] >= 1 && interval[1] >= interval[0])) throw new Error('trackIntervalSeconds: [min, max] seconds, min at least 1');
  const golfersPerDay = Math.max(0, options.golfersPerDay ?? 85);

  // Each golf day's share of the rounds: cumulative rounding, so the days add up exactly.
  const days = [...daysBetween(options.from, options.to)].filter(isGolfDay);
  const weights = days.map((d) => dayWeight(d, stream(options.seed, 'weather', d.date)));
  const total = weights.reduce((s, w) => s + w, 0);
  if (total === 0) {
    if (options.rounds > 0) throw new Error('The date range has no golf days (April to October)');
    return;
  }
  const meanWeight = total / days.length;
  let cumulative = 0;
  let given = 0;
  for (let i = 0; i < days.length; i++) {
    cumulative += weights[i];
    const upTo = Math.round((options.rounds * cumulative) / total);
    const count = upTo - given;
    given = upTo;
    if (count > 0) yield* playDay(model, days[i], count, players, { seed: options.seed, interval, golfers: Math.round((golfersPerDay * weights[i]) / meanWeight) });
  }
}

interface DayOptions {
  seed: number;
  interval: [number, number];
  /** Golfers on the course that day, the app's players among them. */
  golfers: number;
}

function* playDay(model: CourseModel, day: Day, appRounds: number, pool: PoolPlayer[], options: DayOptions): Generator<GeneratedRound> {
  const rng = stream(options.seed, 'day', day.date);
  const weekend = day.weekday === 0 || day.weekday === 6;
  const teeCount = model.teeIds.length;

  // The app's players of the day: distinct, by how often they play (guests more at weekends).
  const cumulative: number[] = [];
  let sum = 0;
  for (const p of pool) cumulative.push((sum += p.frequency * (p.home ? 1 : weekend ? 1.4 : 0.8)));
  const chosen = new Set<number>();
  const want = Math.min(appRounds, pool.length);
  for (let tries = 0; chosen.size < want && tries < want * 50; tries++) chosen.add(pickCumulative(rng, cumulative));
  for (let i = 0; chosen.size < want; i++) chosen.add(i);

  // The tee sheet: a slot every 8–10 minutes from the first tee time to 2.5 h before sunset.
  const { first, sunset } = daylight(day);
  const step = 8 + Math.floor(rng() * 3);
  const slots: number[] = [];
  for (let m = first; m <= sunset - 150; m += step) slots.push(m);
  // Everyone on the course: the app's players and the field, shuffled into groups.
  const field = Math.max(0, options.golfers - chosen.size);
  let golfers: { golfer: Golfer & { teeChoice: number }; player: PoolPlayer | null }[] = [
    ...[...chosen].map((i) => ({ golfer: pool[i], player: pool[i] })),
    ...Array.from({ length: field }, () => ({ golfer: fieldGolfer(rng, teeCount), player: null })),
  ];
  const capacity = slots.length * 4;
  if (golfers.length > capacity) golfers = golfers.filter((g, i) => g.player || i < capacity);
  while (golfers.length > slots.length * 4) slots.push(slots[slots.length - 1] + step);
  shuffle(rng, golfers);
  const sizes: number[] = [];
  for (let left = golfers.length; left > 0; ) {
    const size = Math.min(left, GROUP_SIZES[pickWeighted(rng, GROUP_SIZE_WEIGHTS)]);
    sizes.push(size);
    left -= size;
  }
  if (sizes.length > slots.length) {
    sizes.length = 0;
    for (let left = golfers.length; left > 0; left -= 4) sizes.push(Math.min(4, left));
  }
  // Tee times by how wanted they are (weighted sampling without replacement: busy times fill first).
  const keyed = slots.map((m) => ({ m, key: Math.pow(rng(), 1 / Math.max(teeTimeWeight(day, m), 1e-6)) }));
  keyed.sort((a, b) => b.key - a.key);
  const times = keyed
    .slice(0, sizes.length)
    .map((k) => k.m)
    .sort((a, b) => a - b);

  // Today's pins: somewhere on each green, away from its edge.
  const pins = model.holes.map((h) => pinOf(h, rng));
  const state: HoleState[] = model.holes.map(() => ({ teeClear: -Infinity, finish: -Infinity }));
  const nine = Math.min(9, model.holes.length);
  let g = 0;
  for (let k = 0; k < sizes.length; k++) {
    const group = golfers.slice(g, g + sizes[k]);
    g += sizes[k];
    const start = times[k] * 60 + uniform(rng, 0, 90);
    // Late starters (and a few others) play nine holes.
    const holes = model.holes.length > 9 && (start / 60 > sunset - 225 || rng() < 0.03) ? nine : model.holes.length;
    const members: Member[] = group.map(({ golfer, player }) => {
      const track = rng();
      const tracked = player ? (track < 0.8 ? 'all' : track < 0.92 ? 'some' : 'none') : 'none';
      return {
        golfer,
        teeId: model.teeIds[clamp(golfer.teeChoice, 0, teeCount - 1)],
        player,
        tracksShots: model.holes.map(() => tracked === 'all' || (tracked === 'some' && rng() < 0.6)),
        hasTrack: player !== null && rng() < 0.93,
        keyframes: [],
        shots: [],
        holes: [],
        points: 0,
      };
    });
    const end = playGroup(model, day, members, holes, start, pins, state, rng);
    for (let m = 0; m < members.length; m++) {
      const member = members[m];
      if (!member.player) continue;
      const p = member.player;
      yield {
        appRoundId: `g${options.seed}-${day.date.replaceAll('-', '')}-${String(k + 1).padStart(3, '0')}-${m + 1}`,
        body: {
          guide_id: model.guideId,
          course_id: model.courseId,
          tee_id: member.teeId,
          app_user_id: p.appUserId,
          started_at: localInstant(day, start),
          ended_at: localInstant(day, end),
          sex: p.sex,
          handicap: p.handicap,
          home: p.home,
          points: member.points,
          holes: member.holes,
          shots: member.shots,
          track: member.hasTrack ? trackOf(model, member.keyframes, start, end, rng, options.interval) : [],
        },
      };
    }
  }
}

function shuffle<T>(rng: Rng, list: T[]): void {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
}

function pinOf(hole: HoleModel, rng: Rng): XY {
  for (let k = 0; k < 20; k++) {
    const r = hole.greenRadius * 0.55 * Math.sqrt(rng());
    const a = rng() * 2 * Math.PI;
    const p: XY = [hole.greenCentre[0] + Math.cos(a) * r, hole.greenCentre[1] + Math.sin(a) * r];
    if (onGreen(hole, p)) return p;
  }
  return hole.greenCentre;
}

/**
 * Plays the group's holes from `start` (local seconds); answers when it left the last green.
 * Fills each app player's strokes, points, shots and keyframes [t, x, y, hole] of the walk.
 */
function playGroup(model: CourseModel, day: Day, members: Member[], holes: number, start: number, pins: XY[], state: HoleState[], rng: Rng): number {
  const speed = Math.min(...members.map((m) => m.golfer.walkSpeed));
  let t = start;
  const at = (m: Member, time: number, p: XY, hole: number) => {
    if (m.player && m.hasTrack) m.keyframes.push(time, p[0], p[1], hole);
  };
  for (let h = 0; h < holes; h++) {
    const hole = model.holes[h];
    const pin = pins[h];
    const plays: HolePlay[] = members.map((m) => playHole(hole, m.golfer, hole.tees.get(m.teeId)!, pin, rng));
    const ahead = state[h];
    const cur: XY[] = members.map((m) => hole.tees.get(m.teeId)!);
    members.forEach((m, i) => at(m, t, cur[i], hole.number));
    const stages = Math.max(...plays.map((p) => p.swings.length));
    let prevEnd = Math.max(t, ahead.teeClear);
    let secondDone = -Infinity;
    for (let k = 0; k < stages; k++) {
      let ready = prevEnd;
      if (k > 0) {
        // Everyone walks to their ball (or, holed out, to the hole) at the group's pace.
        let walk = 0;
        const next = plays.map((p, i) => p.swings[k]?.at ?? (p.swings.length <= k - 1 ? cur[i] : pin));
        members.forEach((m, i) => {
          const d = dist(cur[i], next[i]);
          walk = Math.max(walk, d);
          at(m, prevEnd, cur[i], hole.number);
          at(m, prevEnd + d / speed, next[i], hole.number);
          cur[i] = next[i];
        });
        ready = prevEnd + walk / speed;
      }
      // A shot at the green waits until the group ahead has left it.
      const toGreen = plays.some((p) => p.swings[k]?.toGreen);
      let cursor = toGreen ? Math.max(ready, ahead.finish) : ready;
      members.forEach((m, i) => {
        const swing = plays[i].swings[k];
        if (!swing) return;
        if (m.player && m.tracksShots[h]) {
          const [lon, lat] = model.plane.inverse([swing.at[0] + normal(rng) * 1.5, swing.at[1] + normal(rng) * 1.5]);
          m.shots.push({ hole: hole.number, lon, lat, at: localInstant(day, cursor), club: swing.club });
        }
        cursor += (swing.kind === 'putt' ? 5 + m.golfer.swingSeconds * 0.35 : m.golfer.swingSeconds) + swing.extraSeconds;
      });
      prevEnd = cursor;
      if (k === 1) secondDone = prevEnd;
    }
    // Off the green, cards marked.
    const finish = prevEnd + 15;
    members.forEach((m, i) => {
      at(m, prevEnd, cur[i], hole.number);
      at(m, finish, pin, hole.number);
    });
    state[h] = { teeClear: hole.par === 3 || secondDone === -Infinity ? finish : secondDone, finish };
    members.forEach((m, i) => {
      const strokes = plays[i].strokes;
      m.holes.push({ hole: hole.number, strokes });
      m.points += stablefordPoints(strokes, hole.par, strokesReceived(playingHandicap(m.golfer.handicap), hole.strokeIndex, model.holes.length));
    });
    if (h + 1 === holes) return finish;
    // To the next tee; the app shows the next hole from leaving the green.
    const nextHole = model.holes[h + 1];
    let walk = 0;
    members.forEach((m) => {
      const tee = nextHole.tees.get(m.teeId)!;
      const d = dist(pin, tee);
      walk = Math.max(walk, d);
      at(m, finish, pin, nextHole.number);
      at(m, finish + d / speed, tee, nextHole.number);
    });
    t = finish + walk / speed;
  }
  return t;
}

/** Game-track points every `interval` seconds along the keyframes (linear between them), with GPS noise of a few metres. */
function trackOf(model: CourseModel, keyframes: number[], start: number, end: number, rng: Rng, interval: [number, number]): TrackPoint[] {
  const out: TrackPoint[] = [];
  const n = keyframes.length / 4;
  if (n === 0) return out;
  let j = 0;
  for (let s = 0; start + s <= end; s += Math.round(uniform(rng, interval[0], interval[1]))) {
    const t = start + s;
    while (j + 1 < n && keyframes[(j + 1) * 4] <= t) j++;
    let x = keyframes[j * 4 + 1];
    let y = keyframes[j * 4 + 2];
    let hole = keyframes[j * 4 + 3];
    if (j + 1 < n && t >= keyframes[j * 4]) {
      const t0 = keyframes[j * 4];
      const t1 = keyframes[(j + 1) * 4];
      const f = t1 > t0 ? (t - t0) / (t1 - t0) : 0;
      x += (keyframes[(j + 1) * 4 + 1] - x) * f;
      y += (keyframes[(j + 1) * 4 + 2] - y) * f;
      hole = keyframes[(j + 1) * 4 + 3];
    }
    const [lon, lat] = model.plane.inverse([x + normal(rng) * 2, y + normal(rng) * 2]);
    out.push([lon, lat, s, hole]);
    if (out.length >= 9_999) break;
  }
  return out;
}

import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Download, RoundBody } from '@golf/contract/api/insights-app';
import { generateDemoCourse } from '../../../seed/demo-course';
import {
  courseModel,
  generateDownloads,
  generatePlayers,
  generateRounds,
  insideBoundary,
  lieAt,
  playingHandicap,
  stablefordPoints,
  strokesReceived,
  type CourseModel,
  type GeneratedRound,
  type GeneratorCourse,
} from './index';
import { centralEuropeanOffset } from './calendar';

// The demo course exactly as the seed generates Fjordvang Links (seed/seed-courses.ts), at the demo club's position.
const demo = generateDemoCourse([9.5357, 55.7113], { seed: 2024, name: 'Fjordvang Links', teeNames: ['Hvid', 'Gul', 'Rød'] });
const TEE_IDS = [31, 32, 33];
const course: GeneratorCourse = {
  guideId: 7,
  courseId: 5,
  teeIds: TEE_IDS,
  holes: demo.holes.map((h, i) => ({
    number: i + 1,
    par: h.par,
    strokeIndex: h.handicap,
    distances: Object.fromEntries(TEE_IDS.map((id, k) => [id, h.distances[k]])),
    drawing: h.drawing,
  })),
};

const hours = (r: GeneratedRound) => (Date.parse(r.body.ended_at) - Date.parse(r.body.started_at)) / 3_600_000;
const strokesOf = (r: GeneratedRound) => r.body.holes.reduce((s, h) => s + h.strokes, 0);
const localHour = (r: GeneratedRound) => Number(r.body.started_at.slice(11, 13)) + Number(r.body.started_at.slice(14, 16)) / 60;
const weekdayOf = (r: GeneratedRound) => new Date(`${r.body.started_at.slice(0, 10)}T12:00:00Z`).getUTCDay();
const digest = (rounds: GeneratedRound[]) => createHash('sha256').update(JSON.stringify(rounds)).digest('hex');

describe('the round generator on Fjordvang Links', () => {
  let model: CourseModel;
  let rounds: GeneratedRound[];
  let full: GeneratedRound[];

  beforeAll(() => {
    model = courseModel(course);
    rounds = [...generateRounds(model, { from: '2026-04-01', to: '2026-10-31', rounds: 1000, seed: 11 })];
    full = rounds.filter((r) => r.body.holes.length === 18);
  });

  it('gives exactly the rounds asked for, each one a valid RoundBody of the course with a unique id', () => {
    expect(rounds).toHaveLength(1000);
    expect(new Set(rounds.map((r) => r.appRoundId)).size).toBe(1000);
    for (const r of rounds) {
      const parsed = RoundBody.safeParse(r.body);
      expect(parsed.success, parsed.error?.message).toBe(true);
      expect(r.body.guide_id).toBe(7);
      expect(r.body.course_id).toBe(5);
      expect(TEE_IDS).toContain(r.body.tee_id);
    }
    // Most rounds are 18 holes; late starters play nine.
    expect(full.length).toBeGreaterThan(750);
    expect(rounds.filter((r) => r.body.holes.length === 9).length).toBeGreaterThan(0);
  });

  it('plays only in the season (April to October), with the local offset of the day', () => {
    for (const r of rounds) {
      const [y, m, d] = r.body.started_at.slice(0, 10).split('-').map(Number);
      expect(m).toBeGreaterThanOrEqual(4);
      expect(m).toBeLessThanOrEqual(10);
      const offset = centralEuropeanOffset(y, m - 1, d) === 120 ? '+02:00' : '+01:00';
      expect(r.body.started_at.endsWith(offset)).toBe(true);
    }
  });

  it('the mean strokes rise with the handicap, band by band', () => {
    const bands = [
      [-10, 10],
      [10, 20],
      [20, 30],
      [30, 73],
    ];
    const means = bands.map(([lo, hi]) => {
      const list = full.filter((r) => r.body.handicap >= lo && r.body.handicap < hi).map(strokesOf);
      expect(list.length).toBeGreaterThan(30);
      return list.reduce((s, v) => s + v, 0) / list.length;
    });
    for (let i = 1; i < means.length; i++) expect(means[i]).toBeGreaterThan(means[i - 1] + 3);
    // A low handicapper scores near par (72), a high one far above it.
    expect(means[0]).toBeGreaterThan(68);
    expect(means[0]).toBeLessThan(84);
    expect(means[3]).toBeGreaterThan(95);
  });

  it('the points are the Stableford points of the strokes (playing handicap = the index rounded)', () => {
    for (const r of rounds.slice(0, 200)) {
      const ph = playingHandicap(r.body.handicap);
      const points = r.body.holes.reduce((s, h) => {
        const hole = course.holes[h.hole - 1];
        return s + stablefordPoints(h.strokes, hole.par, strokesReceived(ph, hole.strokeIndex, 18));
      }, 0);
      expect(r.body.points).toBe(points);
    }
    const points = full.map((r) => r.body.points).sort((a, b) => a - b);
    const median = points[Math.floor(points.length / 2)];
    expect(median).toBeGreaterThan(20);
    expect(median).toBeLessThan(40);
  });

  it('at least 90 % of the shots lie inside their hole boundary, and shots land in every kind of lie', () => {
    let inside = 0;
    let total = 0;
    const lies = new Set<string>();
    for (const r of rounds) {
      for (const s of r.body.shots) {
        const p = model.plane.forward([s.lon, s.lat]);
        const hole = model.holes[s.hole - 1];
        total++;
        if (insideBoundary(hole, p)) inside++;
        lies.add(lieAt(hole, p));
      }
    }
    expect(total).toBeGreaterThan(50_000);
    expect(inside / total).toBeGreaterThanOrEqual(0.9);
    for (const lie of ['tee', 'fairway', 'rough', 'bunker', 'green']) expect(lies).toContain(lie);
    // Putts: the putter is used on the green.
    expect(rounds.some((r) => r.body.shots.some((s) => s.club === 'putter'))).toBe(true);
  });

  it('shots are tracked on most rounds, not all', () => {
    const withShots = rounds.filter((r) => r.body.shots.length > 0).length;
    expect(withShots / rounds.length).toBeGreaterThan(0.8);
    expect(withShots).toBeLessThan(rounds.length);
  });

  it('round times are realistic: 95 % of 18-hole rounds between 3 h and 5.5 h, the median 3.5–5 h', () => {
    const times = full.map(hours).sort((a, b) => a - b);
    const within = times.filter((h) => h >= 3 && h <= 5.5).length / times.length;
    expect(within).toBeGreaterThanOrEqual(0.95);
    const median = times[Math.floor(times.length / 2)];
    expect(median).toBeGreaterThan(3.5);
    expect(median).toBeLessThan(5);
  });

  it('weekends are busier than weekdays, weekend mornings busiest, weekday middays quiet', () => {
    const perWeekday = [0, 1, 2, 3, 4, 5, 6].map((d) => rounds.filter((r) => weekdayOf(r) === d).length);
    const weekendMean = (perWeekday[0] + perWeekday[6]) / 2;
    const midweekMean = (perWeekday[1] + perWeekday[2] + perWeekday[3]) / 3;
    expect(weekendMean).toBeGreaterThan(1.5 * midweekMean);
    const weekend = rounds.filter((r) => weekdayOf(r) === 0 || weekdayOf(r) === 6);
    const morning = weekend.filter((r) => localHour(r) >= 7 && localHour(r) < 11).length / 4;
    const weekendAfternoon = weekend.filter((r) => localHour(r) >= 13 && localHour(r) < 17).length / 4;
    expect(morning).toBeGreaterThan(1.4 * weekendAfternoon);
    const weekday = rounds.filter((r) => weekdayOf(r) >= 1 && weekdayOf(r) <= 5);
    const midday = weekday.filter((r) => localHour(r) >= 11 && localHour(r) < 14).length / 3;
    const evening = weekday.filter((r) => localHour(r) >= 16 && localHour(r) < 18).length / 2;
    expect(evening).toBeGreaterThan(midday);
    // Late starts in the summer evenings (nine holes before dark).
    expect(rounds.some((r) => r.body.started_at.slice(5, 7) === '06' && localHour(r) >= 18.5)).toBe(true);
  });

  it('groups start 8–10 minutes apart on busy days, and busy mornings make for slower rounds (waits)', () => {
    const saturdays = rounds.filter((r) => weekdayOf(r) === 6);
    const starts = [...new Set(saturdays.map((r) => r.body.started_at))].map((s) => Date.parse(s) / 60_000).sort((a, b) => a - b);
    const gaps = starts.slice(1).map((s, i) => s - starts[i]).filter((g) => g > 0 && g < 30);
    expect(gaps.length).toBeGreaterThan(5);
    // Consecutive tee times of one day differ by a multiple of the interval (8–10 min) plus up to 1.5 min of lateness.
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(8 - 1.5);
    const busy = full.filter((r) => (weekdayOf(r) === 0 || weekdayOf(r) === 6) && localHour(r) >= 8 && localHour(r) < 10.5).map(hours);
    const quiet = full.filter((r) => weekdayOf(r) >= 1 && weekdayOf(r) <= 4 && localHour(r) >= 11 && localHour(r) < 14).map(hours);
    const mean = (l: number[]) => l.reduce((s, v) => s + v, 0) / l.length;
    expect(busy.length).toBeGreaterThan(20);
    expect(quiet.length).toBeGreaterThan(5);
    expect(mean(busy)).toBeGreaterThan(mean(quiet));
  });

  it('the game track follows the round: times increase from the start, the hole shown goes 1 to 18', () => {
    let withTrack = 0;
    const problems: string[] = [];
    for (const r of rounds) {
      const { track, shots } = r.body;
      const started = Date.parse(r.body.started_at);
      const ended = Date.parse(r.body.ended_at);
      if (track.length > 0) {
        withTrack++;
        if (track[0][2] !== 0 || track[0][3] !== 1) problems.push(`${r.appRoundId}: starts at ${track[0][2]} s on hole ${track[0][3]}`);
        for (let i = 1; i < track.length; i++) {
          const step = track[i][2] - track[i - 1][2];
          if (step < 10 || step > 15) problems.push(`${r.appRoundId}: ${step} s between points ${i - 1} and ${i}`);
          if (track[i][3] < track[i - 1][3]) problems.push(`${r.appRoundId}: the hole shown goes back at point ${i}`);
        }
        const last = track[track.length - 1];
        if (last[2] * 1000 > ended - started) problems.push(`${r.appRoundId}: the track goes past the end`);
        if (last[3] !== r.body.holes.length) problems.push(`${r.appRoundId}: the track ends on hole ${last[3]}`);
      }
      for (let i = 0; i < shots.length; i++) {
        const at = Date.parse(shots[i].at);
        if (at < started || at > ended) problems.push(`${r.appRoundId}: shot ${i} outside the round`);
        if (i > 0 && at < Date.parse(shots[i - 1].at)) problems.push(`${r.appRoundId}: shot ${i} before the one before it`);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(withTrack / rounds.length).toBeGreaterThan(0.85);
  });

  it('the phone stands still while the group waits (consecutive points a few metres apart)', () => {
    // Standing: many consecutive points within GPS noise of each other; walking: 10-15 s at ~1.3 m/s.
    let still = 0;
    let moving = 0;
    for (const r of rounds.slice(0, 100)) {
      const t = r.body.track;
      for (let i = 1; i < t.length; i++) {
        const a = model.plane.forward([t[i - 1][0], t[i - 1][1]]);
        const b = model.plane.forward([t[i][0], t[i][1]]);
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (d < 8) still++;
        else if (d > 10 && d < 40) moving++;
      }
    }
    expect(still).toBeGreaterThan(0);
    expect(moving).toBeGreaterThan(0);
  });

  it('is deterministic: the same seed gives the same rounds, another seed others', () => {
    const options = { from: '2026-06-01', to: '2026-06-14', rounds: 60, seed: 5, golfersPerDay: 40 };
    const a = [...generateRounds(course, options)];
    const b = [...generateRounds(course, options)];
    const c = [...generateRounds(course, { ...options, seed: 6 })];
    expect(a).toHaveLength(60);
    expect(digest(a)).toBe(digest(b));
    expect(digest(a)).not.toBe(digest(c));
    // The same day gets the same rounds however long the range is (ids are stable for resends).
    expect(a[0].appRoundId).toMatch(/^g5-202606\d\d-\d{3}-\d$/);
  });

  it('refuses a range without golf days and a bad track interval', () => {
    expect(() => [...generateRounds(course, { from: '2026-12-01', to: '2026-12-31', rounds: 10, seed: 1 })]).toThrow(/no golf days/);
    expect(() => [...generateRounds(course, { from: '2026-06-01', to: '2026-06-02', rounds: 1, seed: 1, trackIntervalSeconds: [15, 10] })]).toThrow(/trackIntervalSeconds/);
  });
});

describe('Stableford and strokes received', () => {
  it('gives strokes on the hardest holes first, and takes them back from a plus handicap on the easiest', () => {
    expect(strokesReceived(0, 1, 18)).toBe(0);
    expect(strokesReceived(18, 18, 18)).toBe(1);
    expect(strokesReceived(20, 2, 18)).toBe(2);
    expect(strokesReceived(20, 3, 18)).toBe(1);
    expect(strokesReceived(54, 18, 18)).toBe(3);
    expect(strokesReceived(-2, 17, 18)).toBe(-1);
    expect(strokesReceived(-2, 16, 18)).toBe(0);
    expect(stablefordPoints(4, 4, 0)).toBe(2);
    expect(stablefordPoints(5, 4, 1)).toBe(2);
    expect(stablefordPoints(3, 4, 1)).toBe(4);
    expect(stablefordPoints(9, 4, 1)).toBe(0);
    expect(playingHandicap(17.6)).toBe(18);
  });
});

describe('players and downloads', () => {
  it('has members who play often and follow the club, and guests who mostly do not', () => {
    const players = generatePlayers({ seed: 3, rounds: 3000, tees: 3 });
    const members = players.filter((p) => p.home);
    const guests = players.filter((p) => !p.home);
    expect(members.length).toBeGreaterThan(150);
    expect(guests.length).toBeGreaterThan(members.length);
    const followers = players.filter((p) => p.following).length;
    expect(followers).toBeGreaterThan(150);
    expect(followers).toBeLessThan(500);
    expect(members.filter((p) => p.following).length / members.length).toBeGreaterThan(0.5);
    expect(guests.filter((p) => p.following).length / guests.length).toBeLessThan(0.2);
    expect(new Set(players.map((p) => p.appUserId)).size).toBe(players.length);
  });

  it('downloads spread over two years, more in the later one, valid for the app call', () => {
    const players = generatePlayers({ seed: 3, rounds: 500, tees: 3 });
    const downloads = generateDownloads({ guideId: 7, from: '2025-01-01', to: '2026-11-27', count: 2000, seed: 3, players });
    expect(downloads).toHaveLength(2000);
    const invalid = downloads.map((d) => Download.safeParse(d)).find((p) => !p.success);
    expect(invalid?.error?.message).toBeUndefined();
    const y2025 = downloads.filter((d) => d.at.startsWith('2025')).length;
    const y2026 = downloads.filter((d) => d.at.startsWith('2026')).length;
    expect(y2025).toBeGreaterThan(300);
    expect(y2026).toBeGreaterThan(y2025);
    expect(downloads.filter((d) => d.product === 'json').length).toBeGreaterThan(downloads.filter((d) => d.product === 'pdf').length);
    const known = new Set(players.map((p) => p.appUserId));
    expect(downloads.every((d) => d.app_user_id === undefined || known.has(d.app_user_id))).toBe(true);
    for (let i = 1; i < downloads.length; i++) expect(Date.parse(downloads[i].at)).toBeGreaterThanOrEqual(Date.parse(downloads[i - 1].at) - 3_600_000);
  });
});

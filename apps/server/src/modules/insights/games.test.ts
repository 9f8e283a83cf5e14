import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_ROUND_GOAL_MINUTES, GAMES_MAX_DAYS, GamesInsights, InsightSettings } from '@golf/contract/api/insights';
import { clubs, courses, guideDownloads, guides, roundHoles, rounds } from '../../db/schema/index';
import { DEMO_GUIDE_TITLE } from '../../seed/seed-products';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

type Actor = 'admin' | 'owner' | 'staff' | 'analyst' | 'swede' | 'anonymous';

/**
 * Game insights and the club's goal round time, over a small set of rounds written here (the
 * demo's own rounds and downloads of the Danish club are removed first), each number against a
 * value computed by hand.
 */
describe(`game insights and settings (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;
  let courseId: number;
  let courseName: string;
  /** The demo guide (G1), a second guide on the same course (G2), a guide of Augusta National. */
  let g1: number;
  let g2: number;
  let augusta: { clubId: number; courseId: number; guideId: number };

  const MIN = 60_000;
  /** A round: local start (+02:00), minutes long, holes played. */
  async function round(clubId: number, guideId: number, course: number, local: string, minutes: number, holesPlayed = 18, appRoundId = `r-${local}-${guideId}`) {
    const started = new Date(`${local.replace(' ', 'T')}+02:00`);
    const [row] = await t.database.db
      .insert(rounds)
      .values({
        clubId,
        appRoundId,
        guideId,
        courseId: course,
        startedAt: started,
        endedAt: new Date(started.getTime() + minutes * MIN),
        localStart: local,
        sex: 'male',
        handicap: 18,
        home: true,
        points: 36,
        strokes: 90,
        holesPlayed,
        shotTracked: 1,
      })
      .returning({ id: rounds.id });
    return row.id;
  }
  /** A hole of a round: strokes, par and (optionally) its UTC times on 2026-06-03 as HH:MM. */
  async function hole(roundId: number, holeNumber: number, par: number, strokes: number, times?: [string, string]) {
    const at = (hm: string) => new Date(`2026-06-03T${hm}:00Z`);
    await t.database.db
      .insert(roundHoles)
      .values({ roundId, holeNumber, par, strokes, startedAt: times ? at(times[0]) : null, endedAt: times ? at(times[1]) : null });
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      analyst: { email: 'analyst@example.com', password: 'analyst-pw', clubRoles: { [ids.dkClubId]: ['insights'] } },
      swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['insights'] } },
    });
    const db = t.database.db;
    // Only the rounds and downloads below count.
    await db.delete(rounds);
    await db.delete(guideDownloads);
    const [course] = await db.select().from(courses).where(and(eq(courses.clubId, ids.dkClubId), eq(courses.name, 'Fjordvang Links')));
    courseId = course.id;
    courseName = course.name;
    const [guide] = await db.select().from(guides).where(and(eq(guides.clubId, ids.dkClubId), eq(guides.title, DEMO_GUIDE_TITLE)));
    g1 = guide.id;
    const created = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/guides`, { token: tokens.admin, payload: { title: 'Insights second guide', course_ids: [courseId] } });
    expect(created.statusCode, created.body).toBe(201);
    g2 = created.json().guide_id;
    const [club] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.handle, 'augusta-national'));
    const [other] = await db.select({ id: courses.id }).from(courses).where(eq(courses.clubId, club.id));
    const otherGuide = await call(t.app, 'POST', `/api/clubs/${club.id}/guides`, { token: tokens.admin, payload: { title: 'Augusta guide', course_ids: [other.id] } });
    expect(otherGuide.statusCode, otherGuide.body).toBe(201);
    augusta = { clubId: club.id, courseId: other.id, guideId: otherGuide.json().guide_id };

    const dk = ids.dkClubId;
    // 18-hole rounds of June 2026 lasting 200, 232, 238 (G2), 250, 261, 300 minutes; a 9-hole round;
    // a round of July (out of the range); a round of Augusta National on the same days.
    const r1 = await round(dk, g1, courseId, '2026-06-01 08:00:00', 200);
    const r2 = await round(dk, g1, courseId, '2026-06-03 09:00:00', 232);
    const r3 = await round(dk, g2, courseId, '2026-06-03 09:10:00', 238);
    const r9 = await round(dk, g1, courseId, '2026-06-03 09:20:00', 130, 9);
    await round(dk, g1, courseId, '2026-06-10 12:00:00', 250);
    await round(dk, g1, courseId, '2026-06-14 15:00:00', 261);
    await round(dk, g1, courseId, '2026-06-20 18:00:00', 300);
    await round(dk, g1, courseId, '2026-06-21 08:00:00', 100, 9);
    await round(dk, g1, courseId, '2026-07-02 08:00:00', 400);
    await round(augusta.clubId, augusta.guideId, augusta.courseId, '2026-06-03 09:00:00', 500);

    // Strokes: hole 1 (par 4) 4, 5, 6; hole 2 (par 3) 3, not played, 4; hole 3 (par 5) 5, 6, 7.
    await hole(r1, 1, 4, 4);
    await hole(r1, 2, 3, 3);
    await hole(r1, 3, 5, 5);
    // The constructed day 2026-06-03: three groups (r2 at 07:00Z, r3 07:10Z, r9 07:20Z) on holes 1–3.
    await hole(r2, 1, 4, 5, ['07:00', '07:12']);
    await hole(r2, 2, 3, 0, ['07:14', '07:24']);
    await hole(r2, 3, 5, 6, ['07:26', '07:40']);
    await hole(r3, 1, 4, 6, ['07:10', '07:22']);
    await hole(r3, 2, 3, 4, ['07:26', '07:36']);
    await hole(r3, 3, 5, 7, ['07:45', '07:57']);
    await hole(r9, 1, 4, 0, ['07:20', '07:30']);
    await hole(r9, 2, 3, 0, ['07:32', '07:44']);
    await hole(r9, 3, 5, 0, ['07:58', '08:10']);

    const download = (guideId: number, product: string, at: string, clubId = dk) => ({ clubId, guideId, product, downloadedAt: new Date(at) });
    await db.insert(guideDownloads).values([
      download(g1, 'pdf', '2026-06-05T10:00:00Z'),
      download(g1, 'pdf', '2026-06-06T10:00:00Z'),
      download(g2, 'json', '2026-06-07T10:00:00Z'),
      download(g1, 'json', '2026-07-05T10:00:00Z'),
      download(g1, 'pdf', '2025-07-01T10:00:00Z'),
      download(augusta.guideId, 'pdf', '2026-06-05T10:00:00Z', augusta.clubId),
    ]);
  });
  afterAll(() => t?.close());

  const gamesUrl = (query: string, clubId = ids.dkClubId) => `/api/clubs/${clubId}/insights/games?${query}`;
  async function games(query: string, actor: Actor = 'analyst', clubId = ids.dkClubId) {
    const res = await call(t.app, 'GET', gamesUrl(query, clubId), { token: tokens[actor] });
    expect(res.statusCode, res.body).toBe(200);
    return GamesInsights.parse(res.json());
  }
  const JUNE = 'from=2026-06-01&to=2026-06-30';

  it('counts the games per week and guide, and per month', async () => {
    const week = await games(`${JUNE}&interval=week`);
    expect(week.guides.map((g) => g.id).sort()).toEqual([g1, g2].sort());
    expect(week.games).toEqual([
      { period: '2026-06-01', guide_id: g1, rounds: 3 },
      { period: '2026-06-01', guide_id: g2, rounds: 1 },
      { period: '2026-06-08', guide_id: g1, rounds: 2 },
      { period: '2026-06-15', guide_id: g1, rounds: 2 },
    ]);
    const month = await games(`${JUNE}&interval=month`);
    expect(month.games).toEqual([
      { period: '2026-06-01', guide_id: g1, rounds: 7 },
      { period: '2026-06-01', guide_id: g2, rounds: 1 },
    ]);
    // Week is the default interval.
    expect((await games(JUNE)).interval).toBe('week');
  });

  it('averages the strokes per hole against par over the holes played (strokes > 0)', async () => {
    const { holes } = await games(JUNE);
    expect(holes).toEqual([
      { course_id: courseId, course_name: courseName, hole_number: 1, par: 4, rounds: 3, average_strokes: 5 },
      { course_id: courseId, course_name: courseName, hole_number: 2, par: 3, rounds: 2, average_strokes: 3.5 },
      { course_id: courseId, course_name: courseName, hole_number: 3, par: 5, rounds: 3, average_strokes: 6 },
    ]);
    // G2's round alone.
    expect((await games(`${JUNE}&guide_ids=${g2}`)).holes.map((h) => [h.hole_number, h.average_strokes])).toEqual([
      [1, 6],
      [2, 4],
      [3, 7],
    ]);
  });

  it('gives the round-time distribution of the 18-hole rounds: average, median, p90, over the goal, 10-minute buckets', async () => {
    const all = await games(JUNE);
    expect(all.round_goal_minutes).toBe(DEFAULT_ROUND_GOAL_MINUTES);
    // 200, 232, 238, 250, 261, 300: the 9-hole rounds and July's round are not counted.
    expect(all.round_time).toEqual({
      rounds: 6,
      average: 246.8, // 1481 / 6
      median: 244, // (238 + 250) / 2
      p90: 280.5, // 261 + 0.5 × (300 − 261)
      over_goal: 0.3333, // 261 and 300 are over 255
      histogram: [
        [200, 1],
        [230, 2],
        [250, 1],
        [260, 1],
        [300, 1],
      ],
    });
    const g1Only = await games(`${JUNE}&guide_ids=${g1}`);
    // 200, 232, 250, 261, 300.
    expect(g1Only.round_time).toMatchObject({ rounds: 5, average: 248.6, median: 250, p90: 284.4, over_goal: 0.4 });
  });

  it('measures pace per hole and band, and the growth of the gap to the group ahead on a day of three groups', async () => {
    const { pace } = await games(JUNE);
    expect(pace).toEqual([
      // Minutes on hole 1: 12, 12, 10; nobody's first hole has a growth.
      { course_id: courseId, hole_number: 1, band: 'morning', rounds: 3, average_minutes: 11.33, gap_growth_minutes: null },
      // Hole 2: gaps 12 (r3, was 10 at hole 1: +2) and 6 (r9, was 10: −4).
      { course_id: courseId, hole_number: 2, band: 'morning', rounds: 3, average_minutes: 10.67, gap_growth_minutes: -1 },
      // Hole 3: gaps 19 (r3, +7) and 13 (r9, +7): the bottleneck.
      { course_id: courseId, hole_number: 3, band: 'morning', rounds: 3, average_minutes: 12.67, gap_growth_minutes: 7 },
    ]);
    // G1 only: r2 and r9; r9's gap is still to r3 (G2), the group ahead on the course.
    expect((await games(`${JUNE}&guide_ids=${g1}`)).pace.map((p) => [p.hole_number, p.rounds, p.average_minutes, p.gap_growth_minutes])).toEqual([
      [1, 2, 11, null],
      [2, 2, 11, -4],
      [3, 2, 13, 7],
    ]);
  });

  it('counts the downloads per product and year in the range', async () => {
    expect((await games(JUNE)).downloads).toEqual([
      { product: 'json', year: 2026, downloads: 1 },
      { product: 'pdf', year: 2026, downloads: 2 },
    ]);
    expect((await games(`from=2025-06-01&to=2026-06-30&guide_ids=${g1}`)).downloads).toEqual([
      { product: 'pdf', year: 2025, downloads: 1 },
      { product: 'pdf', year: 2026, downloads: 2 },
    ]);
  });

  it("answers an empty range with zeros and nulls, and another club's data only to that club", async () => {
    const empty = await games('from=2024-01-01&to=2024-01-31');
    expect(empty).toMatchObject({ games: [], holes: [], pace: [], downloads: [] });
    expect(empty.round_time).toEqual({ rounds: 0, average: null, median: null, p90: null, over_goal: null, histogram: [] });
    const other = await games(JUNE, 'admin', augusta.clubId);
    expect(other.guides).toEqual([{ id: augusta.guideId, title: 'Augusta guide' }]);
    expect(other.games).toEqual([{ period: '2026-06-01', guide_id: augusta.guideId, rounds: 1 }]);
    expect(other.round_time).toMatchObject({ rounds: 1, median: 500 });
    expect(other.downloads).toEqual([{ product: 'pdf', year: 2026, downloads: 1 }]);
  });

  it('refuses bad input with 400', async () => {
    const bad = async (query: string, code: string) => {
      const res = await call(t.app, 'GET', gamesUrl(query), { token: tokens.analyst });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().code, query).toBe(code);
      return res.json();
    };
    await bad('from=2026-06-30&to=2026-06-01', 'request.invalid');
    await bad('from=2026-02-30&to=2026-03-01', 'request.invalid');
    await bad('from=2026-06-01', 'request.invalid');
    await bad('from=2026-6-1&to=2026-06-30', 'request.invalid');
    await bad(`${JUNE}&interval=day`, 'request.invalid');
    await bad(`${JUNE}&guide_ids=1;2`, 'request.invalid');
    expect((await bad('from=2020-01-01&to=2026-06-30', 'insights.rangeTooLong')).params).toEqual({ max: GAMES_MAX_DAYS });
    // Another club's guide is not one of this club's.
    expect((await bad(`${JUNE}&guide_ids=${g1},${augusta.guideId}`, 'insights.unknownGuide')).params).toEqual({ guideId: augusta.guideId });
    // The longest range allowed is answered.
    const from = new Date(Date.UTC(2026, 5, 30) - (GAMES_MAX_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    expect((await games(`from=${from}&to=2026-06-30`)).round_time.rounds).toBe(6);
    const dayBefore = new Date(Date.UTC(2026, 5, 30) - GAMES_MAX_DAYS * 86_400_000).toISOString().slice(0, 10);
    await bad(`from=${dayBefore}&to=2026-06-30`, 'insights.rangeTooLong');
  });

  it('needs the role insights in the club of the path', async () => {
    const status = async (actor: Actor, clubId = ids.dkClubId) => (await call(t.app, 'GET', gamesUrl(JUNE, clubId), { token: tokens[actor] })).statusCode;
    expect(await status('analyst')).toBe(200);
    expect(await status('owner')).toBe(200);
    expect(await status('admin')).toBe(200);
    expect(await status('staff')).toBe(403);
    expect(await status('swede')).toBe(403);
    expect(await status('anonymous')).toBe(401);
    expect(await status('analyst', ids.seClubId)).toBe(403);
  });

  describe('settings', () => {
    const settingsUrl = (clubId = ids.dkClubId) => `/api/clubs/${clubId}/insights/settings`;
    const getSettings = async (actor: Actor = 'analyst', clubId = ids.dkClubId) => {
      const res = await call(t.app, 'GET', settingsUrl(clubId), { token: tokens[actor] });
      expect(res.statusCode, res.body).toBe(200);
      return InsightSettings.parse(res.json());
    };

    it('has the default goal until the club sets one; the goal moves the over-goal share', async () => {
      expect(await getSettings()).toEqual({ round_goal_minutes: DEFAULT_ROUND_GOAL_MINUTES });
      const put = await call(t.app, 'PUT', settingsUrl(), { token: tokens.analyst, payload: { round_goal_minutes: 240 } });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual({ round_goal_minutes: 240 });
      expect(await getSettings()).toEqual({ round_goal_minutes: 240 });
      // 250, 261 and 300 are over 240 now (the kept games answer is not given again).
      const after = await games(JUNE);
      expect(after.round_goal_minutes).toBe(240);
      expect(after.round_time.over_goal).toBe(0.5);
      // Saved again (the row exists: updated).
      expect((await call(t.app, 'PUT', settingsUrl(), { token: tokens.analyst, payload: { round_goal_minutes: 250 } })).json()).toEqual({ round_goal_minutes: 250 });
      expect(await getSettings()).toEqual({ round_goal_minutes: 250 });
      // The Swedish club keeps the default.
      expect(await getSettings('swede', ids.seClubId)).toEqual({ round_goal_minutes: DEFAULT_ROUND_GOAL_MINUTES });
    });

    it('refuses a goal out of range, a goal that is not a whole number, and callers without the role', async () => {
      for (const payload of [{ round_goal_minutes: 59 }, { round_goal_minutes: 601 }, { round_goal_minutes: 240.5 }, { round_goal_minutes: '240' }, {}]) {
        const res = await call(t.app, 'PUT', settingsUrl(), { token: tokens.analyst, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await call(t.app, 'PUT', settingsUrl(), { token: tokens.staff, payload: { round_goal_minutes: 200 } })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', settingsUrl(), { token: tokens.staff })).statusCode).toBe(403);
      expect((await call(t.app, 'PUT', settingsUrl(ids.seClubId), { token: tokens.analyst, payload: { round_goal_minutes: 200 } })).statusCode).toBe(403);
      expect(await getSettings()).toEqual({ round_goal_minutes: 250 });
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import {
  HEATMAP_MAX_CELLS,
  HEATMAP_MIN_PLAYERS,
  HeatmapCourse,
  HeatmapResponse,
  type HeatmapFilter,
  type HeatmapRequest,
} from '@golf/contract/api/insights';
import { appUsers, clubs, courses, guides, insightCourseOrigins, roundTracks, rounds, shots } from '../../db/schema/index';
import { DEMO_GUIDE_TITLE } from '../../seed/seed-products';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { courseOrigin, toLocal, toLonLat, type Origin } from './projection';

type Actor = 'admin' | 'staff' | 'analyst' | 'anonymous';

/** A round of the known set, as the test knows it (the independent model). */
interface KnownRound {
  id: number;
  /** The app user, or null: the round is a player of its own. */
  user: number | null;
  sex: 'male' | 'female';
  home: boolean;
  handicap: number;
  local: string;
  points: number;
  strokes: number;
  shotTracked: number;
  guideId: number;
  shots: [number, number][];
  track: [number, number][];
}

/** A deterministic random source (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** §3 over the model: which known rounds a filter matches. */
function matches(r: KnownRound, f: HeatmapFilter): boolean {
  const [date, time] = r.local.split(' ');
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (
    ((r.sex === 'male' && f.male) || (r.sex === 'female' && f.female)) &&
    ((r.home && f.home) || (!r.home && f.guest)) &&
    r.handicap >= f.handicap[0] &&
    r.handicap <= f.handicap[1] &&
    date >= f.datePlayed[0] &&
    date <= f.datePlayed[1] &&
    time >= `${f.timePlayed[0]}:00` &&
    time < `${f.timePlayed[1]}:00` &&
    f.weekday.includes(weekday) &&
    r.points >= f.points[0] &&
    r.points <= f.points[1] &&
    r.strokes >= f.shots[0] &&
    r.strokes <= f.shots[1] &&
    Math.fround(r.shotTracked) >= Math.fround(f.shottracked) &&
    (f.guides.length === 0 || f.guides.includes(r.guideId))
  );
}

interface Binned {
  rounds: number;
  positions: number;
  cells: Map<string, { n: number; players: Set<string> }>;
}

function bin(known: readonly KnownRound[], f: HeatmapFilter, cell: number): Binned {
  const matched = known.filter((r) => matches(r, f));
  const cells: Binned['cells'] = new Map();
  let positions = 0;
  for (const r of matched) {
    const points = [...(f.includeShots ? r.shots : []), ...(f.includeGametracks ? r.track : [])];
    for (const [x, y] of points) {
      const key = `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
      const c = cells.get(key) ?? { n: 0, players: new Set<string>() };
      c.n++;
      c.players.add(r.user === null ? `round ${r.id}` : `user ${r.user}`);
      cells.set(key, c);
      positions++;
    }
  }
  return { rounds: matched.length, positions, cells };
}

/** What the answer should be, computed from the model in JS: weights by cell, hidden cells, totals. */
function expected(known: readonly KnownRound[], f: HeatmapFilter, cell: number, compare?: HeatmapFilter) {
  const a = bin(known, f, cell);
  const b = compare ? bin(known, compare, cell) : null;
  const values = new Map<string, number>();
  let hidden = 0;
  for (const key of new Set([...a.cells.keys(), ...(b ? b.cells.keys() : [])])) {
    const ca = a.cells.get(key);
    const cb = b?.cells.get(key);
    if ((ca && ca.players.size < HEATMAP_MIN_PLAYERS) || (cb && cb.players.size < HEATMAP_MIN_PLAYERS)) hidden++;
    else values.set(key, b ? (ca?.n ?? 0) / a.positions - (cb?.n ?? 0) / b.positions : ca!.n);
  }
  const max = Math.max(...[...values.values()].map(Math.abs)) || 1;
  return {
    weights: new Map([...values].map(([k, v]) => [k, v / max])),
    hidden,
    rounds: a.rounds,
    positions: a.positions,
    compareRounds: b ? b.rounds : null,
    comparePositions: b ? b.positions : null,
  };
}

describe(`heatmap (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;
  let courseId: number;
  let origin: Origin;
  let g1: number;
  let g2: number;
  let augusta: { clubId: number; courseId: number; guideId: number };
  let par3: { id: number; origin: Origin };
  const known: KnownRound[] = [];
  const users: number[] = [];

  /** Everyone, every day of 2026, every position source off but shots. */
  const BASE: HeatmapFilter = {
    male: true,
    female: true,
    home: true,
    guest: true,
    handicap: [-10, 72],
    datePlayed: ['2026-01-01', '2026-12-31'],
    timePlayed: ['00:00', '24:00'],
    weekday: [0, 1, 2, 3, 4, 5, 6],
    points: [0, 100],
    shots: [0, 300],
    guides: [],
    shottracked: 0,
    includeShots: true,
    includeGametracks: false,
  };

  async function insertRound(r: Omit<KnownRound, 'id'>, course = courseId, at: Origin = origin): Promise<KnownRound> {
    const db = t.database.db;
    const started = new Date(`${r.local.replace(' ', 'T')}Z`);
    const [row] = await db
      .insert(rounds)
      .values({
        clubId: ids.dkClubId,
        appRoundId: `heatmap-${known.length}-${r.local}-${Math.random()}`,
        guideId: r.guideId,
        courseId: course,
        appUserId: r.user,
        startedAt: started,
        endedAt: new Date(started.getTime() + 4 * 3_600_000),
        localStart: r.local,
        sex: r.sex,
        handicap: r.handicap,
        home: r.home,
        points: r.points,
        strokes: r.strokes,
        holesPlayed: 18,
        shotTracked: r.shotTracked,
      })
      .returning({ id: rounds.id });
    if (r.shots.length) {
      await db.insert(shots).values(
        r.shots.map(([x, y], i) => {
          const { lon, lat } = toLonLat(at, x, y);
          return { roundId: row.id, seq: i + 1, holeNumber: 1, lon, lat, x, y, playedAt: started };
        }),
      );
    }
    if (r.track.length) {
      await db.insert(roundTracks).values({
        roundId: row.id,
        x: r.track.map((p) => p[0]),
        y: r.track.map((p) => p[1]),
        seconds: r.track.map((_, i) => i * 5),
        hole: r.track.map(() => 1),
      });
    }
    const round = { ...r, id: row.id };
    if (course === courseId) known.push(round);
    return round;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'staff', 'anonymous'], {
      analyst: { email: 'analyst@example.com', password: 'analyst-pw', clubRoles: { [ids.dkClubId]: ['insights'] } },
    });
    const db = t.database.db;
    // Only the rounds below count.
    await db.delete(rounds);
    const [course] = await db.select().from(courses).where(and(eq(courses.clubId, ids.dkClubId), eq(courses.name, 'Fjordvang Links')));
    courseId = course.id;
    origin = (await courseOrigin(db, courseId))!;
    expect(origin).not.toBeNull();
    const [guide] = await db.select().from(guides).where(and(eq(guides.clubId, ids.dkClubId), eq(guides.title, DEMO_GUIDE_TITLE)));
    g1 = guide.id;
    const second = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/guides`, { token: tokens.admin, payload: { title: 'Heatmap second guide', course_ids: [courseId] } });
    expect(second.statusCode, second.body).toBe(201);
    g2 = second.json().guide_id;
    const [club] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.handle, 'augusta-national'));
    const [other] = await db.select({ id: courses.id }).from(courses).where(eq(courses.clubId, club.id));
    const otherGuide = await call(t.app, 'POST', `/api/clubs/${club.id}/guides`, { token: tokens.admin, payload: { title: 'Augusta guide', course_ids: [other.id] } });
    expect(otherGuide.statusCode, otherGuide.body).toBe(201);
    augusta = { clubId: club.id, courseId: other.id, guideId: otherGuide.json().guide_id };
    const par3Course = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/courses`, { token: tokens.admin, payload: { name: 'Heatmap Par 3', holes: [{ par: 3 }] } });
    expect(par3Course.statusCode, par3Course.body).toBe(201);
    par3 = { id: par3Course.json().id, origin: { lon: 9.5, lat: 55.7 } };
    await db.insert(insightCourseOrigins).values({ courseId: par3.id, ...par3.origin });

    const userRows = await db
      .insert(appUsers)
      .values(Array.from({ length: 12 }, (_, i) => ({ clubId: ids.dkClubId, appId: `heatmap-user-${i}`, language: 'da' })))
      .returning({ id: appUsers.id });
    users.push(...userRows.map((u) => u.id));

    // 70 rounds with varied attributes, positions in [-40, 40) m (cells of 8 m: 10 × 10), in steps of 0.5 m.
    const rand = random(22);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
    const spot = (): [number, number] => [(Math.floor(rand() * 160) - 80) / 2, (Math.floor(rand() * 160) - 80) / 2];
    const pad = (n: number) => String(n).padStart(2, '0');
    for (let i = 0; i < 70; i++) {
      const day = new Date(Date.UTC(i < 3 ? 2025 : 2026, 3, 1) + Math.floor(rand() * 180) * 86_400_000).toISOString().slice(0, 10);
      const minute = 6 * 60 + Math.floor(rand() * 14 * 60);
      await insertRound({
        user: i % 14 < 12 ? users[i % 14] : null,
        sex: rand() < 0.5 ? 'male' : 'female',
        home: rand() < 0.6,
        handicap: Math.floor(rand() * 80) / 2,
        local: `${day} ${pad(Math.floor(minute / 60))}:${pad(minute % 60)}:00`,
        points: 10 + Math.floor(rand() * 36),
        strokes: 60 + Math.floor(rand() * 70),
        shotTracked: pick([0.5, 0.75, 0.8, 1]),
        guideId: rand() < 0.7 ? g1 : g2,
        shots: Array.from({ length: 3 + Math.floor(rand() * 6) }, spot),
        track: i % 5 === 0 ? Array.from({ length: 20 }, spot) : [],
      });
    }
    // The privacy cells, far from the rest (8 m cells 125–133 east, 125 north): 2 players; 3
    // players; 3 rounds of one player; 3 rounds without a user (3 players); 3 men and 2 women.
    const at = (cx: number): [number, number] => [cx * 8 + 3, 125 * 8 + 3];
    const privacy = (user: number | null, cx: number, sex: 'male' | 'female' = 'male') =>
      insertRound({
        user,
        sex,
        home: true,
        handicap: 10,
        local: '2026-06-10 10:00:00',
        points: 30,
        strokes: 90,
        shotTracked: 1,
        guideId: g1,
        shots: [at(cx), at(cx)],
        track: [],
      });
    for (const u of [0, 1]) await privacy(users[u], 125);
    for (const u of [0, 1, 2]) await privacy(users[u], 127);
    for (let k = 0; k < 3; k++) await privacy(users[3], 129);
    for (let k = 0; k < 3; k++) await privacy(null, 131);
    for (const u of [4, 5, 6]) await privacy(users[u], 133, 'male');
    for (const u of [7, 8]) await privacy(users[u], 133, 'female');
    // A round of Augusta National (another club) at the same spots.
    await db.insert(insightCourseOrigins).values({ courseId: augusta.courseId, lon: -82.02, lat: 33.5 }).onConflictDoNothing();
    const [foreign] = await db
      .insert(rounds)
      .values({
        clubId: augusta.clubId,
        appRoundId: 'augusta-1',
        guideId: augusta.guideId,
        courseId: augusta.courseId,
        startedAt: new Date('2026-06-10T10:00:00Z'),
        endedAt: new Date('2026-06-10T14:00:00Z'),
        localStart: '2026-06-10 10:00:00',
        sex: 'male',
        handicap: 10,
        home: true,
        points: 30,
        strokes: 90,
        holesPlayed: 18,
        shotTracked: 1,
      })
      .returning({ id: rounds.id });
    await db.insert(shots).values({ roundId: foreign.id, seq: 1, holeNumber: 1, lon: -82.02, lat: 33.5, x: 3, y: 3, playedAt: new Date('2026-06-10T10:00:00Z') });
  });
  afterAll(() => t?.close());

  const heatmapUrl = (clubId = ids.dkClubId) => `/api/clubs/${clubId}/insights/heatmap`;
  async function ask(body: Omit<HeatmapRequest, 'course_id'> & { course_id?: number }, actor: Actor = 'analyst') {
    const res = await call(t.app, 'POST', heatmapUrl(), { token: tokens[actor], payload: { course_id: courseId, ...body } });
    expect(res.statusCode, res.body).toBe(200);
    return { answer: HeatmapResponse.parse(res.json()), bytes: res.body.length };
  }
  /** The answer's cells by their grid cell (the centre's local metres, floored). */
  function byCell(answer: HeatmapResponse, at: Origin = origin): Map<string, number> {
    const map = new Map<string, number>();
    for (let i = 0; i < answer.cells.length; i += 3) {
      const { x, y } = toLocal(at, answer.cells[i], answer.cells[i + 1]);
      map.set(`${Math.floor(x / answer.cell_metres)},${Math.floor(y / answer.cell_metres)}`, answer.cells[i + 2]);
    }
    return map;
  }
  async function expectModel(filter: HeatmapFilter, cell = 8, compare?: HeatmapFilter) {
    const { answer } = await ask({ cell_metres: cell, filter, ...(compare ? { compare } : {}) });
    const model = expected(known, filter, cell, compare);
    const cells = byCell(answer);
    expect([...cells.keys()].sort()).toEqual([...model.weights.keys()].sort());
    for (const [key, weight] of model.weights) expect(cells.get(key), key).toBeCloseTo(weight, 3);
    expect(answer).toMatchObject({
      course_id: courseId,
      cell_metres: cell,
      rounds: model.rounds,
      positions: model.positions,
      compare_rounds: model.compareRounds,
      compare_positions: model.comparePositions,
      hidden_cells: model.hidden,
      truncated: false,
    });
    return { answer, model, cells };
  }

  it('bins the shots of every matching round as an independent count does, at every cell size', async () => {
    for (const cell of [2, 8, 32]) {
      const { answer, model } = await expectModel(BASE, cell);
      expect(answer.cells.length).toBeGreaterThan(0);
      expect(Math.max(...byCell(answer).values())).toBe(1);
      expect(model.rounds).toBe(70 - 3 + 16);
    }
  });

  it('shows a cell only with at least three distinct players (a round without a user is a player of its own)', async () => {
    const { answer, cells } = await expectModel(BASE);
    const key = (cx: number) => `${cx},125`;
    expect(cells.has(key(125))).toBe(false); // 2 players
    expect(cells.has(key(127))).toBe(true); // 3 players
    expect(cells.has(key(129))).toBe(false); // 3 rounds of one player
    expect(cells.has(key(131))).toBe(true); // 3 rounds without a user
    expect(cells.has(key(133))).toBe(true); // 5 players
    expect(answer.hidden_cells).toBeGreaterThanOrEqual(2);
    // Women only: the 2 women of cell 133 are hidden there.
    const women = await expectModel({ ...BASE, male: false });
    expect(women.cells.has(key(133))).toBe(false);
  });

  const VARIANTS: [string, Partial<HeatmapFilter>][] = [
    ['men', { female: false }],
    ['women', { male: false }],
    ['home', { guest: false }],
    ['guests', { home: false }],
    ['handicap 10–20', { handicap: [10, 20] }],
    ['June and July', { datePlayed: ['2026-06-01', '2026-07-31'] }],
    ['2025', { datePlayed: ['2025-01-01', '2025-12-31'] }],
    ['weekends', { weekday: [0, 6] }],
    ['before 10:00', { timePlayed: ['06:00', '10:00'] }],
    ['points 20–30', { points: [20, 30] }],
    ['shots 70–100', { shots: [70, 100] }],
    ['the second guide', { guides: [] as number[] }],
    ['shot tracked 0.8', { shottracked: 0.8 }],
    ['game tracks only', { includeShots: false, includeGametracks: true }],
    ['shots and game tracks', { includeGametracks: true }],
  ];

  it.each(VARIANTS)('changes the answer as the model does: %s', async (name, change) => {
    const filter = { ...BASE, ...change, ...(name === 'the second guide' ? { guides: [g2] } : {}) };
    const base = expected(known, BASE, 8);
    const { model } = await expectModel(filter);
    // The variant matters on this set: it changes the rounds or the map.
    expect(model.rounds !== base.rounds || model.positions !== base.positions).toBe(true);
    expect(model.rounds).toBeGreaterThan(0);
  });

  it('matches nothing for an empty group, no weekday, no source, or a guide of another club', async () => {
    for (const change of [{ male: false, female: false }, { home: false, guest: false }, { weekday: [] }, { includeShots: false }, { guides: [augusta.guideId] }]) {
      const { answer } = await ask({ cell_metres: 8, filter: { ...BASE, ...change } });
      expect(answer.cells, JSON.stringify(change)).toEqual([]);
      expect(answer.positions).toBe(0);
      expect(answer.hidden_cells).toBe(0);
    }
    // Rounds are still counted when no position source is asked for.
    expect((await ask({ cell_metres: 8, filter: { ...BASE, includeShots: false } })).answer.rounds).toBe(expected(known, BASE, 8).rounds);
  });

  it('compares two filter sets: the difference of their shares, positive where the first is larger, hidden where either side is too few', async () => {
    const men = { ...BASE, female: false };
    const women = { ...BASE, male: false };
    const { answer, model, cells } = await expectModel(men, 8, women);
    expect(answer.compare_rounds).toBeGreaterThan(0);
    const weights = [...cells.values()];
    expect(Math.max(...weights.map(Math.abs))).toBe(1);
    expect(weights.some((w) => w > 0)).toBe(true);
    expect(weights.some((w) => w < 0)).toBe(true);
    const a = bin(known, men, 8);
    const b = bin(known, women, 8);
    for (const [key, w] of cells) {
      const diff = (a.cells.get(key)?.n ?? 0) / a.positions - (b.cells.get(key)?.n ?? 0) / b.positions;
      expect(Math.sign(w), key).toBe(Math.sign(diff));
    }
    // Cell 133 has 3 men (enough alone) but 2 women: hidden in the comparison.
    expect(cells.has('133,125')).toBe(false);
    expect(model.hidden).toBe(answer.hidden_cells);
    // The same set on both sides: every shown cell weighs 0.
    const same = await ask({ cell_metres: 8, filter: men, compare: men });
    expect(same.answer.cells.length).toBeGreaterThan(0);
    expect([...byCell(same.answer).values()].every((w) => w === 0)).toBe(true);
  });

  it("does not count another club's rounds, and answers 404 for another club's course", async () => {
    const { answer } = await ask({ cell_metres: 8, filter: BASE });
    expect(answer.rounds).toBe(expected(known, BASE, 8).rounds);
    const res = await call(t.app, 'POST', heatmapUrl(), { token: tokens.analyst, payload: { course_id: augusta.courseId, cell_metres: 8, filter: BASE } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('insights.courseNotFound');
    const missing = await call(t.app, 'POST', heatmapUrl(), { token: tokens.analyst, payload: { course_id: 999999, cell_metres: 8, filter: BASE } });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the fullest cells when there are too many, and stays under 100 KB', async () => {
    const db = t.database.db;
    // Three players with a shot in each of 6,100 cells of 2 m, and a fourth round of each with a
    // second shot in 100 of them (the fullest cells).
    for (const user of users.slice(0, 3)) {
      const r = await insertRound(
        { user, sex: 'male', home: true, handicap: 10, local: '2026-06-10 10:00:00', points: 30, strokes: 90, shotTracked: 1, guideId: g1, shots: [], track: [] },
        par3.id,
        par3.origin,
      );
      await db.execute(sql`
        insert into shots (round_id, seq, hole_number, lon, lat, x, y, played_at)
        select ${r.id}, g, 1, 9.5, 55.7, (g % 100) * 2 + 1, (g / 100) * 2 + 1, now() from generate_series(0, 6099) g`);
      await db.execute(sql`
        insert into shots (round_id, seq, hole_number, lon, lat, x, y, played_at)
        select ${r.id}, 10000 + g, 1, 9.5, 55.7, g * 2 + 1, 1, now() from generate_series(0, 99) g`);
    }
    const { answer, bytes } = await ask({ course_id: par3.id, cell_metres: 2, filter: BASE });
    expect(answer.truncated).toBe(true);
    expect(bytes).toBeLessThan(100_000);
    const cells = byCell(answer, par3.origin);
    expect(cells.size).toBeGreaterThan(3000);
    expect(cells.size).toBeLessThanOrEqual(HEATMAP_MAX_CELLS);
    expect(answer.positions).toBe(3 * 6200);
    const full = [...cells].filter(([, w]) => w === 1).map(([k]) => k);
    expect(full.sort()).toEqual(Array.from({ length: 100 }, (_, g) => `${g},0`).sort());
    expect([...cells.values()].filter((w) => w !== 1).every((w) => w === 0.5)).toBe(true);
    // Larger cells: every cell fits.
    const coarse = await ask({ course_id: par3.id, cell_metres: 64, filter: BASE });
    expect(coarse.answer.truncated).toBe(false);
    expect(coarse.answer.positions).toBe(3 * 6200);
  });

  it('lists the club\'s courses with their rounds and the extent of their drawings', async () => {
    const res = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/insights/heatmap-courses`, { token: tokens.analyst });
    expect(res.statusCode, res.body).toBe(200);
    const list = z.array(HeatmapCourse).parse(res.json());
    const links = list.find((c) => c.id === courseId)!;
    expect(links.rounds).toBe(known.length);
    const [minLon, minLat, maxLon, maxLat] = links.extent!;
    expect(minLon).toBeLessThan(maxLon);
    expect(minLat).toBeLessThan(maxLat);
    // The origin is the middle of the drawings' box.
    expect(origin.lon).toBeGreaterThan(minLon);
    expect(origin.lon).toBeLessThan(maxLon);
    expect(origin.lat).toBeGreaterThan(minLat);
    expect(origin.lat).toBeLessThan(maxLat);
    // A course without drawings (and with the rounds of the previous test, or none) is listed too: a screen picks it.
    expect(list.find((c) => c.id === par3.id)).toMatchObject({ name: 'Heatmap Par 3', extent: null });
    expect(list.some((c) => c.id === augusta.courseId)).toBe(false);
  });

  it('refuses bad input with 400 and callers without the role', async () => {
    const bad = async (payload: unknown) => {
      const res = await call(t.app, 'POST', heatmapUrl(), { token: tokens.analyst, payload });
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
    };
    const body = (filter: unknown, extra: object = {}) => ({ course_id: courseId, cell_metres: 8, filter, ...extra });
    await bad(body(BASE, { cell_metres: 5 }));
    await bad(body(BASE, { course_id: 'x' }));
    await bad({ cell_metres: 8, filter: BASE });
    await bad(body({ ...BASE, male: undefined }));
    await bad(body({ ...BASE, datePlayed: ['2026-12-31', '2026-01-01'] }));
    await bad(body({ ...BASE, datePlayed: ['2026-02-30', '2026-03-01'] }));
    await bad(body(BASE, { compare: { ...BASE, datePlayed: ['2026-01-01', '2026-02-29'] } }));
    await bad(body({ ...BASE, timePlayed: ['10:00', '24:01'] }));
    await bad(body({ ...BASE, handicap: [-20, 0] }));
    await bad(body({ ...BASE, handicap: [20, 10] }));
    await bad(body({ ...BASE, weekday: [7] }));
    await bad(body({ ...BASE, points: [1.5, 20] }));
    await bad(body({ ...BASE, shottracked: 1.5 }));
    await bad(body({ ...BASE, guides: ['x'] }));
    await bad(body(BASE, { compare: { male: true } }));
    await bad([body(BASE)]);
    const status = async (actor: Actor, clubId = ids.dkClubId) =>
      (await call(t.app, 'POST', heatmapUrl(clubId), { token: tokens[actor], payload: body(BASE) })).statusCode;
    expect(await status('staff')).toBe(403);
    expect(await status('anonymous')).toBe(401);
    expect(await status('analyst', ids.seClubId)).toBe(403);
    expect((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/insights/heatmap-courses`, { token: tokens.staff })).statusCode).toBe(403);
  });
});

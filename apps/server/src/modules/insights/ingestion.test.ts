import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { APP_KEY_HEADER } from '@golf/contract/api/app-keys';
import { AppUserResponse, ROUND_LIMITS, RoundResponse, type RoundBody, type TrackPoint } from '@golf/contract/api/insights-app';
import { EDIT_DRAWING_STYLE, type Drawing } from '@golf/contract/api/drawings';
import { EL } from '@golf/contract/graphics-catalogue';
import {
  appUsers,
  clubs,
  courses,
  guideDownloads,
  guides,
  holeDrawings,
  holes,
  insightCourseOrigins,
  roundHoles,
  rounds,
  roundTracks,
  shots,
  tees,
} from '../../db/schema/index';
import { DEMO_GUIDE_TITLE } from '../../seed/seed-products';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { statementsSent } from '../../../test/statements';
import { createAppKey } from '../clubs';
import { ingestRounds, listFollowers, toLocal, toLonLat, upsertAppUsers } from './index';
import { BinaryArray, type ElementType } from './binary-array';

/** Great-circle distance in metres (haversine), for an independent check of the local projection. */
function haversine(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const R = 6371008.8;
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(a));
}

/** `n` points spread evenly along a polyline, its ends included. */
function alongLine(line: [number, number][], n: number): [number, number][] {
  const lengths = line.slice(1).map((p, i) => Math.hypot(p[0] - line[i][0], p[1] - line[i][1]));
  const total = lengths.reduce((a, b) => a + b, 0);
  return Array.from({ length: n }, (_, k) => {
    let along = (total * k) / (n - 1);
    let i = 0;
    while (i < lengths.length - 1 && along > lengths[i]) along -= lengths[i++];
    const f = lengths[i] === 0 ? 0 : Math.min(1, along / lengths[i]);
    return [line[i][0] + (line[i + 1][0] - line[i][0]) * f, line[i][1] + (line[i + 1][1] - line[i][1]) * f];
  });
}

describe(`insights: the app's ingestion (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let dkKey: string;
  let seKey: string;
  let guideId: number;
  let seGuideId: number;
  let linksId: number;
  let augustaCourseId: number;
  /** The demo course's holes by number (id, par), and points along each hole's play line. */
  let linkHoles: Map<number, { id: number; par: number; line: [number, number][] }>;
  let linksTeeId: number;
  /** The box of the demo course's drawings (computed here from the stored documents). */
  let box: { minLon: number; minLat: number; maxLon: number; maxLat: number };
  /** A course of the club without drawings, its tee, and a guide of it. */
  let par3: { courseId: number; teeId: number; guideId: number };

  const headers = (key: string = dkKey): Record<string, string> => ({ [APP_KEY_HEADER]: key });
  const roundUrl = (id: string, clubId = ids.dkClubId) => `/api/app/clubs/${clubId}/rounds/${id}`;
  const putRound = (id: string, payload: unknown, key?: string) => call(t.app, 'PUT', roundUrl(id), { headers: headers(key ?? dkKey), payload });

  async function counts() {
    const db = t.database.db;
    const [[r], [h], [s], [tr]] = await Promise.all([
      db.select({ n: count() }).from(rounds),
      db.select({ n: count() }).from(roundHoles),
      db.select({ n: count() }).from(shots),
      db.select({ n: count() }).from(roundTracks),
    ]);
    return { rounds: r.n, holes: h.n, shots: s.n, tracks: tr.n };
  }

  /** The statements the pool's connections were sent while `run` ran, with their names when prepared. */
  const statementsOf = (run: () => Promise<unknown>) => statementsSent(t.database.pool, run);

  /** A round on the demo course: holes 1–4 played; shots on holes 1–3 along the play lines; a track on holes 1 and 2. */
  function round(overrides: Partial<RoundBody> = {}): RoundBody {
    const start = Date.parse('2026-06-14T08:00:00+02:00');
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString().replace('Z', '+00:00');
    const shotsOf = (hole: number, from: number) =>
      linkHoles.get(hole)!.line.slice(0, 3).map(([lon, lat], i) => ({ hole, lon, lat, at: at(from + i * 4), club: i === 0 ? 'driver' : '7i' }));
    const trackOf = (hole: number, from: number): TrackPoint[] =>
      linkHoles.get(hole)!.line.map(([lon, lat], i) => [lon, lat, (from + i * 3) * 60, hole] as TrackPoint);
    return {
      guide_id: guideId,
      course_id: linksId,
      tee_id: linksTeeId,
      started_at: '2026-06-14T08:00:00+02:00',
      ended_at: '2026-06-14T12:10:00+02:00',
      sex: 'female',
      handicap: 18.4,
      home: true,
      points: 36,
      holes: [
        { hole: 1, strokes: 5 },
        { hole: 2, strokes: 6 },
        { hole: 3, strokes: 4 },
        { hole: 4, strokes: 0 },
      ],
      shots: [...shotsOf(1, 1), ...shotsOf(2, 20), ...shotsOf(3, 40)],
      track: [...trackOf(1, 0), ...trackOf(2, 18)],
      ...overrides,
    };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    const db = t.database.db;
    const tokens = await signInActors(t, ['admin']);
    dkKey = (await createAppKey(db, { clubId: ids.dkClubId, name: 'Ingestion test', createdBy: null })).key;
    seKey = (await createAppKey(db, { clubId: ids.seClubId, name: 'Ingestion test', createdBy: null })).key;
    const [guide] = await db.select().from(guides).where(and(eq(guides.clubId, ids.dkClubId), eq(guides.title, DEMO_GUIDE_TITLE)));
    guideId = guide.id;
    // A guide of the Swedish club, on a course of its own.
    const seCourse = await call(t.app, 'POST', `/api/clubs/${ids.seClubId}/courses`, { token: tokens.admin, payload: { name: 'Ljungbacka Kort', holes: [{ par: 3 }] } });
    expect(seCourse.statusCode, seCourse.body).toBe(201);
    const seGuide = await call(t.app, 'POST', `/api/clubs/${ids.seClubId}/guides`, { token: tokens.admin, payload: { title: 'Kort', course_ids: [seCourse.json().id] } });
    expect(seGuide.statusCode, seGuide.body).toBe(201);
    seGuideId = seGuide.json().guide_id;
    const [links] = await db.select().from(courses).where(and(eq(courses.clubId, ids.dkClubId), eq(courses.name, 'Fjordvang Links')));
    linksId = links.id;
    const [augusta] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.handle, 'augusta-national'));
    [{ id: augustaCourseId }] = await db.select({ id: courses.id }).from(courses).where(eq(courses.clubId, augusta.id));
    [{ id: linksTeeId }] = await db.select({ id: tees.id }).from(tees).where(eq(tees.courseId, linksId)).orderBy(asc(tees.id));

    const holeRows = await db.select().from(holes).where(eq(holes.courseId, linksId)).orderBy(asc(holes.order));
    const drawings = await db
      .select()
      .from(holeDrawings)
      .where(and(inArray(holeDrawings.holeId, holeRows.map((h) => h.id)), eq(holeDrawings.styleId, EDIT_DRAWING_STYLE)));
    linkHoles = new Map();
    box = { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
    for (const hole of holeRows) {
      const drawing = drawings.find((d) => d.holeId === hole.id)!.document as Drawing;
      const playLine = drawing.features.find((f) => f.properties.element === EL.playLine)!.geometry.coordinates as [number, number][];
      linkHoles.set(hole.order, { id: hole.id, par: hole.par, line: alongLine(playLine, 5) });
      const all = JSON.stringify(drawing.features.map((f) => f.geometry.coordinates));
      for (const [, lon, lat] of all.matchAll(/\[(-?[\d.e-]+),(-?[\d.e-]+)\]/g)) {
        box.minLon = Math.min(box.minLon, Number(lon));
        box.maxLon = Math.max(box.maxLon, Number(lon));
        box.minLat = Math.min(box.minLat, Number(lat));
        box.maxLat = Math.max(box.maxLat, Number(lat));
      }
    }
    expect(linkHoles.size).toBe(18);

    const course = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/courses`, {
      token: tokens.admin,
      payload: { name: 'Fjordvang Par 3', holes: [{ par: 3 }, { par: 3 }] },
    });
    expect(course.statusCode, course.body).toBe(201);
    const tee = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/tees`, { token: tokens.admin, payload: { course_id: course.json().id, name: 'Gul', color: '#ffff00' } });
    expect(tee.statusCode, tee.body).toBe(201);
    const par3Guide = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/guides`, { token: tokens.admin, payload: { title: 'Par 3', course_ids: [course.json().id] } });
    expect(par3Guide.statusCode, par3Guide.body).toBe(201);
    par3 = { courseId: course.json().id, teeId: tee.json().id, guideId: par3Guide.json().guide_id };
    // The app user the rounds name.
    expect((await call(t.app, 'PUT', `/api/app/clubs/${ids.dkClubId}/users/u-1`, { headers: headers(), payload: { language: 'da', following: false } })).statusCode).toBe(201);
  });
  afterAll(() => t?.close());

  describe('the app key', () => {
    it('is required (401), must be valid (401) and of the path\'s club (403)', async () => {
      const none = await putRound('r-key', round(), '');
      expect(none.statusCode).toBe(401);
      expect(none.json().code).toBe('appKeys.missing');
      const wrong = await putRound('r-key', round(), `gk_${'A'.repeat(43)}`);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('appKeys.invalid');
      const swedish = await putRound('r-key', round(), seKey);
      expect(swedish.statusCode).toBe(403);
      expect(swedish.json().code).toBe('appKeys.otherClub');
      const downloads = await call(t.app, 'POST', `/api/app/clubs/${ids.dkClubId}/downloads`, {
        headers: headers(seKey),
        payload: { downloads: [{ guide_id: guideId, product: 'json', at: '2026-06-01T10:00:00+02:00' }] },
      });
      expect(downloads.statusCode).toBe(403);
      expect((await call(t.app, 'PUT', `/api/app/clubs/${ids.dkClubId}/users/u-x`, { payload: { language: 'da', following: true } })).statusCode).toBe(401);
      expect(await counts()).toEqual({ rounds: 0, holes: 0, shots: 0, tracks: 0 });
    });
  });

  describe('app users', () => {
    const userUrl = (id: string) => `/api/app/clubs/${ids.dkClubId}/users/${id}`;
    const row = async (appId: string) => (await t.database.db.select().from(appUsers).where(and(eq(appUsers.clubId, ids.dkClubId), eq(appUsers.appId, appId))))[0];

    it('creates (201) and updates (200) a user; following sets followed_at and unfollowing clears it', async () => {
      const created = await call(t.app, 'PUT', userUrl('user-7'), { headers: headers(), payload: { language: 'sv', following: true } });
      expect(created.statusCode, created.body).toBe(201);
      expect(AppUserResponse.parse(created.json())).toEqual({ app_user_id: 'user-7', language: 'sv', following: true, created: true });
      const first = await row('user-7');
      expect(first.followedAt).toBeInstanceOf(Date);

      const again = await call(t.app, 'PUT', userUrl('user-7'), { headers: headers(), payload: { language: 'en', following: true } });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ app_user_id: 'user-7', language: 'en', following: true, created: false });
      expect((await row('user-7')).followedAt?.getTime()).toBe(first.followedAt!.getTime());
      expect((await listFollowers(t.database.db, ids.dkClubId)).map((f) => f.appUserId)).toContain('user-7');

      const unfollowed = await call(t.app, 'PUT', userUrl('user-7'), { headers: headers(), payload: { language: 'en', following: false } });
      expect(unfollowed.statusCode).toBe(200);
      expect((await row('user-7')).followedAt).toBeNull();
      expect((await listFollowers(t.database.db, ids.dkClubId)).map((f) => f.appUserId)).not.toContain('user-7');
      // The same app id in another club is another user of that club.
      expect((await call(t.app, 'PUT', `/api/app/clubs/${ids.seClubId}/users/user-7`, { headers: headers(seKey), payload: { language: 'sv', following: true } })).statusCode).toBe(201);
      expect((await listFollowers(t.database.db, ids.seClubId)).map((f) => f.appUserId)).toEqual(['user-7']);
    });

    it('refuses bad input with 400 and an oversized body with 413', async () => {
      for (const payload of [{ language: 'xx', following: true }, { language: 'da' }, { language: 'da', following: 'yes' }]) {
        expect((await call(t.app, 'PUT', userUrl('user-8'), { headers: headers(), payload })).statusCode).toBe(400);
      }
      expect((await call(t.app, 'PUT', userUrl('bad*id'), { headers: headers(), payload: { language: 'da', following: true } })).statusCode).toBe(400);
      expect((await call(t.app, 'PUT', userUrl('x'.repeat(65)), { headers: headers(), payload: { language: 'da', following: true } })).statusCode).toBe(400);
      const big = await call(t.app, 'PUT', userUrl('user-8'), { headers: headers(), payload: { language: 'da', following: true, padding: 'x'.repeat(10_000) } });
      expect(big.statusCode).toBe(413);
      expect(big.json().code).toBe('request.bodyTooLarge');
      expect(await row('user-8')).toBeUndefined();
    });

    it('upserts many users at once for the demo, with their following times', async () => {
      const since = new Date('2025-05-01T10:00:00Z');
      const answer = await upsertAppUsers(t.database.db, ids.dkClubId, [
        { appUserId: 'bulk-1', language: 'da', following: true, followedAt: since },
        { appUserId: 'bulk-2', language: 'de', following: false },
        { appUserId: 'bulk-1', language: 'en', following: true, followedAt: since },
      ]);
      expect(answer.map((u) => [u.app_user_id, u.language, u.created]).sort()).toEqual([
        ['bulk-1', 'en', true],
        ['bulk-2', 'de', true],
      ]);
      expect((await row('bulk-1')).followedAt?.toISOString()).toBe(since.toISOString());
      expect((await row('bulk-2')).followedAt).toBeNull();
    });
  });

  describe('downloads', () => {
    const url = () => `/api/app/clubs/${ids.dkClubId}/downloads`;
    const stored = async () => (await t.database.db.select({ n: count() }).from(guideDownloads))[0].n;

    it('stores downloads of the club\'s guides, with the app user when given', async () => {
      const before = await stored();
      const res = await call(t.app, 'POST', url(), {
        headers: headers(),
        payload: {
          downloads: [
            { guide_id: guideId, product: 'json', at: '2026-05-01T09:30:00+02:00', app_user_id: 'u-1' },
            { guide_id: guideId, product: 'pdf', at: '2026-05-02T18:00:00Z' },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ stored: 2 });
      expect(await stored()).toBe(before + 2);
      const rows = await t.database.db.select().from(guideDownloads).where(eq(guideDownloads.guideId, guideId)).orderBy(asc(guideDownloads.downloadedAt));
      expect(rows.map((r) => [r.product, r.downloadedAt.toISOString(), r.appUserId !== null])).toEqual([
        ['json', '2026-05-01T07:30:00.000Z', true],
        ['pdf', '2026-05-02T18:00:00.000Z', false],
      ]);
    });

    it('stores nothing when a guide is another club\'s or an app user unknown', async () => {
      const before = await stored();
      const ok = { guide_id: guideId, product: 'json', at: '2026-05-01T09:30:00+02:00' };
      const other = await call(t.app, 'POST', url(), { headers: headers(), payload: { downloads: [ok, { ...ok, guide_id: seGuideId }] } });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ code: 'insights.unknownGuide', params: { guideId: seGuideId } });
      const unknown = await call(t.app, 'POST', url(), { headers: headers(), payload: { downloads: [ok, { ...ok, app_user_id: 'nobody' }] } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'insights.unknownAppUser', params: { appUserId: 'nobody' } });
      for (const payload of [{ downloads: [] }, { downloads: [{ ...ok, product: 'poster' }] }, { downloads: [{ ...ok, at: 'yesterday' }] }]) {
        expect((await call(t.app, 'POST', url(), { headers: headers(), payload })).statusCode).toBe(400);
      }
      expect(await stored()).toBe(before);
    });
  });

  describe('rounds', () => {
    /** Every refusal: its body, its code and parameters. */
    const refusals: [what: string, body: () => unknown, code: string, params?: () => Record<string, unknown>][] = [
      ['another club\'s guide', () => round({ guide_id: seGuideId }), 'insights.unknownGuide', () => ({ guideId: seGuideId })],
      ['another club\'s course', () => round({ course_id: augustaCourseId }), 'insights.unknownCourse', () => ({ courseId: augustaCourseId })],
      ['a course not in the guide', () => round({ course_id: par3.courseId, tee_id: undefined, shots: [], track: [], holes: [{ hole: 1, strokes: 3 }] }), 'insights.courseNotInGuide'],
      ['a tee of another course', () => round({ tee_id: par3.teeId }), 'insights.unknownTee', () => ({ teeId: par3.teeId })],
      ['a played hole the course does not have', () => round({ holes: [{ hole: 19, strokes: 4 }] }), 'insights.unknownHole', () => ({ hole: 19 })],
      ['a shot on a hole the course does not have', () => round({ shots: [{ ...round().shots[0], hole: 20 }] }), 'insights.unknownHole', () => ({ hole: 20 })],
      ['a hole given twice', () => round({ holes: [{ hole: 1, strokes: 4 }, { hole: 1, strokes: 5 }] }), 'insights.holeTwice', () => ({ hole: 1 })],
      ['an end before the start', () => round({ ended_at: '2026-06-14T07:59:59+02:00', shots: [], track: [] }), 'insights.timeBackwards', () => ({ what: 'ended_at < started_at' })],
      [
        'shots going back in time',
        () => {
          const body = round();
          body.shots[4] = { ...body.shots[4], at: body.shots[2].at };
          return body;
        },
        'insights.timeBackwards',
        () => ({ what: 'shots[4].at < shots[3].at' }),
      ],
      ['a shot before the start', () => round({ shots: [{ ...round().shots[0], at: '2026-06-14T05:59:00Z' }] }), 'insights.timeBackwards', () => ({ what: 'shots[0].at < started_at' })],
      ['a shot after the end', () => round({ shots: [{ ...round().shots[0], at: '2026-06-14T12:10:01+02:00' }] }), 'insights.timeBackwards', () => ({ what: 'shots[0].at > ended_at' })],
      [
        'a track going back in time',
        () => {
          const body = round();
          body.track[5] = [body.track[5][0], body.track[5][1], 1, body.track[5][3]];
          return body;
        },
        'insights.timeBackwards',
        () => ({ what: 'track[5][2] < track[4][2]' }),
      ],
      ['a track point after the end', () => round({ track: [[...round().track[0].slice(0, 2), 250 * 60 + 2, 1] as TrackPoint] }), 'insights.timeBackwards', () => ({ what: 'track[0][2] > ended_at' })],
      ['a round over 16 hours', () => round({ ended_at: '2026-06-15T00:00:01+02:00' }), 'insights.roundTooLong', () => ({ max: ROUND_LIMITS.maxMinutes })],
      [
        'a shot 3 km north of the course',
        () => round({ shots: [{ ...round().shots[0], lat: box.maxLat + 3000 / 111_195 }] }),
        'insights.tooFar',
        () => ({ max: 2000 }),
      ],
      ['a track point 2.1 km east of the course', () => round({ track: [[box.maxLon + 2100 / (111_195 * Math.cos((box.maxLat * Math.PI) / 180)), box.maxLat, 0, 1]] }), 'insights.tooFar', () => ({ max: 2000 })],
      ['a course without drawings', () => round({ guide_id: par3.guideId, course_id: par3.courseId, tee_id: par3.teeId, shots: [], track: [], holes: [{ hole: 1, strokes: 3 }] }), 'insights.courseNotDrawn'],
      ['an app user the club does not know', () => round({ app_user_id: 'stranger' }), 'insights.unknownAppUser', () => ({ appUserId: 'stranger' })],
    ];

    it.each(refusals)('refuses %s with 400 and stores nothing', async (_what, body, code, params) => {
      const before = await counts();
      const origins = await t.database.db.select().from(insightCourseOrigins);
      const res = await putRound('r-refused', body());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(code);
      if (params) expect(res.json().params).toMatchObject(params());
      expect(await counts()).toEqual(before);
      expect(await t.database.db.select().from(insightCourseOrigins)).toEqual(origins);
    });

    it('says how far a position is', async () => {
      const res = await putRound('r-far', round({ shots: [{ ...round().shots[0], lat: box.maxLat + 3000 / 111_195 }] }));
      expect(res.json().params.metres).toBeGreaterThanOrEqual(2995);
      expect(res.json().params.metres).toBeLessThanOrEqual(3005);
      expect(res.json().details[0].path).toBe('shots[0]');
    });

    it('refuses more than 500 shots or 10,000 track points (400) and a body over its cap (413)', async () => {
      const base = round();
      const manyShots = await putRound('r-many', { ...base, shots: Array.from({ length: 501 }, () => base.shots[0]) });
      expect(manyShots.statusCode).toBe(400);
      expect(manyShots.json().error).toContain('at most 500 shots');
      const manyPoints = await putRound('r-many', { ...base, track: Array.from({ length: 10_001 }, () => base.track[0]) });
      expect(manyPoints.statusCode).toBe(400);
      expect(manyPoints.json().error).toContain('at most 10000 track points');
      const huge = await putRound('r-many', { ...base, track: Array.from({ length: 120_000 }, () => base.track[0]) });
      expect(huge.statusCode, huge.body.slice(0, 300)).toBe(413);
      expect(huge.json()).toMatchObject({ code: 'request.bodyTooLarge', error: 'Request body is too large' });
      for (const bad of [{ ...base, sex: 'x' }, { ...base, started_at: '2026-06-14 08:00' }, { ...base, holes: [] }, { ...base, handicap: 80 }]) {
        expect((await putRound('r-bad', bad)).statusCode).toBe(400);
      }
      expect((await putRound('bad*id', base)).statusCode).toBe(400);
      // Track points that are not the contract's TrackPoint: the answer names the point and the element.
      const badPoints: [unknown[], string][] = [
        [[10, 55, -1, 1], 'track.3.2'],
        [[10, 55, 1.5, 1], 'track.3.2'],
        [[10, 55, 1, 37], 'track.3.3'],
        [[200, 55, 1, 1], 'track.3.0'],
        [['10', 55, 1, 1], 'track.3.0'],
        [[10, 55, 1], 'track.3'],
        [[10, 55, 1, 1, 1], 'track.3'],
      ];
      for (const [point, path] of badPoints) {
        const track = [...base.track];
        track[3] = point as TrackPoint;
        const res = await putRound('r-bad', { ...base, track });
        expect(res.statusCode, JSON.stringify(point)).toBe(400);
        expect(res.json().code).toBe('request.invalid');
        expect(res.json().params.path, JSON.stringify(point)).toBe(path);
      }
      expect(await counts()).toEqual({ rounds: 0, holes: 0, shots: 0, tracks: 0 });
    });

    it('stores a round: the round, its holes with par and times, its shots in the course\'s metres and its track', async () => {
      const body = round({ app_user_id: 'u-1' });
      // A text the array literal must quote.
      body.shots[0].club = 'wood "3", \\ {15°}';
      const res = await putRound('r-2026-06-14-1', body);
      expect(res.statusCode, res.body).toBe(201);
      const answer = RoundResponse.parse(res.json());
      expect(answer).toMatchObject({ app_round_id: 'r-2026-06-14-1', created: true });
      const db = t.database.db;

      const [stored] = await db.select().from(rounds).where(eq(rounds.id, answer.id));
      const [user] = await db.select().from(appUsers).where(and(eq(appUsers.clubId, ids.dkClubId), eq(appUsers.appId, 'u-1')));
      expect(stored).toMatchObject({
        clubId: ids.dkClubId,
        guideId,
        courseId: linksId,
        teeId: linksTeeId,
        appUserId: user.id,
        sex: 'female',
        home: true,
        points: 36,
        strokes: 15,
        holesPlayed: 4,
        // Holes 1–3 of the 4 played have shots.
        shotTracked: 0.75,
      });
      expect(stored.handicap).toBeCloseTo(18.4, 5);
      expect(stored.startedAt.toISOString()).toBe('2026-06-14T06:00:00.000Z');
      expect(stored.endedAt.toISOString()).toBe('2026-06-14T10:10:00.000Z');
      // The phone's wall time, not UTC.
      expect(stored.localStart).toBe('2026-06-14 08:00:00');

      const holeRows = await db.select().from(roundHoles).where(eq(roundHoles.roundId, answer.id)).orderBy(asc(roundHoles.holeNumber));
      const start = Date.parse(body.started_at);
      const iso = (ms: number) => new Date(ms).toISOString();
      const trackSpan = (hole: number) => {
        const points = body.track.filter((p) => p[3] === hole);
        return [iso(start + points[0][2] * 1000), iso(start + points.at(-1)![2] * 1000)];
      };
      const hole3Shots = body.shots.filter((s) => s.hole === 3);
      expect(holeRows.map((h) => [h.holeNumber, h.holeId, h.par, h.strokes, h.startedAt?.toISOString() ?? null, h.endedAt?.toISOString() ?? null])).toEqual([
        [1, linkHoles.get(1)!.id, linkHoles.get(1)!.par, 5, ...trackSpan(1)],
        [2, linkHoles.get(2)!.id, linkHoles.get(2)!.par, 6, ...trackSpan(2)],
        // No track on hole 3: its shots' times.
        [3, linkHoles.get(3)!.id, linkHoles.get(3)!.par, 4, iso(Date.parse(hole3Shots[0].at)), iso(Date.parse(hole3Shots.at(-1)!.at))],
        // Neither track nor shots on hole 4.
        [4, linkHoles.get(4)!.id, linkHoles.get(4)!.par, 0, null, null],
      ]);

      // The course's origin: the middle of its drawings' box, rounded to 0.001°.
      const [origin] = await db.select().from(insightCourseOrigins).where(eq(insightCourseOrigins.courseId, linksId));
      expect(origin.lon).toBeCloseTo(Math.round(((box.minLon + box.maxLon) / 2) * 1000) / 1000, 9);
      expect(origin.lat).toBeCloseTo(Math.round(((box.minLat + box.maxLat) / 2) * 1000) / 1000, 9);

      const shotRows = await db.select().from(shots).where(eq(shots.roundId, answer.id)).orderBy(asc(shots.seq));
      expect(shotRows.map((s) => s.seq)).toEqual(body.shots.map((_, i) => i + 1));
      shotRows.forEach((s, i) => {
        const sent = body.shots[i];
        expect([s.holeNumber, s.lon, s.lat, s.playedAt.getTime(), s.golfClub]).toEqual([sent.hole, sent.lon, sent.lat, Date.parse(sent.at), sent.club]);
        // Metres east and north of the origin, against great-circle distances along the axes.
        const east = Math.sign(sent.lon - origin.lon) * haversine(origin.lon, origin.lat, sent.lon, origin.lat);
        const north = Math.sign(sent.lat - origin.lat) * haversine(origin.lon, origin.lat, origin.lon, sent.lat);
        expect(Math.abs(s.x - east)).toBeLessThan(1);
        expect(Math.abs(s.y - north)).toBeLessThan(1);
      });

      const [track] = await db.select().from(roundTracks).where(eq(roundTracks.roundId, answer.id));
      expect(track.seconds).toEqual(body.track.map((p) => p[2]));
      expect(track.hole).toEqual(body.track.map((p) => p[3]));
      body.track.forEach(([lon, lat], i) => {
        const back = toLonLat(origin, track.x[i], track.y[i]);
        expect(haversine(lon, lat, back.lon, back.lat)).toBeLessThan(0.05);
      });
    });

    it('answers a resend with the stored id (200, created false) and changes nothing, also for two at once', async () => {
      const first = await putRound('r-resend', round());
      expect(first.statusCode).toBe(201);
      const before = await counts();
      const again = await putRound('r-resend', round({ points: 12, holes: [{ hole: 7, strokes: 9 }] }));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ id: first.json().id, app_round_id: 'r-resend', created: false });
      expect(await counts()).toEqual(before);
      const [stored] = await t.database.db.select().from(rounds).where(eq(rounds.id, first.json().id));
      expect(stored.points).toBe(36);

      const racing = await Promise.all([putRound('r-race', round()), putRound('r-race', round()), putRound('r-race', round())]);
      expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
      expect(new Set(racing.map((r) => r.json().id)).size).toBe(1);
      const after = await counts();
      expect(after.rounds).toBe(before.rounds + 1);
      expect(after.shots).toBe(before.shots + round().shots.length);
    });

    it('refuses a round of another club\'s course whatever the guide', async () => {
      const res = await call(t.app, 'PUT', roundUrl('r-resend', ids.seClubId), { headers: headers(seKey), payload: round({ guide_id: seGuideId }) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'insights.unknownCourse', params: { courseId: linksId } });
    });

    it('ingests many rounds at once, refusing per round', async () => {
      const before = await counts();
      const result = await ingestRounds(t.database.db, ids.dkClubId, [
        { appRoundId: 'bulk-1', body: round() },
        { appRoundId: 'bulk-2', body: round({ guide_id: seGuideId }) },
        { appRoundId: 'bulk-3', body: round({ sex: 'male', home: false }) },
        { appRoundId: 'bulk-1', body: round() },
        { appRoundId: 'r-resend', body: round() },
      ]);
      expect(result.refused.map((r) => [r.appRoundId, r.error.code])).toEqual([['bulk-2', 'insights.unknownGuide']]);
      expect(result.stored.map((s) => [s.appRoundId, s.created]).sort()).toEqual([
        ['bulk-1', false],
        ['bulk-1', true],
        ['bulk-3', true],
        ['r-resend', false],
      ]);
      const after = await counts();
      expect(after.rounds).toBe(before.rounds + 2);
      expect(after.holes).toBe(before.holes + 8);
      expect(after.shots).toBe(before.shots + 2 * round().shots.length);
      expect(after.tracks).toBe(before.tracks + 2);
      const [bulk3] = await t.database.db.select().from(rounds).where(and(eq(rounds.clubId, ids.dkClubId), eq(rounds.appRoundId, 'bulk-3')));
      expect([bulk3.sex, bulk3.home]).toEqual(['male', false]);
      // The bulk path stores the same metres as the single call.
      const [origin] = await t.database.db.select().from(insightCourseOrigins).where(eq(insightCourseOrigins.courseId, linksId));
      const [firstShot] = await t.database.db.select().from(shots).where(and(eq(shots.roundId, bulk3.id), eq(shots.seq, 1)));
      const expected = toLocal(origin, round().shots[0].lon, round().shots[0].lat);
      expect(firstShot.x).toBeCloseTo(expected.x, 1);
      expect(firstShot.y).toBeCloseTo(expected.y, 1);
    });

    it('costs three statements over HTTP: the app key, what the checks read, and one write of the round, its holes, shots and track', async () => {
      // The first round warms what a course's rounds share (its drawings' box, its origin) and the key's last use.
      expect((await putRound('r-count-1', round())).statusCode).toBe(201);
      let res: Awaited<ReturnType<typeof putRound>> | undefined;
      const sent = await statementsOf(async () => {
        res = await putRound('r-count-2', round());
      });
      expect(res!.statusCode, res!.body).toBe(201);
      const texts = sent.map((s) => s.text);
      expect(texts, texts.join('\n')).toHaveLength(3);
      expect(texts[0]).toMatch(/from "app_keys"/);
      expect(texts[1]).toMatch(/^select .* from rounds r where/);
      expect(texts[2]).toMatch(/^with r as \( insert into rounds .* insert into round_holes .* insert into shots .* insert into round_tracks /);
      // On PostgreSQL each is a named prepared statement, planned once per connection; the embedded database has none (decision 0008).
      expect(sent.map((s) => s.name)).toEqual(
        testDatabaseKind === 'postgresql' ? ['app_key_by_hash', 'insights_load_context', 'insights_write_round'] : [undefined, undefined, undefined],
      );
    });

    it('keeps the track\'s positions and times uncompressed out of line, its holes compressible (migration 0018)', async () => {
      const result = await t.database.db.execute<{ attname: string; attstorage: string }>(
        sql`select attname, attstorage from pg_attribute where attrelid = 'round_tracks'::regclass and attnum > 0 and not attisdropped order by attnum`,
      );
      expect(result.rows.map((r) => [r.attname, r.attstorage])).toEqual([
        ['round_id', 'p'],
        ['x', 'e'],
        ['y', 'e'],
        ['seconds', 'e'],
        ['hole', 'x'],
      ]);
    });
  });

  describe('binary arrays (binary-array.ts)', () => {
    const bytes = (type: ElementType, values: number[]) => {
      const a = new BinaryArray(type, values.length);
      for (const v of values) a.push(v);
      return a.bytes();
    };

    it('are read by the database as the numbers sent, of each element type, and empty', async () => {
      const int2 = [0, 1, -1, 36, 32_767, -32_768];
      const int4 = [0, 1, 57_600, 2_147_483_647, -2_147_483_648];
      const float8 = [0, 12.568_309_123_456_78, -179.999_999_999_999_97, 55.1, 1e-300];
      const result = await t.database.db.execute<Record<string, boolean | number>>(sql`select
        ${bytes('int2', int2)}::smallint[] = ${sql.param(int2)}::smallint[] as int2,
        ${bytes('int4', int4)}::int[] = ${sql.param(int4)}::int[] as int4,
        ${bytes('float8', float8)}::float8[] = ${sql.param(float8)}::float8[] as float8,
        ${bytes('float4', [0.5, -1.25, 1234.56])}::real[] = '{0.5,-1.25,1234.56}'::real[] as float4,
        cardinality(${bytes('int4', [])}::int[]) as empty,
        array_lower(${bytes('int2', int2)}::smallint[], 1) as lower`);
      expect(result.rows[0]).toEqual({ int2: true, int4: true, float8: true, float4: true, empty: 0, lower: 1 });
    });

    it('give the track\'s metres the same floats as the decimal centimetres did', async () => {
      // Before: whole centimetres sent as integers, divided by 100 as numeric and cast to real.
      const centimetres = [0, 1, -1, 5, 99, 100, 101, 12_345, -12_345, 123_456, 1_677_721, -1_677_721, 16_777_215, -16_777_216];
      let seed = 7;
      for (let i = 0; i < 5000; i++) {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        centimetres.push((seed % 2 ** 25) - 2 ** 24);
      }
      const floats = bytes('float4', centimetres.map((c) => c / 100));
      const result = await t.database.db.execute<{ same: boolean; n: number }>(sql`select
        ${floats}::real[] = array(select (c / 100.0)::real from unnest(${sql.param(centimetres)}::int[]) with ordinality as u(c, i) order by i) as same,
        cardinality(${floats}::real[]) as n`);
      expect(result.rows[0]).toEqual({ same: true, n: centimetres.length });
    });
  });
});

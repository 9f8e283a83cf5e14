import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Course } from '@golf/contract/api/courses';
import type { Drawing } from '@golf/contract/api/drawings';
import { AdminCandidate, ClubHandleTarget, ClubMappingStatus, ClubsStatusResponse, FormerHandle, HandleCheck } from '@golf/contract/api/management';
import { clubs, holeDrawings } from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { STATUS_TIMEOUT_MS, statusRunner, statusTaskLimits } from './mapping-status-service';
import { changeElementRules, createTestCourse, polygon, ring, sampleHoleDrawing } from '../../../test/courses';

const ORIGIN: [number, number] = [9.5357, 55.7113];

/**
 * 'owner' owns the Danish club's region; 'skane' owns the Swedish club's region and holds the
 * courses role in the Danish club (no management there); 'staff' is a user of the Danish club;
 * 'swede' a user of the Swedish club only.
 */
type Actor = 'admin' | 'owner' | 'staff' | 'skane' | 'swede' | 'anonymous';

describe(`management (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;
  let course: Course;
  let seCourse: Course;
  let augustaId: number;
  let emptyClubId: number;

  const get = (actor: Actor, url: string) => call(t.app, 'GET', `/api${url}`, { token: tokens[actor] });
  const putClub = (actor: Actor, clubId: number, payload: unknown) => call(t.app, 'PUT', `/api/clubs/${clubId}`, { token: tokens[actor], payload });
  const handleOf = async (clubId: number) => (await t.database.db.select({ handle: clubs.handle }).from(clubs).where(eq(clubs.id, clubId)))[0].handle;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      skane: { email: 'skane@example.com', password: 'skane-password', firstName: 'Sara', lastName: 'Skåne', clubRoles: { [ids.dkClubId]: ['courses'] }, regionRoles: { [ids.seRegionId]: ['owner'] } },
      swede: { email: 'swede@example.com', password: 'swede-password', firstName: 'Sven', lastName: 'Svensson', clubRoles: { [ids.seClubId]: ['club-info'] } },
    });
    [{ id: augustaId }] = await t.database.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.handle, 'augusta-national'));
    const empty = await call(t.app, 'POST', '/api/clubs', { token: tokens.admin, payload: { name: 'Empty Links', handle: 'empty-links' } });
    expect(empty.statusCode, empty.body).toBe(201);
    emptyClubId = empty.json().id;

    // The mapping status's course: hole 1 clean, hole 2 a bunker crossing itself, hole 3 a boundary
    // crossing itself with the green outside it (and, once the rule is back, a catalogue breach),
    // hole 4 never drawn.
    course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'AAA Mapped', holes: 4 });
    seCourse = await createTestCourse(t.app, tokens.admin!, ids.seClubId, { name: 'Svensk', holes: 1 });
    const bowTie = sampleHoleDrawing(ORIGIN);
    bowTie.features[4] = polygon('bunker-1', 'bunker', [ring(ORIGIN, [[20, 330], [30, 340], [30, 330], [20, 340]])]);
    const outside = sampleHoleDrawing(ORIGIN);
    outside.features[0] = polygon('boundary', 'hole boundary', [ring(ORIGIN, [[-60, -20], [60, -20], [-60, 340], [60, 340]])]);
    for (const name of ['green', 'fairway']) await changeElementRules(t.app, tokens.admin!, name, { mustLieInside: null });
    const drawings: [number, Drawing][] = [
      [course.holes[0].id, sampleHoleDrawing(ORIGIN)],
      [course.holes[1].id, bowTie],
      [course.holes[2].id, outside],
    ];
    for (const [holeId, drawing] of drawings) {
      const res = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/holes/${holeId}/save_drawing`, { token: tokens.owner, payload: { drawing } });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The rule comes back (issue 26): hole 3's stored green now breaks it.
    await changeElementRules(t.app, tokens.admin!, 'green', { mustLieInside: 'hole boundary' });
  });
  afterAll(() => t?.close());

  describe('GET clubs/{clubId}/handle-check', () => {
    const check = async (handle: string, clubId = ids.dkClubId, actor: Actor = 'owner') => {
      const res = await get(actor, `/clubs/${clubId}/handle-check?handle=${encodeURIComponent(handle)}`);
      expect(res.statusCode, res.body).toBe(200);
      return HandleCheck.parse(res.json());
    };

    it('answers available, taken or invalid, normalised as the handle is stored', async () => {
      expect(await check('fjordvang')).toEqual({ handle: 'fjordvang', available: true, reason: null });
      expect(await check('  Fjordvang-GK ')).toEqual({ handle: 'fjordvang-gk', available: true, reason: null });
      expect(await check('Ljungbacka')).toEqual({ handle: 'ljungbacka', available: false, reason: 'taken' });
      expect(await check('has space')).toEqual({ handle: 'has space', available: false, reason: 'invalid' });
      expect(await check('x'.repeat(200))).toMatchObject({ available: false, reason: 'invalid' });
      // Digits alone would read as a club id in a URL.
      expect(await check('12345')).toEqual({ handle: '12345', available: false, reason: 'invalid' });
      expect(await check('-fjord')).toMatchObject({ available: false, reason: 'invalid' });
      expect(await check('å-golf')).toMatchObject({ available: false, reason: 'invalid' });
    });

    it('refuses a missing or over-long query with 400, and callers without management of the club', async () => {
      expect((await get('owner', `/clubs/${ids.dkClubId}/handle-check`)).statusCode).toBe(400);
      expect((await get('owner', `/clubs/${ids.dkClubId}/handle-check?handle=${'x'.repeat(201)}`)).statusCode).toBe(400);
      expect((await get('staff', `/clubs/${ids.dkClubId}/handle-check?handle=abc`)).statusCode).toBe(403);
      // A region owner, for a club outside their region (and with a role in it).
      expect((await get('skane', `/clubs/${ids.dkClubId}/handle-check?handle=abc`)).statusCode).toBe(403);
      expect((await get('owner', `/clubs/${ids.seClubId}/handle-check?handle=abc`)).statusCode).toBe(403);
      expect((await get('anonymous', `/clubs/${ids.dkClubId}/handle-check?handle=abc`)).statusCode).toBe(401);
      expect((await check('abc', ids.seClubId, 'skane')).available).toBe(true);
      expect((await check('abc', ids.seClubId, 'admin')).available).toBe(true);
    });
  });

  describe('handles through PUT clubs/{id}', () => {
    it('refuses a bad handle, a taken one, an unknown default theme and an ineligible admin with 4xx, and changes nothing', async () => {
      const before = (await t.database.db.select().from(clubs).where(eq(clubs.id, ids.dkClubId)))[0];
      const cases: [unknown, number, string][] = [
        [{ handle: 'has space' }, 400, 'request.invalid'],
        [{ handle: 'x'.repeat(200) }, 400, 'request.invalid'],
        [{ handle: '12345' }, 400, 'request.invalid'],
        [{ handle: 'ljungbacka' }, 409, 'clubs.handleTaken'],
        [{ handle: 'Augusta-National' }, 409, 'clubs.handleTaken'],
        [{ drawing_style_id: 9999 }, 400, 'clubs.unknownDrawingStyle'],
        [{ handle: 'fjordvang-new', drawing_style_id: 9999 }, 400, 'clubs.unknownDrawingStyle'],
      ];
      for (const [payload, status, code] of cases) {
        const res = await putClub('owner', ids.dkClubId, payload);
        expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
        expect(res.json().code).toBe(code);
      }
      // admin_id: the admin's field; the Swede has no role in the Danish club.
      const swedeId = (await get('admin', `/clubs/${ids.seClubId}/admin-candidates`)).json().find((c: AdminCandidate) => c.email === 'swede@example.com').id;
      const refused = await putClub('admin', ids.dkClubId, { admin_id: swedeId });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'management.adminNotEligible', error: 'The club admin must be a user of the club or an administrator' });
      expect((await putClub('admin', ids.dkClubId, { admin_id: NONE })).json().code).toBe('management.adminNotEligible');
      expect((await t.database.db.select().from(clubs).where(eq(clubs.id, ids.dkClubId)))[0]).toEqual(before);
      expect((await get('owner', `/clubs/${ids.dkClubId}/former-handles`)).json()).toEqual([]);
    });

    it('takes a user of the club, an administrator or nobody as admin', async () => {
      const candidates = z.array(AdminCandidate).parse((await get('owner', `/clubs/${ids.dkClubId}/admin-candidates`)).json());
      const staff = candidates.find((c) => c.email === 'staff@example.com')!;
      for (const adminId of [staff.id, ids.adminId, 0]) {
        const res = await putClub('admin', ids.dkClubId, { admin_id: adminId });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().admin_id).toBe(adminId);
      }
    });

    it("a changed handle keeps the old one leading to the club; another club may not take it; the club may take it back", async () => {
      const changed = await putClub('owner', ids.dkClubId, { handle: 'Fjordvang-GK', drawing_style_id: 2 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ handle: 'fjordvang-gk', drawing_style_id: 2 });

      const target = async (actor: Actor, handle: string) => {
        const res = await get(actor, `/club-handles/${handle}`);
        expect(res.statusCode, res.body).toBe(200);
        return ClubHandleTarget.parse(res.json());
      };
      expect(await target('staff', 'fjordvang')).toEqual({ club_id: ids.dkClubId, handle: 'fjordvang-gk', former: true });
      expect(await target('staff', 'fjordvang-gk')).toEqual({ club_id: ids.dkClubId, handle: 'fjordvang-gk', former: false });
      expect(await target('owner', 'FJORDVANG')).toMatchObject({ club_id: ids.dkClubId, former: true });
      const formers = z.array(FormerHandle).parse((await get('owner', `/clubs/${ids.dkClubId}/former-handles`)).json());
      expect(formers.map((f) => f.handle)).toEqual(['fjordvang']);

      // Another club: refused (its old URLs lead to the Danish club), by PUT and as it is typed.
      const taken = await putClub('admin', ids.seClubId, { handle: 'fjordvang' });
      expect(taken.statusCode, taken.body).toBe(409);
      expect(taken.json()).toEqual({ error: 'This handle was used by another club and still leads there', code: 'clubs.handleFormer' });
      expect(HandleCheck.parse((await get('admin', `/clubs/${ids.seClubId}/handle-check?handle=fjordvang`)).json())).toEqual({ handle: 'fjordvang', available: false, reason: 'former' });
      const created = await call(t.app, 'POST', '/api/clubs', { token: tokens.admin, payload: { name: 'Copycat', handle: 'fjordvang' } });
      expect(created.statusCode, created.body).toBe(409);
      expect(created.json().code).toBe('clubs.handleFormer');
      expect(await handleOf(ids.seClubId)).toBe('ljungbacka');
      // The club itself may take it back.
      expect(HandleCheck.parse((await get('owner', `/clubs/${ids.dkClubId}/handle-check?handle=fjordvang`)).json()).available).toBe(true);
      const back = await putClub('owner', ids.dkClubId, { handle: 'fjordvang', drawing_style_id: 6 });
      expect(back.statusCode, back.body).toBe(200);
      expect(await target('staff', 'fjordvang')).toEqual({ club_id: ids.dkClubId, handle: 'fjordvang', former: false });
      expect(await target('staff', 'fjordvang-gk')).toEqual({ club_id: ids.dkClubId, handle: 'fjordvang', former: true });
      expect(z.array(FormerHandle).parse((await get('admin', `/clubs/${ids.dkClubId}/former-handles`)).json()).map((f) => f.handle)).toEqual(['fjordvang-gk']);
      // The same handle again changes nothing of the former handles.
      expect((await putClub('owner', ids.dkClubId, { handle: 'fjordvang', name: 'Fjordvang Golfklub' })).statusCode).toBe(200);
      expect((await get('admin', `/clubs/${ids.dkClubId}/former-handles`)).json()).toHaveLength(1);
    });
  });

  describe('GET club-handles/{handle}', () => {
    it("answers 404 for a handle nobody has and for a club the user may not open, 401 without a session", async () => {
      for (const [actor, handle] of [
        ['staff', 'ljungbacka'],
        ['swede', 'fjordvang'],
        ['swede', 'fjordvang-gk'],
        ['owner', 'augusta-national'],
        ['admin', 'no-such-club'],
      ] as [Actor, string][]) {
        const res = await get(actor, `/club-handles/${handle}`);
        expect(res.statusCode, `${actor} ${handle}`).toBe(404);
        expect(res.json()).toEqual({ error: 'No club has this address', code: 'management.handleNotFound' });
      }
      expect((await get('anonymous', '/club-handles/fjordvang')).statusCode).toBe(401);
      // A region owner opens the clubs of their region without a role in them.
      expect((await get('skane', '/club-handles/ljungbacka')).json()).toEqual({ club_id: ids.seClubId, handle: 'ljungbacka', former: false });
      expect((await get('admin', '/club-handles/augusta-national')).json()).toEqual({ club_id: augustaId, handle: 'augusta-national', former: false });
      // Longer than any handle: refused before the handler (the router's limit on a path parameter).
      expect((await get('admin', `/club-handles/${'x'.repeat(201)}`)).statusCode).toBe(414);
    });
  });

  describe('GET clubs/{clubId}/former-handles and admin-candidates', () => {
    it('keeps at most 20 former handles, the newest', async () => {
      for (let i = 1; i <= 22; i++) expect((await putClub('skane', ids.seClubId, { handle: `ljungbacka-${i}` })).statusCode).toBe(200);
      expect((await putClub('skane', ids.seClubId, { handle: 'ljungbacka' })).statusCode).toBe(200);
      const formers = z.array(FormerHandle).parse((await get('skane', `/clubs/${ids.seClubId}/former-handles`)).json());
      expect(formers).toHaveLength(20);
      expect(formers[0].handle).toBe('ljungbacka-22');
      expect(formers.map((f) => f.handle)).not.toContain('ljungbacka');
      expect(formers.map((f) => f.handle)).not.toContain('ljungbacka-1');
      expect((await get('owner', `/clubs/${ids.seClubId}/former-handles`)).statusCode).toBe(403);
      expect((await get('swede', `/clubs/${ids.seClubId}/former-handles`)).statusCode).toBe(403);
    });

    it('lists the users of the club and the administrators, by name', async () => {
      const res = await get('skane', `/clubs/${ids.seClubId}/admin-candidates`);
      expect(res.statusCode, res.body).toBe(200);
      const list = z.array(AdminCandidate).parse(res.json());
      const emails = list.map((c) => c.email);
      expect(emails).toContain('admin@example.com');
      expect(emails).toContain('swede@example.com');
      expect(emails).not.toContain('staff@example.com');
      // skane owns the region but holds no role in the club itself.
      expect(emails).not.toContain('skane@example.com');
      const names = list.map((c) => `${c.first_name} ${c.last_name}`.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect((await get('staff', `/clubs/${ids.dkClubId}/admin-candidates`)).statusCode).toBe(403);
    });
  });

  describe('GET clubs/{clubId}/mapping-status', () => {
    it('answers per hole the stored checks and the catalogue rules of one course', async () => {
      const res = await get('owner', `/clubs/${ids.dkClubId}/mapping-status?course_id=${course.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const status = ClubMappingStatus.parse(res.json());
      expect(status.club_id).toBe(ids.dkClubId);
      expect(status.courses.map((c) => c.id)).toEqual([course.id]);
      const [c] = status.courses;
      expect(c).toMatchObject({ name: 'AAA Mapped', holes_drawn: 3, holes_failing: 2 });
      const [h1, h2, h3, h4] = c.holes;
      expect(c.holes.map((h) => h.order)).toEqual([1, 2, 3, 4]);
      expect(h1).toMatchObject({ has_drawing: true, self_intersections: [], boundary_self_intersections: 0, greens_within_boundary: true, rule_breaches: [], ok: true, par: 4 });
      expect(h2).toMatchObject({ has_drawing: true, self_intersections: [{ feature: 'bunker-1', element: 'bunker', count: 1 }], boundary_self_intersections: 0, ok: false });
      expect(h3).toMatchObject({ has_drawing: true, greens_within_boundary: false, ok: false });
      expect(h3.boundary_self_intersections).toBeGreaterThan(0);
      expect(h3.rule_breaches).toContainEqual(expect.objectContaining({ feature: 'green-1', element: 'green', rule: 'mustLieInside' }));
      expect(h4).toEqual({ id: course.holes[3].id, order: 4, name: 'Hole 4', par: 4, has_drawing: false, self_intersections: [], boundary_self_intersections: 0, greens_within_boundary: null, rule_breaches: [], ok: false });
    });

    it('computes the checks of a drawing stored without them, and covers every course of the club by name', async () => {
      await t.database.db.update(holeDrawings).set({ checks: null }).where(and(eq(holeDrawings.holeId, course.holes[1].id), eq(holeDrawings.styleId, 1)));
      const started = performance.now();
      const res = await get('admin', `/clubs/${ids.dkClubId}/mapping-status`);
      const ms = performance.now() - started;
      expect(res.statusCode, res.body).toBe(200);
      const status = ClubMappingStatus.parse(res.json());
      const names = status.courses.map((c) => c.name);
      expect(names[0]).toBe('AAA Mapped');
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      expect(status.courses.map((c) => c.id)).not.toContain(seCourse.id);
      const mine = status.courses.find((c) => c.id === course.id)!;
      expect(mine.holes[1].self_intersections).toEqual([{ feature: 'bunker-1', element: 'bunker', count: 1 }]);
      // The demo club's course with every hole drawn, inline (measured, issue 27): well under a second.
      const holes = status.courses.reduce((n, c) => n + c.holes.length, 0);
      expect(holes).toBeGreaterThan(4);
      expect(ms).toBeLessThan(5000);
    });

    it('answers 404 for a course of another club or none, 400 for a bad id, 403 without management', async () => {
      for (const courseId of [seCourse.id, 99_999]) {
        const res = await get('owner', `/clubs/${ids.dkClubId}/mapping-status?course_id=${courseId}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('management.courseNotFound');
        expect(res.body).not.toContain('Svensk');
      }
      expect((await get('owner', `/clubs/${ids.dkClubId}/mapping-status?course_id=abc`)).statusCode).toBe(400);
      expect((await get('skane', `/clubs/${ids.dkClubId}/mapping-status`)).statusCode).toBe(403);
      expect((await get('staff', `/clubs/${ids.dkClubId}/mapping-status`)).statusCode).toBe(403);
      expect((await get('owner', `/clubs/${ids.seClubId}/mapping-status`)).statusCode).toBe(403);
      expect((await get('anonymous', `/clubs/${ids.dkClubId}/mapping-status`)).statusCode).toBe(401);
      // A club without courses.
      expect(ClubMappingStatus.parse((await get('admin', `/clubs/${emptyClubId}/mapping-status`)).json()).courses).toEqual([]);
    });

    it('computes in a worker thread with a time limit: past it 503 management.statusTimeout, and the server keeps answering', async () => {
      const url = `/clubs/${ids.dkClubId}/mapping-status?course_id=${course.id}`;
      const before = ClubMappingStatus.parse((await get('owner', url)).json());
      // A rewritten row (its tuple is new, its stored checks kept) is computed again, in the worker, which now has 1 ms.
      await t.database.db
        .update(holeDrawings)
        .set({ version: sql`${holeDrawings.version}` }).where(and(eq(holeDrawings.holeId, course.holes[2].id), eq(holeDrawings.styleId, 1)));
      // No worker kept from the calls above: a fresh one cannot start and answer within 1 ms (a warm one might, for one small hole).
      await statusRunner.close();
      const limit = statusTaskLimits.timeoutMs;
      statusTaskLimits.timeoutMs = 1;
      try {
        const res = await get('owner', url);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ code: 'management.statusTimeout', params: { seconds: STATUS_TIMEOUT_MS / 1000 } });
        expect((await get('owner', `/clubs/${ids.dkClubId}/handle-check?handle=fjordvang`)).statusCode).toBe(200);
      } finally {
        statusTaskLimits.timeoutMs = limit;
      }
      // With its time back the same answer (the timeout kept nothing), and kept again per hole.
      const again = await get('owner', url);
      expect(again.statusCode, again.body).toBe(200);
      const { computed_at: _a, ...after } = ClubMappingStatus.parse(again.json());
      const { computed_at: _b, ...was } = before;
      expect(after).toEqual(was);
    });
    it('computes a hole once for many asking at once: one task in the worker, every answer the same 200', async () => {
      const url = `/clubs/${ids.dkClubId}/mapping-status?course_id=${course.id}`;
      const before = ClubMappingStatus.parse((await get('owner', url)).json());
      // Every drawn hole's row rewritten: none is kept any more.
      await t.database.db.update(holeDrawings).set({ version: sql`${holeDrawings.version}` }).where(eq(holeDrawings.styleId, 1));
      const run = vi.spyOn(statusRunner, 'run');
      try {
        const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => get(i % 2 ? 'owner' : 'admin', url)));
        for (const res of answers) {
          expect(res.statusCode, res.body).toBe(200);
          const { computed_at: _a, ...status } = ClubMappingStatus.parse(res.json());
          const { computed_at: _b, ...was } = before;
          expect(status).toEqual(was);
        }
        expect(run).toHaveBeenCalledTimes(1);
      } finally {
        run.mockRestore();
      }
    });
  });

  describe('GET management/clubs-status', () => {
    const table = async (actor: Actor) => {
      const res = await get(actor, '/management/clubs-status');
      expect(res.statusCode, res.body).toBe(200);
      return ClubsStatusResponse.parse(res.json());
    };

    it("lists every club for an admin and exactly the clubs of a region owner's regions", async () => {
      const all = await table('admin');
      expect(all.truncated).toBe(false);
      const allIds = (await t.database.db.select({ id: clubs.id }).from(clubs)).map((c) => c.id);
      expect(all.clubs.map((c) => c.club_id).sort()).toEqual(allIds.sort());
      expect((await table('owner')).clubs.map((c) => c.club_id)).toEqual([ids.dkClubId]);
      expect((await table('skane')).clubs.map((c) => c.club_id)).toEqual([ids.seClubId]);

      const dk = all.clubs.find((c) => c.club_id === ids.dkClubId)!;
      const mapping = ClubMappingStatus.parse((await get('admin', `/clubs/${ids.dkClubId}/mapping-status`)).json());
      expect(dk).toMatchObject({ name: 'Fjordvang Golfklub', handle: 'fjordvang', active: true, region_ids: [ids.dkRegionId], courses: mapping.courses.length });
      expect(dk.holes).toBe(mapping.courses.reduce((n, c) => n + c.holes.length, 0));
      expect(dk.holes_drawn).toBe(mapping.courses.reduce((n, c) => n + c.holes_drawn, 0));
      // From the stored checks only (the catalogue's rules are per club): the crossed boundary of hole 3;
      // hole 2's checks were removed above (a row stored without them), so it is not counted here.
      expect(dk.holes_failing).toBeGreaterThanOrEqual(1);
      expect(dk.last_drawing_at).not.toBeNull();
      const empty = all.clubs.find((c) => c.club_id === emptyClubId)!;
      expect(empty).toMatchObject({ name: 'Empty Links', handle: 'empty-links', active: false, courses: 0, holes: 0, holes_drawn: 0, holes_failing: 0, last_drawing_at: null, region_ids: [] });
    });

    it('refuses a club user with 403 and no session with 401', async () => {
      for (const actor of ['staff', 'swede'] as const) {
        const res = await get(actor, '/management/clubs-status');
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'Only administrators and region owners manage clubs', code: 'management.managementOnly' });
      }
      expect((await get('anonymous', '/management/clubs-status')).statusCode).toBe(401);
    });
  });
});

/** An id no user has. */
const NONE = 2147483000;

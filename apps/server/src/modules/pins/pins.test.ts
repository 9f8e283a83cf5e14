import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Course } from '@golf/contract/api/courses';
import { PinPosition, PinPositionsResponse, PinSetup, PinSetupsResponse } from '@golf/contract/api/pins';
import { distance } from '@golf/contract/geo/measure';
import { holeDrawings, pinPositions } from '../../db/schema/index';
import { buildTestApp, call, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { courseActors, createTestCourse, offset, sampleHoleDrawing, type CourseActor } from '../../../test/courses';
import { otherConnection } from '../../../test/read-cache';

type Actor = CourseActor;
const ORIGIN: [number, number] = [9.5357, 55.7113];

describe(`pin setups and pin positions (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let course: Course;
  let other: Course;
  let seCourse: Course;
  let tokens: Record<Actor, string>;
  const req = (actor: Actor, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown, clubId = ids.dkClubId) =>
    call(t.app, method, `/api/clubs/${clubId}/${path}`, { token: tokens[actor], payload });
  const createSetup = async (name: string, courseId = course.id, actor: Actor = 'editor', clubId = ids.dkClubId) => {
    const res = await req(actor, 'POST', 'pin-setups', { id: null, name, courseId, clubId }, clubId);
    expect(res.statusCode, res.body).toBe(201);
    return PinSetup.parse(res.json());
  };
  const positions = async (setupId: number, actor: Actor = 'editor', clubId = ids.dkClubId) => {
    const res = await req(actor, 'GET', `pin-setups/${setupId}`, undefined, clubId);
    expect(res.statusCode, res.body).toBe(200);
    return PinPositionsResponse.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ({ ids, tokens } = await courseActors(t));
    course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Pinned', holes: 4 });
    other = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Other', holes: 1 });
    seCourse = await createTestCourse(t.app, tokens.admin!, ids.seClubId, { name: 'Svensk', holes: 1 });
    // Hole 1: the sample drawing (the play line enters the green 335 m north of the tee).
    // Hole 2: the same with a T-point drawn 337 m north. Hole 3: no drawing. Hole 4: no green.
    const withTPoint = sampleHoleDrawing(ORIGIN);
    withTPoint.features.push({ type: 'Feature', id: 'tp', geometry: { type: 'Point', coordinates: offset(ORIGIN, 0, 337) }, properties: { element: 'T-point' } });
    const noGreen = sampleHoleDrawing(ORIGIN);
    noGreen.features = noGreen.features.filter((f) => f.properties.element !== 'green');
    for (const [hole, drawing] of [[course.holes[0], sampleHoleDrawing(ORIGIN)], [course.holes[1], withTPoint], [course.holes[3], noGreen]] as const) {
      const res = await req('owner', 'POST', `holes/${hole.id}/save_drawing`, { drawing });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t?.close());

  it('creates, lists (by course), renames and deletes pin setups', async () => {
    const saturday = await createSetup('Saturday medal');
    expect(saturday).toMatchObject({ name: 'Saturday medal', courseId: course.id, clubId: ids.dkClubId });
    const elsewhere = await createSetup('Other course', other.id);
    const all = PinSetupsResponse.parse((await req('editor', 'GET', 'pin-setups')).json());
    expect(all.map((s) => s.id)).toEqual(expect.arrayContaining([saturday.id, elsewhere.id]));
    const ofCourse = PinSetupsResponse.parse((await req('editor', 'GET', `pin-setups?course_id=${course.id}`)).json());
    expect(ofCourse.map((s) => s.id)).toEqual([saturday.id]);

    const renamed = await req('editor', 'POST', 'pin-setups', { id: saturday.id, name: 'Sunday medal', courseId: course.id, clubId: ids.dkClubId });
    expect(renamed.statusCode).toBe(200);
    expect(PinSetup.parse(renamed.json())).toMatchObject({ id: saturday.id, name: 'Sunday medal' });
    const moved = await req('editor', 'POST', 'pin-setups', { id: saturday.id, name: 'Moved', courseId: other.id, clubId: ids.dkClubId });
    expect(moved.statusCode).toBe(400);

    expect((await req('editor', 'DELETE', `pin-setups/${elsewhere.id}`)).statusCode).toBe(204);
    expect((await req('editor', 'DELETE', `pin-setups/${elsewhere.id}`)).statusCode).toBe(404);
    expect((await req('editor', 'GET', `pin-setups/${elsewhere.id}`)).statusCode).toBe(404);
  });

  it('refuses a setup without a name, for another club or for an unknown course', async () => {
    const bad = [
      [{ id: null, name: ' ', courseId: course.id, clubId: ids.dkClubId }, 400],
      [{ id: null, name: 'X', courseId: course.id, clubId: ids.seClubId }, 400],
      [{ id: null, name: 'X', courseId: 999999, clubId: ids.dkClubId }, 404],
      [{ id: null, name: 'X', courseId: seCourse.id, clubId: ids.dkClubId }, 404],
      [{ id: 999999, name: 'X', courseId: course.id, clubId: ids.dkClubId }, 404],
    ] as const;
    for (const [body, status] of bad) expect((await req('editor', 'POST', 'pin-setups', body)).statusCode, JSON.stringify(body)).toBe(status);
  });

  it('computes each pin from the green: in along the line of play, side to the right (negative left)', async () => {
    const setup = await createSetup('Positions');
    expect(await positions(setup.id)).toEqual([]);
    const savePin = async (holeId: number, outMeters: unknown, sideMeters: unknown) => {
      const res = await req('editor', 'POST', `pin-setups/${setup.id}`, { holeId, outMeters, sideMeters });
      expect(res.statusCode, res.body).toBe(200);
      return PinPosition.parse(res.json());
    };
    // Derived T-point: 335 m north; the hole is played due north, so right is east.
    const p1 = await savePin(course.holes[0].id, 10, 5);
    expect(p1).toMatchObject({ pinSetupId: setup.id, holeId: course.holes[0].id, outMeters: 10, sideMeters: 5 });
    expect(distance(p1.position!.coordinates, offset(ORIGIN, 5, 345))).toBeLessThan(0.5);
    // Saved again with a negative side (strings are parsed): one row, now west of the line.
    const p1b = await savePin(course.holes[0].id, '12', '-6');
    expect(p1b).toMatchObject({ outMeters: 12, sideMeters: -6 });
    expect(distance(p1b.position!.coordinates, offset(ORIGIN, -6, 347))).toBeLessThan(0.5);
    // A drawn T-point is used as it is.
    const p2 = await savePin(course.holes[1].id, 8, 0);
    expect(distance(p2.position!.coordinates, offset(ORIGIN, 0, 345))).toBeLessThan(0.5);
    // No drawing, or no green: no point.
    expect((await savePin(course.holes[2].id, 5, 1)).position).toBeNull();
    expect((await savePin(course.holes[3].id, 5, 1)).position).toBeNull();

    const list = await positions(setup.id);
    expect(list.map((p) => p.holeId)).toEqual(course.holes.map((h) => h.id));
    expect(list[0]).toEqual(p1b);
    const rows = await t.database.db.select().from(pinPositions).where(eq(pinPositions.pinSetupId, setup.id));
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.holeId === course.holes[0].id)).toMatchObject({ longitude: p1b.position!.coordinates[0], latitude: p1b.position!.coordinates[1] });

    // Deleting the setup removes its positions.
    expect((await req('editor', 'DELETE', `pin-setups/${setup.id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(pinPositions).where(eq(pinPositions.pinSetupId, setup.id))).toEqual([]);
  });

  it('computes a pin from the drawing as it is now: the frame kept for a hole is not used once its drawing changed', async () => {
    const setup = await createSetup('Redrawn');
    const hole = course.holes[2];
    const savePin = async () => {
      const res = await req('editor', 'POST', `pin-setups/${setup.id}`, { holeId: hole.id, outMeters: 10, sideMeters: 0 });
      expect(res.statusCode, res.body).toBe(200);
      return PinPosition.parse(res.json()).position;
    };
    const draw = async (at: [number, number]) => expect((await req('owner', 'POST', `holes/${hole.id}/save_drawing`, { drawing: sampleHoleDrawing(at) })).statusCode).toBe(200);
    await draw(ORIGIN);
    const first = await savePin();
    expect(distance(first!.coordinates, offset(ORIGIN, 0, 345))).toBeLessThan(0.5);
    expect(await savePin()).toEqual(first);
    // The same hole drawn 50 m further east (through the API, and then past it: a new row either way).
    const east = offset(ORIGIN, 50, 0);
    await draw(east);
    expect(distance((await savePin())!.coordinates, offset(east, 0, 345))).toBeLessThan(0.5);
    await t.database.db.update(holeDrawings).set({ document: sampleHoleDrawing(ORIGIN) }).where(eq(holeDrawings.holeId, hole.id));
    expect(distance((await savePin())!.coordinates, offset(ORIGIN, 0, 345))).toBeLessThan(0.5);
    // Another process's change, saved before this server has heard of it: the write on the kept
    // frame finds the row changed and the pin is computed from the drawing as it is now.
    const other = await otherConnection(t.database);
    if (other) {
      try {
        const west = offset(ORIGIN, -50, 0);
        await other.query('update hole_drawings set document = $1 where hole_id = $2', [JSON.stringify(sampleHoleDrawing(west)), hole.id]);
        expect(distance((await savePin())!.coordinates, offset(west, 0, 345))).toBeLessThan(0.5);
      } finally {
        await other.end();
      }
    }
    await t.database.db.delete(holeDrawings).where(eq(holeDrawings.holeId, hole.id));
    expect(await savePin()).toBeNull();
  });

  it('refuses bad metres and holes of another course', async () => {
    const setup = await createSetup('Checks');
    const cases: [unknown, number][] = [
      [{ holeId: course.holes[0].id, outMeters: -1, sideMeters: 0 }, 400],
      [{ holeId: course.holes[0].id, outMeters: 101, sideMeters: 0 }, 400],
      [{ holeId: course.holes[0].id, outMeters: 5, sideMeters: -101 }, 400],
      [{ holeId: course.holes[0].id, outMeters: 'abc', sideMeters: 0 }, 400],
      [{ holeId: course.holes[0].id, outMeters: 5.5, sideMeters: 0 }, 400],
      [{ holeId: other.holes[0].id, outMeters: 5, sideMeters: 0 }, 404],
      [{ holeId: seCourse.holes[0].id, outMeters: 5, sideMeters: 0 }, 404],
    ];
    for (const [body, status] of cases) expect((await req('editor', 'POST', `pin-setups/${setup.id}`, body)).statusCode, JSON.stringify(body)).toBe(status);
    // The message says what is wanted, in the terms of the screen.
    const words = await req('editor', 'POST', `pin-setups/${setup.id}`, { holeId: course.holes[0].id, outMeters: 5, sideMeters: 'left' });
    expect(words.json().details).toEqual([{ path: 'sideMeters', message: "'side' must be a whole number of metres (right positive, left negative)" }]);
    expect(await positions(setup.id)).toEqual([]);
  });

  it('answers 404, not a foreign-key 500, when the setup is deleted while the pin is being saved', async () => {
    const setup = await createSetup('Deleted meanwhile');
    const client = await t.database.pool.connect();
    let released = false;
    try {
      await client.query('begin');
      await client.query('delete from pin_setups where id = $1', [setup.id]);
      // The save starts while the delete is not yet committed: it waits for the setup's row lock
      // (PostgreSQL), or for the one connection (the embedded database), until the commit.
      const saving = req('editor', 'POST', `pin-setups/${setup.id}`, { holeId: course.holes[0].id, outMeters: 5, sideMeters: 0 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('commit');
      client.release();
      released = true;
      const res = await saving;
      expect(res.statusCode, res.body).toBe(404);
    } finally {
      if (!released) client.release();
    }
    expect(await t.database.db.select().from(pinPositions).where(eq(pinPositions.pinSetupId, setup.id))).toEqual([]);
  });

  it('saves a pin on a hole whose stored drawing no longer validates, computing it from the features that do', async () => {
    const setup = await createSetup('Broken drawings', other.id);
    const good = sampleHoleDrawing(ORIGIN);
    const document = { ...good, features: [{ type: 'Feature', id: 'old', geometry: { type: 'Circle', radius: 3 }, properties: { element: 'tree' } }, ...good.features] };
    await t.database.db.insert(holeDrawings).values({ holeId: other.holes[0].id, styleId: 1, document, version: 1 });
    const res = await req('editor', 'POST', `pin-setups/${setup.id}`, { holeId: other.holes[0].id, outMeters: 5, sideMeters: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const pin = PinPosition.parse(res.json());
    expect(distance(pin.position!.coordinates, offset(ORIGIN, 0, 340))).toBeLessThan(0.5);
    await t.database.db.update(holeDrawings).set({ document: { type: 'FeatureCollection' } }).where(eq(holeDrawings.holeId, other.holes[0].id));
    const empty = await req('editor', 'POST', `pin-setups/${setup.id}`, { holeId: other.holes[0].id, outMeters: 5, sideMeters: 0 });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(PinPosition.parse(empty.json()).position).toBeNull();
  });

  describe('permissions', () => {
    it('staff without the courses role gets 403 on every call', async () => {
      const setup = await createSetup('Guarded');
      const calls: [string, 'GET' | 'POST' | 'DELETE', string, unknown?][] = [
        ['list', 'GET', 'pin-setups'],
        ['create', 'POST', 'pin-setups', { id: null, name: 'X', courseId: course.id, clubId: ids.dkClubId }],
        ['rename', 'POST', 'pin-setups', { id: setup.id, name: 'X', courseId: course.id, clubId: ids.dkClubId }],
        ['positions', 'GET', `pin-setups/${setup.id}`],
        ['save position', 'POST', `pin-setups/${setup.id}`, { holeId: course.holes[0].id, outMeters: 1, sideMeters: 1 }],
        ['delete', 'DELETE', `pin-setups/${setup.id}`],
      ];
      for (const [label, method, path, body] of calls) expect((await req('staff', method, path, body)).statusCode, label).toBe(403);
      expect(PinSetupsResponse.parse((await req('editor', 'GET', 'pin-setups')).json()).find((s) => s.id === setup.id)?.name).toBe('Guarded');
    });

    it("another club's setup answers 404 through one's own club and 403 through theirs", async () => {
      const seSetup = await createSetup('Lördag', seCourse.id, 'swede', ids.seClubId);
      const calls: [string, 'GET' | 'POST' | 'DELETE', string, unknown?][] = [
        ['positions', 'GET', `pin-setups/${seSetup.id}`],
        ['rename', 'POST', 'pin-setups', { id: seSetup.id, name: 'Hijacked', courseId: seCourse.id, clubId: ids.dkClubId }],
        ['save position', 'POST', `pin-setups/${seSetup.id}`, { holeId: seCourse.holes[0].id, outMeters: 1, sideMeters: 1 }],
        ['delete', 'DELETE', `pin-setups/${seSetup.id}`],
        ['list of their course', 'GET', `pin-setups?course_id=${seCourse.id}`],
      ];
      for (const [label, method, path, body] of calls) {
        const own = await req('owner', method, path, body, ids.dkClubId);
        expect(own.statusCode, `${label} via club 1`).toBe(404);
        expect(own.body).not.toContain('Lördag');
        const theirs = await req('owner', method, path, body && { ...(body as object), clubId: ids.seClubId }, ids.seClubId);
        expect(theirs.statusCode, `${label} via club 2`).toBe(403);
      }
      const list = PinSetupsResponse.parse((await req('swede', 'GET', 'pin-setups', undefined, ids.seClubId)).json());
      expect(list.map((s) => s.name)).toEqual(['Lördag']);
      expect(await positions(seSetup.id, 'swede', ids.seClubId)).toEqual([]);
      expect(PinSetupsResponse.parse((await req('owner', 'GET', 'pin-setups')).json()).some((s) => s.id === seSetup.id)).toBe(false);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Course } from '@golf/contract/api/courses';
import type { Drawing } from '@golf/contract/api/drawings';
import {
  GREENKEEPER_LIMITS,
  HoleText,
  Tracking,
  TrackingDescription,
  TrackingGroup,
  TrackingGroupCourse,
  trackingId,
} from '@golf/contract/api/greenkeeper';
import { polygonArea } from '@golf/contract/geo/measure';
import * as schema from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { createTestCourse, offset, sampleHoleDrawing } from '../../../test/courses';
import { DEMO_TRACKING_GROUPS } from './tracking-demo';

/**
 * The tech map's tracking groups (issue 25): the demo's groups; create, rename, delete (name
 * required and unique in the club, colour checked); the trackings of a course computed from the
 * hole drawings (element, label, geodesic area, tee, groups); adding and removing elements (the
 * hole must be the club's and the feature in its drawing); the courses of a group only with at
 * least 2 elements still on the map; descriptions; hole texts; and another club's groups, holes,
 * courses and descriptions through path and body: 404, never data, never 500.
 */
describe(`tracking groups (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Awaited<ReturnType<typeof actors>>;
  /** A course of the Danish club with two drawn holes, and one of the Swedish club. */
  let course: Course;
  let seCourse: Course;
  let seGroupId: number;

  const actors = () =>
    signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      crew: { email: 'crew.tracking@example.com', password: 'crew-password', clubRoles: { [ids.dkClubId]: ['tech-map'] } },
      measurer: { email: 'areas.tracking@example.com', password: 'areas-password', clubRoles: { [ids.dkClubId]: ['areas'] } },
      swede: { email: 'swede.tracking@example.com', password: 'swede-password', clubRoles: { [ids.seClubId]: ['tech-map', 'courses'] } },
    });
  type Who = keyof typeof tokens;

  const dk = (rest: string) => `/api/clubs/${ids.dkClubId}${rest}`;
  const se = (rest: string) => `/api/clubs/${ids.seClubId}${rest}`;
  const req = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t.app, method, url, { token: tokens[who], payload });

  async function ok<T>(res: Awaited<ReturnType<typeof req>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  }
  const groups = async (who: Who = 'crew') => TrackingGroup.array().parse(await ok(await req(who, 'GET', dk('/tracking-groups'))));
  const groupCourses = async () => TrackingGroupCourse.array().parse(await ok(await req('crew', 'GET', dk('/tracking-groups/courses'))));
  const trackings = async (courseId: number) => Tracking.array().parse(await ok(await req('crew', 'GET', dk(`/tracking-groups/trackings?courseId=${courseId}`))));
  async function createGroup(name: string, color?: string): Promise<TrackingGroup> {
    return TrackingGroup.parse(await ok(await req('crew', 'POST', dk('/tracking-groups'), { name, ...(color ? { color } : {}) }), 201));
  }
  const change = (groupId: number, body: unknown, who: Who = 'crew') => req(who, 'PUT', dk(`/tracking-groups/${groupId}/trackings`), body);
  async function saveDrawing(token: string, clubId: number, holeId: number, drawing: Drawing) {
    const res = await call(t.app, 'POST', `/api/clubs/${clubId}/holes/${holeId}/save_drawing`, { token, payload: { drawing } });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Hole 1 of the test course: the sample hole with a named green and a bunker on a tee's attribute; hole 2: the sample hole. */
  const ORIGIN: [number, number] = [9.9, 55.7];
  /** A tee id as a drawing's attribute names it. */
  const TEE_ID = 4242;
  function holeOne(teeId: number): Drawing {
    const base = sampleHoleDrawing(ORIGIN);
    return {
      ...base,
      features: base.features.map((f) =>
        f.id === 'green-1'
          ? { ...f, properties: { ...f.properties, label: 'Top green' } }
          : f.id === 'tee-1'
            ? { ...f, properties: { ...f.properties, attributes: { teeId } } }
            : f,
      ),
    };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await actors();
    course = await createTestCourse(t.app, tokens.admin, ids.dkClubId, { name: 'Tracking test course', holes: 2 });
    await saveDrawing(tokens.admin, ids.dkClubId, course.holes[0].id, holeOne(TEE_ID));
    await saveDrawing(tokens.admin, ids.dkClubId, course.holes[1].id, sampleHoleDrawing(offset(ORIGIN, 200, 0)));
    seCourse = await createTestCourse(t.app, tokens.admin, ids.seClubId, { name: 'Svensk bana', holes: 1 });
    await saveDrawing(tokens.admin, ids.seClubId, seCourse.holes[0].id, sampleHoleDrawing([13.4, 55.9]));
    const seGroup = await req('swede', 'POST', se('/tracking-groups'), { name: 'Greener klippta' });
    seGroupId = (await ok<TrackingGroup>(seGroup, 201)).id;
    expect((await req('swede', 'PUT', se(`/tracking-groups/${seGroupId}/trackings`), { add: [{ holeId: seCourse.holes[0].id, featureId: 'green-1' }] })).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it('shows the demo: three groups with their elements on the map, their courses, descriptions and hole texts', async () => {
    const list = await groups();
    const byName = new Map(list.map((g) => [g.name, g]));
    for (const name of Object.values(DEMO_TRACKING_GROUPS)) expect(byName.has(name), name).toBe(true);
    const greens = byName.get(DEMO_TRACKING_GROUPS.greens)!;
    const bunkers = byName.get(DEMO_TRACKING_GROUPS.bunkers)!;
    const fairways = byName.get(DEMO_TRACKING_GROUPS.fairways)!;
    // Sorted by name.
    expect(list.map((g) => g.name)).toEqual([...list.map((g) => g.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(greens.commentCount + bunkers.commentCount + fairways.commentCount).toBeGreaterThanOrEqual(4);

    const courses = await groupCourses();
    const demoCourse = courses.find((c) => c.trackingGroupId === greens.id);
    expect(demoCourse).toBeDefined();
    expect(courses.filter((c) => c.trackingGroupId === greens.id)).toHaveLength(1);
    const all = await trackings(demoCourse!.courseId);
    const greenIds = all.filter((x) => x.elementName === 'green').map((x) => x.id);
    expect(greenIds.length).toBeGreaterThanOrEqual(9);
    expect(greens.trackingCount).toBe(greenIds.length);
    expect(demoCourse!.count).toBe(greenIds.length);
    expect(all.filter((x) => x.trackingGroupIds.includes(greens.id)).map((x) => x.id)).toEqual(greenIds);
    // Bunkers of holes 1–9 only; every fairway.
    const holeOrders = new Map((await ok<Course[]>(await req('admin', 'GET', dk('/courses')))).flatMap((c) => c.holes.map((h) => [h.id, h.order])));
    const raked = all.filter((x) => x.trackingGroupIds.includes(bunkers.id));
    expect(raked.length).toBe(bunkers.trackingCount);
    expect(raked.every((x) => x.elementName === 'bunker' && holeOrders.get(x.holeId)! <= 9)).toBe(true);
    expect(raked.length).toBe(all.filter((x) => x.elementName === 'bunker' && holeOrders.get(x.holeId)! <= 9).length);
    expect(all.filter((x) => x.trackingGroupIds.includes(fairways.id)).length).toBe(all.filter((x) => x.elementName === 'fairway').length);

    const descriptions = TrackingDescription.array().parse(await ok(await req('crew', 'GET', dk(`/tracking-groups/descriptions?trackingGroupId=${greens.id}`))));
    expect(descriptions.length).toBeGreaterThanOrEqual(2);
    expect(descriptions.every((d) => d.trackingGroupId === greens.id)).toBe(true);
    const everyDescription = TrackingDescription.array().parse(await ok(await req('crew', 'GET', dk('/tracking-groups/descriptions'))));
    expect(new Set(everyDescription.map((d) => d.trackingGroupId))).toEqual(new Set([greens.id, bunkers.id, fairways.id]));

    const textHoles = [...holeOrders].filter(([, order]) => order === 7).map(([id]) => id);
    const texts = (await Promise.all(textHoles.map(async (holeId) => HoleText.array().parse(await ok(await req('crew', 'GET', dk(`/holes/${holeId}/texts`))))))).flat();
    expect(texts.some((x) => x.trackingGroupId === greens.id && x.groupText.length > 0)).toBe(true);
  });

  it('creates, renames and deletes groups; the name is required, unique in the club and the colour checked', async () => {
    const created = await createGroup('  Tees divoted  ');
    expect(created).toMatchObject({ name: 'Tees divoted', color: '#2e7d32', trackingCount: 0, commentCount: 0 });
    expect((await groups()).map((g) => g.id)).toContain(created.id);

    for (const body of [{ name: '' }, { name: '   ' }, {}, { name: 'x'.repeat(GREENKEEPER_LIMITS.groupNameMax + 1) }, { name: 'Ok', color: 'red' }, { name: 'Nul\u0000' }, { name: 7 }]) {
      const res = await req('crew', 'POST', dk('/tracking-groups'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const taken = await req('crew', 'POST', dk('/tracking-groups'), { name: 'TEES DIVOTED' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'greenkeeper.groupNameTaken', params: { name: 'TEES DIVOTED' } });
    // The same name in another club is free.
    expect((await req('swede', 'POST', se('/tracking-groups'), { name: 'Tees divoted' })).statusCode).toBe(201);

    const renamed = TrackingGroup.parse(await ok(await req('crew', 'PUT', dk(`/tracking-groups/${created.id}`), { name: 'Tees repaired', color: '#AA3300' })));
    expect(renamed).toMatchObject({ id: created.id, name: 'Tees repaired', color: '#AA3300' });
    // Its own name again (another case) is fine; another group's is taken.
    expect((await req('crew', 'PUT', dk(`/tracking-groups/${created.id}`), { name: 'tees repaired' })).statusCode).toBe(200);
    const clash = await req('crew', 'PUT', dk(`/tracking-groups/${created.id}`), { name: DEMO_TRACKING_GROUPS.greens.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    expect((await req('crew', 'PUT', dk(`/tracking-groups/${created.id}`), { name: '' })).statusCode).toBe(400);

    expect((await req('crew', 'DELETE', dk(`/tracking-groups/${created.id}`))).statusCode).toBe(204);
    expect((await groups()).map((g) => g.id)).not.toContain(created.id);
    const again = await req('crew', 'DELETE', dk(`/tracking-groups/${created.id}`));
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('greenkeeper.groupNotFound');
    expect((await req('crew', 'PUT', dk(`/tracking-groups/${created.id}`), { name: 'Gone' })).statusCode).toBe(404);
    expect((await req('crew', 'PUT', dk('/tracking-groups/0'), { name: 'Zero' })).statusCode).toBe(400);
    expect((await req('crew', 'PUT', dk('/tracking-groups/abc'), { name: 'Letters' })).statusCode).toBe(400);
  });

  it('refuses a group over the cap of the club', async () => {
    const existing = (await groups()).length;
    const rows = Array.from({ length: GREENKEEPER_LIMITS.groupsMax - existing }, (_, i) => ({ clubId: ids.dkClubId, name: `Cap filler ${i}` }));
    const inserted = await t.database.db.insert(schema.trackingGroups).values(rows).returning({ id: schema.trackingGroups.id });
    try {
      const over = await req('crew', 'POST', dk('/tracking-groups'), { name: 'One too many' });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({ code: 'greenkeeper.groupsCapReached', params: { max: GREENKEEPER_LIMITS.groupsMax } });
    } finally {
      for (const row of inserted) await t.database.db.delete(schema.trackingGroups).where(eq(schema.trackingGroups.id, row.id));
    }
  });

  it('answers the trackings of a course from its hole drawings: element, label, geodesic area, tee, hole and groups', async () => {
    const list = await trackings(course.id);
    const hole1 = course.holes[0].id;
    const hole2 = course.holes[1].id;
    const drawing = holeOne(TEE_ID);
    expect(list.map((x) => x.id)).toEqual([
      ...drawing.features.map((f) => trackingId(hole1, f.id)),
      ...sampleHoleDrawing(offset(ORIGIN, 200, 0)).features.map((f) => trackingId(hole2, f.id)),
    ]);
    const green = list.find((x) => x.id === trackingId(hole1, 'green-1'))!;
    const greenShape = drawing.features.find((f) => f.id === 'green-1')!.geometry;
    expect(green).toMatchObject({
      featureId: 'green-1',
      elementName: 'green',
      name: 'Top green',
      courseId: course.id,
      holeId: hole1,
      customAttributes: { holeId: hole1, teeId: null },
      trackingGroupIds: [],
      geometry: greenShape,
    });
    // A circle of radius 15 m (24 corners): about π·15² m², exactly what the hole editor measures.
    expect(green.area).toBeCloseTo(polygonArea((greenShape as { coordinates: number[][][] }).coordinates), 6);
    expect(green.area!).toBeGreaterThan(680);
    expect(green.area!).toBeLessThan(710);
    expect(list.find((x) => x.id === trackingId(hole1, 'tee-1'))!.customAttributes).toEqual({ holeId: hole1, teeId: TEE_ID });
    expect(list.find((x) => x.id === trackingId(hole1, 'play-line'))).toMatchObject({ area: null, name: '', elementName: 'play line' });
    expect(list.find((x) => x.id === trackingId(hole1, 'sign-1'))).toMatchObject({ area: null, name: 'Fjord Bank' });
    // A hole never drawn has no trackings; a course of another club or none at all is not found.
    const bare = await createTestCourse(t.app, tokens.admin, ids.dkClubId, { name: 'Undrawn course', holes: 1 });
    expect(await trackings(bare.id)).toEqual([]);
    for (const courseId of [seCourse.id, 2_000_000_000]) {
      const res = await req('crew', 'GET', dk(`/tracking-groups/trackings?courseId=${courseId}`));
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('greenkeeper.courseNotFound');
    }
    for (const query of ['', '?courseId=', '?courseId=abc', '?courseId=0', '?courseId=99999999999']) {
      expect((await req('crew', 'GET', dk(`/tracking-groups/trackings${query}`))).statusCode, query).toBe(400);
    }
  });

  it('adds and removes elements; a course counts for a group from 2 elements on the map; an element gone from the drawing stops counting', async () => {
    const group = await createGroup('Greens of the test course', '#112233');
    const [hole1, hole2] = course.holes.map((h) => h.id);
    const one = TrackingGroup.parse(await ok(await change(group.id, { add: [{ holeId: hole1, featureId: 'green-1' }] })));
    expect(one.trackingCount).toBe(1);
    // One entry on a course is not enough for the course filter.
    expect((await groupCourses()).filter((c) => c.trackingGroupId === group.id)).toEqual([]);

    // Adding the same again changes nothing; duplicates in one call count once.
    const two = TrackingGroup.parse(
      await ok(
        await change(group.id, {
          add: [
            { holeId: hole1, featureId: 'green-1' },
            { holeId: hole2, featureId: 'green-1' },
            { holeId: hole2, featureId: 'green-1' },
          ],
        }),
      ),
    );
    expect(two.trackingCount).toBe(2);
    expect((await groupCourses()).filter((c) => c.trackingGroupId === group.id)).toEqual([{ trackingGroupId: group.id, courseId: course.id, count: 2 }]);
    const list = await trackings(course.id);
    expect(list.filter((x) => x.trackingGroupIds.includes(group.id)).map((x) => x.id)).toEqual([trackingId(hole1, 'green-1'), trackingId(hole2, 'green-1')]);

    // Refused, and nothing of the call kept: a feature not in the drawing, a hole of another
    // club, a hole that does not exist.
    const missing = await change(group.id, { add: [{ holeId: hole1, featureId: 'bunker-1' }, { holeId: hole1, featureId: 'no-such-feature' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'greenkeeper.elementNotOnMap', params: { featureId: 'no-such-feature', holeId: hole1 } });
    for (const holeId of [seCourse.holes[0].id, 2_000_000_000]) {
      const res = await change(group.id, { add: [{ holeId: hole1, featureId: 'bunker-1' }, { holeId, featureId: 'green-1' }] });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('greenkeeper.holeNotFound');
      const removing = await change(group.id, { remove: [{ holeId, featureId: 'green-1' }] });
      expect(removing.statusCode).toBe(404);
    }
    expect((await groups()).find((g) => g.id === group.id)!.trackingCount).toBe(2);

    // Bad bodies.
    for (const body of [
      {},
      { add: [], remove: [] },
      { add: [{ holeId: hole1 }] },
      { add: [{ holeId: hole1, featureId: '' }] },
      { add: [{ holeId: 0, featureId: 'green-1' }] },
      { add: [{ holeId: 'one', featureId: 'green-1' }] },
      { add: [{ holeId: hole1, featureId: 'x'.repeat(GREENKEEPER_LIMITS.featureIdMax + 1) }] },
      { add: Array.from({ length: GREENKEEPER_LIMITS.trackingChangesMax + 1 }, () => ({ holeId: hole1, featureId: 'green-1' })) },
      { add: 'green-1' },
    ]) {
      expect((await change(group.id, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    // Another group or club in the path.
    expect((await change(seGroupId, { add: [{ holeId: hole1, featureId: 'green-1' }] })).statusCode).toBe(404);
    expect((await change(2_000_000_000, { add: [{ holeId: hole1, featureId: 'green-1' }] })).statusCode).toBe(404);

    // The green of hole 2 is taken off the map: it no longer counts, and the course drops out of the filter.
    const redrawn = sampleHoleDrawing(offset(ORIGIN, 200, 0));
    await saveDrawing(tokens.admin, ids.dkClubId, hole2, { ...redrawn, features: redrawn.features.filter((f) => f.id !== 'green-1') });
    expect((await groups()).find((g) => g.id === group.id)!.trackingCount).toBe(1);
    expect((await groupCourses()).filter((c) => c.trackingGroupId === group.id)).toEqual([]);
    expect((await trackings(course.id)).some((x) => x.id === trackingId(hole2, 'green-1'))).toBe(false);
    // Adding it now is refused; removing it (gone from the map) lets the group go of it.
    expect((await change(group.id, { add: [{ holeId: hole2, featureId: 'green-1' }] })).statusCode).toBe(400);
    const removed = TrackingGroup.parse(await ok(await change(group.id, { remove: [{ holeId: hole2, featureId: 'green-1' }, { holeId: hole1, featureId: 'never-there' }] })));
    expect(removed.trackingCount).toBe(1);
    const rows = await t.database.db.select().from(schema.trackingGroupElements).where(eq(schema.trackingGroupElements.trackingGroupId, group.id));
    expect(rows.map((r) => `${r.holeId}:${r.featureId}`)).toEqual([trackingId(hole1, 'green-1')]);
    await saveDrawing(tokens.admin, ids.dkClubId, hole2, redrawn);

    // Remove and add in one call: removes first, then adds.
    const both = TrackingGroup.parse(
      await ok(await change(group.id, { remove: [{ holeId: hole1, featureId: 'green-1' }], add: [{ holeId: hole1, featureId: 'bunker-1' }, { holeId: hole2, featureId: 'bunker-1' }] })),
    );
    expect(both.trackingCount).toBe(2);
    const after = await trackings(course.id);
    expect(after.filter((x) => x.trackingGroupIds.includes(group.id)).map((x) => x.featureId)).toEqual(['bunker-1', 'bunker-1']);
  });

  it('keeps descriptions per group: create, list, edit, delete, capped; another group or club is not found', async () => {
    const group = await createGroup('Described group');
    const url = dk(`/tracking-groups/${group.id}/descriptions`);
    const first = TrackingDescription.parse(await ok(await req('crew', 'POST', url, { name: ' Height ', description: ' 4 mm ' }), 201));
    expect(first).toMatchObject({ trackingGroupId: group.id, name: 'Height', description: '4 mm' });
    const second = TrackingDescription.parse(await ok(await req('crew', 'POST', url, { name: 'Empty note', description: '' }), 201));
    const listed = TrackingDescription.array().parse(await ok(await req('crew', 'GET', dk(`/tracking-groups/descriptions?trackingGroupId=${group.id}`))));
    expect(listed).toEqual([first, second]);

    const edited = TrackingDescription.parse(await ok(await req('crew', 'PUT', `${url}/${first.id}`, { name: 'Height', description: '3.5 mm' })));
    expect(edited.description).toBe('3.5 mm');
    expect((await req('crew', 'DELETE', `${url}/${second.id}`)).statusCode).toBe(204);
    expect((await req('crew', 'DELETE', `${url}/${second.id}`)).json().code).toBe('greenkeeper.descriptionNotFound');

    for (const body of [{ name: '', description: 'x' }, { name: 'x' }, { name: 'x'.repeat(GREENKEEPER_LIMITS.descriptionNameMax + 1), description: '' }, { name: 'x', description: 'y'.repeat(GREENKEEPER_LIMITS.descriptionTextMax + 1) }]) {
      expect((await req('crew', 'POST', url, body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect((await req('crew', 'PUT', `${url}/${first.id}`, body)).statusCode).toBe(400);
    }
    // The description through another group's path; another club's group; an unknown group.
    const other = await createGroup('Other described group');
    expect((await req('crew', 'PUT', dk(`/tracking-groups/${other.id}/descriptions/${first.id}`), { name: 'Moved', description: '' })).statusCode).toBe(404);
    expect((await req('crew', 'DELETE', dk(`/tracking-groups/${other.id}/descriptions/${first.id}`))).statusCode).toBe(404);
    for (const groupId of [seGroupId, 2_000_000_000]) {
      const res = await req('crew', 'POST', dk(`/tracking-groups/${groupId}/descriptions`), { name: 'Foreign', description: '' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('greenkeeper.groupNotFound');
      expect((await req('crew', 'GET', dk(`/tracking-groups/descriptions?trackingGroupId=${groupId}`))).statusCode).toBe(404);
    }
    const swedes = TrackingDescription.array().parse(await ok(await req('swede', 'GET', se('/tracking-groups/descriptions'))));
    expect(swedes.some((d) => d.id === first.id)).toBe(false);

    // At most descriptionsPerGroupMax per group.
    for (let i = 1; i < GREENKEEPER_LIMITS.descriptionsPerGroupMax; i++) await ok(await req('crew', 'POST', url, { name: `Note ${i}`, description: '' }), 201);
    const over = await req('crew', 'POST', url, { name: 'One too many', description: '' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'greenkeeper.descriptionsCapReached', params: { max: GREENKEEPER_LIMITS.descriptionsPerGroupMax } });
  });

  it('keeps a text per hole and group; an empty text removes it; another club’s hole or group is not found', async () => {
    const group = await createGroup('Hole text group');
    const holeId = course.holes[0].id;
    const url = dk(`/holes/${holeId}/texts/${group.id}`);
    expect(HoleText.array().parse(await ok(await req('crew', 'GET', dk(`/holes/${holeId}/texts`))))).toEqual([]);
    const saved = HoleText.parse(await ok(await req('crew', 'PUT', url, { groupText: '  Mow by hand  ' })));
    expect(saved).toEqual({ holeId, trackingGroupId: group.id, groupText: 'Mow by hand' });
    const changed = HoleText.parse(await ok(await req('crew', 'PUT', url, { groupText: 'Mow with the walk-behind' })));
    expect(changed.groupText).toBe('Mow with the walk-behind');
    expect(await ok(await req('crew', 'GET', dk(`/holes/${holeId}/texts`)))).toEqual([changed]);

    for (const body of [{}, { groupText: 'x'.repeat(GREENKEEPER_LIMITS.holeTextMax + 1) }, { groupText: 5 }]) {
      expect((await req('crew', 'PUT', url, body)).statusCode).toBe(400);
    }
    // Another club's hole or group, through the path.
    const foreignHole = await req('crew', 'PUT', dk(`/holes/${seCourse.holes[0].id}/texts/${group.id}`), { groupText: 'Foreign' });
    expect(foreignHole.statusCode).toBe(404);
    expect(foreignHole.json().code).toBe('greenkeeper.holeNotFound');
    expect((await req('crew', 'GET', dk(`/holes/${seCourse.holes[0].id}/texts`))).statusCode).toBe(404);
    const foreignGroup = await req('crew', 'PUT', dk(`/holes/${holeId}/texts/${seGroupId}`), { groupText: 'Foreign' });
    expect(foreignGroup.statusCode).toBe(404);
    expect(foreignGroup.json().code).toBe('greenkeeper.groupNotFound');

    // An empty text removes it (204), twice over.
    for (let i = 0; i < 2; i++) {
      const removed = await req('crew', 'PUT', url, { groupText: '   ' });
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
    }
    expect(await ok(await req('crew', 'GET', dk(`/holes/${holeId}/texts`)))).toEqual([]);

    // Deleting the group deletes its hole texts and elements.
    await ok(await req('crew', 'PUT', url, { groupText: 'Kept until the group goes' }));
    await ok(await change(group.id, { add: [{ holeId, featureId: 'green-1' }] }));
    expect((await req('crew', 'DELETE', dk(`/tracking-groups/${group.id}`))).statusCode).toBe(204);
    expect(await ok(await req('crew', 'GET', dk(`/holes/${holeId}/texts`)))).toEqual([]);
    expect(await t.database.db.select().from(schema.trackingGroupElements).where(eq(schema.trackingGroupElements.trackingGroupId, group.id))).toEqual([]);
  });

  it('lets only the tech-map role of the path’s club in; another club’s ids answer 404 and show nothing', async () => {
    const group = await createGroup('Guarded group');
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', '/tracking-groups'],
      ['POST', '/tracking-groups', { name: 'Intruder' }],
      ['PUT', `/tracking-groups/${group.id}`, { name: 'Intruder' }],
      ['DELETE', `/tracking-groups/${group.id}`],
      ['GET', '/tracking-groups/courses'],
      ['GET', `/tracking-groups/trackings?courseId=${course.id}`],
      ['PUT', `/tracking-groups/${group.id}/trackings`, { add: [{ holeId: course.holes[0].id, featureId: 'green-1' }] }],
      ['GET', '/tracking-groups/descriptions'],
      ['POST', `/tracking-groups/${group.id}/descriptions`, { name: 'Intruder', description: '' }],
      ['GET', `/holes/${course.holes[0].id}/texts`],
      ['PUT', `/holes/${course.holes[0].id}/texts/${group.id}`, { groupText: 'Intruder' }],
    ];
    for (const [method, rest, body] of calls) {
      expect((await req('anonymous', method, dk(rest), body)).statusCode, `${method} ${rest}`).toBe(401);
      for (const who of ['staff', 'measurer', 'swede'] as const) {
        const res = await req(who, method, dk(rest), body);
        expect(res.statusCode, `${who} ${method} ${rest}`).toBe(403);
      }
      // The Danish crew in the Swedish club's path.
      expect((await req('crew', method, se(rest), body)).statusCode, `crew in se ${method} ${rest}`).toBe(403);
    }
    // The Swede in their own club's path with the Danish ids: not found, and nothing changed.
    expect((await req('swede', 'PUT', se(`/tracking-groups/${group.id}`), { name: 'Taken over' })).statusCode).toBe(404);
    expect((await req('swede', 'DELETE', se(`/tracking-groups/${group.id}`))).statusCode).toBe(404);
    expect((await req('swede', 'PUT', se(`/tracking-groups/${group.id}/trackings`), { add: [{ holeId: seCourse.holes[0].id, featureId: 'green-1' }] })).statusCode).toBe(404);
    expect((await req('swede', 'PUT', se(`/tracking-groups/${seGroupId}/trackings`), { add: [{ holeId: course.holes[0].id, featureId: 'green-1' }] })).statusCode).toBe(404);
    expect((await req('swede', 'GET', se(`/tracking-groups/trackings?courseId=${course.id}`))).statusCode).toBe(404);
    expect((await req('swede', 'GET', se(`/holes/${course.holes[0].id}/texts`))).statusCode).toBe(404);
    expect((await req('swede', 'PUT', se(`/holes/${seCourse.holes[0].id}/texts/${group.id}`), { groupText: 'x' })).statusCode).toBe(404);
    const seen = TrackingGroup.array().parse(await ok(await req('swede', 'GET', se('/tracking-groups'))));
    expect(seen.some((g) => g.id === group.id)).toBe(false);
    const seCourses = TrackingGroupCourse.array().parse(await ok(await req('swede', 'GET', se('/tracking-groups/courses'))));
    expect(seCourses.every((c) => c.courseId === seCourse.id)).toBe(true);
    expect((await groups()).find((g) => g.id === group.id)).toMatchObject({ name: 'Guarded group', trackingCount: 0 });
    // The admin and the region's owner hold every role of the club.
    expect((await req('admin', 'GET', dk('/tracking-groups'))).statusCode).toBe(200);
    expect((await req('owner', 'GET', dk('/tracking-groups'))).statusCode).toBe(200);
  });
});

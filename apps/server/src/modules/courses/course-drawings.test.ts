import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_DRAWINGS_LIMITS, DrawingResponse, SaveCourseDrawingsResponse, type Drawing } from '@golf/contract/api/drawings';
import type { Course } from '@golf/contract/api/courses';
import { buildTestApp, call, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { courseActors, createTestCourse, sampleHoleDrawing, type CourseActor } from '../../../test/courses';

const ORIGIN: [number, number] = [9.5357, 55.7113];

/** The sample hole without one of its features: a drawing that differs from the sample. */
const without = (drawing: Drawing, id: string): Drawing => ({ ...drawing, features: drawing.features.filter((f) => f.id !== id) });

describe(`course-wide drawings save (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let course: Course;
  let otherCourse: Course;
  let seCourse: Course;
  let tokens: Record<CourseActor, string>;
  const url = (courseId: number, clubId = ids.dkClubId) => `/api/clubs/${clubId}/courses/${courseId}/drawings`;
  const saveAll = (courseId: number, payload: unknown, actor: CourseActor = 'editor', clubId = ids.dkClubId) =>
    call(t.app, 'POST', url(courseId, clubId), { token: tokens[actor], payload });
  const saveOne = (holeId: number, payload: unknown, actor: CourseActor = 'owner', clubId = ids.dkClubId) =>
    call(t.app, 'POST', `/api/clubs/${clubId}/holes/${holeId}/save_drawing`, { token: tokens[actor], payload });
  const get = async (holeId: number, clubId = ids.dkClubId) => {
    const res = await call(t.app, 'GET', `/api/clubs/${clubId}/holes/${holeId}/drawing/1`, { token: tokens.admin });
    expect(res.statusCode, res.body).toBe(200);
    return DrawingResponse.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ({ ids, tokens } = await courseActors(t));
    course = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Mapped at once', holes: 6 });
    otherCourse = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Beside it', holes: 2 });
    seCourse = await createTestCourse(t.app, tokens.admin, ids.seClubId, { name: 'Kartlagd', holes: 2 });
  });
  afterAll(() => t?.close());

  it('saves three changed holes, refuses by name the one changed meanwhile by another session, and loses nothing of theirs', async () => {
    const [a, b, c] = course.holes;
    const first = sampleHoleDrawing(ORIGIN);
    for (const hole of [a, b, c]) expect((await saveOne(hole.id, { drawing: first, version: 0 })).statusCode).toBe(200);
    // The editor's session loaded the three holes at version 1; the owner then saves hole b again.
    const theirs = without(first, 'bunker-1');
    const meanwhile = await saveOne(b.id, { drawing: theirs, version: 1 });
    expect(meanwhile.statusCode, meanwhile.body).toBe(200);
    const theirSave = DrawingResponse.parse(meanwhile.json());

    const mine = without(first, 'sign-1');
    const res = await saveAll(course.id, { holes: [c, b, a].map((h) => ({ hole_id: h.id, drawing: mine, version: 1 })) });
    expect(res.statusCode, res.body).toBe(200);
    const answer = SaveCourseDrawingsResponse.parse(res.json());
    // Saved in the holes' order, each with its new version.
    expect(answer.saved.map((s) => [s.hole_id, s.course_id, s.version])).toEqual([
      [a.id, course.id, 2],
      [c.id, course.id, 2],
    ]);
    expect(answer.saved[0].drawing).toEqual(mine);
    expect(answer.conflicts).toEqual([{ hole_id: b.id, order: b.order, version: 2, updated_at: theirSave.updated_at }]);
    expect(answer.invalid).toEqual([]);

    expect(await get(a.id)).toMatchObject({ version: 2, drawing: mine });
    expect(await get(c.id)).toMatchObject({ version: 2, drawing: mine });
    // Hole b keeps the other session's drawing.
    expect(await get(b.id)).toEqual(theirSave);
  });

  it('answers a drawing the rules refuse in invalid with its problems, and saves the others', async () => {
    const [, , , d, e] = course.holes;
    const bad = sampleHoleDrawing(ORIGIN);
    bad.features[1].properties.element = 'lava';
    const res = await saveAll(course.id, {
      holes: [
        { hole_id: d.id, drawing: bad, version: 0 },
        { hole_id: e.id, drawing: sampleHoleDrawing(ORIGIN), version: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = SaveCourseDrawingsResponse.parse(res.json());
    expect(answer.saved.map((s) => s.hole_id)).toEqual([e.id]);
    expect(answer.conflicts).toEqual([]);
    expect(answer.invalid).toHaveLength(1);
    expect(answer.invalid[0]).toMatchObject({ hole_id: d.id, order: d.order, message: 'The drawing has 1 problem', code: 'drawings.oneProblem' });
    // Each problem with its code and parameters, for the reader's language, beside the English message.
    expect(answer.invalid[0].problems).toEqual([
      {
        feature: 'tee-1',
        code: 'drawings.problem.unknownElement',
        params: { element: 'lava', feature: 'tee-1', name: 'lava' },
        message: "Lava 'tee-1': 'lava' is not an element of the graphics catalogue",
      },
    ]);
    expect((await get(d.id)).version).toBe(0);
    expect((await get(e.id)).version).toBe(1);
  });

  it('a first save (version 0) of a hole someone saved meanwhile is a conflict with the stored version', async () => {
    const f = course.holes[5];
    expect((await saveOne(f.id, { drawing: sampleHoleDrawing(ORIGIN) })).statusCode).toBe(200);
    const res = await saveAll(course.id, { holes: [{ hole_id: f.id, drawing: { type: 'FeatureCollection', features: [] }, version: 0 }] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = SaveCourseDrawingsResponse.parse(res.json());
    expect(answer.saved).toEqual([]);
    expect(answer.conflicts).toMatchObject([{ hole_id: f.id, order: f.order, version: 1 }]);
    expect((await get(f.id)).drawing.features.length).toBeGreaterThan(0);
  });

  it("refuses a hole of another course of the club, another club's course or hole, with 404 and writes nothing", async () => {
    const a = course.holes[0];
    const before = await get(a.id);
    const drawing = { type: 'FeatureCollection', features: [] };
    const cases: [number, number, number][] = [
      // [clubId, courseId, hole of the list besides a]
      [ids.dkClubId, course.id, otherCourse.holes[0].id],
      [ids.dkClubId, course.id, seCourse.holes[0].id],
      [ids.dkClubId, course.id, 999_999],
    ];
    for (const [clubId, courseId, holeId] of cases) {
      const res = await saveAll(courseId, { holes: [{ hole_id: a.id, drawing, version: before.version }, { hole_id: holeId, drawing, version: 0 }] }, 'editor', clubId);
      expect(res.statusCode, `${holeId}: ${res.body}`).toBe(404);
      expect(res.json().code).toBe('holes.notFound');
    }
    // Another club's course through one's own club: 404, naming nothing of it.
    const foreign = await saveAll(seCourse.id, { holes: [{ hole_id: seCourse.holes[0].id, drawing, version: 0 }] }, 'admin');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('courses.notFound');
    expect(foreign.body).not.toContain('Kartlagd');
    expect((await saveAll(999_999, { holes: [{ hole_id: a.id, drawing, version: 0 }] })).statusCode).toBe(404);
    // Through the other club's path: its course, but not the editor's club (403).
    expect((await saveAll(seCourse.id, { holes: [{ hole_id: seCourse.holes[0].id, drawing, version: 0 }] }, 'editor', ids.seClubId)).statusCode).toBe(403);
    expect(await get(a.id)).toEqual(before);
    expect((await get(seCourse.holes[0].id, ids.seClubId)).version).toBe(0);
    expect((await get(otherCourse.holes[0].id)).version).toBe(0);
  });

  it('refuses an empty list, a hole given twice, more than the limit of holes and a malformed entry with 400', async () => {
    const a = course.holes[0];
    const drawing = { type: 'FeatureCollection', features: [] };
    const before = await get(a.id);
    const cases: [unknown, RegExp][] = [
      [{ holes: [] }, /Nothing to save/],
      [{ holes: [{ hole_id: a.id, drawing, version: before.version }, { hole_id: a.id, drawing, version: before.version }] }, /given twice/],
      [{ holes: Array.from({ length: COURSE_DRAWINGS_LIMITS.holes + 1 }, (_, i) => ({ hole_id: i + 1, drawing, version: 0 })) }, /At most 100 holes/],
      [{ holes: [{ hole_id: a.id, drawing, version: -1 }] }, /./],
      [{ holes: [{ hole_id: 'x', drawing, version: 0 }] }, /./],
      [{}, /./],
    ];
    for (const [payload, message] of cases) {
      const res = await saveAll(course.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      expect(JSON.stringify(res.json().details)).toMatch(message);
    }
    expect(await get(a.id)).toEqual(before);
  });

  it('needs the courses role: staff 403, no session 401; an admin passes', async () => {
    const a = course.holes[0];
    const before = await get(a.id);
    const payload = { holes: [{ hole_id: a.id, drawing: { type: 'FeatureCollection', features: [] }, version: before.version }] };
    expect((await saveAll(course.id, payload, 'staff')).statusCode).toBe(403);
    expect((await call(t.app, 'POST', url(course.id), { token: null, payload })).statusCode).toBe(401);
    expect(await get(a.id)).toEqual(before);
    const res = await saveAll(course.id, payload, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(SaveCourseDrawingsResponse.parse(res.json()).saved[0].version).toBe(before.version + 1);
  });
});

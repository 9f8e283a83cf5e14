import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { Course, CoursesResponse, Hole, HolesTeesResponse, MAX_TEES_PER_COURSE, Tee, TeesResponse, type UpdateCourseBody } from '@golf/contract/api/courses';
import { courses, holeDrawings, holes, holeTees, pinPositions, pinSetups, tees } from '../../db/schema/index';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { createTestCourse, sampleHoleDrawing } from '../../../test/courses';

type Actor = 'admin' | 'owner' | 'staff' | 'editor' | 'swede' | 'anonymous';

describe(`courses, tees and holes (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;
  const url = (path: string, clubId = ids.dkClubId) => `/api/clubs/${clubId}/${path}`;
  const req = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, clubId?: number) =>
    call(t.app, method, url(path, clubId), { token: tokens[actor], payload });

  /** The course as GET courses shows it. */
  async function listed(courseId: number, clubId?: number): Promise<Course | undefined> {
    const res = await req('admin', 'GET', 'courses', undefined, clubId);
    expect(res.statusCode).toBe(200);
    return CoursesResponse.parse(res.json()).find((c) => c.id === courseId);
  }

  /** The full save body of a course as it is now, with its distances. */
  async function saveBody(course: Course): Promise<UpdateCourseBody & { holes: NonNullable<UpdateCourseBody['holes']> }> {
    const dist = HolesTeesResponse.parse((await req('admin', 'GET', `holes_tees?course_id=${course.id}`)).json());
    return {
      name: course.name,
      holes: course.holes.map((h) => ({
        id: h.id,
        name: h.name,
        par: h.par,
        handicap: h.handicap,
        pro_guideline: h.pro_guideline,
        distances: dist.filter((d) => d.hole_id === h.id).map((d) => ({ tee_id: d.tee_id, distance: d.distance })),
      })),
    };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      editor: { email: 'editor@example.com', password: 'editor-pw', clubRoles: { [ids.dkClubId]: ['courses'] } },
      swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['courses', 'club-info'] } },
    });
  });
  afterAll(() => t?.close());

  describe('create', () => {
    it('creates the course, its tees, holes in order and distances in one call', async () => {
      const res = await req('owner', 'POST', 'courses', {
        name: '  Fjord course ',
        tees: [
          { name: 'White', color: '#ffffff' },
          { name: 'Yellow', color: '#FBC02D' },
        ],
        holes: [
          { name: 'Start', par: 4, handicap: 2, pro_guideline: 'Aim left', distances: [{ tee: 0, distance: 350 }, { tee: 1, distance: 320 }] },
          { par: 3, handicap: 1, distances: [{ tee: 0, distance: 150 }] },
          { par: '5', handicap: null },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
      const course = Course.parse(res.json());
      expect(course.name).toBe('Fjord course');
      expect(course.club_id).toBe(ids.dkClubId);
      expect(course.holes.map((h) => [h.order, h.name, h.par, h.handicap, h.pro_guideline, h.has_drawing])).toEqual([
        [1, 'Start', 4, 2, 'Aim left', false],
        [2, '', 3, 1, '', false],
        [3, '', 5, null, '', false],
      ]);
      expect(await listed(course.id)).toEqual(course);

      const teeList = TeesResponse.parse((await req('owner', 'GET', `tees?course_id=${course.id}`)).json());
      expect(teeList.map((x) => [x.name, x.color, x.distance, x.total_distance])).toEqual([
        ['White', '#ffffff', 500, 500],
        ['Yellow', '#FBC02D', 320, 320],
      ]);
      const dist = HolesTeesResponse.parse((await req('owner', 'GET', `holes_tees?course_id=${course.id}`)).json());
      expect(dist).toEqual([
        { hole_id: course.holes[0].id, tee_id: teeList[0].id, distance: 350 },
        { hole_id: course.holes[0].id, tee_id: teeList[1].id, distance: 320 },
        { hole_id: course.holes[1].id, tee_id: teeList[0].id, distance: 150 },
      ]);
    });

    it('counts only holes 1 to 9 in a tee distance and all holes in the total', async () => {
      const course = await createTestCourse(t.app, tokens.admin!, ids.dkClubId, { name: 'Eighteen', holes: 18 });
      const teeList = TeesResponse.parse((await req('admin', 'GET', `tees?course_id=${course.id}`)).json());
      const out = Array.from({ length: 9 }, (_, i) => 300 + 10 * (i + 1)).reduce((a, b) => a + b, 0);
      const all = Array.from({ length: 18 }, (_, i) => 300 + 10 * (i + 1)).reduce((a, b) => a + b, 0);
      expect(teeList[0]).toMatchObject({ name: 'Yellow', distance: out, total_distance: all });
      expect(teeList[1]).toMatchObject({ name: 'Red', distance: out - 9 * 40, total_distance: all - 18 * 40 });
    });

    const bad: [string, object, string, RegExp][] = [
      ['a duplicate handicap', { holes: [{ par: 4, handicap: 1 }, { par: 4, handicap: 3 }, { par: 4, handicap: 3 }] }, 'holes.2.handicap', /Handicap 3 is used by holes 2 and 3/],
      ['a handicap above the number of holes', { holes: [{ par: 4, handicap: 1 }, { par: 4, handicap: 3 }] }, 'holes.1.handicap', /more than the number of holes \(2\)/],
      ['a distance from a tee that does not exist', { tees: [{ name: 'W', color: '#ffffff' }], holes: [{ par: 4, distances: [{ tee: 1, distance: 300 }] }] }, 'holes.0.distances.0.tee', /tee 2, which does not exist/],
      ['the same tee twice', { tees: [{ name: 'W', color: '#ffffff' }], holes: [{ par: 4, distances: [{ tee: 0, distance: 300 }, { tee: 0, distance: 310 }] }] }, 'holes.0.distances.1.tee', /twice/],
      ['par 8', { holes: [{ par: 8 }] }, 'holes.0.par', /Par is 3 to 7/],
      ['a negative distance', { tees: [{ name: 'W', color: '#ffffff' }], holes: [{ par: 4, distances: [{ tee: 0, distance: -1 }] }] }, 'holes.0.distances.0.distance', /negative/],
      ['a colour name', { tees: [{ name: 'W', color: 'white' }], holes: [{ par: 4 }] }, 'tees.0.color', /#RRGGBB/],
      ['a tee without a name', { tees: [{ name: ' ', color: '#ffffff' }], holes: [{ par: 4 }] }, 'tees.0.name', /required/],
      ['no holes', { holes: [] }, 'holes', /at least one hole/],
      ['28 holes', { holes: Array.from({ length: 28 }, () => ({ par: 4 })) }, 'holes', /at most 27 holes/],
      ['no name', { name: '', holes: [{ par: 4 }] }, 'name', /required/],
    ];
    it.each(bad)('refuses %s with 400 naming the field and creates nothing', async (_label, body, path, message) => {
      const before = await t.database.db.select({ id: courses.id }).from(courses);
      const res = await req('admin', 'POST', 'courses', { name: 'Bad', ...body });
      expect(res.statusCode).toBe(400);
      const details = res.json().details as { path: string; message: string }[];
      const hit = details.find((d) => d.path === path);
      expect(hit, JSON.stringify(res.json())).toBeDefined();
      expect(hit!.message).toMatch(message);
      expect(await t.database.db.select({ id: courses.id }).from(courses)).toHaveLength(before.length);
    });

    it('refuses more than the tee limit', async () => {
      const res = await req('admin', 'POST', 'courses', {
        name: 'Many tees',
        tees: Array.from({ length: MAX_TEES_PER_COURSE + 1 }, (_, i) => ({ name: `T${i}`, color: '#000000' })),
        holes: [{ par: 4 }],
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('save (PUT courses/{id})', () => {
    it('updates holes, renumbers them in the given order, adds new ones and deletes those left out with their data', async () => {
      const course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'To save', holes: 4 });
      const [h1, h2, h3, h4] = course.holes;
      const teeList = TeesResponse.parse((await req('owner', 'GET', `tees?course_id=${course.id}`)).json());
      // Hole 4 gets a drawing and a pin position: both go with it.
      const drawing = await req('owner', 'POST', `holes/${h4.id}/save_drawing`, { drawing: sampleHoleDrawing([9.5357, 55.7113]) });
      expect(drawing.statusCode, drawing.body).toBe(200);
      const [setup] = await t.database.db.insert(pinSetups).values({ clubId: ids.dkClubId, courseId: course.id, name: 'S' }).returning();
      await t.database.db.insert(pinPositions).values({ pinSetupId: setup.id, holeId: h4.id, outMeters: 5, sideMeters: 1 });
      expect((await listed(course.id))!.holes.find((h) => h.id === h4.id)!.has_drawing).toBe(true);

      const res = await req('editor', 'PUT', `courses/${course.id}`, {
        name: 'Saved',
        holes: [
          { id: h3.id, name: 'Was three', par: 5, handicap: 1, distances: [{ tee_id: teeList[0].id, distance: 480 }] },
          { id: h1.id, name: 'Was one', par: 3, handicap: 2, pro_guideline: 'Short iron', distances: [] },
          { name: 'New', par: 4, handicap: 3, distances: [{ tee_id: teeList[1].id, distance: 333 }] },
          { id: h2.id, name: 'Was two', par: 4, handicap: null },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const saved = Course.parse(res.json());
      expect(saved.name).toBe('Saved');
      expect(saved.holes.map((h) => [h.order, h.name, h.par, h.handicap])).toEqual([
        [1, 'Was three', 5, 1],
        [2, 'Was one', 3, 2],
        [3, 'New', 4, 3],
        [4, 'Was two', 4, null],
      ]);
      expect(saved.holes[0].id).toBe(h3.id);
      expect(saved.holes[1].pro_guideline).toBe('Short iron');
      expect(await listed(course.id)).toEqual(saved);
      const dist = HolesTeesResponse.parse((await req('editor', 'GET', `holes_tees?course_id=${course.id}`)).json());
      expect(dist).toEqual([
        { hole_id: h3.id, tee_id: teeList[0].id, distance: 480 },
        { hole_id: saved.holes[2].id, tee_id: teeList[1].id, distance: 333 },
      ]);
      const db = t.database.db;
      expect(await db.select().from(holes).where(eq(holes.id, h4.id))).toEqual([]);
      expect(await db.select().from(holeDrawings).where(eq(holeDrawings.holeId, h4.id))).toEqual([]);
      expect(await db.select().from(pinPositions).where(eq(pinPositions.holeId, h4.id))).toEqual([]);
    });

    it('allows swapping two handicaps in one save', async () => {
      const course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Swap', holes: 3 });
      const body = await saveBody(course);
      body.holes[0].handicap = 2;
      body.holes[1].handicap = 1;
      const res = await req('owner', 'PUT', `courses/${course.id}`, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(Course.parse(res.json()).holes.map((h) => h.handicap)).toEqual([2, 1, 3]);
    });

    it('changes nothing when one hole is refused', async () => {
      const course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Atomic', holes: 3 });
      const other = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Other', holes: 1 });
      const otherTees = TeesResponse.parse((await req('owner', 'GET', `tees?course_id=${other.id}`)).json());
      const before = await listed(course.id);
      const distBefore = (await req('owner', 'GET', `holes_tees?course_id=${course.id}`)).json();
      const good = await saveBody(course);
      const cases: [string, (b: typeof good) => void, string, RegExp][] = [
        ['a hole of another course', (b) => (b.holes[2].id = other.holes[0].id), 'holes.2.id', /not a hole of this course/],
        ['a hole listed twice', (b) => (b.holes[2].id = b.holes[0].id), 'holes.2.id', /listed twice/],
        ['a duplicate handicap', (b) => (b.holes[2].handicap = 1), 'holes.2.handicap', /Handicap 1 is used by holes 1 and 3/],
        ['a handicap above the hole count', (b) => ((b.holes[1].handicap = 4), b.holes.splice(2, 1)), 'holes.1.handicap', /more than the number of holes/],
        ['a tee of another course', (b) => (b.holes[2].distances = [{ tee_id: otherTees[0].id, distance: 100 }]), 'holes.2.distances.0.tee_id', /not a tee of this course/],
        ['par 2', (b) => (b.holes[2].par = 2), 'holes.2.par', /Par is 3 to 7/],
      ];
      for (const [label, change, path, message] of cases) {
        const body = structuredClone(good);
        body.name = 'Renamed';
        body.holes[0].name = 'Changed';
        body.holes.push({ name: 'Added', par: 4, handicap: null });
        change(body);
        const res = await req('owner', 'PUT', `courses/${course.id}`, body);
        expect(res.statusCode, label).toBe(400);
        const hit = (res.json().details as { path: string; message: string }[]).find((d) => d.path === path);
        expect(hit?.message, `${label}: ${res.body}`).toMatch(message);
        expect(await listed(course.id), label).toEqual(before);
        expect((await req('owner', 'GET', `holes_tees?course_id=${course.id}`)).json(), label).toEqual(distBefore);
      }
    });

    it('answers 404 for an unknown course', async () => {
      const res = await req('owner', 'PUT', 'courses/999999', { name: 'X', holes: [{ par: 4 }] });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('holes', () => {
    it('updates one hole, replacing its distances', async () => {
      const course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'One hole', holes: 3 });
      const teeList = TeesResponse.parse((await req('owner', 'GET', `tees?course_id=${course.id}`)).json());
      const hole = course.holes[1];
      const res = await req('editor', 'PUT', `holes/${hole.id}`, {
        club_id: ids.dkClubId,
        name: 'Dogleg',
        par: 5,
        handicap: null,
        pro_guideline: 'Lay up before the water',
        distances: [{ tee_id: teeList[1].id, distance: 444 }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Hole.parse(res.json())).toEqual({ ...hole, name: 'Dogleg', par: 5, handicap: null, pro_guideline: 'Lay up before the water' });
      const dist = HolesTeesResponse.parse((await req('editor', 'GET', `holes_tees?course_id=${course.id}`)).json());
      expect(dist.filter((d) => d.hole_id === hole.id)).toEqual([{ hole_id: hole.id, tee_id: teeList[1].id, distance: 444 }]);
      expect(dist.filter((d) => d.hole_id !== hole.id)).toHaveLength(4);
      // Without a name the name stays.
      const again = await req('editor', 'PUT', `holes/${hole.id}`, { club_id: ids.dkClubId, par: 4, handicap: 2 });
      expect(again.json()).toMatchObject({ name: 'Dogleg', par: 4, handicap: 2 });
    });

    it('refuses a used handicap, foreign tees and a club_id of another club', async () => {
      const course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Hole rules', holes: 3 });
      const other = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Hole rules 2', holes: 1 });
      const otherTees = TeesResponse.parse((await req('owner', 'GET', `tees?course_id=${other.id}`)).json());
      const hole = course.holes[0];
      const put = (body: object) => req('owner', 'PUT', `holes/${hole.id}`, { club_id: ids.dkClubId, par: 4, handicap: 1, ...body });
      const used = await put({ handicap: 3 });
      expect(used.statusCode).toBe(400);
      expect(used.json().error).toMatch(/Handicap 3 is used by hole 3/);
      expect((await put({ handicap: 4 })).json().error).toMatch(/more than the number of holes/);
      const foreign = await put({ distances: [{ tee_id: otherTees[0].id, distance: 100 }] });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().details[0].path).toBe('distances.0.tee_id');
      expect((await put({ club_id: ids.seClubId })).statusCode).toBe(400);
      expect((await listed(course.id))!.holes[0]).toEqual(hole);
    });
  });

  describe('tees', () => {
    it('creates, renames, recolours and deletes a tee; its distances go with it', async () => {
      const course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Tees', holes: 2 });
      const created = await req('editor', 'POST', 'tees', { course_id: course.id, name: 'Blue', color: '#1565c0' });
      expect(created.statusCode, created.body).toBe(201);
      const tee = Tee.parse(created.json());
      expect(tee).toMatchObject({ course_id: course.id, name: 'Blue', color: '#1565c0', distance: 0, total_distance: 0 });
      await req('editor', 'PUT', `holes/${course.holes[0].id}`, { club_id: ids.dkClubId, par: 4, handicap: 1, distances: [{ tee_id: tee.id, distance: 400 }] });
      const updated = await req('editor', 'PUT', `tees/${tee.id}`, { name: 'Dark blue', color: '#0d47a1' });
      expect(updated.statusCode).toBe(200);
      expect(Tee.parse(updated.json())).toEqual({ ...tee, name: 'Dark blue', color: '#0d47a1', distance: 400, total_distance: 400 });
      const all = TeesResponse.parse((await req('editor', 'GET', 'tees')).json());
      expect(all.some((x) => x.id === tee.id)).toBe(true);
      expect(all.every((x) => x.course_id !== undefined)).toBe(true);

      const bad = await req('editor', 'PUT', `tees/${tee.id}`, { name: 'X', color: '#12345' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0]).toMatchObject({ path: 'color', message: 'Colour must look like #RRGGBB' });
      expect((await req('editor', 'POST', 'tees', { course_id: course.id, name: '', color: '#ffffff' })).statusCode).toBe(400);

      expect((await req('editor', 'DELETE', `tees/${tee.id}`)).statusCode).toBe(204);
      expect((await req('editor', 'DELETE', `tees/${tee.id}`)).statusCode).toBe(404);
      expect(await t.database.db.select().from(holeTees).where(eq(holeTees.teeId, tee.id))).toEqual([]);
    });

    it(`refuses tee ${MAX_TEES_PER_COURSE + 1} of a course`, async () => {
      const course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, {
        name: 'Full',
        holes: 1,
        tees: Array.from({ length: MAX_TEES_PER_COURSE }, (_, i) => ({ name: `T${i}`, color: '#000000' })),
      });
      const res = await req('owner', 'POST', 'tees', { course_id: course.id, name: 'One more', color: '#ffffff' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(`A course has at most ${MAX_TEES_PER_COURSE} tees`);
    });
  });

  describe('delete', () => {
    it('deletes the course with everything on it', async () => {
      const course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Doomed', holes: 2 });
      const holeIds = course.holes.map((h) => h.id);
      expect((await req('editor', 'DELETE', `courses/${course.id}`)).statusCode).toBe(403);
      expect((await req('owner', 'DELETE', `courses/${course.id}`)).statusCode).toBe(204);
      expect(await listed(course.id)).toBeUndefined();
      expect(await t.database.db.select().from(holes).where(inArray(holes.id, holeIds))).toEqual([]);
      expect(await t.database.db.select().from(tees).where(eq(tees.courseId, course.id))).toEqual([]);
      expect((await req('owner', 'DELETE', `courses/${course.id}`)).statusCode).toBe(404);
    });
  });

  describe('permissions', () => {
    const minimal = { name: 'Perm', holes: [{ par: 4 }] };
    it.each([
      ['admin', 200, 201],
      ['owner', 200, 201],
      ['editor', 200, 403],
      ['staff', 403, 403],
      ['swede', 403, 403],
      ['anonymous', 401, 401],
    ] as [Actor, number, number][])('%s gets %i listing and %i creating Danish courses', async (actor, read, create) => {
      expect((await req(actor, 'GET', 'courses')).statusCode).toBe(read);
      expect((await req(actor, 'GET', 'tees')).statusCode).toBe(read);
      expect((await req(actor, 'GET', 'holes_tees')).statusCode).toBe(read);
      const res = await req(actor, 'POST', 'courses', minimal);
      expect(res.statusCode).toBe(create);
      if (create !== 201) expect(typeof res.json().error).toBe('string');
    });

    it('staff without the courses role can neither change nor delete anything', async () => {
      const course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Guarded', holes: 1 });
      const [tee] = TeesResponse.parse((await req('owner', 'GET', `tees?course_id=${course.id}`)).json());
      const calls: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
        ['save course', 'PUT', `courses/${course.id}`, { name: 'X', holes: [{ par: 4 }] }],
        ['delete course', 'DELETE', `courses/${course.id}`],
        ['create tee', 'POST', 'tees', { course_id: course.id, name: 'X', color: '#ffffff' }],
        ['save tee', 'PUT', `tees/${tee.id}`, { name: 'X', color: '#ffffff' }],
        ['delete tee', 'DELETE', `tees/${tee.id}`],
        ['save hole', 'PUT', `holes/${course.holes[0].id}`, { club_id: ids.dkClubId, par: 4, handicap: null }],
      ];
      for (const [label, method, path, body] of calls) expect((await req('staff', method, path, body)).statusCode, label).toBe(403);
      expect(await listed(course.id)).toMatchObject({ name: 'Guarded' });
    });

    it("never shows or changes the Swedish club's course through either path", async () => {
      // The swede holds the courses role but owns no region: the admin creates the course.
      const course = await createTestCourse(t.app, tokens.admin!, ids.seClubId, { name: 'Svensk bana', holes: 2 });
      const [tee] = TeesResponse.parse((await req('swede', 'GET', `tees?course_id=${course.id}`, undefined, ids.seClubId)).json());
      const hole = course.holes[0];
      const calls: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
        ['save course', 'PUT', `courses/${course.id}`, { name: 'Hijacked', holes: [{ par: 4 }] }],
        ['delete course', 'DELETE', `courses/${course.id}`],
        ['tees of the course', 'GET', `tees?course_id=${course.id}`],
        ['distances of the course', 'GET', `holes_tees?course_id=${course.id}`],
        ['create tee', 'POST', 'tees', { course_id: course.id, name: 'X', color: '#ffffff' }],
        ['save tee', 'PUT', `tees/${tee.id}`, { name: 'Hijacked', color: '#ffffff' }],
        ['delete tee', 'DELETE', `tees/${tee.id}`],
        ['save hole', 'PUT', `holes/${hole.id}`, { club_id: ids.dkClubId, par: 7, handicap: null }],
      ];
      for (const [label, method, path, body] of calls) {
        const viaOwnClub = await req('owner', method, path, body, ids.dkClubId);
        expect(viaOwnClub.statusCode, `${label} via club 1`).toBe(404);
        expect(viaOwnClub.body).not.toContain('Svensk');
        const viaTheirClub = await req('owner', method, path, body, ids.seClubId);
        expect(viaTheirClub.statusCode, `${label} via club 2`).toBe(403);
      }
      const danish = CoursesResponse.parse((await req('owner', 'GET', 'courses')).json());
      expect(danish.some((c) => c.id === course.id)).toBe(false);
      const after = CoursesResponse.parse((await req('swede', 'GET', 'courses', undefined, ids.seClubId)).json());
      expect(after.find((c) => c.id === course.id)).toEqual(course);
      expect(TeesResponse.parse((await req('swede', 'GET', 'tees', undefined, ids.seClubId)).json()).find((x) => x.id === tee.id)).toEqual(tee);
    });

    it('answers 404 for an unknown club to the admin and 403 to others', async () => {
      expect((await req('admin', 'GET', 'courses', undefined, 99999)).statusCode).toBe(404);
      expect((await req('owner', 'GET', 'courses', undefined, 99999)).statusCode).toBe(403);
    });
  });
});

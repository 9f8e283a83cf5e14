// The read cache forgets only what a write changed (issue 21, docs/decisions/0022). A kept answer
// knows the club it was read for and the tables it read; a write forgets exactly the answers that
// read what it changed: one club's saves leave the other clubs' answers kept (and served without
// a query), a change of shared data (the graphics catalogue, the list of clubs) forgets every
// answer that read it, whoever writes it (this server, SQL past the API, another process), and
// before the write's own answer is sent. Nothing kept is ever given to another user, role or club.
// On both databases; the triggers' payloads are checked here too (what each write says it changed).
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { CLUB_ROLES } from '@golf/contract/roles';
import { clubUserRoles } from '../db/schema/index';
import { buildTestApp, call, createUser, DEMO, demoIds, signIn, testDatabaseKind, type DemoIds, type TestApp } from '../../test/test-app';
import { createTestCourse, sampleHoleDrawing } from '../../test/courses';
import { changeTracker } from './database';
import { parseChange, type ChangeTracker } from './change-tracker';
import { NOTICE_MESSAGE } from './data-changes';
import { eventually, otherConnection, queriesOf as queriesOfDatabase } from '../../test/read-cache';
import { statementsSent } from '../../test/statements';

const embedded = testDatabaseKind === 'pglite';



describe(`the read cache forgets only what a write changed (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tracker: ChangeTracker;
  /** The administrator may read and write every club. */
  let admin: string;
  /**
   * A user with every club role in both clubs: reads every club route of both without an extra
   * query (an administrator's club request also asks whether the club exists, authorize.ts).
   */
  let manager: string;
  let owner: string;
  let staff: string;
  /** `/api/clubs/<id>` of club 1 (the Danish demo club) and club 2 (the Swedish one). */
  let one: string;
  let two: string;
  /** Club 2's course, its first hole (with a drawing) and a pin setup with a pin on that hole. */
  let twoCourse: { id: number; holeIds: number[] };
  let twoSetupId: number;
  /** Another process's connection (PostgreSQL): its writes are not this server's pool's. */
  let other: pg.Client | null = null;

  const get = async <T,>(path: string, token = manager): Promise<T> => {
    const res = await call(t.app, 'GET', path, { token });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const send = async (method: 'PUT' | 'POST', path: string, payload: object, token = admin) => {
    const res = await call(t.app, method, path, { token, payload });
    expect([200, 201], `${method} ${path}: ${res.body}`).toContain(res.statusCode);
    return res.json() as Record<string, unknown>;
  };

  const queriesOf = (run: () => Promise<unknown>) => queriesOfDatabase(t.database, run);
  /** One read: its status, its body and the queries it took. */
  const read = async (path: string, token = manager) => {
    let res: Awaited<ReturnType<typeof call>> | undefined;
    const queries = await queriesOf(async () => {
      res = await call(t.app, 'GET', path, { token });
    });
    return { status: res!.statusCode, body: res!.body, queries };
  };
  /** Reads each path until it is kept: its second read takes the session's lookup only. */
  const keep = async (paths: string[], token = manager): Promise<Map<string, string>> => {
    const bodies = new Map<string, string>();
    for (const path of paths) {
      const first = await read(path, token);
      expect(first.status, `${path}: ${first.body}`).toBe(200);
      const again = await read(path, token);
      expect({ path, queries: again.queries }).toEqual({ path, queries: 1 });
      expect(again.body).toBe(first.body);
      bodies.set(path, again.body);
    }
    return bodies;
  };
  /** Each path is still kept: answered with the same body and no query beyond the session's. */
  const expectKept = async (bodies: Map<string, string>, token = manager) => {
    for (const [path, body] of bodies) {
      const now = await read(path, token);
      expect({ path, status: now.status, queries: now.queries }).toEqual({ path, status: 200, queries: 1 });
      expect(now.body).toBe(body);
    }
  };
  /** Each path was forgotten: its next read goes to the database. */
  const expectForgotten = async (paths: string[], token = manager) => {
    for (const path of paths) {
      const now = await read(path, token);
      expect(now.status, `${path}: ${now.body}`).toBe(200);
      expect({ path, forgotten: now.queries > 1 }).toEqual({ path, forgotten: true });
    }
  };

  /** Club 2's everyday reads (the GET routes with readCache that the screens open with). */
  const clubTwoReads = () => [
    `${two}/club`,
    `${two}/courses`,
    `${two}/hours`,
    `${two}/tees`,
    `${two}/tees?course_id=${twoCourse.id}`,
    `${two}/holes_tees?course_id=${twoCourse.id}`,
    `${two}/pin-setups?course_id=${twoCourse.id}`,
    `${two}/pin-setups/${twoSetupId}`,
    `${two}/holes/${twoCourse.holeIds[0]}/drawing/1`,
    `${two}/status/self-intersections`,
    `${two}/users`,
    `${two}/members`,
    `${two}/gallery`,
    `${two}/sponsors`,
    `${two}/sponsor-setups`,
    `/api/graphics/contexts/${ids.seClubId}`,
    `/api/graphics/elements-for-edit?club_id=${ids.seClubId}`,
  ];

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tracker = changeTracker(t.database.db)!;
    admin = await signIn(t.app, ...DEMO.admin);
    owner = await signIn(t.app, ...DEMO.owner);
    staff = await signIn(t.app, ...DEMO.staff);
    await createUser(t, { email: 'scope-manager@example.com', password: 'scope-manager-pw', clubRoles: { [ids.dkClubId]: [...CLUB_ROLES], [ids.seClubId]: [...CLUB_ROLES] } });
    manager = await signIn(t.app, 'scope-manager@example.com', 'scope-manager-pw');
    one = `/api/clubs/${ids.dkClubId}`;
    two = `/api/clubs/${ids.seClubId}`;
    // Club 2 gets what club 1 has from the demo seed: a course with a drawn hole, a pin setup, hours.
    const course = await createTestCourse(t.app, admin, ids.seClubId, { name: 'Ljungbacka scope', holes: 2 });
    twoCourse = { id: course.id, holeIds: course.holes.map((h) => h.id) };
    await send('POST', `${two}/holes/${twoCourse.holeIds[0]}/save_drawing`, { drawing: sampleHoleDrawing([13.35, 55.85]) });
    twoSetupId = (await send('POST', `${two}/pin-setups`, { id: null, name: 'Scope medal', courseId: course.id, clubId: ids.seClubId })).id as number;
    await send('POST', `${two}/pin-setups/${twoSetupId}`, { holeId: twoCourse.holeIds[0], outMeters: 10, sideMeters: 2 });
    await send('PUT', `${two}/hours`, { seasons: [], closed_days: [], details: 'Ljungbacka: open all year', price_groups: [] });
    other = await otherConnection(t.database);
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it("club 1's everyday saves leave club 2's kept answers kept and served; club 1's show the change at once", async () => {
    const [course] = await get<{ id: number; holes: { id: number; has_drawing: boolean }[] }[]>(`${one}/courses`);
    const hole = course.holes.find((h) => h.has_drawing)!;
    const [tee] = await get<{ id: number; name: string; color: string }[]>(`${one}/tees?course_id=${course.id}`);
    const [setup] = await get<{ id: number }[]>(`${one}/pin-setups?course_id=${course.id}`);
    const [guide] = await get<{ guide_id: number; version: number; settings: object }[]>(`${one}/guides`);
    const drawingPath = `${one}/holes/${hole.id}/drawing/1`;
    // Club 1's answers the saves change, kept too.
    const oneReads = [`${one}/club`, `${one}/hours`, `${one}/tees?course_id=${course.id}`, `${one}/pin-setups/${setup.id}`, drawingPath];
    await keep(oneReads);
    const kept = await keep(clubTwoReads());

    // Club 1's everyday saves, through the API, each changing what it saves.
    const club = await get<Record<string, unknown>>(`${one}/club`);
    await send('PUT', `/api/clubs/${ids.dkClubId}`, { name: club.name, phone: '+45 12 34 56 78', homepage: club.homepage, booking_url: club.booking_url, address: club.address, position: club.position });
    const { updated_at: _, ...hours } = await get<Record<string, unknown>>(`${one}/hours`);
    await send('PUT', `${one}/hours`, { ...hours, details: 'Fjordvang: scope test' });
    await send('PUT', `${one}/tees/${tee.id}`, { name: 'Scope tee', color: tee.color });
    await send('POST', `${one}/pin-setups/${setup.id}`, { holeId: hole.id, outMeters: 17, sideMeters: -4 });
    const { drawing, version } = await get<{ drawing: object; version: number }>(drawingPath);
    await send('POST', `${one}/holes/${hole.id}/save_drawing`, { drawing, version });
    await send('PUT', `${one}/guides/${guide.guide_id}`, { settings: guide.settings, version: guide.version });

    // Club 2's answers: still kept, served from memory.
    await expectKept(kept);
    // Club 1's: read again, with the change.
    expect((await get<{ phone: string }>(`${one}/club`)).phone).toBe('+45 12 34 56 78');
    expect((await get<{ details: string }>(`${one}/hours`)).details).toBe('Fjordvang: scope test');
    expect((await get<{ id: number; name: string }[]>(`${one}/tees?course_id=${course.id}`)).find((x) => x.id === tee.id)?.name).toBe('Scope tee');
    const pins = await get<{ holeId: number; outMeters: number; sideMeters: number }[]>(`${one}/pin-setups/${setup.id}`);
    expect(pins.find((p) => p.holeId === hole.id)).toMatchObject({ outMeters: 17, sideMeters: -4 });
    expect((await get<{ version: number }>(drawingPath)).version).toBe(version + 1);
    expect((await get<{ guide_id: number; version: number }[]>(`${one}/guides`)).find((g) => g.guide_id === guide.guide_id)?.version).toBe(guide.version + 1);
  });

  it("a hole's drawing saved forgets that hole's drawing and the club's answers that read all its drawings, not the other holes' drawings", async () => {
    const [h0, h1] = twoCourse.holeIds as [number, number];
    const drawingOf = (hole: number) => `${two}/holes/${hole}/drawing/1`;
    const wholeCourse = [`${two}/courses`, `${two}/status/self-intersections`, `${two}/status/greens-within-boundary?course_id=${twoCourse.id}`];
    await keep([drawingOf(h0), ...wholeCourse]);
    const kept = await keep([drawingOf(h1), `${two}/hours`, `${one}/courses`]);
    const { drawing, version } = await get<{ drawing: object; version: number }>(drawingOf(h0));
    await send('POST', `${two}/holes/${h0}/save_drawing`, { drawing, version });
    await expectKept(kept);
    await expectForgotten([drawingOf(h0), ...wholeCourse]);
    expect((await get<{ version: number }>(drawingOf(h0))).version).toBe(version + 1);
    // Past the API (SQL as a person would type it): the same, by the keys the triggers tell.
    const keptAgain = await keep([drawingOf(h1), `${one}/courses`]);
    await keep([drawingOf(h0)]);
    await t.database.db.$client.query('update hole_drawings set version = version where hole_id = $1', [h0]);
    await expectForgotten([drawingOf(h0)]);
    await expectKept(keptAgain);
  });

    it('a change of the catalogue forgets every answer that read it, and leaves the others kept', async () => {
    const catalogueReads = [
      '/api/graphics',
      '/api/graphics/elements',
      '/api/graphics/themes',
      '/api/graphics/contexts',
      `/api/graphics/contexts/${ids.dkClubId}`,
      `/api/graphics/contexts/${ids.seClubId}`,
      `/api/graphics/elements-for-edit?club_id=${ids.dkClubId}`,
      `/api/graphics/elements-for-edit?club_id=${ids.seClubId}`,
    ];
    const otherReads = [`${one}/club`, `${one}/hours`, `${one}/courses`, `${two}/courses`, `${two}/holes/${twoCourse.holeIds[0]}/drawing/1`, '/api/clubs-list', '/api/regions', '/api/countries'];
    await keep(catalogueReads);
    const kept = await keep(otherReads);
    // Through the administrators' API: a new element.
    await send('POST', '/api/graphics/elements', { name: 'scope ditch', groupName: 'Hazards', layerName: 'Hazards', geometryType: 'polygon', shorthand: 'SD' });
    await expectForgotten(catalogueReads);
    expect((await get<{ name: string }[]>('/api/graphics/elements')).map((e) => e.name)).toContain('scope ditch');
    await expectKept(kept);
    // Past the API (a seed, a change by hand): a theme's row written as it is.
    await keep(catalogueReads);
    await t.database.pool.query('update graphics_themes set name = name where id = (select min(id) from graphics_themes)');
    await expectForgotten(catalogueReads);
    await expectKept(kept);
  });

  it('a write past the API forgets exactly the answers that read what it changed', async () => {
    const oneHours = `${one}/hours`;
    const stamp = async () => (await get<{ updated_at: string }>(oneHours)).updated_at;
    const before = await stamp();
    await keep([oneHours]);
    const kept = await keep([`${two}/hours`, `${one}/club`, `${two}/club`, `${one}/courses`]);
    await t.database.pool.query("update club_hours set updated_at = updated_at + interval '1 second' where club_id = $1", [ids.dkClubId]);
    expect(await stamp()).not.toBe(before);
    await expectKept(kept);
    // One club's row of the list of clubs: every user's list (an answer of no club) is forgotten;
    // the other club's own answers are not.
    const lists = [admin, owner, staff, manager];
    for (const token of lists) await keep(['/api/clubs-list'], token);
    await t.database.pool.query('update clubs set name = name where id = $1', [ids.seClubId]);
    for (const token of lists) await expectForgotten(['/api/clubs-list'], token);
    await expectKept(new Map([...kept].filter(([path]) => path === `${one}/club`)));
  });

  it("another process's write forgets exactly the right answers once it is heard", async () => {
    if (embedded) {
      // Only this process reaches the embedded database, through its pool of one connection
      // (decision 0008): every change is this pool's own, heard as it is made; no change feed.
      expect((t.database.pool as unknown as { options: { max: number } }).options.max).toBe(1);
      expect(t.database.pool.totalCount).toBeLessThanOrEqual(1);
      return;
    }
    const oneHours = `${one}/hours`;
    const stamp = async () => (await get<{ updated_at: string }>(oneHours)).updated_at;
    const before = await stamp();
    await keep([oneHours]);
    const kept = await keep([`${two}/hours`, `${one}/club`, `${two}/club`, `${one}/courses`]);
    await other!.query("update club_hours set updated_at = updated_at + interval '1 second' where club_id = $1", [ids.dkClubId]);
    // Heard a moment after the commit: until then the kept answer may still be given.
    expect(await eventually(async () => (await stamp()) !== before, 2_000)).toBe(true);
    await expectKept(kept);
    // A change of one club's row forgets the list of clubs of every user, as soon as it is heard.
    const lists = [admin, owner, staff, manager];
    for (const token of lists) await keep(['/api/clubs-list'], token);
    const { rows } = await other!.query<{ name: string }>('update clubs set name = name || $1 where id = $2 returning name', [' (renamed far away)', ids.seClubId]);
    const named = async () => (await get<{ id: number; name: string }[]>('/api/clubs-list', admin)).find((c) => c.id === ids.seClubId)?.name;
    expect(await eventually(async () => (await named()) === rows[0]!.name, 2_000)).toBe(true);
    for (const token of [owner, staff, manager]) await expectForgotten(['/api/clubs-list'], token);
    // Club 1's own answer read its own row only: still kept.
    await expectKept(new Map([...kept].filter(([path]) => path === `${one}/club`)));
    await other!.query('update clubs set name = replace(name, $1, $2) where id = $3', [' (renamed far away)', '', ids.seClubId]);
    expect(await eventually(async () => (await named()) !== rows[0]!.name, 2_000)).toBe(true);
    // A hole's drawing changed far away: that hole's answer ends once heard (the notification names
    // its key), the club's other hole's stays.
    const [h0, h1] = twoCourse.holeIds as [number, number];
    const drawingOf = (hole: number) => `${two}/holes/${hole}/drawing/1`;
    const version = async () => (await get<{ version: number }>(drawingOf(h0))).version;
    const was = await version();
    await keep([drawingOf(h0)]);
    const otherHole = await keep([drawingOf(h1)]);
    await other!.query('update hole_drawings set version = version + 1 where hole_id = $1', [h0]);
    expect(await eventually(async () => (await version()) === was + 1, 2_000)).toBe(true);
    await expectKept(otherHole);
  });

  it("an administrator's kept answer takes no query for the club's existence; a deleted club is 404 at once", async () => {
    const created = await call(t.app, 'POST', '/api/clubs', { token: admin, payload: { name: 'Cache Probe GK', handle: 'cache-probe' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const hours = `/api/clubs/${id}/hours`;
    // The first read asks whether the club exists and reads; then only the session's lookup.
    expect((await read(hours, admin)).status).toBe(200);
    const again = await read(hours, admin);
    expect(again.status).toBe(200);
    expect(again.queries).toBe(1);
    // Deleted past the API: the next ask of the club is 404, not a kept answer.
    await t.database.pool.query('delete from clubs where id = $1', [id]);
    const gone = await read(hours, admin);
    expect(gone.status, gone.body).toBe(404);
    expect(JSON.parse(gone.body)).toMatchObject({ code: 'clubs.notFound' });
    if (embedded) return;
    // Made again and deleted by another process: 404 as soon as the deletion is heard.
    const { rows } = await other!.query<{ id: number }>("insert into clubs (name, handle) values ('Cache Probe GK', 'cache-probe-2') returning id");
    const again2 = `/api/clubs/${rows[0]!.id}/hours`;
    expect((await read(again2, admin)).status).toBe(200);
    // Another process's insert is heard by LISTEN, maybe only after that first read (CI, Node 24,
    // 2026-11-27: then the next read asks once more); once heard, a read takes only the session's lookup.
    expect(await eventually(async () => (await read(again2, admin)).queries === 1, 2_000)).toBe(true);
    await other!.query('delete from clubs where id = $1', [rows[0]!.id]);
    expect(await eventually(async () => (await read(again2, admin)).status === 404, 2_000)).toBe(true);
  });

  it("an administrator's requests of a club that come together after its row changed ask once whether it exists", async () => {
    const paths = [`${one}/hours`, `${one}/club`, `${one}/courses`, `${one}/users`, `${one}/tees`];
    await keep(paths, admin);
    const existence = (sent: { text: string }[]) => sent.filter((s) => /^select "id" from "clubs" where "clubs"\."id" = \$1$/.test(s.text)).length;
    await t.database.pool.query('update clubs set name = name where id = $1', [ids.dkClubId]);
    const together = await statementsSent(t.database.pool, () =>
      Promise.all(
        paths.map(async (path) => {
          const res = await call(t.app, 'GET', path, { token: admin });
          expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
        }),
      ),
    );
    expect(existence(together)).toBe(1);
    // Seen to exist: the next requests ask nothing.
    const after = await statementsSent(t.database.pool, () => Promise.all(paths.map((path) => call(t.app, 'GET', path, { token: admin }))));
    expect(existence(after)).toBe(0);
  });

  it("the three status checks of a course read its holes' checks once, for every caller, until a drawing of the club changes", async () => {
    const checksRead = (sent: { text: string }[]) => sent.filter((s) => /"hole_drawings"\."checks" from "courses"/.test(s.text)).length;
    const q = `?course_id=${twoCourse.id}`;
    const status = ['self-intersections', 'boundary-self-intersections', 'greens-within-boundary'].map((name) => `${two}/status/${name}${q}`);
    const readAll = (token: string) =>
      statementsSent(t.database.pool, async () => {
        for (const path of status) expect((await call(t.app, 'GET', path, { token })).statusCode).toBe(200);
      });
    // A change of the club's drawings first, so nothing of an earlier test is kept.
    const drawingPath = `${two}/holes/${twoCourse.holeIds[0]}/drawing/1`;
    const { drawing, version } = await get<{ drawing: object; version: number }>(drawingPath);
    await send('POST', `${two}/holes/${twoCourse.holeIds[0]}/save_drawing`, { drawing, version });
    expect(checksRead(await readAll(manager))).toBe(1);
    // Another caller: its own answers, from the checks already read.
    expect(checksRead(await readAll(admin))).toBe(0);
    // Each caller's answers are kept by the read cache, and depend on the drawings all the same: the
    // hole's stored check changed past the API, each caller's next answer says so, read once for both.
    const greens = status[2];
    const hole = String(twoCourse.holeIds[0]);
    const before = await get<Record<string, boolean | null>>(greens, manager);
    expect(await get<Record<string, boolean | null>>(greens, admin)).toEqual(before);
    const flipped = before[hole] !== true;
    await t.database.pool.query(`update hole_drawings set checks = jsonb_set(checks, '{greensWithinBoundary}', $1::jsonb) where hole_id = $2`, [JSON.stringify(flipped), twoCourse.holeIds[0]]);
    let after: Record<string, boolean | null> = {};
    expect(
      checksRead(
        await statementsSent(t.database.pool, async () => {
          after = await get<Record<string, boolean | null>>(greens, admin);
          expect(await get<Record<string, boolean | null>>(greens, manager)).toEqual(after);
        }),
      ),
    ).toBe(1);
    expect(after[hole]).toBe(flipped);
    await send('POST', `${two}/holes/${twoCourse.holeIds[0]}/save_drawing`, { drawing, version: version + 1 });
    expect((await get<Record<string, boolean | null>>(greens, manager))[hole]).toBe(before[hole]);
  });

  it('never gives a kept answer to another club, user or role', async () => {
    // The same route of two clubs: each club its own answer, kept apart.
    const names = new Map<number, string>();
    for (const { id, name } of (await t.database.pool.query<{ id: number; name: string }>('select id, name from clubs where id = any($1)', [[ids.dkClubId, ids.seClubId]])).rows) names.set(id, name);
    for (let i = 0; i < 2; i++) {
      expect((await get<{ name: string }>(`${one}/club`)).name).toBe(names.get(ids.dkClubId));
      expect((await get<{ name: string }>(`${two}/club`)).name).toBe(names.get(ids.seClubId));
    }
    // Two users with the same role: the second's first read is its own, not the first's kept answer.
    const hours = `${one}/hours`;
    const first = await createUser(t, { email: 'scope-first@example.com', password: 'scope-first-pw', clubRoles: { [ids.dkClubId]: ['opening-hours'] } });
    await createUser(t, { email: 'scope-second@example.com', password: 'scope-second-pw', clubRoles: { [ids.dkClubId]: ['opening-hours'] } });
    const firstToken = await signIn(t.app, 'scope-first@example.com', 'scope-first-pw');
    const secondToken = await signIn(t.app, 'scope-second@example.com', 'scope-second-pw');
    await keep([hours], firstToken);
    expect((await read(hours, secondToken)).queries).toBeGreaterThan(1);
    // Answers that depend on the caller: each user's list of clubs is its own.
    for (let i = 0; i < 2; i++) {
      expect((await get<{ id: number }[]>('/api/clubs-list', staff)).map((c) => c.id)).toEqual([ids.dkClubId]);
      expect((await get<{ id: number }[]>('/api/clubs-list', manager)).map((c) => c.id).sort()).toEqual([ids.dkClubId, ids.seClubId].sort());
    }
    // A role taken away: 403 at once, though the answer was kept.
    await t.database.db.delete(clubUserRoles).where(eq(clubUserRoles.userId, first));
    expect((await read(hours, firstToken)).status).toBe(403);
    // The hours change while the role is away; given back, the user reads what is current.
    const { updated_at: _, ...document } = await get<Record<string, unknown>>(hours);
    await send('PUT', hours, { ...document, details: 'Changed while the role was away' });
    await t.database.db.insert(clubUserRoles).values({ clubId: ids.dkClubId, userId: first, role: 'opening-hours' });
    const back = await read(hours, firstToken);
    expect(back.status).toBe(200);
    expect(back.queries).toBeGreaterThan(1);
    expect((JSON.parse(back.body) as { details: string }).details).toBe('Changed while the role was away');
    // Another role beside it is another caller: its answer is read afresh, not the kept one.
    await t.database.db.insert(clubUserRoles).values({ clubId: ids.dkClubId, userId: first, role: 'club-info' });
    expect((await read(hours, firstToken)).queries).toBeGreaterThan(1);
  });

  it("forgets the answers a write changed before the write's own answer is sent", async () => {
    const oneHours = `${one}/hours`;
    await keep([oneHours]);
    const kept = await keep([`${two}/hours`]);
    // What the cache asks before giving a kept answer again: whether its scope changed since its
    // moment. Caught on a kept read of each, so the check below is the cache's own decision.
    const realChangedSince = tracker.changedSince.bind(tracker);
    const asked = vi.spyOn(tracker, 'changedSince');
    await read(oneHours);
    const [oneSince, oneScope] = asked.mock.calls.at(-1)!;
    await read(`${two}/hours`);
    const [twoSince, twoScope] = asked.mock.calls.at(-1)!;
    asked.mockRestore();
    expect(oneScope).toMatchObject({ club: ids.dkClubId });
    expect(oneScope.tables).toContain('club_hours');
    // At the moment the write's answer starts out (its status line and headers, before any byte
    // of it is sent), the kept answer of club 1's hours must already count as changed, and club
    // 2's not. Were the change stamped after the answer went out (when the connection is given
    // back, on a later tick, by the change feed), the check here would find it unchanged.
    const { updated_at: _, ...document } = await get<Record<string, unknown>>(oneHours);
    const atSend: { one: boolean; two: boolean }[] = [];
    const writeHead = http.ServerResponse.prototype.writeHead;
    vi.spyOn(http.ServerResponse.prototype, 'writeHead').mockImplementation(function (this: http.ServerResponse, ...args: unknown[]) {
      if (this.req?.method === 'PUT' && this.req.url === oneHours) atSend.push({ one: realChangedSince(oneSince, oneScope), two: realChangedSince(twoSince, twoScope) });
      return (writeHead as (...a: unknown[]) => http.ServerResponse).apply(this, args);
    });
    await send('PUT', oneHours, { ...document, details: 'Stamped before it was sent' });
    vi.restoreAllMocks();
    expect(atSend).toEqual([{ one: true, two: false }]);
    await expectForgotten([oneHours]);
    expect((await get<{ details: string }>(oneHours)).details).toBe('Stamped before it was sent');
    await expectKept(kept);
  });

  it('a change made in a transaction is stamped when made and again when committed', async () => {
    const scope = { club: ids.dkClubId, tables: ['club_hours'] };
    const client = await t.database.pool.connect();
    let midway: number;
    try {
      await client.query('begin');
      const before = tracker.now;
      await client.query("update club_hours set updated_at = updated_at + interval '1 second' where club_id = $1", [ids.dkClubId]);
      expect(tracker.changedSince(before, scope)).toBe(true);
      // An answer read from here on (by another connection, which still sees the old row) holds
      // only until the commit.
      midway = tracker.now;
      expect(tracker.changedSince(midway, scope)).toBe(false);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(tracker.changedSince(midway, scope)).toBe(true);
    expect(tracker.changedSince(midway, { club: ids.seClubId, tables: ['club_hours'] })).toBe(false);
    if (embedded) return; // the one connection is the transaction's: nobody reads meanwhile
    // Through the API on PostgreSQL: an answer read while the change is not committed is the old
    // one, and is not given once the change is committed.
    const oneHours = `${one}/hours`;
    const stamp = async () => (await get<{ updated_at: string }>(oneHours)).updated_at;
    const writer = await t.database.pool.connect();
    try {
      const before = await stamp();
      await writer.query('begin');
      await writer.query("update club_hours set updated_at = updated_at + interval '1 second' where club_id = $1", [ids.dkClubId]);
      expect(await stamp()).toBe(before);
      expect(await stamp()).toBe(before);
      await writer.query('commit');
      expect(await stamp()).not.toBe(before);
    } finally {
      writer.release();
    }
  });

  it('the triggers say the table and the clubs each statement changed', async () => {
    const [dkCourse] = (await t.database.pool.query<{ id: number }>('select id from courses where club_id = $1 order by id limit 1', [ids.dkClubId])).rows;
    const client = await t.database.pool.connect();
    const said: string[] = [];
    const onNotice = (notice: { message?: string; detail?: string }) => {
      if (notice.message === NOTICE_MESSAGE) said.push(notice.detail ?? '');
    };
    client.on('notice', onNotice);
    /** The payloads one statement's triggers sent this session, sorted, clubs in order. */
    const says = async (text: string, values: unknown[] = []) => {
      said.length = 0;
      await client.query(text, values);
      const sorted = (list: string) => list.split(',').map(Number).sort((a, b) => a - b).join(',');
      return said.map((payload) => payload.replace(/:([\d,]+)(?:\/([\d,]+))?$/, (_, list: string, keys?: string) => `:${sorted(list)}${keys ? `/${sorted(keys)}` : ''}`)).sort();
    };
    const [dk, se] = [ids.dkClubId, ids.seClubId];
    const pair = [dk, se].sort((a, b) => a - b).join(',');
    try {
      // Everything is written in a transaction rolled back at the end: the data stays as it was.
      await client.query('begin');
      // A hole's club is found through its course; a pin position's through its pin setup; a
      // drawing's through its hole and course.
      const before = tracker.now;
      expect(await says('update holes set name = name where id = $1', [twoCourse.holeIds[0]])).toEqual([`holes:${se}`]);
      expect(tracker.changedSince(before, { club: se, tables: ['holes'] })).toBe(true);
      expect(tracker.changedSince(before, { club: null, tables: ['holes'] })).toBe(true);
      expect(tracker.changedSince(before, { club: dk, tables: ['holes'] })).toBe(false);
      expect(tracker.changedSince(before, { club: se, tables: ['tees'] })).toBe(false);
      expect(await says('update holes set name = name where course_id = $1', [dkCourse!.id])).toEqual([`holes:${dk}`]);
      expect(await says('update pin_positions set out_meters = out_meters where pin_setup_id = $1', [twoSetupId])).toEqual([`pin_positions:${se}`]);
      // A keyed table (ROW_KEYS) also names the keys of its changed rows: the holes of the drawings.
      expect(await says('update hole_drawings set version = version where hole_id = $1', [twoCourse.holeIds[0]])).toEqual([`hole_drawings:${se}/${twoCourse.holeIds[0]}`]);
      const [h0, h1] = twoCourse.holeIds as [number, number];
      expect(await says("insert into hole_drawings (hole_id, style_id, document) values ($1, 1, '{}')", [h1])).toEqual([`hole_drawings:${se}/${h1}`]);
      expect(await says('update hole_drawings set version = version where hole_id = any($1)', [[h0, h1]])).toEqual([`hole_drawings:${se}/${[h0, h1].sort((a, b) => a - b).join(',')}`]);
      expect(tracker.changedSince(before, { club: se, tables: ['hole_drawings'], rows: { hole_drawings: h0 } })).toBe(true);
      const drawingsSaid = tracker.now;
      expect(await says('update hole_drawings set version = version where hole_id = $1', [h0])).toEqual([`hole_drawings:${se}/${h0}`]);
      // The other hole's answers stay; the club's answers that read all its drawings end.
      expect(tracker.changedSince(drawingsSaid, { club: se, tables: ['hole_drawings'], rows: { hole_drawings: h1 } })).toBe(false);
      expect(tracker.changedSince(drawingsSaid, { club: se, tables: ['hole_drawings'], rows: { hole_drawings: h0 } })).toBe(true);
      expect(tracker.changedSince(drawingsSaid, { club: se, tables: ['hole_drawings'] })).toBe(true);
      expect(await says('update club_hours set updated_at = updated_at where club_id = any($1)', [[dk, se]])).toEqual([`club_hours:${pair}`]);
      // A row moved from one club to another names both.
      expect(await says('update courses set club_id = $1 where id = $2', [se, dkCourse!.id])).toEqual([`courses:${pair}`]);
      expect(await says('update courses set club_id = $1 where id = $2', [dk, dkCourse!.id])).toEqual([`courses:${pair}`]);
      // A statement that changes no row says nothing, and stamps nothing.
      const quiet = tracker.now;
      expect(await says('update holes set name = name where id = -1')).toEqual([]);
      expect(await says('delete from club_hours where club_id = -1')).toEqual([]);
      expect(tracker.now).toBe(quiet);
      // Tables of no club: the whole table.
      expect(await says('update users set first_name = first_name where id = $1', [ids.staffId])).toEqual(['users:*']);
      expect(await says('update graphics_themes set name = name where id = (select min(id) from graphics_themes)')).toContain('graphics_themes:*');
      // Up to MAX_CLUBS_NAMED clubs are named; more are the whole table.
      const hundred = await says("insert into clubs (name, handle) select 'Scope ' || g, 'scope-a-' || g from generate_series(1, 100) g");
      expect(hundred).toHaveLength(1);
      expect(hundred[0]).toMatch(/^clubs:\d+(,\d+){99}$/);
      expect(await says("insert into clubs (name, handle) select 'Scope ' || g, 'scope-b-' || g from generate_series(1, 101) g")).toEqual(['clubs:*']);
      // A course deleted with its holes, tees, pins…: the course names its club; the rows deleted
      // by the cascade can no longer find theirs (the course is gone when their triggers run) and
      // count as the whole table — more answers forgotten than needed, never fewer.
      const cascade = await says('delete from courses where id = $1', [twoCourse.id]);
      expect(cascade).toEqual([`courses:${se}`, 'hole_drawings:*', 'hole_tees:*', 'holes:*', 'pin_positions:*', `pin_setups:${se}`, 'tees:*']);
      // A truncate says the whole table.
      expect(await says('truncate club_hours')).toEqual(['club_hours:*']);
      for (const payload of said) expect(parseChange(payload)).not.toBeNull();
    } finally {
      await client.query('rollback');
      client.off('notice', onNotice);
      client.release();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DRAWING_LIMITS, DrawingResponse, type Drawing } from '@golf/contract/api/drawings';
import type { Course } from '@golf/contract/api/courses';
import { holeDrawings } from '../../db/schema/index';
import { buildTestApp, call, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { courseActors, circle, createTestCourse, offset, polygon, ring, sampleHoleDrawing, type CourseActor } from '../../../test/courses';

type Actor = CourseActor;
const ORIGIN: [number, number] = [9.5357, 55.7113];

describe(`hole drawings (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let course: Course;
  let seCourse: Course;
  let tokens: Record<Actor, string>;
  const drawingUrl = (holeId: number, clubId = ids.dkClubId, style = 1) => `/api/clubs/${clubId}/holes/${holeId}/drawing/${style}`;
  const saveUrl = (holeId: number, clubId = ids.dkClubId) => `/api/clubs/${clubId}/holes/${holeId}/save_drawing`;
  const get = async (holeId: number, actor: Actor = 'editor', clubId = ids.dkClubId) => {
    const res = await call(t.app, 'GET', drawingUrl(holeId, clubId), { token: tokens[actor] });
    expect(res.statusCode, res.body).toBe(200);
    return DrawingResponse.parse(res.json());
  };
  const save = (holeId: number, payload: unknown, actor: Actor = 'editor', clubId = ids.dkClubId) =>
    call(t.app, 'POST', saveUrl(holeId, clubId), { token: tokens[actor], payload });

  beforeAll(async () => {
    t = await buildTestApp();
    ({ ids, tokens } = await courseActors(t));
    course = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Drawn', holes: 6 });
    seCourse = await createTestCourse(t.app, tokens.admin, ids.seClubId, { name: 'Ritad', holes: 1 });
  });
  afterAll(() => t?.close());

  it('answers an empty collection and version 0 before the first save', async () => {
    const hole = course.holes[0];
    expect(await get(hole.id)).toEqual({
      hole_id: hole.id,
      course_id: course.id,
      style_id: 1,
      drawing: { type: 'FeatureCollection', features: [] },
      version: 0,
      updated_at: null,
    });
  });

  it('saves a drawing and reads it back exactly, heights included; each save raises the version', async () => {
    const hole = course.holes[0];
    const drawing = sampleHoleDrawing(ORIGIN);
    const res = await save(hole.id, { drawing, version: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const saved = DrawingResponse.parse(res.json());
    expect(saved).toMatchObject({ hole_id: hole.id, course_id: course.id, style_id: 1, version: 1, drawing });
    expect(saved.updated_at).not.toBeNull();
    expect(await get(hole.id, 'owner')).toEqual(saved);
    const line = saved.drawing.features.find((f) => f.id === 'play-line')!;
    expect(line.geometry.coordinates).toEqual(drawing.features.find((f) => f.id === 'play-line')!.geometry.coordinates);

    const [row] = await t.database.db.select().from(holeDrawings).where(and(eq(holeDrawings.holeId, hole.id), eq(holeDrawings.styleId, 1)));
    expect(row.updatedBy).not.toBeNull();

    const next: Drawing = { ...drawing, features: drawing.features.filter((f) => f.id !== 'bunker-1') };
    const second = await save(hole.id, { drawing: next, version: 1 });
    expect(second.statusCode, second.body).toBe(200);
    expect(DrawingResponse.parse(second.json())).toMatchObject({ version: 2, drawing: next });
    // Without a version the save always goes through.
    const third = await save(hole.id, { drawing });
    expect(DrawingResponse.parse(third.json()).version).toBe(3);
    // Another style stays empty.
    const other = await call(t.app, 'GET', drawingUrl(hole.id, ids.dkClubId, 2), { token: tokens.editor });
    expect(DrawingResponse.parse(other.json())).toMatchObject({ style_id: 2, version: 0, drawing: { features: [] } });
  });

  it('answers 409 when someone else saved meanwhile, and keeps their drawing', async () => {
    const hole = course.holes[1];
    const first = sampleHoleDrawing(ORIGIN);
    expect((await save(hole.id, { drawing: first, version: 0 }, 'owner')).statusCode).toBe(200);
    const mine: Drawing = { type: 'FeatureCollection', features: first.features.slice(0, 2) };
    for (const version of [0, 2, 7]) {
      const res = await save(hole.id, { drawing: mine, version });
      expect(res.statusCode, `version ${version}`).toBe(409);
      expect(res.json().error).toBe('Someone else saved this hole meanwhile; reload to see their changes');
    }
    expect(await get(hole.id)).toMatchObject({ version: 1, drawing: first });
    // A version given for a hole never saved is stale too.
    const res = await save(course.holes[2].id, { drawing: mine, version: 3 });
    expect(res.statusCode).toBe(409);
    expect((await get(course.holes[2].id)).version).toBe(0);
  });

  const bowTie = (id: string, element: string) => polygon(id, element, [ring(ORIGIN, [[0, 0], [10, 10], [10, 0], [0, 10]])]);
  const broken: [string, (d: Drawing) => void, string, RegExp][] = [
    ['an element not in the catalogue', (d) => (d.features[1].properties.element = 'lava'), 'tee-1', /'lava' is not an element of the graphics catalogue/],
    ['a polygon element drawn as a point', (d) => (d.features[3].geometry = { type: 'Point', coordinates: offset(ORIGIN, 0, 350) }), 'green-1', /a polygon element cannot be drawn as Point/],
    [
      'an open ring',
      (d) => {
        const g = d.features[4].geometry as { coordinates: number[][][] };
        g.coordinates[0].pop();
      },
      'bunker-1',
      /not closed|at least 4/,
    ],
    ['a longitude out of range', (d) => ((d.features[6].geometry.coordinates as number[])[0] = 181), 'sign-1', /longitude 181 outside -180..180/],
    ['a latitude out of range', (d) => ((d.features[6].geometry.coordinates as number[])[1] = -91), 'sign-1', /latitude -91 outside/],
    ['a height beyond 10 km', (d) => ((d.features[5].geometry.coordinates as number[][])[1][2] = 12000), 'play-line', /height 12000/],
    ['a line of one position', (d) => ((d.features[5].geometry.coordinates as number[][]).splice(1), undefined), 'play-line', /at least 2 different positions/],
    ['two features with one id', (d) => (d.features[2].id = 'tee-1'), 'tee-1', /used by more than one feature/],
    [
      'a ring with two distinct corners',
      (d) => (d.features[4].geometry = { type: 'Polygon', coordinates: [[offset(ORIGIN, 0, 0), offset(ORIGIN, 1, 1), offset(ORIGIN, 0, 0), offset(ORIGIN, 0, 0)]] }),
      'bunker-1',
      /3 different corners/,
    ],
  ];

  it.each(broken)('refuses %s with 400, naming the feature in details, and keeps the saved drawing', async (_label, breakIt, feature, message) => {
    const hole = course.holes[3];
    const good = sampleHoleDrawing(ORIGIN);
    if ((await get(hole.id)).version === 0) expect((await save(hole.id, { drawing: good })).statusCode).toBe(200);
    const before = await get(hole.id);
    const bad = structuredClone(good);
    breakIt(bad);
    const res = await save(hole.id, { drawing: bad, version: before.version });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { error: string; details: { path: string; message: string }[] };
    expect(body.error).toMatch(/^The drawing has \d+ problems?$/);
    const hit = body.details.find((d) => d.path === feature && message.test(d.message));
    expect(hit, JSON.stringify(body.details)).toBeDefined();
    expect(await get(hole.id)).toEqual(before);
  });

  it('lists every problem of a drawing at once', async () => {
    const bad = sampleHoleDrawing(ORIGIN);
    bad.features[1].properties.element = 'lava';
    (bad.features[6].geometry.coordinates as number[])[0] = 200;
    const res = await save(course.holes[4].id, { drawing: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The drawing has 2 problems');
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(['tee-1', 'sign-1']);
  });

  it("gives each problem of a refused save its code and parameters beside the English message, for the reader's language", async () => {
    const bad = sampleHoleDrawing(ORIGIN);
    bad.features[1].properties.element = 'lava';
    (bad.features[6].geometry.coordinates as number[])[1] = 95;
    const res = await save(course.holes[4].id, { drawing: bad });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: 'The drawing has 2 problems',
      code: 'drawings.problems',
      params: { problems: 2 },
      details: [
        {
          path: 'tee-1',
          message: "Lava 'tee-1': 'lava' is not an element of the graphics catalogue",
          code: 'drawings.problem.unknownElement',
          params: { element: 'lava', feature: 'tee-1', name: 'lava' },
        },
        {
          path: 'sign-1',
          message: "Sponsor sign 'sign-1': has latitude 95 outside -90..90",
          code: 'drawings.problem.latitudeOutOfRange',
          params: { element: 'sponsor sign', feature: 'sign-1', latitude: 95 },
        },
      ],
    });
  });

  it('refuses a malformed body (schema) with 400 details', async () => {
    const hole = course.holes[4];
    const cases: [unknown, RegExp][] = [
      [{ drawing: { type: 'FeatureCollection', features: [{ type: 'Feature', id: 'x', geometry: { type: 'Point', coordinates: [1, 2] }, properties: {} }] } }, /drawing\.features\.0\.properties\.element/],
      [{ drawing: { type: 'FeatureCollection', features: [{ type: 'Feature', id: 'x', geometry: { type: 'Circle', coordinates: [1, 2] }, properties: { element: 'tree' } }] } }, /drawing\.features\.0\.geometry/],
      [{ drawing: { type: 'FeatureCollection', features: [{ type: 'Feature', id: 'x', geometry: { type: 'Point', coordinates: [1, null] }, properties: { element: 'tree' } }] } }, /coordinates/],
      [{ drawing: { type: 'FeatureCollection', features: [{ type: 'Feature', id: 'x', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { element: 'tree', colour: 'red' } }] } }, /properties/],
      [{ drawing: { type: 'FeatureCollection', features: [] }, version: -1 }, /version/],
      [{}, /drawing/],
    ];
    for (const [payload, path] of cases) {
      const res = await save(hole.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details.map((d: { path: string }) => d.path).join(' '), res.body).toMatch(path);
    }
    expect((await get(hole.id)).version).toBe(0);
  });

  it('refuses a version beyond any stored one (larger than a database integer) with 400, not 500', async () => {
    const hole = course.holes[4];
    const res = await save(hole.id, { drawing: sampleHoleDrawing(ORIGIN), version: 2 ** 40 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(['version']);
    expect((await get(hole.id)).version).toBe(0);
  });

  it('takes a drawing larger than the default body limit, and refuses one above DRAWING_LIMITS.bodyBytes with 413', async () => {
    const hole = course.holes[5];
    // A 10,000-vertex fairway is about 400 kB of JSON, above the app's 256 kB default.
    const fairway = polygon('big', 'fairway', [circle(ORIGIN, [0, 200], 80, 10000)]);
    const res = await save(hole.id, { drawing: { type: 'FeatureCollection', features: [fairway] } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect((await get(hole.id)).drawing.features[0].geometry.coordinates[0]).toHaveLength(10001);
    const tooBig = JSON.stringify({ drawing: { type: 'FeatureCollection', features: [] }, padding: 'x'.repeat(DRAWING_LIMITS.bodyBytes) });
    const big = await call(t.app, 'POST', saveUrl(hole.id), { token: tokens.editor, payload: tooBig, headers: { 'content-type': 'application/json' } });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('Request body is too large');
  });

  it('refuses a style outside 1..6 and an unknown hole', async () => {
    expect((await call(t.app, 'GET', drawingUrl(course.holes[0].id, ids.dkClubId, 7), { token: tokens.editor })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', drawingUrl(999999), { token: tokens.editor })).statusCode).toBe(404);
    expect((await save(999999, { drawing: sampleHoleDrawing(ORIGIN) })).statusCode).toBe(404);
  });

  describe('permissions', () => {
    it('staff without the courses role may neither read nor save', async () => {
      const hole = course.holes[0];
      const before = await get(hole.id);
      expect((await call(t.app, 'GET', drawingUrl(hole.id), { token: tokens.staff })).statusCode).toBe(403);
      expect((await save(hole.id, { drawing: { type: 'FeatureCollection', features: [] } }, 'staff')).statusCode).toBe(403);
      expect((await call(t.app, 'GET', drawingUrl(hole.id), { token: null })).statusCode).toBe(401);
      expect(await get(hole.id)).toEqual(before);
    });

    it("another club's hole answers 404 through one's own club and 403 through theirs, and stays as it was", async () => {
      const seHole = seCourse.holes[0];
      const seDrawing = sampleHoleDrawing([12.861, 56.2437]);
      expect((await save(seHole.id, { drawing: seDrawing }, 'swede', ids.seClubId)).statusCode).toBe(200);
      const own = await call(t.app, 'GET', drawingUrl(seHole.id, ids.dkClubId), { token: tokens.owner });
      expect(own.statusCode).toBe(404);
      expect(own.body).not.toContain('boundary');
      expect((await call(t.app, 'GET', drawingUrl(seHole.id, ids.seClubId), { token: tokens.owner })).statusCode).toBe(403);
      const empty = { drawing: { type: 'FeatureCollection', features: [] } };
      expect((await save(seHole.id, empty, 'owner', ids.dkClubId)).statusCode).toBe(404);
      expect((await save(seHole.id, empty, 'owner', ids.seClubId)).statusCode).toBe(403);
      expect(await get(seHole.id, 'swede', ids.seClubId)).toMatchObject({ version: 1, drawing: seDrawing });
      // And the Swede cannot reach the Danish holes.
      expect((await call(t.app, 'GET', drawingUrl(course.holes[0].id, ids.seClubId), { token: tokens.swede })).statusCode).toBe(404);
      expect((await call(t.app, 'GET', drawingUrl(course.holes[0].id, ids.dkClubId), { token: tokens.swede })).statusCode).toBe(403);
    });
  });

  it('shows a stored drawing that no longer validates as far as its features do, never as a 500', async () => {
    const hole = course.holes[5];
    const good = sampleHoleDrawing(ORIGIN);
    const document = { ...good, features: [...good.features, { type: 'Feature', id: 'old', geometry: { type: 'Circle', radius: 3 }, properties: { element: 'tree' } }] };
    await t.database.db
      .insert(holeDrawings)
      .values({ holeId: hole.id, styleId: 2, document, version: 4 })
      .onConflictDoUpdate({ target: [holeDrawings.holeId, holeDrawings.styleId], set: { document, version: 4 } });
    const res = await call(t.app, 'GET', drawingUrl(hole.id, ids.dkClubId, 2), { token: tokens.editor });
    expect(res.statusCode, res.body).toBe(200);
    expect(DrawingResponse.parse(res.json())).toMatchObject({ version: 4, drawing: good });
  });

  it('a bow-tie polygon may be saved (the status checks report it)', async () => {
    const drawing: Drawing = { type: 'FeatureCollection', features: [bowTie('bt', 'bunker')] };
    expect((await save(course.holes[2].id, { drawing })).statusCode).toBe(200);
  });
});

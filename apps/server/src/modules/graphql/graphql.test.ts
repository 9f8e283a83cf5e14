import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@golf/contract/api/courses';
import { Guide } from '@golf/contract/api/guides';
import { GRAPHQL_LIMITS, SAVE_GUIDE_HOLES_MUTATION, SaveGuideHolesResponse, type SaveGuideHoleInput } from '@golf/contract/api/guide-holes-graphql';
import { signInActors } from '../../../test/actors';
import { createTestCourse } from '../../../test/courses';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';

type Actor = 'admin' | 'owner' | 'staff' | 'anonymous' | 'maker' | 'swede';

describe(`GraphQL SaveGuideHoles (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;
  let course: Course;
  let other: Course;
  let guideId: number;
  let seGuideId: number;

  const post = (actor: Actor, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...(tokens[actor] ? { authorization: `Bearer ${tokens[actor]}` } : {}), ...headers },
      payload: payload as object,
    });
  const save = (actor: Actor, id: number, holes: SaveGuideHoleInput[], version?: number) =>
    post(actor, { query: SAVE_GUIDE_HOLES_MUTATION, operationName: 'SaveGuideHoles', variables: { guideId: id, saveGuideHolesInput: { holes, ...(version ? { version } : {}) } } });
  const errorOf = (res: Awaited<ReturnType<typeof post>>) => {
    const body = SaveGuideHolesResponse.parse(res.json());
    expect(body.data, res.body).toBeNull();
    expect(body.errors?.length, res.body).toBeGreaterThan(0);
    return body.errors![0];
  };
  const readGuide = async (id: number) => {
    const res = await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/guides/${id}`, { token: tokens.maker });
    expect(res.statusCode, res.body).toBe(200);
    return Guide.parse(res.json());
  };
  const hole = (holeId: number, toggles: Partial<SaveGuideHoleInput> = {}): SaveGuideHoleInput => ({
    hole_id: holeId,
    page: true,
    green: true,
    pin_chart: true,
    pro_guideline: true,
    ...toggles,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      maker: { email: 'gql-maker@example.com', password: 'gql-maker-pw', clubRoles: { [ids.dkClubId]: ['products'] } },
      swede: { email: 'gql-swede@example.com', password: 'gql-swede-pw', clubRoles: { [ids.seClubId]: ['products'] } },
    });
    course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'GraphQL course', holes: 3 });
    other = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Other course', holes: 1 });
    const seCourse = await createTestCourse(t.app, tokens.admin!, ids.seClubId, { name: 'Svensk GraphQL-bana', holes: 1 });
    const created = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/guides`, { token: tokens.maker, payload: { title: 'GraphQL book', course_ids: [course.id] } });
    expect(created.statusCode, created.body).toBe(201);
    guideId = Guide.parse(created.json()).guide_id;
    const seCreated = await call(t.app, 'POST', `/api/clubs/${ids.seClubId}/guides`, { token: tokens.swede, payload: { title: 'Svensk bok', course_ids: [seCourse.id] } });
    expect(seCreated.statusCode, seCreated.body).toBe(201);
    seGuideId = Guide.parse(seCreated.json()).guide_id;
  });
  afterAll(() => t?.close());

  it('saves the toggles and markers of two holes in one call; GET guides/{id} reads them back', async () => {
    const [first, second, third] = course.holes;
    const before = await readGuide(guideId);
    const res = await save('maker', guideId, [
      hole(first.id, { green: false, pin_chart: false, distances: [200, 100, 150] }),
      hole(second.id, { page: false, pro_guideline: false, distances: [120] }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = SaveGuideHolesResponse.parse(res.json());
    expect(body.errors).toBeUndefined();
    expect(body.data!.saveGuideHoles).toEqual({
      guide_id: guideId,
      version: before.version + 1,
      holes: [
        { hole_id: first.id, page: true, green: false, pin_chart: false, pro_guideline: true, distances: [100, 150, 200] },
        { hole_id: second.id, page: false, green: true, pin_chart: true, pro_guideline: false, distances: [120] },
      ],
    });

    const guide = await readGuide(guideId);
    expect(guide.version).toBe(before.version + 1);
    expect(guide.holes.find((h) => h.hole_id === first.id)).toMatchObject({ page: true, green: false, pin_chart: false, pro_guideline: true });
    expect(guide.holes.find((h) => h.hole_id === second.id)).toMatchObject({ page: false, green: true, pin_chart: true, pro_guideline: false });
    expect(guide.holes.find((h) => h.hole_id === third.id)).toMatchObject({ page: true, green: true, pin_chart: true, pro_guideline: true });
    expect(guide.distances).toEqual([
      { hole_id: first.id, distances: [100, 150, 200] },
      { hole_id: second.id, distances: [120] },
    ]);

    // Without distances a hole keeps its markers; an empty list removes them.
    const again = await save('maker', guideId, [hole(first.id, { green: true }), hole(second.id, { distances: [] })]);
    expect(again.statusCode, again.body).toBe(200);
    const reread = await readGuide(guideId);
    expect(reread.distances).toEqual([{ hole_id: first.id, distances: [100, 150, 200] }]);
    expect(reread.holes.find((h) => h.hole_id === first.id)?.green).toBe(true);

    // The query reads every hole of the guide the same way.
    const read = await post('maker', { query: `query { guideHoles(guideId: ${guideId}) { guide_id holes { hole_id distances } } }` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.guideHoles.holes).toEqual([
      { hole_id: first.id, distances: [100, 150, 200] },
      { hole_id: second.id, distances: [] },
      { hole_id: third.id, distances: [] },
    ]);
  });

  it('asks for a session first: no token or an unknown one is 401 UNAUTHENTICATED, before the body is read', async () => {
    const res = await save('anonymous', guideId, [hole(course.holes[0].id)]);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toMatchObject({ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } });
    const expired = await post('anonymous', { query: '{ __typename }' }, { authorization: `Bearer ${'x'.repeat(40)}` });
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).extensions.code).toBe('UNAUTHENTICATED');
    // Not even a bad body gets further than the missing session.
    const junk = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    expect(junk.statusCode).toBe(401);
  });

  it('keeps the REST rules: the products role in the guide’s club (admins everywhere), another club’s guide as unknown', async () => {
    const staff = await save('staff', guideId, [hole(course.holes[0].id)]);
    expect(staff.statusCode).toBe(403);
    expect(errorOf(staff)).toMatchObject({ message: 'This needs the products role in this club', extensions: { code: 'FORBIDDEN' }, path: ['saveGuideHoles'] });

    const swede = await save('swede', guideId, [hole(course.holes[0].id)]);
    expect(swede.statusCode).toBe(404);
    expect(errorOf(swede)).toMatchObject({ message: 'Guide not found', extensions: { code: 'NOT_FOUND' } });
    const maker = await save('maker', seGuideId, [hole(course.holes[0].id)]);
    expect(maker.statusCode).toBe(404);
    expect(errorOf(maker).extensions.code).toBe('NOT_FOUND');
    const unknown = await save('admin', 2_000_000_000, [hole(course.holes[0].id)]);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).extensions.code).toBe('NOT_FOUND');
    const readOther = await post('maker', { query: `{ guideHoles(guideId: ${seGuideId}) { guide_id } }` });
    expect(readOther.statusCode).toBe(404);

    // The owner (owner of the Danish club's region: every role there) and the admin may.
    for (const actor of ['owner', 'admin'] as const) {
      const res = await save(actor, guideId, [hole(course.holes[2].id, { page: actor === 'owner' })]);
      expect(res.statusCode, `${actor}: ${res.body}`).toBe(200);
    }
    expect((await readGuide(guideId)).holes.find((h) => h.hole_id === course.holes[2].id)?.page).toBe(false);
    // Nothing refused was saved: the Swedish guide still has every toggle on.
    const seGuide = await call(t.app, 'GET', `/api/clubs/${ids.seClubId}/guides/${seGuideId}`, { token: tokens.swede });
    expect(Guide.parse(seGuide.json()).holes.every((h) => h.page && h.green)).toBe(true);
  });

  it('refuses bad input with BAD_USER_INPUT and the contract’s messages, and saves nothing of a call with one bad hole', async () => {
    const [first, second] = course.holes;
    const before = await readGuide(guideId);
    const cases: [SaveGuideHoleInput[], RegExp, string][] = [
      [[hole(first.id, { page: false }), hole(other.holes[0].id)], new RegExp(`Hole ${other.holes[0].id} is not a hole of the guide's courses`), 'saveGuideHolesInput.holes.1.hole_id'],
      [[hole(first.id, { page: false, distances: [150] }), hole(second.id, { distances: [100, 400] })], /A marker must be closer to the green than the hole is long \(320 m\)/, 'saveGuideHolesInput.holes.1.distances.1'],
      [[hole(first.id, { page: false }), hole(second.id, { distances: [-5] })], /A marker is at least 10 m from the green/, 'saveGuideHolesInput.holes.1.distances.0'],
      [[hole(first.id, { distances: [150, 150] })], /150 m is listed twice/, 'saveGuideHolesInput.holes.0.distances.1'],
      [[hole(first.id), hole(first.id, { page: false })], new RegExp(`Hole ${first.id} is listed twice`), 'saveGuideHolesInput.holes.1.hole_id'],
      [[], /List at least one hole/, 'saveGuideHolesInput.holes'],
      [[hole(first.id, { distances: [100, 110, 120, 130, 140, 150, 160, 170, 180] })], /At most 8 markers per hole/, 'saveGuideHolesInput.holes.0.distances'],
    ];
    for (const [holes, message, path] of cases) {
      const res = await save('maker', guideId, holes);
      expect(res.statusCode, res.body).toBe(400);
      const error = errorOf(res);
      expect(error.extensions.code, res.body).toBe('BAD_USER_INPUT');
      expect(error.message, res.body).toMatch(message);
      expect(error.extensions.details?.map((d) => d.path), res.body).toContain(path);
    }
    // One transaction: the good first hole of every refused call was not saved either.
    const after = await readGuide(guideId);
    expect(after.version).toBe(before.version);
    expect(after.holes).toEqual(before.holes);
    expect(after.distances).toEqual(before.distances);

    // A value GraphQL's types refuse (a fraction, a string) is BAD_USER_INPUT too, before execution.
    const fraction = await save('maker', guideId, [hole(first.id, { distances: [150.5] })]);
    expect(fraction.statusCode).toBe(400);
    expect(errorOf(fraction)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(errorOf(fraction).message).toMatch(/Variable "\$saveGuideHolesInput"/);

    // A stale version is CONFLICT (409), as PUT guides/{id} answers.
    const stale = await save('maker', guideId, [hole(first.id)], before.version - 1);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).extensions.code).toBe('CONFLICT');
  });

  it('caps the document: too deep (also through fragments), too many top-level fields, too many tokens; introspection within the caps', async () => {
    const ofTypes = (n: number) => `${'ofType { '.repeat(n)}name${' }'.repeat(n)}`;
    const deep = await post('maker', { query: `{ __schema { types { fields { type { ${ofTypes(13)} } } } } }` });
    expect(deep.statusCode).toBe(400);
    expect(errorOf(deep)).toMatchObject({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(errorOf(deep).message).toBe(`The operation is nested 18 levels deep; at most ${GRAPHQL_LIMITS.introspectionDepth} are allowed`);

    const hidden = await post('maker', {
      query: `query Hidden { __schema { types { ...A } } }
        fragment A on __Type { fields { type { ...B } } }
        fragment B on __Type { ${ofTypes(13)} }`,
    });
    expect(hidden.statusCode).toBe(400);
    expect(errorOf(hidden).message).toMatch(/Hidden is nested 18 levels deep/);

    const aliases = Array.from({ length: 2 }, (_, i) => `a${i}: saveGuideHoles(guideId: ${guideId}, saveGuideHolesInput: { holes: [] }) { guide_id }`).join(' ');
    const twice = await post('maker', { query: `mutation { ${aliases} }` });
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).message).toMatch(/2 top-level fields; at most 1 is allowed in a mutation/);
    const reads = Array.from({ length: GRAPHQL_LIMITS.queryFields + 1 }, (_, i) => `r${i}: guideHoles(guideId: ${guideId}) { guide_id }`).join(' ');
    const manyReads = await post('maker', { query: `{ ${reads} }` });
    expect(manyReads.statusCode).toBe(400);
    expect(errorOf(manyReads).message).toMatch(`${GRAPHQL_LIMITS.queryFields + 1} top-level fields`);

    const many = await post('maker', { query: `{ ${'a '.repeat(GRAPHQL_LIMITS.tokens)}}` });
    expect(many.statusCode).toBe(400);
    expect(errorOf(many).extensions.code).toBe('GRAPHQL_PARSE_FAILED');

    // The introspection query of tools (15 levels through fragments) is answered.
    const schema = await post('maker', { query: getIntrospectionQuery() });
    expect(schema.statusCode, schema.body.slice(0, 300)).toBe(200);
    const mutation = (schema.json().data.__schema.types as { name: string; fields: { name: string; args: { name: string }[] }[] | null }[]).find((t) => t.name === 'Mutation');
    expect(mutation?.fields?.map((f) => [f.name, f.args.map((a) => a.name)])).toEqual([['saveGuideHoles', ['guideId', 'saveGuideHolesInput']]]);
  });

  it('answers malformed requests with 4xx, never 500; every answer carries the security headers', async () => {
    const cases: [unknown, string | undefined, number, string][] = [
      [{ query: 'mutation { saveGuideHoles(' }, undefined, 400, 'GRAPHQL_PARSE_FAILED'],
      [{ query: '{ noSuchField }' }, undefined, 400, 'GRAPHQL_VALIDATION_FAILED'],
      [{ query: SAVE_GUIDE_HOLES_MUTATION }, undefined, 400, 'BAD_USER_INPUT'],
      [{ query: SAVE_GUIDE_HOLES_MUTATION, variables: { guideId: 'x', saveGuideHolesInput: {} } }, undefined, 400, 'BAD_USER_INPUT'],
      [{ variables: {} }, undefined, 400, 'BAD_REQUEST'],
      [{ query: 42 }, undefined, 400, 'BAD_REQUEST'],
      [[{ query: '{ __typename }' }], undefined, 400, 'BAD_REQUEST'],
      ['{not json', 'application/json', 400, 'BAD_REQUEST'],
      ['query { __typename }', 'application/graphql', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [{ query: `{ __typename } #${'x'.repeat(GRAPHQL_LIMITS.bodyBytes)}` }, undefined, 413, 'PAYLOAD_TOO_LARGE'],
    ];
    for (const [payload, type, status, code] of cases) {
      const res = await post('maker', payload, type ? { 'content-type': type } : {});
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 80)}: ${res.body}`).toBe(status);
      expect(errorOf(res).extensions.code, res.body).toBe(code);
    }
    const health = await call(t.app, 'GET', '/api/health');
    const get = await t.app.inject({ method: 'GET', url: '/graphql?query={__typename}', headers: { authorization: `Bearer ${tokens.maker}` } });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const ok = await post('maker', { query: '{ __typename }' });
    expect(ok.statusCode).toBe(200);
    for (const res of [ok, get, await post('anonymous', { query: '{ __typename }' })]) {
      expect(res.headers['content-security-policy']).toBe(health.headers['content-security-policy']);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // No GraphiQL page.
    expect((await t.app.inject({ method: 'GET', url: '/graphiql' })).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course, Tee } from '@golf/contract/api/courses';
import { GenerateResponse } from '@golf/contract/api/guide-generation';
import { Guide, GUIDE_PRODUCTS, GuidesResponse, productFreshness, type GuideProduct, type ProductFreshness } from '@golf/contract/api/guides';
import { Job } from '@golf/contract/api/jobs';
import { signInActors } from '../../../test/actors';
import { createTestCourse, sampleHoleDrawing } from '../../../test/courses';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';

type Actor = 'owner' | 'maker';

const ORIGIN: [number, number] = [9.5357, 55.7113];

// The guides list tells per product whether it is made, and whether the guide or one of its
// courses changed after it was made (inputs_changed_at against generated_at_*).
describe(`products: which products are out of date (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string>;
  let course: Course;
  let other: Course;
  let guideId: number;
  let otherGuideId: number;

  const req = (actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    call(t.app, method, `/api/clubs/${ids.dkClubId}/${path}`, { token: tokens[actor], payload });
  const okay = async (res: Awaited<ReturnType<typeof req>>, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return status === 204 ? null : (res.json() as unknown);
  };
  /** The guides as the list answers them, by id. */
  const listed = async () => new Map(GuidesResponse.parse(await okay(await req('maker', 'GET', 'guides'))).map((g) => [g.guide_id, g]));
  const single = async (id: number) => Guide.parse(await okay(await req('maker', 'GET', `guides/${id}`)));
  const freshness = (g: Guide) => Object.fromEntries(GUIDE_PRODUCTS.map((p) => [p, productFreshness(g, p)])) as Record<GuideProduct, ProductFreshness>;
  /** The digital guide's freshness in the list and in the single answer (they must agree). */
  const jsonState = async (id: number) => {
    const [fromList, fromGet] = [(await listed()).get(id)!, await single(id)];
    expect(fromGet.inputs_changed_at).toBe(fromList.inputs_changed_at);
    return productFreshness(fromList, 'json');
  };
  /** Makes the digital guide (the quickest product) and waits for its job, as the screen does. */
  const makeJson = async (id: number) => {
    const started = GenerateResponse.parse(await okay(await req('maker', 'POST', `guides/${id}/generate_json`), 202));
    for (let i = 0; i < 600; i++) {
      const job = Job.parse(await okay(await req('maker', 'GET', `events/jobs/${started.job_id}`)));
      if (job.state === 'completed') return;
      expect(job.state, job.error ?? '').not.toBe('failed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the digital guide was not made in time');
  };
  const tees = async (c: Course) => (await okay(await req('owner', 'GET', `tees?course_id=${c.id}`))) as Tee[];

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['owner'], {
      maker: { email: 'maker@example.com', password: 'maker-pw', clubRoles: { [ids.dkClubId]: ['products'] } },
    });
    course = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Fresh course', holes: 2, tees: [
      { name: 'Yellow', color: '#fbc02d' },
      { name: 'Red', color: '#d32f2f' },
      { name: 'Blue', color: '#1565c0' },
    ] });
    other = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Other course', holes: 1 });
    const create = async (title: string, c: Course) => Guide.parse(await okay(await req('maker', 'POST', 'guides', { title, course_ids: [c.id] }), 201)).guide_id;
    guideId = await create('Freshness guide', course);
    otherGuideId = await create('Untouched guide', other);
  });
  afterAll(() => t?.close());

  it('a new guide has every product missing; the list and the single answer say when its inputs last changed', async () => {
    const list = await listed();
    const guide = list.get(guideId)!;
    expect(freshness(guide)).toEqual({ json: 'missing', overview: 'missing', pdf: 'missing', tee_signs: 'missing', web_images: 'missing', green_drawings: 'missing' });
    // Created after its course: the guide's own time is the latest.
    expect(guide.inputs_changed_at).toBe(guide.updated_at);
    expect(Date.parse(guide.inputs_changed_at)).toBeGreaterThanOrEqual(Date.parse(course.updated_at));
    expect((await single(guideId)).inputs_changed_at).toBe(guide.inputs_changed_at);
  });

  it('a product made is current, the others stay missing', async () => {
    await makeJson(guideId);
    await makeJson(otherGuideId);
    const guide = (await listed()).get(guideId)!;
    expect(freshness(guide)).toEqual({ json: 'current', overview: 'missing', pdf: 'missing', tee_signs: 'missing', web_images: 'missing', green_drawings: 'missing' });
    expect(await jsonState(otherGuideId)).toBe('current');
  });

  it('is out of date after the guide is saved, current again once made again', async () => {
    const before = await single(guideId);
    const saved = Guide.parse(await okay(await req('maker', 'PUT', `guides/${guideId}`, { version: before.version, title: 'Freshness guide, renamed' })));
    expect(saved.inputs_changed_at).toBe(saved.updated_at);
    expect(await jsonState(guideId)).toBe('out_of_date');
    expect(await jsonState(otherGuideId)).toBe('current');
    await makeJson(guideId);
    expect(await jsonState(guideId)).toBe('current');
  });

  it('is out of date after a hole drawing of its course is saved (and only the guides on that course)', async () => {
    const saved = await req('owner', 'POST', `holes/${course.holes[0].id}/save_drawing`, { drawing: sampleHoleDrawing(ORIGIN) });
    await okay(saved);
    const after = (await listed()).get(guideId)!;
    expect(Date.parse(after.inputs_changed_at)).toBeGreaterThan(Date.parse(after.updated_at));
    expect(productFreshness(after, 'json')).toBe('out_of_date');
    expect(await jsonState(otherGuideId)).toBe('current');
    await makeJson(guideId);
    expect(await jsonState(guideId)).toBe('current');
  });

  it('is out of date after a hole, a tee or the course of its course changes, or a tee is deleted', async () => {
    const [yellow, red, blue] = await tees(course);
    const hole = course.holes[1];
    const changes: [string, () => Promise<unknown>][] = [
      ['a hole and its distances', async () => okay(await req('owner', 'PUT', `holes/${hole.id}`, { club_id: ids.dkClubId, par: 5, handicap: hole.handicap, pro_guideline: '', distances: [{ tee_id: yellow.id, distance: 455 }, { tee_id: red.id, distance: 410 }] }))],
      ['a tee', async () => okay(await req('owner', 'PUT', `tees/${red.id}`, { name: 'Rød', color: red.color }))],
      ['a tee deleted', async () => okay(await req('owner', 'DELETE', `tees/${blue.id}`), 204)],
      ['the course', async () => {
        const current = ((await okay(await req('owner', 'GET', 'courses'))) as Course[]).find((c) => c.id === course.id)!;
        const tee = await tees(course);
        return okay(await req('owner', 'PUT', `courses/${course.id}`, {
          name: 'Fresh course, renamed',
          holes: current.holes.map((h) => ({ id: h.id, name: h.name, par: h.par, handicap: h.handicap, pro_guideline: '', distances: tee.map((x) => ({ tee_id: x.id, distance: 350 })) })),
        }));
      }],
    ];
    for (const [what, change] of changes) {
      await change();
      expect(await jsonState(guideId), what).toBe('out_of_date');
      expect(await jsonState(otherGuideId), what).toBe('current');
      await makeJson(guideId);
      expect(await jsonState(guideId), `${what}, made again`).toBe('current');
    }
  });
});

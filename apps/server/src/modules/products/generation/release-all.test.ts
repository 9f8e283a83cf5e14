import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerateResponse, RELEASE_ALL_JOB_KIND, ReleaseResponse } from '@golf/contract/api/guide-generation';
import { generationInProgress, Guide, GuidesResponse } from '@golf/contract/api/guides';
import { Job } from '@golf/contract/api/jobs';
import * as schema from '../../../db/schema/index';
import { DEMO_GUIDE_TITLE } from '../../../seed/seed-products';
import { signInActors } from '../../../../test/actors';
import { createTestCourse } from '../../../../test/courses';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../../test/test-app';

/**
 * Release-all (issue 19): the call answers at once with ONE job, which queues the products of every
 * guide of the club; two calls at once queue the work once; and while the club's many products
 * wait, another club's job does not wait behind all of them (clubs take turns in the queue).
 */
describe(`products: release-all as one job, fair to other clubs (${testDatabaseKind})`, () => {
  const GUIDES = 20;
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<'maker' | 'swede' | 'admin', string>;
  let dkGuides: number[];
  let seGuide: Guide;

  const req = (as: 'maker' | 'swede', method: 'GET' | 'POST', path: string, payload?: unknown) =>
    call(t.app, method, `/api/clubs/${as === 'maker' ? ids.dkClubId : ids.seClubId}/${path}`, { token: tokens[as], payload });
  const job = async (as: 'maker' | 'swede', id: string) => {
    const res = await req(as, 'GET', `events/jobs/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return Job.parse(res.json());
  };
  const finished = async (as: 'maker' | 'swede', id: string, timeoutMs = 120_000) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const j = await job(as, id);
      if (j.state === 'completed' || j.state === 'failed') return j;
      if (Date.now() > end) throw new Error(`job ${id} did not finish: ${JSON.stringify(j)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** The Danish club's digital-guide jobs by state (pg-boss's rows joined with ours). */
  const dkJsonJobs = async () => {
    const { rows } = await t.database.pool.query<{ state: string; created_on: Date }>(
      `select j.state::text as state, j.created_on from jobs p join pgboss.job j on j.name = p.kind and j.id = p.id where p.club_id = $1 and p.kind = 'guide.json'`,
      [ids.dkClubId],
    );
    return rows;
  };
  const releaseAll = async () => {
    const res = await req('maker', 'POST', 'guides/release-all', { side_effects: ['json'] });
    expect(res.statusCode, res.body).toBe(202);
    return ReleaseResponse.parse(res.json());
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin'], {
      maker: { email: 'maker@example.com', password: 'maker-pw', clubRoles: { [ids.dkClubId]: ['products'] } },
      swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['products'] } },
    });
    // The Danish club: the demo guide and copies of it, GUIDES in all.
    const demo = GuidesResponse.parse((await req('maker', 'GET', 'guides')).json()).find((g) => g.title === DEMO_GUIDE_TITLE)!;
    for (let i = 1; i < GUIDES; i++) {
      const res = await req('maker', 'POST', `guides/${demo.guide_id}/copy`, { guide_id: demo.guide_id, title: `Copy ${i}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    dkGuides = GuidesResponse.parse((await req('maker', 'GET', 'guides')).json()).map((g) => g.guide_id);
    expect(dkGuides).toHaveLength(GUIDES);
    // The Swedish club: one guide.
    const course = await createTestCourse(t.app, tokens.admin, ids.seClubId, { name: 'Svensk bana', holes: 2 });
    const made = await req('swede', 'POST', 'guides', { title: 'Banguide', course_ids: [course.id] });
    expect(made.statusCode, made.body).toBe(201);
    seGuide = Guide.parse(made.json());
  });
  afterAll(() => t?.close());

  it("lets another club's job through while one club's release-all has many products waiting", async () => {
    const release = await releaseAll();
    expect(release.jobs).toEqual([]);
    // Its products are all queued once the release job is done.
    const queuedAll = await finished('maker', release.job_id!);
    expect(queuedAll.state, queuedAll.error ?? '').toBe('completed');
    expect(queuedAll.result).toMatchObject({ guides: GUIDES, queued: GUIDES, existing: 0 });

    // The Swedish club asks for one product now: behind all the Danish ones, first queued first
    // would finish it last.
    const res = await req('swede', 'POST', `guides/${seGuide.guide_id}/generate_json`);
    expect(res.statusCode, res.body).toBe(202);
    const swedish = await finished('swede', GenerateResponse.parse(res.json()).job_id);
    expect(swedish.state, swedish.error ?? '').toBe('completed');
    const danishDone = (await dkJsonJobs()).filter((j) => j.state === 'completed').length;
    expect(danishDone).toBeLessThan(GUIDES / 2);

    // And the Danish club's products all get made.
    const end = Date.now() + 180_000;
    while ((await dkJsonJobs()).some((j) => j.state !== 'completed' && j.state !== 'failed') && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 200));
    const states = (await dkJsonJobs()).map((j) => j.state);
    expect(states).toEqual(Array(GUIDES).fill('completed'));
  }, 300_000);

  it('answers at once with one job that queues the work, and two calls at once queue it once', async () => {
    const before = (await dkJsonJobs()).length;
    const [first, second] = await Promise.all([releaseAll(), releaseAll()]);
    // One job for both calls; the request queued nothing else.
    expect(second.job_id).toBe(first.job_id);
    expect([first.existing, second.existing].sort()).toEqual([false, true]);
    expect(first).toMatchObject({ jobs: [], side_effects: ['json'] });
    // Every guide shows its digital guide in progress from the answer on, before the job has queued it.
    const listed = GuidesResponse.parse((await req('maker', 'GET', 'guides')).json());
    expect(listed.filter((g) => generationInProgress(g, 'json'))).toHaveLength(GUIDES);
    const released = await job('maker', first.job_id!);
    expect(released).toMatchObject({ kind: RELEASE_ALL_JOB_KIND, clubId: ids.dkClubId, guideId: null });

    const done = await finished('maker', first.job_id!);
    expect(done.state, done.error ?? '').toBe('completed');
    expect(done.result).toMatchObject({ guides: GUIDES, products: ['json'] });
    // The products' jobs were queued by the release job, after it started: not in the request.
    const made = (await dkJsonJobs()).slice(0).sort((a, b) => a.created_on.getTime() - b.created_on.getTime()).slice(before);
    expect(made).toHaveLength(GUIDES);
    for (const j of made) expect(j.created_on.getTime()).toBeGreaterThanOrEqual(Date.parse(done.startedAt!));

    const end = Date.now() + 180_000;
    while ((await dkJsonJobs()).some((j) => j.state !== 'completed' && j.state !== 'failed') && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await dkJsonJobs()).filter((j) => j.state === 'completed')).toHaveLength(2 * GUIDES);
    const generated = await t.database.db
      .select({ id: schema.guides.id })
      .from(schema.guides)
      .where(and(eq(schema.guides.clubId, ids.dkClubId), isNotNull(schema.guides.generatedAtJson)));
    expect(generated.map((g) => g.id).sort()).toEqual([...dkGuides].sort());
  }, 300_000);
});

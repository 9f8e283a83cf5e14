import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@golf/contract/api/courses';
import { AppOrders, Guide, GUIDE_LIMITS } from '@golf/contract/api/guides';
import * as schema from '../../db/schema/index';
import { signInActors } from '../../../test/actors';
import { createTestCourse } from '../../../test/courses';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';

/**
 * A club has at most GUIDE_LIMITS.guides guides (issue 19): creating or copying one more is
 * refused with 409, counted in the transaction that inserts it, so guides made at the same time
 * cannot pass the cap together; and PUT app-orders, which lists every guide, takes a club at
 * the cap (the two limits are one number).
 */
describe(`products: the cap on a club's guides (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<'maker' | 'swede', string>;
  let course: Course;
  let seCourse: Course;
  let source: Guide;

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, as: 'maker' | 'swede' = 'maker', clubId = ids.dkClubId) =>
    call(t.app, method, `/api/clubs/${clubId}/${path}`, { token: tokens[as], payload });
  const create = (title: string) => req('POST', 'guides', { title, course_ids: [course.id] });
  const copy = (title: string) => req('POST', `guides/${source.guide_id}/copy`, { guide_id: source.guide_id, title });
  const guidesOfClub = async (clubId = ids.dkClubId) =>
    (await t.database.db.select({ n: count() }).from(schema.guides).where(eq(schema.guides.clubId, clubId)))[0].n;
  const full = new RegExp(`^A club can have at most ${GUIDE_LIMITS.guides} guides\\.`);

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    const signedIn = await signInActors(t, ['owner', 'admin'], {
      maker: { email: 'maker@example.com', password: 'maker-pw', clubRoles: { [ids.dkClubId]: ['products'] } },
      swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['products'] } },
    });
    tokens = signedIn;
    course = await createTestCourse(t.app, signedIn.owner, ids.dkClubId, { name: 'Cap course', holes: 2 });
    seCourse = await createTestCourse(t.app, signedIn.admin, ids.seClubId, { name: 'Svensk bana', holes: 1 });
    const made = await create('Source of the copies');
    expect(made.statusCode, made.body).toBe(201);
    source = Guide.parse(made.json());
    // The rest of the club's guides up to one below the cap, as rows (the API would take minutes).
    const [row] = await t.database.db.select().from(schema.guides).where(eq(schema.guides.id, source.guide_id));
    const missing = GUIDE_LIMITS.guides - 1 - (await guidesOfClub());
    await t.database.db.insert(schema.guides).values(
      Array.from({ length: missing }, (_, i) => ({ clubId: ids.dkClubId, title: `Filler ${i + 1}`, settings: row.settings, appOrder: row.appOrder + i + 1 })),
    );
    expect(await guidesOfClub()).toBe(GUIDE_LIMITS.guides - 1);
  });
  afterAll(() => t?.close());

  it('creates the last guide the cap allows, then refuses the next one, created or copied, with 409', async () => {
    const last = await create('Guide number 100');
    expect(last.statusCode, last.body).toBe(201);
    expect(await guidesOfClub()).toBe(GUIDE_LIMITS.guides);

    const created = await create('Guide number 101');
    expect(created.statusCode, created.body).toBe(409);
    expect(created.json().error).toMatch(full);
    const copied = await copy('Copy number 101');
    expect(copied.statusCode, copied.body).toBe(409);
    expect(copied.json().error).toMatch(full);
    expect(await guidesOfClub()).toBe(GUIDE_LIMITS.guides);

    // The cap is per club: the Swedish club still adds its guides.
    const swedish = await req('POST', 'guides', { title: 'Banguide', course_ids: [seCourse.id] }, 'swede', ids.seClubId);
    expect(swedish.statusCode, swedish.body).toBe(201);
  });

  it('saves the app order of a club with as many guides as the cap, and refuses a list longer than the cap', async () => {
    const current = AppOrders.parse((await req('GET', 'app-orders')).json());
    expect(current.orders).toHaveLength(GUIDE_LIMITS.guides);
    const reversed = [...current.orders].reverse().map((o, i) => ({ guide_id: o.guide_id, order: i + 1 }));
    const saved = await req('PUT', 'app-orders', { orders: reversed });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(AppOrders.parse(saved.json()).orders.map((o) => o.guide_id)).toEqual(reversed.map((o) => o.guide_id));

    const tooMany = await req('PUT', 'app-orders', { orders: [...reversed, { guide_id: 999_999, order: GUIDE_LIMITS.guides + 1 }] });
    expect(tooMany.statusCode).toBe(400);
  });

  it('lets only one of several guides made at once take the last place', async () => {
    // A filler goes: one place is free.
    const [filler] = await t.database.db.select({ id: schema.guides.id }).from(schema.guides).where(eq(schema.guides.title, 'Filler 1'));
    expect((await req('DELETE', `guides/${filler.id}`)).statusCode).toBe(204);
    expect(await guidesOfClub()).toBe(GUIDE_LIMITS.guides - 1);

    const answers = await Promise.all([copy('Race copy 1'), create('Race create 1'), copy('Race copy 2'), create('Race create 2')]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().error).toMatch(full);
    expect(await guidesOfClub()).toBe(GUIDE_LIMITS.guides);
  });
});

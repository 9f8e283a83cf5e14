import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { defaultHeatmapFilter, HEATMAP_FILTERS_MAX, SavedHeatmapFilter, type HeatmapFilter } from '@golf/contract/api/insights';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

type Actor = 'admin' | 'owner' | 'staff' | 'analyst' | 'colleague' | 'swede' | 'anonymous';

/** Heatmap filters saved by name: per signed-in user and club, unique names, a cap, 404 for anyone else's. */
describe(`saved heatmap filters (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;

  const FILTER: HeatmapFilter = defaultHeatmapFilter('2026-06-15');
  const GUESTS: HeatmapFilter = { ...FILTER, home: false, handicap: [20, 54], weekday: [0, 6], guides: [1], includeGametracks: true };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous'], {
      analyst: { email: 'analyst@example.com', password: 'analyst-pw', clubRoles: { [ids.dkClubId]: ['insights'], [ids.seClubId]: ['insights'] } },
      colleague: { email: 'colleague@example.com', password: 'colleague-pw', clubRoles: { [ids.dkClubId]: ['insights'] } },
      swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['insights'] } },
    });
  });
  afterAll(() => t?.close());

  const url = (clubId = ids.dkClubId, id?: number) => `/api/clubs/${clubId}/insights/heatmap-filters${id === undefined ? '' : `/${id}`}`;
  async function list(actor: Actor = 'analyst', clubId = ids.dkClubId) {
    const res = await call(t.app, 'GET', url(clubId), { token: tokens[actor] });
    expect(res.statusCode, res.body).toBe(200);
    return z.array(SavedHeatmapFilter).parse(res.json());
  }
  async function save(name: string, filter = FILTER, actor: Actor = 'analyst', clubId = ids.dkClubId) {
    const res = await call(t.app, 'POST', url(clubId), { token: tokens[actor], payload: { name, filter } });
    expect(res.statusCode, res.body).toBe(201);
    return SavedHeatmapFilter.parse(res.json());
  }

  it('saves, lists by name, loads, renames and deletes a filter', async () => {
    expect(await list()).toEqual([]);
    const guests = await save('  Guests at weekends ', GUESTS);
    expect(guests).toMatchObject({ name: 'Guests at weekends', filter: GUESTS });
    const all = await save('all of 2026');
    expect((await list()).map((f) => f.name)).toEqual(['all of 2026', 'Guests at weekends']);
    expect((await list()).find((f) => f.id === guests.id)?.filter).toEqual(GUESTS);

    const renamed = await call(t.app, 'PUT', url(ids.dkClubId, guests.id), { token: tokens.analyst, payload: { name: 'Weekend guests', filter: { ...GUESTS, male: false } } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(SavedHeatmapFilter.parse(renamed.json())).toMatchObject({ id: guests.id, name: 'Weekend guests', filter: { ...GUESTS, male: false } });
    // Saving under its own name again is fine.
    const same = await call(t.app, 'PUT', url(ids.dkClubId, guests.id), { token: tokens.analyst, payload: { name: 'Weekend guests', filter: GUESTS } });
    expect(same.statusCode, same.body).toBe(200);
    expect((await list()).map((f) => [f.name, f.filter])).toEqual([
      ['all of 2026', FILTER],
      ['Weekend guests', GUESTS],
    ]);

    const deleted = await call(t.app, 'DELETE', url(ids.dkClubId, all.id), { token: tokens.analyst });
    expect(deleted.statusCode).toBe(204);
    expect((await list()).map((f) => f.name)).toEqual(['Weekend guests']);
    expect((await call(t.app, 'DELETE', url(ids.dkClubId, all.id), { token: tokens.analyst })).statusCode).toBe(404);
  });

  it('refuses a name the user already gave a filter in the club (409), but not another user or club', async () => {
    const first = await save('Duplicate');
    const again = await call(t.app, 'POST', url(), { token: tokens.analyst, payload: { name: 'Duplicate', filter: FILTER } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'insights.filterNameTaken', params: { name: 'Duplicate' } });
    const other = await save('Other');
    const rename = await call(t.app, 'PUT', url(ids.dkClubId, other.id), { token: tokens.analyst, payload: { name: 'Duplicate', filter: FILTER } });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe('insights.filterNameTaken');
    // The same name by a colleague, and by the same user in another club.
    await save('Duplicate', FILTER, 'colleague');
    await save('Duplicate', FILTER, 'analyst', ids.seClubId);
    expect((await list()).filter((f) => f.name === 'Duplicate').map((f) => f.id)).toEqual([first.id]);
  });

  it("keeps each user's filters to themselves and to the club: another's id is not found", async () => {
    const mine = await save('Mine');
    expect((await list('colleague')).map((f) => f.name)).toEqual(['Duplicate']);
    expect((await list('analyst', ids.seClubId)).map((f) => f.name)).toEqual(['Duplicate']);
    for (const [actor, clubId] of [
      ['colleague', ids.dkClubId],
      ['analyst', ids.seClubId],
      ['swede', ids.seClubId],
    ] as const) {
      const put = await call(t.app, 'PUT', url(clubId, mine.id), { token: tokens[actor], payload: { name: 'Taken over', filter: FILTER } });
      expect(put.statusCode, `${actor} PUT`).toBe(404);
      expect(put.json().code).toBe('insights.filterNotFound');
      expect((await call(t.app, 'DELETE', url(clubId, mine.id), { token: tokens[actor] })).statusCode, `${actor} DELETE`).toBe(404);
    }
    // Another club's path without the role there: 403 before anything is looked up.
    expect((await call(t.app, 'PUT', url(ids.seClubId, mine.id), { token: tokens.colleague, payload: { name: 'x', filter: FILTER } })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url(ids.seClubId), { token: tokens.colleague })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url(), { token: tokens.staff })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', url(), { token: tokens.staff, payload: { name: 'Staff', filter: FILTER } })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url(), { token: tokens.anonymous })).statusCode).toBe(401);
    expect((await list()).find((f) => f.id === mine.id)).toMatchObject({ name: 'Mine', filter: FILTER });
  });

  it('refuses bad input with 400', async () => {
    const bad = async (method: 'POST' | 'PUT', payload: unknown, id?: number) => {
      const res = await call(t.app, method, url(ids.dkClubId, id), { token: tokens.analyst, payload });
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
    };
    const [existing] = await list();
    await bad('POST', { name: '', filter: FILTER });
    await bad('POST', { name: '   ', filter: FILTER });
    await bad('POST', { name: 'x'.repeat(81), filter: FILTER });
    await bad('POST', { name: 'a\u0000b', filter: FILTER });
    await bad('POST', { name: 'No filter' });
    await bad('POST', { name: 'Bad filter', filter: { ...FILTER, weekday: [8] } });
    await bad('POST', { name: 'Bad filter', filter: { ...FILTER, handicap: [30, 10] } });
    await bad('POST', { name: 'Bad filter', filter: { ...FILTER, datePlayed: ['2026-13-01', '2026-12-31'] } });
    await bad('POST', { name: 'Bad filter', filter: { ...FILTER, guides: [0] } });
    await bad('PUT', { name: 'Bad filter', filter: { ...FILTER, shottracked: -1 } }, existing.id);
    const notId = await call(t.app, 'PUT', `${url()}/abc`, { token: tokens.analyst, payload: { name: 'x', filter: FILTER } });
    expect(notId.statusCode).toBe(400);
    const missing = await call(t.app, 'PUT', url(ids.dkClubId, 999_999), { token: tokens.analyst, payload: { name: 'x', filter: FILTER } });
    expect(missing.statusCode).toBe(404);
  });

  it(`keeps at most ${HEATMAP_FILTERS_MAX} filters per user and club`, async () => {
    const existing = (await list('colleague')).length;
    // Up to the cap in one statement (the count is what matters), then one more through the API.
    const colleagueId = (await call(t.app, 'PUT', '/api/authenticated', { token: tokens.colleague })).json().id as number;
    await t.database.db.execute(sql`
      insert into heatmap_filters (club_id, user_id, name, filter)
      select ${ids.dkClubId}, ${colleagueId}, 'Filter ' || g, ${JSON.stringify(FILTER)}::jsonb
      from generate_series(1, ${HEATMAP_FILTERS_MAX - existing}) g`);
    expect(await list('colleague')).toHaveLength(HEATMAP_FILTERS_MAX);
    const over = await call(t.app, 'POST', url(), { token: tokens.colleague, payload: { name: 'One too many', filter: FILTER } });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'insights.filtersCapReached', params: { max: HEATMAP_FILTERS_MAX } });
    // Another user is not held by the colleague's cap.
    await save('Still possible');
  });
});

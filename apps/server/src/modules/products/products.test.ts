import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course } from '@golf/contract/api/courses';
import {
  AppOrders,
  defaultGuideSettings,
  Guide,
  GuideDataResponse,
  GuideOverridesResponse,
  GuidesResponse,
  OrgsCoursesTeesResponse,
  type GuideSettings,
} from '@golf/contract/api/guides';
import { DEMO_GUIDE_TITLE } from '../../seed/seed-products';
import { signInActors } from '../../../test/actors';
import { createTestCourse } from '../../../test/courses';
import { BAD_UPLOADS, fileForm, jpeg, png, postForm } from '../../../test/images';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';

type Actor = 'admin' | 'owner' | 'staff' | 'maker' | 'swede';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe(`products: course guides (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string>;
  let course: Course;
  let second: Course;
  let seCourse: Course;

  const req = (actor: Actor, method: Method, path: string, payload?: unknown, clubId = ids.dkClubId) =>
    call(t.app, method, `/api/clubs/${clubId}/${path}`, { token: tokens[actor], payload });
  const ok = async <T,>(res: Awaited<ReturnType<typeof req>>, status: number, parse: (v: unknown) => T): Promise<T> => {
    expect(res.statusCode, res.body).toBe(status);
    return parse(res.json());
  };
  const create = async (title: string, courseIds = [course.id], settings?: GuideSettings) =>
    ok(await req('maker', 'POST', 'guides', { title, course_ids: courseIds, ...(settings ? { settings } : {}) }), 201, (v) => Guide.parse(v));
  const get = async (id: number) => ok(await req('maker', 'GET', `guides/${id}`), 200, (v) => Guide.parse(v));
  const guideFiles = (guideId: number) => {
    const dir = join(t.filesDir, 'public/clubs', String(ids.dkClubId), 'guides', String(guideId));
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const upload = (actor: Actor, path: string, data: Buffer, filename = 'image.png', type = 'image/png', field = 'data') =>
    postForm(t.app, `/api/clubs/${ids.dkClubId}/${path}`, tokens[actor], fileForm(field, data, filename, type));

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff'], {
      maker: { email: 'maker@example.com', password: 'maker-pw', clubRoles: { [ids.dkClubId]: ['products'] } },
      swede: { email: 'swede@example.com', password: 'swede-pw', clubRoles: { [ids.seClubId]: ['products'] } },
    });
    course = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Guide course', holes: 4 });
    second = await createTestCourse(t.app, tokens.owner, ids.dkClubId, { name: 'Second course', holes: 2, tees: [{ name: 'Blue', color: '#1565c0' }] });
    seCourse = await createTestCourse(t.app, tokens.admin, ids.seClubId, { name: 'Svensk bana', holes: 1 });
  });
  afterAll(() => t?.close());

  it('lists the demo guide: ratings of every tee for men and women, markers on the par 4s and 5s, welcome and local rules', async () => {
    const list = await ok(await req('owner', 'GET', 'guides'), 200, (v) => GuidesResponse.parse(v));
    const demo = list.find((g) => g.title === DEMO_GUIDE_TITLE)!;
    expect(demo).toBeDefined();
    expect(demo.courses.map((c) => c.name)).toEqual(['Fjordvang Links']);
    expect(demo.ratings).toHaveLength(6);
    expect(demo.ratings.every((r) => r.course_rating > 60 && r.course_rating < 80 && r.slope >= 110 && r.slope <= 145)).toBe(true);
    expect(new Set(demo.ratings.map((r) => r.sex))).toEqual(new Set(['men', 'women']));
    const longHoles = demo.holes.filter((h) => h.par >= 4);
    expect(longHoles.length).toBeGreaterThan(10);
    for (const hole of longHoles) expect(demo.distances.find((d) => d.hole_id === hole.hole_id)?.distances).toEqual([100, 150, 200]);
    for (const hole of demo.holes.filter((h) => h.par === 3)) expect(demo.distances.find((d) => d.hole_id === hole.hole_id)).toBeUndefined();
    expect(demo.settings.welcome.text).toContain('Fjordvang Links');
    expect(demo.settings.local_rules.text).toContain('Out of bounds');
    expect(demo.settings.print.layout).toBe('pocket');
    expect(demo).toMatchObject({ version: 1, app_order: 1, icon_url: null, generated_at_pdf: null, requested_at_pdf: null });
  });

  it('creates a guide on the club’s courses with default settings, last in the app order (§4 save without guide_id)', async () => {
    const guide = await create('Pocket book', [second.id, course.id]);
    expect(guide).toMatchObject({ title: 'Pocket book', club_id: ids.dkClubId, version: 1, distances: [], ratings: [] });
    expect(guide.courses.map((c) => c.course_id)).toEqual([second.id, course.id]);
    expect(guide.holes.map((h) => h.hole_id)).toEqual([...second.holes, ...course.holes].map((h) => h.id));
    expect(guide.holes[0]).toMatchObject({ page: true, green: true, pin_chart: true, pro_guideline: true, override_image_url: null, length: 310 });
    expect(guide.settings).toEqual(defaultGuideSettings(6, 'Pocket book'));
    const orders = await ok(await req('maker', 'GET', 'app-orders'), 200, (v) => AppOrders.parse(v));
    expect(orders.orders.at(-1)).toEqual({ guide_id: guide.guide_id, order: orders.orders.length });
  });

  it('refuses unknown courses, another club’s course, bad titles and bad settings with clear messages', async () => {
    const base = defaultGuideSettings(6);
    const cases: [unknown, number, RegExp][] = [
      [{ title: 'X', course_ids: [999999] }, 404, /Course 999999 not found in this club/],
      [{ title: 'X', course_ids: [seCourse.id] }, 404, /not found in this club/],
      [{ title: '  ', course_ids: [course.id] }, 400, /Title is required/],
      [{ title: 'X', course_ids: [] }, 400, /Choose at least one course/],
      [{ title: 'X', course_ids: [course.id], settings: { ...base, print: { ...base.print, banner_colour: 'green' } } }, 400, /Colour must look like #RRGGBB/],
      [{ title: 'X', course_ids: [course.id], settings: { ...base, drawing_style_id: 999 } }, 400, /Unknown graphical theme/],
      [{ title: 'X', course_ids: [course.id], settings: { ...base, tee_ids: [second.holes[0].id + 100000] } }, 400, /is not a tee of the guide's courses/],
      [{ title: 'X', course_ids: [course.id], settings: { ...base, overview: { ...base.overview, course_id: second.id } } }, 400, /overview course must be one of the guide/],
      [{ title: 'X', course_ids: [course.id], settings: { ...base, sponsor_setup_id: 999_999 } }, 404, /Sponsor setup not found/],
      [{ title: 'X', course_ids: [course.id], settings: { ...base, pin_setup_id: 999_999 } }, 404, /Pin setup not found/],
      [{ title: 'X', course_ids: [course.id], settings: { ...base, language: 'fr' } }, 400, /language/],
      [{ title: 'X', course_ids: [course.id], settings: { ...base, print: { ...base.print, handicap_table: 'fancy' } } }, 400, /handicap_table/],
      [{ title: 'X\u0000', course_ids: [course.id] }, 400, /NUL/],
    ];
    for (const [body, status, message] of cases) {
      const res = await req('maker', 'POST', 'guides', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error, JSON.stringify(body)).toMatch(message);
    }
  });

  it('saves title, settings, ratings and hole toggles, each part whole, and refuses a stale version with 409', async () => {
    const guide = await create('Ratings book');
    const tees = (await req('owner', 'GET', 'tees')).json() as { id: number; course_id: number }[];
    const [yellow, red] = tees.filter((tee) => tee.course_id === course.id);
    const settings = { ...guide.settings, tee_ids: [red.id, yellow.id], print: { ...guide.settings.print, banner_colour: '#0A3D62', layout: 'a5' as const } };
    const ratings = [
      { tee_id: yellow.id, sex: 'men', course_rating: 71.2, slope: 128 },
      { tee_id: yellow.id, sex: 'women', course_rating: 73.4, slope: 131 },
      { tee_id: red.id, sex: 'women', course_rating: 70.1, slope: 122 },
    ];
    const holes = [{ hole_id: course.holes[1].id, page: true, green: false, pin_chart: false, pro_guideline: true }];
    const saved = await ok(await req('maker', 'PUT', `guides/${guide.guide_id}`, { version: 1, title: 'Ratings book 2', settings, ratings, holes }), 200, (v) => Guide.parse(v));
    expect(saved).toMatchObject({ title: 'Ratings book 2', version: 2 });
    expect(saved.settings.tee_ids).toEqual([red.id, yellow.id]);
    expect(saved.settings.print.banner_colour).toBe('#0A3D62');
    expect(saved.ratings).toEqual(expect.arrayContaining(ratings));
    expect(saved.ratings).toHaveLength(3);
    expect(saved.holes.find((h) => h.hole_id === course.holes[1].id)).toMatchObject({ green: false, pin_chart: false, page: true });
    expect(saved.holes.find((h) => h.hole_id === course.holes[0].id)).toMatchObject({ green: true, pin_chart: true });
    expect(await get(guide.guide_id)).toEqual(saved);

    const stale = await req('maker', 'PUT', `guides/${guide.guide_id}`, { version: 1, title: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/changed meanwhile/);
    expect((await get(guide.guide_id)).title).toBe('Ratings book 2');

    const secondTee = tees.find((tee) => tee.course_id === second.id)!;
    const bad: [unknown, number, RegExp][] = [
      [{ version: 2, ratings: [{ tee_id: secondTee.id, sex: 'men', course_rating: 70, slope: 120 }] }, 400, /not a tee of the guide's courses/],
      [{ version: 2, ratings: [{ tee_id: yellow.id, sex: 'men', course_rating: 71.25, slope: 120 }] }, 400, /one decimal/],
      [{ version: 2, ratings: [{ tee_id: yellow.id, sex: 'men', course_rating: 71, slope: 300 }] }, 400, /Slope is 55 to 155/],
      [{ version: 2, holes: [{ hole_id: second.holes[0].id, page: false, green: true, pin_chart: true, pro_guideline: true }] }, 400, /not a hole of the guide's courses/],
      [{ version: 2, settings: { ...settings, print: { ...settings.print, banner_colour: '#12345' } } }, 400, /Colour must look like #RRGGBB/],
      [{ version: 2, course_ids: [seCourse.id] }, 404, /not found in this club/],
    ];
    for (const [body, status, message] of bad) {
      const res = await req('maker', 'PUT', `guides/${guide.guide_id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toMatch(message);
    }
    expect((await get(guide.guide_id)).version).toBe(2);
  });

  it('saves the settings page (settings and title only) without a transaction: the whole answer, its checks, and one of two racing saves', async () => {
    const guide = await create('Settings page', [course.id, second.id]);
    const tees = (await req('owner', 'GET', 'tees')).json() as { id: number; course_id: number }[];
    const yellow = tees.find((tee) => tee.course_id === course.id)!;
    const blue = tees.find((tee) => tee.course_id === second.id)!;
    // Parts the settings page does not send, so the answer reads them beside the row.
    await ok(await req('maker', 'PUT', `guides/${guide.guide_id}`, { version: 1, ratings: [{ tee_id: blue.id, sex: 'men', course_rating: 68.5, slope: 119 }] }), 200, Guide.parse);
    await ok(await req('maker', 'POST', `guides/${guide.guide_id}/holes/${course.holes[0].id}/distance_markers`, [100, 150]), 200, Guide.parse);
    const settings = { ...guide.settings, tee_ids: [blue.id, yellow.id], overview: { ...guide.settings.overview, course_id: second.id } };
    const saved = await ok(await req('maker', 'PUT', `guides/${guide.guide_id}`, { version: 3, title: 'Settings page 2', settings }), 200, (v) => Guide.parse(v));
    expect(saved).toMatchObject({ title: 'Settings page 2', version: 4 });
    expect(saved.settings.tee_ids).toEqual([blue.id, yellow.id]);
    expect(saved.ratings).toHaveLength(1);
    expect(saved.distances).toEqual([{ hole_id: course.holes[0].id, distances: [100, 150] }]);
    expect(await get(guide.guide_id)).toEqual(saved);

    // What the settings name is checked as the transaction checks it; nothing is written.
    const seTee = (await req('admin', 'GET', 'tees', undefined, ids.seClubId)).json() as { id: number }[];
    const cases: [unknown, number, RegExp][] = [
      [{ ...settings, tee_ids: [seTee[0].id] }, 400, /not a tee of the guide's courses/],
      [{ ...settings, overview: { ...settings.overview, course_id: seCourse.id } }, 400, /overview course must be one of the guide/],
      [{ ...settings, drawing_style_id: 999_999 }, 400, /Unknown graphical theme/],
      [{ ...settings, sponsor_setup_id: 999_999 }, 404, /Sponsor setup not found/],
      [{ ...settings, pin_setup_id: 999_999 }, 404, /Pin setup not found/],
    ];
    for (const [body, status, message] of cases) {
      const res = await req('maker', 'PUT', `guides/${guide.guide_id}`, { version: 4, settings: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error, JSON.stringify(body)).toMatch(message);
    }
    // Another club's guide is not found, under either club's path.
    expect((await req('swede', 'PUT', `guides/${guide.guide_id}`, { version: 4, title: 'Taken' }, ids.seClubId)).statusCode).toBe(404);
    expect(await get(guide.guide_id)).toEqual(saved);

    // Two saves of the same version at once: one is written, the other is told the version that came first.
    const racing = await Promise.all(['Left', 'Right'].map((title) => req('maker', 'PUT', `guides/${guide.guide_id}`, { version: 4, title, settings })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = Guide.parse(racing.find((r) => r.statusCode === 200)!.json());
    expect(racing.find((r) => r.statusCode === 409)!.json().error).toMatch(/changed meanwhile/);
    expect(won.version).toBe(5);
    expect(await get(guide.guide_id)).toEqual(won);
  });

  it('drops what belonged to a course taken out of the guide', async () => {
    const guide = await create('Two courses', [course.id, second.id]);
    const tees = (await req('owner', 'GET', 'tees')).json() as { id: number; course_id: number }[];
    const blue = tees.find((tee) => tee.course_id === second.id)!;
    const yellow = tees.find((tee) => tee.course_id === course.id)!;
    const settings = { ...guide.settings, tee_ids: [yellow.id, blue.id], overview: { ...guide.settings.overview, course_id: second.id, course_ids: [course.id, second.id] } };
    await ok(
      await req('maker', 'PUT', `guides/${guide.guide_id}`, { version: 1, settings, ratings: [{ tee_id: blue.id, sex: 'men', course_rating: 68.5, slope: 119 }, { tee_id: yellow.id, sex: 'men', course_rating: 70.5, slope: 124 }] }),
      200,
      Guide.parse,
    );
    await ok(await req('maker', 'POST', `guides/${guide.guide_id}/holes/${second.holes[0].id}/distance_markers`, [100, 150]), 200, Guide.parse);
    const after = await ok(await req('maker', 'PUT', `guides/${guide.guide_id}`, { version: 3, course_ids: [course.id] }), 200, (v) => Guide.parse(v));
    expect(after.courses.map((c) => c.course_id)).toEqual([course.id]);
    expect(after.ratings.map((r) => r.tee_id)).toEqual([yellow.id]);
    expect(after.distances).toEqual([]);
    expect(after.settings.tee_ids).toEqual([yellow.id]);
    expect(after.settings.overview).toMatchObject({ course_id: null, course_ids: [course.id] });
  });

  it('sets a hole’s distance markers, sorted, and refuses negative, zero, huge, repeated or beyond-the-hole distances', async () => {
    const guide = await create('Markers');
    const hole = course.holes[0]; // 310 m from the yellow tee
    const path = `guides/${guide.guide_id}/holes/${hole.id}/distance_markers`;
    const saved = await ok(await req('maker', 'POST', path, [200, 100, 150]), 200, (v) => Guide.parse(v));
    expect(saved.distances).toEqual([{ hole_id: hole.id, distances: [100, 150, 200] }]);
    expect(saved.version).toBe(2);
    const cases: [unknown, RegExp][] = [
      [[-100], /at least 10 m/],
      [[0], /at least 10 m/],
      [[100.5], /whole number/],
      [[100000], /at most 600 m/],
      [[100, 100], /100 m is listed twice/],
      [[310], /closer to the green than the hole is long \(310 m\)/],
      [[350], /closer to the green than the hole is long/],
      [['100'], /whole number/],
      [{ distances: [100] }, /expected array/i],
    ];
    for (const [body, message] of cases) {
      const res = await req('maker', 'POST', path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatch(message);
    }
    expect((await get(guide.guide_id)).distances).toEqual([{ hole_id: hole.id, distances: [100, 150, 200] }]);
    // Holes not on the guide's courses, of another club, or unknown: 404.
    for (const holeId of [second.holes[0].id, seCourse.holes[0].id, 999999]) {
      const res = await req('maker', 'POST', `guides/${guide.guide_id}/holes/${holeId}/distance_markers`, [100]);
      expect(res.statusCode, String(holeId)).toBe(404);
      expect(res.json().error).toBe("Hole not found on the guide's courses");
    }
    // An empty list removes the hole's markers.
    expect((await ok(await req('maker', 'POST', path, []), 200, (v) => Guide.parse(v))).distances).toEqual([]);
  });

  it('uploads, replaces and removes the icon (checked by its bytes, re-encoded, cache-busted URL)', async () => {
    const guide = await create('Icon book');
    const first = await ok(await upload('maker', `guides/${guide.guide_id}/icon`, await png(300, 200)), 200, (v) => Guide.parse(v));
    expect(first.icon_file_name).toMatch(/^[0-9a-f-]+\.png$/);
    expect(first.icon_url).toBe(`/files/public/clubs/${ids.dkClubId}/guides/${guide.guide_id}/${first.icon_file_name}?v=${first.icon_file_name!.slice(0, 8)}`);
    const served = await t.app.inject({ method: 'GET', url: first.icon_url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const second = await ok(await upload('maker', `guides/${guide.guide_id}/icon`, await jpeg(120, 120), 'icon.jpg', 'image/jpeg'), 200, (v) => Guide.parse(v));
    expect(second.icon_url).not.toBe(first.icon_url);
    expect(guideFiles(guide.guide_id)).toEqual([second.icon_file_name]);
    const removed = await ok(await req('maker', 'DELETE', `guides/${guide.guide_id}/icon`), 200, (v) => Guide.parse(v));
    expect(removed.icon_url).toBeNull();
    expect(guideFiles(guide.guide_id)).toEqual([]);
  });

  it.each(BAD_UPLOADS.map((b) => [b.name, b] as const))('refuses %s as an icon with a clear message', async (_name, bad) => {
    const [guide] = (await ok(await req('maker', 'GET', 'guides'), 200, (v) => GuidesResponse.parse(v))).filter((g) => g.title === DEMO_GUIDE_TITLE);
    const res = await upload('maker', `guides/${guide.guide_id}/icon`, await bad.data(), bad.filename, bad.type);
    expect(res.statusCode).toBe(bad.status);
    expect(res.json().error).toMatch(bad.message);
    expect((await get(guide.guide_id)).icon_file_name).toBeNull();
  });

  it('sets a custom front page image and hole override images; overrides and guide data show them', async () => {
    const guide = await create('Overrides');
    const front = await ok(await upload('maker', `guides/${guide.guide_id}/front_page_image`, await jpeg(800, 1200), 'front.jpg', 'image/jpeg'), 200, (v) => Guide.parse(v));
    expect(front.front_page_image_url).toMatch(new RegExp(`^/files/public/clubs/${ids.dkClubId}/guides/${guide.guide_id}/.+\\.jpg\\?v=`));
    const hole = course.holes[2];
    const withOverride = await ok(await upload('maker', `guides/${guide.guide_id}/overrides/${hole.id}`, await png(400, 600)), 200, (v) => Guide.parse(v));
    const url = withOverride.holes.find((h) => h.hole_id === hole.id)!.override_image_url;
    expect(url).toMatch(/\?v=/);
    const overrides = await ok(await req('maker', 'GET', `guides/${guide.guide_id}/overrides`), 200, (v) => GuideOverridesResponse.parse(v));
    expect(Object.keys(overrides)).toEqual([String(hole.id)]);
    expect(overrides[String(hole.id)]).toMatchObject({ hole_id: hole.id, image_url: url });
    await ok(await req('maker', 'POST', `guides/${guide.guide_id}/holes/${hole.id}/distance_markers`, [150, 100]), 200, Guide.parse);
    const data = await ok(await req('maker', 'GET', `guides/${guide.guide_id}/data`), 200, (v) => GuideDataResponse.parse(v));
    expect(data.holes.map((h) => h.hole_id)).toEqual(course.holes.map((h) => h.id));
    expect(data.holes.find((h) => h.hole_id === hole.id)).toMatchObject({ par: 4, handicap: 3, drawing_data: { distances: [100, 150], override_image: url } });
    expect(data.holes[0].drawing_data).toEqual({ distances: [], override_image: null });

    // A hole of another course or club gets no override.
    const other = await upload('maker', `guides/${guide.guide_id}/overrides/${seCourse.holes[0].id}`, await png(40, 40));
    expect(other.statusCode).toBe(404);
    const removed = await ok(await req('maker', 'DELETE', `guides/${guide.guide_id}/overrides/${hole.id}`), 200, (v) => Guide.parse(v));
    expect(removed.holes.find((h) => h.hole_id === hole.id)!.override_image_url).toBeNull();
    expect(await ok(await req('maker', 'GET', `guides/${guide.guide_id}/overrides`), 200, (v) => GuideOverridesResponse.parse(v))).toEqual({});
    expect(guideFiles(guide.guide_id)).toEqual([front.front_page_image_url!.split('/').pop()!.split('?')[0]]);
  });

  it('copies a guide with its settings, ratings, markers, hole choices and its own copies of the images', async () => {
    const source = await create('Source book');
    const tees = (await req('owner', 'GET', 'tees')).json() as { id: number; course_id: number }[];
    const yellow = tees.find((tee) => tee.course_id === course.id)!;
    const settings = { ...source.settings, welcome: { title: 'Welcome', text: 'Enjoy the round', signature: 'The club' } };
    await ok(
      await req('maker', 'PUT', `guides/${source.guide_id}`, {
        version: 1,
        settings,
        ratings: [{ tee_id: yellow.id, sex: 'men', course_rating: 70.9, slope: 126 }],
        holes: [{ hole_id: course.holes[0].id, page: false, green: true, pin_chart: true, pro_guideline: false }],
      }),
      200,
      Guide.parse,
    );
    await ok(await req('maker', 'POST', `guides/${source.guide_id}/holes/${course.holes[1].id}/distance_markers`, [100, 150, 200]), 200, Guide.parse);
    await ok(await upload('maker', `guides/${source.guide_id}/icon`, await png(64, 64)), 200, Guide.parse);
    const before = await ok(await upload('maker', `guides/${source.guide_id}/overrides/${course.holes[0].id}`, await png(64, 96)), 200, (v) => Guide.parse(v));

    const mismatch = await req('maker', 'POST', `guides/${source.guide_id}/copy`, { guide_id: source.guide_id + 1, title: 'Copy' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toBe('guide_id does not match the guide of the path');
    const copy = await ok(await req('maker', 'POST', `guides/${source.guide_id}/copy`, { guide_id: source.guide_id, title: 'Copy of source' }), 201, (v) => Guide.parse(v));
    expect(copy.guide_id).not.toBe(source.guide_id);
    expect(copy).toMatchObject({ title: 'Copy of source', version: 1, settings: before.settings, ratings: before.ratings, distances: before.distances, generated_at_pdf: null });
    expect(copy.holes.map(({ override_image_url, ...h }) => ({ ...h, image: !!override_image_url }))).toEqual(before.holes.map(({ override_image_url, ...h }) => ({ ...h, image: !!override_image_url })));
    expect(copy.icon_url).not.toBe(before.icon_url);
    expect(guideFiles(copy.guide_id)).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: copy.icon_url! })).statusCode).toBe(200);

    // Deleting the source leaves the copy's files.
    expect((await req('maker', 'DELETE', `guides/${source.guide_id}`)).statusCode).toBe(204);
    expect(guideFiles(source.guide_id)).toEqual([]);
    expect(guideFiles(copy.guide_id)).toHaveLength(2);
    expect((await req('maker', 'POST', `guides/${source.guide_id}/copy`, { guide_id: source.guide_id, title: 'Again' })).statusCode).toBe(404);
  });

  it('reads and saves the app order of the club’s guides', async () => {
    const start = await ok(await req('maker', 'GET', 'app-orders'), 200, (v) => AppOrders.parse(v));
    expect(start.orders.map((o) => o.order)).toEqual(start.orders.map((_, i) => i + 1));
    const reversed = [...start.orders].reverse().map((o, i) => ({ guide_id: o.guide_id, order: (i + 1) * 10 }));
    const saved = await ok(await req('maker', 'PUT', 'app-orders', { orders: reversed }), 200, (v) => AppOrders.parse(v));
    expect(saved.orders.map((o) => o.guide_id)).toEqual(reversed.map((o) => o.guide_id));
    expect(saved.orders.map((o) => o.order)).toEqual(reversed.map((_, i) => i + 1));
    const list = await ok(await req('maker', 'GET', 'guides'), 200, (v) => GuidesResponse.parse(v));
    expect(list.map((g) => g.guide_id)).toEqual(reversed.map((o) => o.guide_id));

    const missing = await req('maker', 'PUT', 'app-orders', { orders: reversed.slice(1) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('List every guide of the club once');
    const unknown = await req('maker', 'PUT', 'app-orders', { orders: [...reversed.slice(1), { guide_id: 999999, order: 1 }] });
    expect(unknown.statusCode).toBe(404);
    const twice = await req('maker', 'PUT', 'app-orders', { orders: [...reversed, { ...reversed[0], order: 999 }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toMatch(/listed twice/);
  });

  it('deletes a guide and its files; a deleted or unknown guide answers 404', async () => {
    const guide = await create('Short-lived');
    await ok(await upload('maker', `guides/${guide.guide_id}/icon`, await png(50, 50)), 200, Guide.parse);
    expect(guideFiles(guide.guide_id)).toHaveLength(1);
    expect((await req('maker', 'DELETE', `guides/${guide.guide_id}`)).statusCode).toBe(204);
    expect(guideFiles(guide.guide_id)).toEqual([]);
    for (const [method, path] of [
      ['GET', `guides/${guide.guide_id}`],
      ['DELETE', `guides/${guide.guide_id}`],
      ['GET', `guides/${guide.guide_id}/overrides`],
      ['GET', `guides/${guide.guide_id}/data`],
    ] as const) {
      const res = await req('maker', method, path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error).toBe('Guide not found');
    }
    expect((await req('maker', 'PUT', `guides/${guide.guide_id}`, { version: 1, title: 'Gone' })).statusCode).toBe(404);
  });

  it('keeps each club’s guides to itself: another club’s guide id is 404 in one’s own club, another club’s path 403', async () => {
    const swedish = await ok(await req('swede', 'POST', 'guides', { title: 'Svensk guide', course_ids: [seCourse.id] }, ids.seClubId), 201, (v) => Guide.parse(v));
    for (const [method, path, body] of [
      ['GET', `guides/${swedish.guide_id}`, undefined],
      ['PUT', `guides/${swedish.guide_id}`, { version: 1, title: 'Taken' }],
      ['DELETE', `guides/${swedish.guide_id}`, undefined],
      ['POST', `guides/${swedish.guide_id}/copy`, { guide_id: swedish.guide_id, title: 'Taken' }],
      ['POST', `guides/${swedish.guide_id}/holes/${seCourse.holes[0].id}/distance_markers`, [100]],
      ['GET', `guides/${swedish.guide_id}/data`, undefined],
    ] as const) {
      const res = await req('maker', method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await req('maker', 'GET', 'guides', undefined, ids.seClubId)).statusCode).toBe(403);
    // Staff of the Danish club lack the products role (and communication, whose messages may target a guide's followers).
    const staff = await req('staff', 'GET', 'guides');
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error).toBe('This needs one of the roles products, communication in this club');
    expect((await req('staff', 'GET', `guides/${swedish.guide_id}`, undefined, ids.seClubId)).statusCode).toBe(403);
    const still = await ok(await req('swede', 'GET', `guides/${swedish.guide_id}`, undefined, ids.seClubId), 200, (v) => Guide.parse(v));
    expect(still.title).toBe('Svensk guide');
  });

  it('lists the rating organisations and their rated tees, grouped by org_id', async () => {
    const orgs = (await call(t.app, 'GET', '/api/orgs', { token: tokens.staff })).json() as { id: number; name: string; country_code: string }[];
    expect(orgs.map((o) => [o.name, o.country_code])).toEqual([
      ['Dansk Golf Union', 'dk'],
      ['Svenska Golfförbundet', 'se'],
    ]);
    const grouped = OrgsCoursesTeesResponse.parse((await call(t.app, 'GET', '/api/orgs-courses-tees', { token: tokens.staff })).json());
    expect(Object.keys(grouped).sort()).toEqual(orgs.map((o) => String(o.id)).sort());
    const dgu = grouped[String(orgs[0].id)];
    expect(dgu.every((tee) => tee.org_id === orgs[0].id)).toBe(true);
    expect(dgu.find((tee) => tee.tee_name === 'Gul' && tee.sex === 'men')).toMatchObject({ course_name: 'Fjordvang Links', course_rating: 70.6, slope: 127 });
    const one = OrgsCoursesTeesResponse.parse((await call(t.app, 'GET', `/api/orgs-courses-tees?org_id=${orgs[1].id}`, { token: tokens.staff })).json());
    expect(Object.keys(one)).toEqual([String(orgs[1].id)]);
    expect((await call(t.app, 'GET', '/api/orgs-courses-tees?org_id=x', { token: tokens.staff })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/orgs', { token: null })).statusCode).toBe(401);
  });
});

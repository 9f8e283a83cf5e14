import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ElementForEdit, GraphicsResponse } from '@golf/contract/api/graphics';
import { DrawingStyle } from '@golf/contract/api/clubs';
import { THEME_LIMITS, ThemeDetails } from '@golf/contract/api/themes';
import { CATALOGUE_DEFAULTS, CATALOGUE_THEME_VALUES, EL } from '@golf/contract/graphics-catalogue';
import * as schema from '../../db/schema/index';
import { buildTestApp, bearer, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';

/**
 * Themes (issue 26, /admin/themes): admins list them with their own values and what uses them,
 * make one from a parent (it stores only what it changes, the rest is inherited recursively),
 * rename it or give it another parent, set and reset its values, and delete one nothing uses. A
 * theme is a drawing style clubs and guides choose. Everyone else is refused; bad input is 4xx.
 */
describe(`themes (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Awaited<ReturnType<typeof actors>>;
  const actors = () => signInActors(t, ['admin', 'owner', 'staff', 'anonymous']);
  type Who = keyof typeof tokens;
  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

  const req = (who: Who, method: Method, url: string, payload?: unknown) => {
    if (method !== 'PATCH') return call(t.app, method, `/api/${url}`, { token: tokens[who], payload });
    const token = tokens[who];
    return t.app.inject({ method, url: `/api/${url}`, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  };
  async function ok<T>(res: Awaited<ReturnType<typeof req>>, status = 200): Promise<T> {
    expect(res.statusCode, res.body).toBe(status);
    return (status === 204 ? null : res.json()) as T;
  }
  const details = async () => z.array(ThemeDetails).parse(await ok(await req('admin', 'GET', 'graphics/themes/details')));
  const theme = async (name: string) => (await details()).find((d) => d.name === name)!;
  const create = async (body: unknown) => ThemeDetails.parse(await ok(await req('admin', 'POST', 'graphics/themes', body), 201));
  const refusal = async (res: Awaited<ReturnType<typeof req>>, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    return res.json() as { code: string; params?: Record<string, unknown>; details?: { path: string }[] };
  };
  /** The club's theme resolved by the server, as the editor and the guides read it. */
  const clubStyle = async (element: string) =>
    z.array(ElementForEdit).parse(await ok(await req('staff', 'GET', `graphics/elements-for-edit?club_id=${ids.dkClubId}`))).find((e) => e.name === element)!.style;
  const setClubStyle = async (drawingStyleId: number) => {
    await t.database.db.update(schema.clubs).set({ drawingStyleId }).where(eq(schema.clubs.id, ids.dkClubId));
  };
  const bunker = (value: string) => ({ elementName: EL.bunker, attributeName: 'fill colour', value });

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await actors();
  });
  afterAll(() => t?.close());

  it('refuses every call to a region owner, a club user (403) and no token (401)', async () => {
    const { id } = await theme('Classic');
    const calls: [Method, string, unknown?][] = [
      ['GET', 'graphics/themes/details'],
      ['POST', 'graphics/themes', { name: 'Refused', parentName: 'Standard' }],
      ['PATCH', `graphics/themes/${id}`, { name: 'Refused' }],
      ['PUT', `graphics/themes/${id}/values`, { values: [] }],
      ['DELETE', `graphics/themes/${id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await req('owner', method, url, body)).statusCode, `${method} ${url} owner`).toBe(403);
      expect((await req('staff', method, url, body)).statusCode, `${method} ${url} staff`).toBe(403);
      expect((await req('anonymous', method, url, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
    }
    // Nothing changed.
    expect((await details()).map((d) => d.name)).not.toContain('Refused');
    expect((await theme('Classic')).values).toHaveLength(2);
  });

  it('lists the built-in themes with their drawing style, own values and what uses them', async () => {
    const all = await details();
    expect(all.map((d) => d.name).sort()).toEqual(['Classic', 'High contrast', 'Minimal', 'Modern', 'Satellite', 'Standard']);
    const standard = all.find((d) => d.name === 'Standard')!;
    expect(standard).toMatchObject({ parentName: null, drawingStyleId: 1, values: [] });
    expect(standard.usage.children.sort()).toEqual(['Classic', 'High contrast', 'Minimal', 'Modern', 'Satellite']);
    const modern = all.find((d) => d.name === 'Modern')!;
    expect(modern.drawingStyleId).toBe(6);
    expect(modern.values).toHaveLength(CATALOGUE_THEME_VALUES.filter(([name]) => name === 'Modern').length);
    // The demo's clubs and its guide are drawn in Modern.
    const modernClubs = await t.database.db.select({ id: schema.clubs.id }).from(schema.clubs).where(eq(schema.clubs.drawingStyleId, 6));
    expect(modern.usage.clubs).toBe(modernClubs.length);
    expect(modernClubs.map((c) => c.id)).toContain(ids.dkClubId);
    expect(modern.usage.guides).toBeGreaterThanOrEqual(1);
  });

  it('makes a theme from a parent: it stores only its own values, inherits the rest recursively, and is a drawing style', async () => {
    const sea = await create({ name: '  Sea  ', parentName: 'Classic', values: [bunker('#12AB34')] });
    expect(sea).toMatchObject({ name: 'Sea', parentName: 'Classic', values: [{ elementName: EL.bunker, attributeName: 'fill colour', value: '#12ab34' }] });
    expect(sea.drawingStyleId).toBeGreaterThan(6);
    const styles = z.array(DrawingStyle).parse(await ok(await req('staff', 'GET', 'drawing_styles')));
    expect(styles).toContainEqual({ id: sea.drawingStyleId, name: 'Sea' });
    // The catalogue holds only the one value.
    const graphics = GraphicsResponse.parse(await ok(await req('staff', 'GET', 'graphics')));
    expect(graphics.themes).toContainEqual({ id: sea.id, name: 'Sea', parentName: 'Classic' });
    expect(graphics.themeAttributes.filter((v) => v.themeName === 'Sea')).toEqual([{ themeName: 'Sea', elementName: EL.bunker, attributeName: 'fill colour', value: '#12ab34' }]);

    // A club drawn in the new style sees its value, Classic's value and the defaults.
    await setClubStyle(sea.drawingStyleId!);
    expect((await clubStyle(EL.bunker))['fill colour']).toBe('#12ab34');
    expect((await clubStyle(EL.water))['fill colour']).toBe('#4f9fd9');
    expect((await clubStyle(EL.fairway))['fill colour']).toBe(CATALOGUE_DEFAULTS[EL.fairway]['fill colour']);
    // The parent's change is inherited at once; the child's own value still wins.
    const classic = await theme('Classic');
    await ok(await req('admin', 'PUT', `graphics/themes/${classic.id}/values`, {
      values: [...classic.values.filter((v) => v.elementName !== EL.bunker), { elementName: EL.fairway, attributeName: 'stroke width', value: '2.5' }, bunker('#000001')],
    }));
    expect((await clubStyle(EL.fairway))['stroke width']).toBe('2.5');
    expect((await clubStyle(EL.bunker))['fill colour']).toBe('#12ab34');

    // Reset the override: the inherited value shows again.
    const reset = ThemeDetails.parse(await ok(await req('admin', 'PUT', `graphics/themes/${sea.id}/values`, { values: [] })));
    expect(reset.values).toEqual([]);
    expect((await clubStyle(EL.bunker))['fill colour']).toBe('#000001');
    await ok(await req('admin', 'PUT', `graphics/themes/${classic.id}/values`, { values: classic.values }));
    await setClubStyle(6);
  });

  it('sets every kind of value: colours, width, opacity, line pattern and radius', async () => {
    const { id } = await create({ name: 'All kinds', parentName: 'Standard' });
    const values = [
      { elementName: EL.green, attributeName: 'stroke colour', value: '#ABCDEF' },
      { elementName: EL.green, attributeName: 'stroke width', value: '3.50' },
      { elementName: EL.trees, attributeName: 'opacity', value: '75' },
      { elementName: EL.path, attributeName: 'line dash', value: '12' },
      { elementName: EL.tree, attributeName: 'radius', value: '8' },
    ];
    const saved = ThemeDetails.parse(await ok(await req('admin', 'PUT', `graphics/themes/${id}/values`, { values })));
    expect(saved.values.map((v) => `${v.elementName}/${v.attributeName}=${v.value}`).sort()).toEqual(
      ['green/stroke colour=#abcdef', 'green/stroke width=3.5', 'trees/opacity=75', 'path/line dash=12', 'tree/radius=8'].sort(),
    );
  });

  it("sets and resets a point element's icon: a print symbol, inherited by the themes made from it", async () => {
    // The catalogue lists the attribute (seeded at every start, so older installations get it too).
    const graphics = GraphicsResponse.parse(await ok(await req('staff', 'GET', 'graphics')));
    expect(graphics.attributes.map((a) => [a.name, a.attributeUnitName])).toContainEqual(['icon', 'text']);

    const woods = await create({ name: 'Woods', parentName: 'Standard', values: [{ elementName: EL.tree, attributeName: 'icon', value: 'tree' }] });
    expect(woods.values).toEqual([{ elementName: EL.tree, attributeName: 'icon', value: 'tree' }]);
    const pines = await create({ name: 'Pines', parentName: 'Woods', values: [{ elementName: EL.distanceMarker, attributeName: 'icon', value: 'post' }] });
    await setClubStyle(pines.drawingStyleId!);
    // Inherited from the parent, and the child's own.
    expect((await clubStyle(EL.tree)).icon).toBe('tree');
    expect((await clubStyle(EL.distanceMarker)).icon).toBe('post');
    // The child's own icon wins over the parent's.
    await ok(await req('admin', 'PUT', `graphics/themes/${pines.id}/values`, { values: [...pines.values, { elementName: EL.tree, attributeName: 'icon', value: 'conifer' }] }));
    expect((await clubStyle(EL.tree)).icon).toBe('conifer');
    // Reset: the parent's icon again; reset there too: no icon (drawn as a circle).
    const reset = ThemeDetails.parse(await ok(await req('admin', 'PUT', `graphics/themes/${pines.id}/values`, { values: [] })));
    expect(reset.values).toEqual([]);
    expect((await clubStyle(EL.tree)).icon).toBe('tree');
    await ok(await req('admin', 'PUT', `graphics/themes/${woods.id}/values`, { values: [] }));
    expect((await clubStyle(EL.tree)).icon).toBeUndefined();
    expect((await clubStyle(EL.distanceMarker)).icon).toBeUndefined();
    // A bad icon is refused and changes nothing.
    const bad = await req('admin', 'PUT', `graphics/themes/${woods.id}/values`, { values: [{ elementName: EL.tree, attributeName: 'icon', value: 'palm' }] });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.body).toContain('Icon must be one of');
    expect((await theme('Woods')).values).toEqual([]);
    await setClubStyle(6);
    for (const { id } of [pines, woods]) await ok(await req('admin', 'DELETE', `graphics/themes/${id}`), 204);
  });

  it('refuses bad input with 400, never 500, and stores nothing', async () => {
    const { id } = await theme('Classic');
    const bad: unknown[] = [
      [bunker('red')],
      [bunker('#12345')],
      [{ elementName: EL.green, attributeName: 'stroke width', value: '99' }],
      [{ elementName: EL.green, attributeName: 'stroke width', value: '-1' }],
      [{ elementName: EL.green, attributeName: 'stroke width', value: 'NaN' }],
      [{ elementName: EL.trees, attributeName: 'opacity', value: '50.5' }],
      [{ elementName: EL.path, attributeName: 'line dash', value: '5' }],
      [{ elementName: EL.tree, attributeName: 'icon', value: 'palm' }],
      [{ elementName: EL.tree, attributeName: 'icon', value: 'Tree' }],
      [{ elementName: EL.tree, attributeName: 'icon', value: '' }],
      [{ elementName: EL.tree, attributeName: 'height', value: '3' }],
      [{ elementName: EL.green, attributeName: 'fill colour' }],
      [bunker('#123456'), bunker('#654321')],
      'not a list',
      Array.from({ length: THEME_LIMITS.values + 1 }, () => bunker('#123456')),
    ];
    for (const values of bad) expect((await req('admin', 'PUT', `graphics/themes/${id}/values`, { values })).statusCode, JSON.stringify(values).slice(0, 80)).toBe(400);
    const unknown = await refusal(await req('admin', 'PUT', `graphics/themes/${id}/values`, { values: [{ elementName: 'moat', attributeName: 'fill colour', value: '#123456' }] }), 400, 'themes.unknownElement');
    expect(unknown.details?.[0].path).toBe('values.0.elementName');
    expect((await theme('Classic')).values).toHaveLength(2);

    for (const body of [{}, { name: '' }, { name: 'x'.repeat(THEME_LIMITS.nameLength + 1), parentName: null }, { name: 'A\u0007b', parentName: null }, { name: 'No parent given' }, { name: 7, parentName: null }]) {
      expect((await req('admin', 'POST', 'graphics/themes', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    await refusal(await req('admin', 'POST', 'graphics/themes', { name: 'Orphan', parentName: 'Nowhere' }), 400, 'themes.parentNotFound');
    await refusal(await req('admin', 'POST', 'graphics/themes', { name: 'Classic', parentName: 'Standard' }), 409, 'themes.nameTaken');
    await refusal(await req('admin', 'POST', 'graphics/themes', { name: 'Bad values', parentName: 'Standard', values: [{ elementName: 'moat', attributeName: 'opacity', value: '5' }] }), 400, 'themes.unknownElement');
    expect((await details()).map((d) => d.name)).not.toContain('Bad values');

    expect((await req('admin', 'PATCH', `graphics/themes/${id}`, {})).statusCode).toBe(400);
    expect((await req('admin', 'PATCH', 'graphics/themes/abc', { name: 'X' })).statusCode).toBe(400);
    await refusal(await req('admin', 'PATCH', 'graphics/themes/999999', { name: 'X' }), 404, 'themes.notFound');
    await refusal(await req('admin', 'PUT', 'graphics/themes/999999/values', { values: [] }), 404, 'themes.notFound');
    await refusal(await req('admin', 'DELETE', 'graphics/themes/999999'), 404, 'themes.notFound');
  });

  it('renames a theme: its values, the themes made from it and its drawing style follow, clubs keep it', async () => {
    const parent = await create({ name: 'Lake', parentName: 'Standard', values: [bunker('#111111')] });
    const child = await create({ name: 'Lake child', parentName: 'Lake' });
    await setClubStyle(child.drawingStyleId!);
    expect((await clubStyle(EL.bunker))['fill colour']).toBe('#111111');

    await refusal(await req('admin', 'PATCH', `graphics/themes/${parent.id}`, { name: 'Classic' }), 409, 'themes.nameTaken');
    const renamed = ThemeDetails.parse(await ok(await req('admin', 'PATCH', `graphics/themes/${parent.id}`, { name: 'Pond' })));
    expect(renamed).toMatchObject({ name: 'Pond', drawingStyleId: parent.drawingStyleId, values: [bunker('#111111')], usage: { children: ['Lake child'] } });
    expect((await theme('Lake child')).parentName).toBe('Pond');
    const styles = z.array(DrawingStyle).parse(await ok(await req('staff', 'GET', 'drawing_styles')));
    expect(styles.find((s) => s.id === parent.drawingStyleId)?.name).toBe('Pond');
    expect((await clubStyle(EL.bunker))['fill colour']).toBe('#111111');

    // Another parent: never itself or a theme made from it.
    await refusal(await req('admin', 'PATCH', `graphics/themes/${parent.id}`, { parentName: 'Pond' }), 400, 'themes.parentCycle');
    await refusal(await req('admin', 'PATCH', `graphics/themes/${parent.id}`, { parentName: 'Lake child' }), 400, 'themes.parentCycle');
    await refusal(await req('admin', 'PATCH', `graphics/themes/${parent.id}`, { parentName: 'Nowhere' }), 400, 'themes.parentNotFound');
    const moved = ThemeDetails.parse(await ok(await req('admin', 'PATCH', `graphics/themes/${child.id}`, { parentName: 'Classic' })));
    expect(moved.parentName).toBe('Classic');
    expect((await clubStyle(EL.bunker))['fill colour']).toBe('#efe0b0');
    await setClubStyle(6);
  });

  it('deletes only a theme nothing uses, naming what uses it; never the drawings’ style', async () => {
    const standard = await theme('Standard');
    await refusal(await req('admin', 'DELETE', `graphics/themes/${standard.id}`), 409, 'themes.editStyle');

    const used = await create({ name: 'Used', parentName: 'Standard', values: [bunker('#222222')] });
    const child = await create({ name: 'Used child', parentName: 'Used' });
    // A theme made from it.
    const byChild = await refusal(await req('admin', 'DELETE', `graphics/themes/${used.id}`), 409, 'themes.inUse');
    expect(byChild.params).toMatchObject({ name: 'Used', clubs: 0, guides: 0, children: 1, names: 'Used child' });
    await ok(await req('admin', 'DELETE', `graphics/themes/${child.id}`), 204);
    // A club.
    await setClubStyle(used.drawingStyleId!);
    const byClub = await refusal(await req('admin', 'DELETE', `graphics/themes/${used.id}`), 409, 'themes.inUse');
    expect(byClub.params).toMatchObject({ clubs: 1, names: 'Fjordvang Golfklub' });
    expect((await theme('Used')).usage.clubs).toBe(1);
    await setClubStyle(6);
    // A guide.
    const db = t.database.db;
    const [guide] = await db.select({ id: schema.guides.id, settings: schema.guides.settings }).from(schema.guides).limit(1);
    await db.execute(sql`update guides set settings = jsonb_set(settings, '{drawing_style_id}', to_jsonb(${used.drawingStyleId}::int)) where id = ${guide.id}`);
    const byGuide = await refusal(await req('admin', 'DELETE', `graphics/themes/${used.id}`), 409, 'themes.inUse');
    expect(byGuide.params).toMatchObject({ clubs: 0, guides: 1 });
    expect((await theme('Used')).usage.guides).toBe(1);
    await db.update(schema.guides).set({ settings: guide.settings }).where(eq(schema.guides.id, guide.id));
    expect(await theme('Used')).toBeDefined();

    // Free: gone with its values and its drawing style.
    await ok(await req('admin', 'DELETE', `graphics/themes/${used.id}`), 204);
    expect((await details()).map((d) => d.name)).not.toContain('Used');
    const graphics = GraphicsResponse.parse(await ok(await req('staff', 'GET', 'graphics')));
    expect(graphics.themeAttributes.some((v) => v.themeName === 'Used')).toBe(false);
    const styles = z.array(DrawingStyle).parse(await ok(await req('staff', 'GET', 'drawing_styles')));
    expect(styles.some((s) => s.id === used.drawingStyleId)).toBe(false);
    await refusal(await req('admin', 'DELETE', `graphics/themes/${used.id}`), 404, 'themes.notFound');
  });

  it(`keeps at most ${THEME_LIMITS.themes} themes`, async () => {
    const count = (await details()).length;
    await t.database.db.insert(schema.graphicsThemes).values(Array.from({ length: THEME_LIMITS.themes - count }, (_, i) => ({ name: `Filler ${i}`, parentName: 'Standard' })));
    await refusal(await req('admin', 'POST', 'graphics/themes', { name: 'One too many', parentName: 'Standard' }), 409, 'themes.tooMany');
    await t.database.db.delete(schema.graphicsThemes).where(sql`${schema.graphicsThemes.name} like 'Filler %'`);
    await create({ name: 'Fits again', parentName: 'Standard' });
  });
});

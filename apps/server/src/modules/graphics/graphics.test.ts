import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { Attribute, ClubContextsResponse, Element, ElementForEdit, GEOMETRY_TYPES, GraphicsResponse } from '@golf/contract/api/graphics';
import {
  CATALOGUE_ATTRIBUTES,
  CATALOGUE_CONTEXTS,
  CATALOGUE_DEFAULTS,
  CATALOGUE_ELEMENTS,
  CATALOGUE_GROUPS,
  CATALOGUE_LAYERS,
  CATALOGUE_THEME_VALUES,
  CATALOGUE_THEMES,
  CATALOGUE_UNITS,
  EL,
} from '@golf/contract/graphics-catalogue';
import { clubs, graphicsElements, graphicsThemeAttributes } from '../../db/schema/index';
import { seedGraphics } from '../../seed/seed-graphics';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { createTestCourse, polygon, ring } from '../../../test/courses';

type Actor = 'admin' | 'owner' | 'staff' | 'anonymous';

describe(`graphics catalogue (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;
  const get = (path: string, actor: Actor = 'staff') => call(t.app, 'GET', `/api/${path}`, { token: tokens[actor] });
  const post = (path: string, payload: unknown, actor: Actor = 'admin') => call(t.app, 'POST', `/api/${path}`, { token: tokens[actor], payload });
  const forEdit = async (clubId: number) => {
    const res = await get(`graphics/elements-for-edit?club_id=${clubId}`);
    expect(res.statusCode, res.body).toBe(200);
    return new Map(z.array(ElementForEdit).parse(res.json()).map((e) => [e.name, e]));
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous']);
  });
  afterAll(() => t?.close());

  it('serves the seeded catalogue in one call and in parts, to any signed-in user', async () => {
    const res = await get('graphics');
    expect(res.statusCode).toBe(200);
    const all = GraphicsResponse.parse(res.json());
    expect(all.themes.map((x) => [x.name, x.parentName])).toEqual(CATALOGUE_THEMES);
    expect(all.groups.map((x) => x.name)).toEqual([...CATALOGUE_GROUPS]);
    expect(all.layers.map((x) => [x.name, x.zIndex])).toEqual(CATALOGUE_LAYERS);
    expect(all.elements.map((x) => [x.name, x.groupName, x.layerName, x.geometryType, x.shorthand])).toEqual(CATALOGUE_ELEMENTS);
    expect(all.attributeUnits.map((x) => x.name)).toEqual([...CATALOGUE_UNITS]);
    expect(all.attributes.map((x) => [x.name, x.attributeUnitName])).toEqual(CATALOGUE_ATTRIBUTES);
    expect(all.themeAttributes).toHaveLength(CATALOGUE_THEME_VALUES.length);
    expect(all.themeAttributes).toContainEqual({ themeName: 'Modern', elementName: EL.fairway, attributeName: 'fill colour', value: '#7cc95a' });
    expect(all.attributeGraphics).toHaveLength(Object.values(CATALOGUE_DEFAULTS).reduce((n, s) => n + Object.keys(s).length, 0));
    expect(all.attributeGraphics).toContainEqual({ elementName: EL.bunker, attributeName: 'fill colour', value: '#f3e3b3' });
    expect(all.geometryTypes).toEqual([...GEOMETRY_TYPES]);
    expect(all.contexts.map((c) => c.name).sort()).toEqual(CATALOGUE_CONTEXTS.map(([n]) => n).sort());
    expect(all.contexts.find((c) => c.name === 'pin-chart')!.elementNames).toContain(EL.tPoint);

    const parts: [string, unknown][] = [
      ['graphics/themes', all.themes],
      ['graphics/groups', all.groups],
      ['graphics/layers', all.layers],
      ['graphics/elements', all.elements],
      ['graphics/attributes', all.attributes],
      ['graphics/attribute-units', all.attributeUnits],
      ['graphics/theme-attributes', all.themeAttributes],
      ['graphics/attribute-graphics', all.attributeGraphics],
      ['graphics/contexts', all.contexts],
    ];
    for (const [path, expected] of parts) {
      const part = await get(path, 'owner');
      expect(part.statusCode, path).toBe(200);
      expect(part.json(), path).toEqual(expected);
      expect((await get(path, 'anonymous')).statusCode, path).toBe(401);
    }
  });

  it('seeding again neither duplicates rows nor overwrites what an administrator changed', async () => {
    const db = t.database.db;
    const modern = and(eq(graphicsThemeAttributes.themeName, 'Modern'), eq(graphicsThemeAttributes.elementName, EL.fairway), eq(graphicsThemeAttributes.attributeName, 'fill colour'));
    await db.update(graphicsThemeAttributes).set({ value: '#123456' }).where(modern);
    await db.update(graphicsElements).set({ shorthand: 'BK' }).where(eq(graphicsElements.name, EL.bunker));
    const before = GraphicsResponse.parse((await get('graphics')).json());
    await seedGraphics(db);
    const after = GraphicsResponse.parse((await get('graphics')).json());
    expect(after).toEqual(before);
    expect(after.themeAttributes).toContainEqual({ themeName: 'Modern', elementName: EL.fairway, attributeName: 'fill colour', value: '#123456' });
    expect(after.elements.find((e) => e.name === EL.bunker)!.shorthand).toBe('BK');
    await db.update(graphicsThemeAttributes).set({ value: '#7cc95a' }).where(modern);
    await db.update(graphicsElements).set({ shorthand: 'B' }).where(eq(graphicsElements.name, EL.bunker));
  });

  describe('elements-for-edit', () => {
    it("resolves each element's style: defaults, then the parent theme, then the club's theme", async () => {
      // The Danish club draws in style 6, 'Modern' (parent 'Standard').
      const db = t.database.db;
      await db.insert(graphicsThemeAttributes).values([
        { themeName: 'Standard', elementName: EL.tee, attributeName: 'fill colour', value: '#111111' },
        { themeName: 'Standard', elementName: EL.fairway, attributeName: 'fill colour', value: '#222222' },
      ]);
      const modern = await forEdit(ids.dkClubId);
      expect(modern.size).toBe(CATALOGUE_ELEMENTS.length);
      expect(modern.get(EL.fairway)).toMatchObject({ layerName: 'Fairway', zIndex: 20, geometryType: 'polygon', shorthand: 'F' });
      expect(modern.get(EL.fairway)!.style).toEqual({ ...CATALOGUE_DEFAULTS[EL.fairway], 'fill colour': '#7cc95a' });
      expect(modern.get(EL.tee)!.style['fill colour']).toBe('#111111');
      expect(modern.get(EL.bunker)!.style).toEqual(CATALOGUE_DEFAULTS[EL.bunker]);
      expect(modern.get(EL.label)!.zIndex).toBe(90);

      await db.update(clubs).set({ drawingStyleId: 2 }).where(eq(clubs.id, ids.dkClubId));
      const classic = await forEdit(ids.dkClubId);
      expect(classic.get(EL.bunker)!.style['fill colour']).toBe('#efe0b0');
      expect(classic.get(EL.fairway)!.style['fill colour']).toBe('#222222');
      const contexts = ClubContextsResponse.parse((await get(`graphics/contexts/${ids.dkClubId}`)).json());
      expect(contexts).toMatchObject({ drawingStyleId: 2, themeName: 'Classic' });
      expect(contexts.contexts.map((c) => c.name).sort()).toEqual(CATALOGUE_CONTEXTS.map(([n]) => n).sort());

      await db.update(clubs).set({ drawingStyleId: 6 }).where(eq(clubs.id, ids.dkClubId));
      await db.delete(graphicsThemeAttributes).where(eq(graphicsThemeAttributes.themeName, 'Standard'));
      expect(ClubContextsResponse.parse((await get(`graphics/contexts/${ids.dkClubId}`)).json())).toMatchObject({ drawingStyleId: 6, themeName: 'Modern' });
    });

    it("needs access to the club: 403 for another club's id, 404 for an unknown one, 400 without club_id", async () => {
      expect((await get(`graphics/elements-for-edit?club_id=${ids.seClubId}`, 'staff')).statusCode).toBe(403);
      expect((await get(`graphics/contexts/${ids.seClubId}`, 'staff')).statusCode).toBe(403);
      expect((await get('graphics/elements-for-edit?club_id=99999', 'admin')).statusCode).toBe(404);
      expect((await get('graphics/contexts/99999', 'admin')).statusCode).toBe(404);
      expect((await get('graphics/elements-for-edit', 'admin')).statusCode).toBe(400);
      expect((await get(`graphics/elements-for-edit?club_id=${ids.seClubId}`, 'admin')).statusCode).toBe(200);
      expect((await get(`graphics/elements-for-edit?club_id=${ids.dkClubId}`, 'anonymous')).statusCode).toBe(401);
    });
  });

  describe('admin changes', () => {
    it('adds an element to an existing group and layer; drawings may use it at once', async () => {
      const element = { name: 'ditch', groupName: 'Hazards', layerName: 'Hazards', geometryType: 'polygon', shorthand: 'DI' };
      const res = await post('graphics/elements', element);
      expect(res.statusCode, res.body).toBe(201);
      expect(Element.parse(res.json())).toMatchObject(element);
      expect(z.array(Element).parse((await get('graphics/elements')).json()).map((e) => e.name)).toContain('ditch');
      expect((await forEdit(ids.dkClubId)).get('ditch')).toMatchObject({ zIndex: 50, style: {} });

      const course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Ditched', holes: 1 });
      const drawing = { type: 'FeatureCollection', features: [polygon('d1', 'ditch', [ring([9.5357, 55.7113], [[0, 0], [5, 0], [5, 30], [0, 30]])])] };
      const saved = await call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/holes/${course.holes[0].id}/save_drawing`, { token: tokens.owner, payload: { drawing } });
      expect(saved.statusCode, saved.body).toBe(200);

      const duplicate = await post('graphics/elements', element);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().error).toBe('An element named ditch exists already');
    });

    const badElements: [string, object, number, RegExp][] = [
      ['an unknown layer', { layerName: 'Sky' }, 400, /Unknown layer/],
      ['an unknown group', { groupName: 'Mystery' }, 400, /Unknown group/],
      ['an unknown geometry type', { geometryType: 'circle' }, 400, /geometryType/],
      ['a shorthand of 7 characters', { shorthand: 'TOOLONG' }, 400, /at most 6/],
      ['no name', { name: '' }, 400, /required/],
    ];
    it.each(badElements)('refuses an element with %s', async (_label, change, status, message) => {
      const res = await post('graphics/elements', { name: 'pond', groupName: 'Hazards', layerName: 'Hazards', geometryType: 'polygon', shorthand: 'PO', ...change });
      expect(res.statusCode).toBe(status);
      expect(JSON.stringify(res.json())).toMatch(message);
      expect(z.array(Element).parse((await get('graphics/elements')).json()).map((e) => e.name)).not.toContain('pond');
    });

    it('adds an attribute with an existing unit; refuses unknown units and duplicates', async () => {
      const res = await post('graphics/attributes', { name: 'hatch angle', attributeUnitName: 'degrees' });
      expect(res.statusCode, res.body).toBe(201);
      expect(Attribute.parse(res.json())).toMatchObject({ name: 'hatch angle', attributeUnitName: 'degrees' });
      expect((await get('graphics/attributes')).json()).toContainEqual(res.json());
      const unknown = await post('graphics/attributes', { name: 'glow', attributeUnitName: 'lumen' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toBe('Unknown unit');
      expect((await post('graphics/attributes', { name: 'hatch angle', attributeUnitName: 'degrees' })).statusCode).toBe(409);
    });

    it('only administrators may change the catalogue', async () => {
      for (const actor of ['owner', 'staff'] as const) {
        expect((await post('graphics/elements', { name: 'moat', groupName: 'Hazards', layerName: 'Hazards', geometryType: 'polygon', shorthand: 'MO' }, actor)).statusCode).toBe(403);
        expect((await post('graphics/attributes', { name: 'shine', attributeUnitName: '%' }, actor)).statusCode).toBe(403);
      }
      expect((await post('graphics/elements', {}, 'anonymous')).statusCode).toBe(401);
      const names = z.array(Element).parse((await get('graphics/elements')).json()).map((e) => e.name);
      expect(names).not.toContain('moat');
    });
  });
});

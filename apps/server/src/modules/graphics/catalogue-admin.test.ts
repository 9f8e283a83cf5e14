// The graphics catalogue's administration (issue 26, /admin/elements): every call, its refusals, and
// the catalogue's rules applied by the hole editor's save and the course import at once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ImportPlan } from '@golf/contract/api/course-import';
import { Course } from '@golf/contract/api/courses';
import { Drawing } from '@golf/contract/api/drawings';
import { Attribute, AttributeGraphic, AttributeUnit, Element, ElementUsage, GraphicsResponse } from '@golf/contract/api/graphics';
import { CATALOGUE_RULES, EL } from '@golf/contract/graphics-catalogue';
import { catalogueRuleBreaches } from '@golf/contract/geo/catalogue-rules';
import { graphicsElements, holeDrawings } from '../../db/schema/index';
import { getElementRules } from './element-rules';
import { buildTestApp, call, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { createTestCourse, polygon, ring } from '../../../test/courses';
import { fileForm, postForm } from '../../../test/images';

type Actor = 'admin' | 'owner' | 'staff' | 'anonymous';
// Hand-made OSM XML: two holes, greens, a tee, a multipolygon fairway, a bunker and a pin.
const TWO_HOLES = readFileSync(join(import.meta.dirname, '../course-import/fixtures/two-holes.osm'));
const AUGUSTA = readFileSync(join(import.meta.dirname, '../../seed/data/augusta-national.geojson'));
const ORIGIN: [number, number] = [9.5357, 55.7113];

describe(`graphics catalogue administration (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let tokens: Record<Actor, string | null>;
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, actor: Actor = 'admin') =>
    call(t.app, method, `/api/${path}`, { token: tokens[actor], payload });
  const catalogue = async () => GraphicsResponse.parse((await api('GET', 'graphics', undefined, 'staff')).json());
  const element = async (name: string) => (await catalogue()).elements.find((e) => e.name === name)!;
  const rulesOf = (e: Element) => ({
    groupName: e.groupName,
    layerName: e.layerName,
    geometryType: e.geometryType,
    shorthand: e.shorthand,
    requiredAttributes: e.requiredAttributes,
    mustLieInside: e.mustLieInside,
    minAreaM2: e.minAreaM2,
    maxAreaM2: e.maxAreaM2,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    tokens = await signInActors(t, ['admin', 'owner', 'staff', 'anonymous']);
  });
  afterAll(() => t?.close());

  it("serves the seeded rules with every element, which the demo's drawings keep", async () => {
    const { elements } = await catalogue();
    const green = elements.find((e) => e.name === EL.green)!;
    expect(green).toMatchObject({ mustLieInside: EL.holeBoundary, minAreaM2: CATALOGUE_RULES[EL.green].minAreaM2, maxAreaM2: CATALOGUE_RULES[EL.green].maxAreaM2, requiredAttributes: [] });
    expect(elements.find((e) => e.name === EL.tree)).toMatchObject({ mustLieInside: null, minAreaM2: null, maxAreaM2: null, requiredAttributes: [] });
    // Every drawing of the demo (the generated Danish course, the imported ones) keeps them.
    const rules = await getElementRules(t.database.db);
    const drawings = await t.database.db.select({ holeId: holeDrawings.holeId, document: holeDrawings.document }).from(holeDrawings);
    expect(drawings.length).toBeGreaterThan(0);
    for (const d of drawings) expect(catalogueRuleBreaches(Drawing.parse(d.document), rules), `hole ${d.holeId}`).toEqual([]);
  });

  it('refuses every write and the usage to a region owner, a club user and no token (permission rows)', async () => {
    const bunker = await element(EL.bunker);
    const fill = (await catalogue()).attributes.find((a) => a.name === 'fill colour')!;
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown][] = [
      ['GET', 'graphics/elements/usage'],
      ['POST', 'graphics/elements', { name: 'moat', groupName: 'Hazards', layerName: 'Hazards', geometryType: 'polygon', shorthand: 'MO' }],
      ['PUT', `graphics/elements/${bunker.id}`, { ...rulesOf(bunker), shorthand: 'XX' }],
      ['DELETE', `graphics/elements/${bunker.id}`],
      ['POST', 'graphics/attribute-units', { name: 'lux' }],
      ['POST', 'graphics/attributes', { name: 'glow', attributeUnitName: '%' }],
      ['PUT', `graphics/attributes/${fill.id}`, { attributeUnitName: 'text' }],
      ['PUT', `graphics/elements/${bunker.id}/attribute-graphics/${fill.id}`, { value: '#000000' }],
      ['DELETE', `graphics/elements/${bunker.id}/attribute-graphics/${fill.id}`],
    ];
    for (const [method, path, payload] of calls) {
      for (const actor of ['owner', 'staff'] as const) {
        const res = await api(method, path, payload, actor);
        expect(res.statusCode, `${actor} ${method} ${path}`).toBe(403);
        expect(res.json().code).toBe('graphics.adminOnly');
      }
      expect((await api(method, path, payload, 'anonymous')).statusCode, `anonymous ${method} ${path}`).toBe(401);
    }
    const after = await catalogue();
    expect(after.elements.find((e) => e.name === EL.bunker)).toEqual(bunker);
    expect(after.attributeUnits.map((u) => u.name)).not.toContain('lux');
    expect(after.attributes.find((a) => a.name === 'fill colour')).toEqual(fill);
  });

  it('adds an element with its rules, changes them, and refuses rules that cannot be kept', async () => {
    const created = await api('POST', 'graphics/elements', {
      name: 'pond',
      groupName: 'Hazards',
      layerName: 'Hazards',
      geometryType: 'polygon',
      shorthand: 'PO',
      mustLieInside: EL.holeBoundary,
      minAreaM2: 20,
      maxAreaM2: 20000,
      requiredAttributes: ['height'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const pond = Element.parse(created.json());
    expect(pond).toMatchObject({ name: 'pond', mustLieInside: EL.holeBoundary, minAreaM2: 20, maxAreaM2: 20000, requiredAttributes: ['height'] });

    const changed = await api('PUT', `graphics/elements/${pond.id}`, { ...rulesOf(pond), groupName: 'Surroundings', layerName: 'Rough', shorthand: 'PD', requiredAttributes: [], maxAreaM2: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(Element.parse(changed.json())).toMatchObject({ id: pond.id, name: 'pond', groupName: 'Surroundings', layerName: 'Rough', shorthand: 'PD', requiredAttributes: [], maxAreaM2: null });
    expect(await element('pond')).toEqual(changed.json());
    // A point may become a line while nothing draws it, its area range cleared.
    const asLine = await api('PUT', `graphics/elements/${pond.id}`, { ...rulesOf(pond), geometryType: 'line', minAreaM2: null, maxAreaM2: null });
    expect(asLine.statusCode, asLine.body).toBe(200);

    const bad: [string, object, number, string][] = [
      ['an unknown attribute', { requiredAttributes: ['sparkle'] }, 400, 'adminElements.unknownAttribute'],
      ['an attribute twice', { requiredAttributes: ['height', 'height'] }, 400, 'request.invalid'],
      ['an unknown container', { mustLieInside: 'moon' }, 400, 'adminElements.unknownContainer'],
      ['a container that is not a polygon', { mustLieInside: EL.tree }, 400, 'adminElements.containerNotPolygon'],
      ['itself as container', { mustLieInside: 'pond' }, 400, 'adminElements.containerIsItself'],
      ['an area range on a line', { geometryType: 'line', minAreaM2: 5 }, 400, 'adminElements.areaNeedsPolygon'],
      ['a smallest area above the largest', { minAreaM2: 50, maxAreaM2: 10 }, 400, 'request.invalid'],
      ['a negative area', { minAreaM2: -1 }, 400, 'request.invalid'],
      ['an area of 1e12 m²', { maxAreaM2: 1e12 }, 400, 'request.invalid'],
      ['an unknown layer', { layerName: 'Sky' }, 400, 'graphics.unknownLayer'],
      ['an unknown group', { groupName: 'Mystery' }, 400, 'graphics.unknownGroup'],
      ['an unknown geometry type', { geometryType: 'circle' }, 400, 'request.invalid'],
      ['no shorthand', { shorthand: '' }, 400, 'request.invalid'],
    ];
    const before = await element('pond');
    for (const [label, change, status, code] of bad) {
      const res = await api('PUT', `graphics/elements/${pond.id}`, { ...rulesOf({ ...before, geometryType: 'polygon' }), ...change });
      expect(res.statusCode, label).toBe(status);
      if (code !== 'request.invalid') expect(res.json().code, label).toBe(code);
      expect(await element('pond'), label).toEqual(before);
    }
    const created2 = await api('POST', 'graphics/elements', { name: 'pool', groupName: 'Hazards', layerName: 'Hazards', geometryType: 'point', shorthand: 'PL', minAreaM2: 1 });
    expect(created2.statusCode).toBe(400);
    expect(created2.json().code).toBe('adminElements.areaNeedsPolygon');
    expect((await api('PUT', 'graphics/elements/999999', rulesOf(before))).statusCode).toBe(404);
    expect((await api('PUT', 'graphics/elements/abc', rulesOf(before))).statusCode).toBe(400);
    expect((await api('PUT', `graphics/elements/${pond.id}`, { ...rulesOf(before), name: 'renamed' })).statusCode).toBe(200);
    expect((await element('pond')).id).toBe(pond.id);
  });

  it('puts an element in the drawing contexts named, so the hole editor offers it at once', async () => {
    const inHole = async (name: string) => (await catalogue()).contexts.filter((c) => c.elementNames.includes(name)).map((c) => c.name).sort();
    const made = await api('POST', 'graphics/elements', { name: 'reed', groupName: 'Vegetation', layerName: 'Trees', geometryType: 'polygon', shorthand: 'RE', contexts: ['hole'] });
    expect(made.statusCode, made.body).toBe(201);
    const reed = Element.parse(made.json());
    expect(await inHole('reed')).toEqual(['hole']);
    expect((await api('PUT', `graphics/elements/${reed.id}`, { ...rulesOf(reed), contexts: ['hole', 'pin-chart'] })).statusCode).toBe(200);
    expect(await inHole('reed')).toEqual(['hole', 'pin-chart']);
    // Left out: unchanged.
    expect((await api('PUT', `graphics/elements/${reed.id}`, rulesOf(reed))).statusCode).toBe(200);
    expect(await inHole('reed')).toEqual(['hole', 'pin-chart']);
    const unknown = await api('PUT', `graphics/elements/${reed.id}`, { ...rulesOf(reed), contexts: ['kitchen'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('adminElements.unknownContext');
    expect(await inHole('reed')).toEqual(['hole', 'pin-chart']);
    const twice = await api('POST', 'graphics/elements', { name: 'reed 2', groupName: 'Vegetation', layerName: 'Trees', geometryType: 'polygon', shorthand: 'R2', contexts: ['kitchen'] });
    expect(twice.statusCode).toBe(400);
    expect((await catalogue()).elements.map((e) => e.name)).not.toContain('reed 2');
    const forEdit = (await api('GET', `graphics/elements-for-edit?club_id=${ids.dkClubId}`, undefined, 'staff')).json() as { name: string }[];
    expect(forEdit.map((e) => e.name)).toContain('reed');
    expect((await api('DELETE', `graphics/elements/${reed.id}`)).statusCode).toBe(204);
    expect(await inHole('reed')).toEqual([]);
  });

  it('applies a rule change at the next save of the hole editor, naming the feature and the rule', async () => {
    const course = await createTestCourse(t.app, tokens.owner!, ids.dkClubId, { name: 'Ruled', holes: 1 });
    const save = (drawing: unknown) => call(t.app, 'POST', `/api/clubs/${ids.dkClubId}/holes/${course.holes[0].id}/save_drawing`, { token: tokens.owner, payload: { drawing } });
    const boundary = polygon('hb', EL.holeBoundary, [ring(ORIGIN, [[0, 0], [200, 0], [200, 400], [0, 400]])]);
    const green = polygon('g1', EL.green, [ring(ORIGIN, [[80, 350], [110, 350], [110, 380], [80, 380]])]); // 900 m²
    const tee = polygon('t1', EL.tee, [ring(ORIGIN, [[90, 10], [100, 10], [100, 20], [90, 20]])]); // 100 m²
    const drawing = { type: 'FeatureCollection', features: [boundary, green, tee] };
    expect((await save(drawing)).statusCode).toBe(200);

    // The seeded rule: a green inside its hole boundary.
    const outside = polygon('g2', EL.green, [ring(ORIGIN, [[180, 350], [230, 350], [230, 380], [180, 380]])]);
    const refused = await save({ ...drawing, features: [boundary, tee, outside] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      {
        path: 'g2',
        message: "Green 'g2': the graphics catalogue requires it to lie inside the hole boundary",
        code: 'drawings.problem.mustLieInside',
        params: { element: EL.green, feature: 'g2', container: EL.holeBoundary },
      },
    ]);

    // An administrator raises the tee's smallest area: the same drawing is refused at once.
    const teeElement = await element(EL.tee);
    expect((await api('PUT', `graphics/elements/${teeElement.id}`, { ...rulesOf(teeElement), minAreaM2: 500 })).statusCode).toBe(200);
    const tooSmall = await save(drawing);
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().details).toHaveLength(1);
    expect(tooSmall.json().details[0].path).toBe('t1');
    expect(tooSmall.json().details[0].message).toMatch(/^Tee 't1': covers (99|100|101) m², less than the graphics catalogue's smallest tee \(500 m²\)$/);

    // A required attribute.
    expect((await api('PUT', `graphics/elements/${teeElement.id}`, { ...rulesOf(teeElement), requiredAttributes: ['rotation'] })).statusCode).toBe(200);
    const noRotation = await save(drawing);
    expect(noRotation.statusCode).toBe(400);
    expect(noRotation.json().details[0].message).toBe("Tee 't1': the graphics catalogue requires the attribute 'rotation'");
    const withRotation = { ...drawing, features: [boundary, green, { ...tee, properties: { element: EL.tee, attributes: { rotation: 45 } } }] };
    expect((await save(withRotation)).statusCode).toBe(200);

    expect((await api('PUT', `graphics/elements/${teeElement.id}`, rulesOf(teeElement))).statusCode).toBe(200);
    expect((await save(drawing)).statusCode).toBe(200);
    expect(Drawing.parse((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/holes/${course.holes[0].id}/drawing/1`, { token: tokens.owner })).json().drawing).features).toHaveLength(3);
  });

  it('applies the rules to the course import: an implausible element is left out and named per hole', async () => {
    const preview = () => postForm(t.app, `/api/clubs/${ids.dkClubId}/courses/import/preview`, tokens.owner, fileForm('data', TWO_HOLES, 'two-holes.osm', 'application/octet-stream'));
    const plain = ImportPlan.parse((await preview()).json());
    // The seeded rules keep the fixtures and the demo's real course (Augusta National, from OpenStreetMap).
    expect(plain.warnings.filter((w) => w.includes('graphics catalogue'))).toEqual([]);
    const augusta = await postForm(t.app, `/api/clubs/${ids.dkClubId}/courses/import/preview`, tokens.owner, fileForm('data', AUGUSTA, 'augusta-national.geojson', 'application/octet-stream'));
    expect(augusta.statusCode, augusta.body).toBe(200);
    expect(ImportPlan.parse(augusta.json()).warnings.filter((w) => w.includes('graphics catalogue'))).toEqual([]);
    const bunkers = plain.holes.reduce((n, h) => n + (h.counts[EL.bunker] ?? 0), 0);
    expect(bunkers).toBeGreaterThan(0);

    const bunker = await element(EL.bunker);
    expect((await api('PUT', `graphics/elements/${bunker.id}`, { ...rulesOf(bunker), minAreaM2: 1_000_000, maxAreaM2: null })).statusCode).toBe(200);
    try {
      const res = await preview();
      expect(res.statusCode, res.body).toBe(200);
      const plan = ImportPlan.parse(res.json());
      expect(plan.holes.every((h) => !h.counts[EL.bunker] && h.drawing.features.every((f) => f.properties.element !== EL.bunker))).toBe(true);
      const named = plan.warnings.filter((w) => /^Hole \d+: Bunker '.+': covers \d+ m², less than the graphics catalogue's smallest bunker \(1000000 m²\); it was left out\.$/.test(w));
      expect(named).toHaveLength(bunkers);

      const created = await postForm(t.app, `/api/clubs/${ids.dkClubId}/courses/import?name=Ruled%20import`, tokens.owner, fileForm('data', TWO_HOLES, 'two-holes.osm', 'application/octet-stream'));
      expect(created.statusCode, created.body).toBe(201);
      const course = Course.parse(created.json());
      for (const hole of course.holes) {
        const d = Drawing.parse((await call(t.app, 'GET', `/api/clubs/${ids.dkClubId}/holes/${hole.id}/drawing/1`, { token: tokens.owner })).json().drawing);
        expect(d.features.some((f) => f.properties.element === EL.bunker)).toBe(false);
        expect(d.features.length).toBeGreaterThan(0);
      }
    } finally {
      expect((await api('PUT', `graphics/elements/${bunker.id}`, rulesOf(bunker))).statusCode).toBe(200);
    }
  });

  it('tells how many holes draw each element, and refuses to delete or reshape one in use', async () => {
    const usage = z.array(ElementUsage).parse((await api('GET', 'graphics/elements/usage')).json());
    const greens = usage.find((u) => u.name === EL.green)!;
    expect(greens.holes).toBeGreaterThan(0);
    const green = await element(EL.green);
    const del = await api('DELETE', `graphics/elements/${green.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'adminElements.elementInUse', error: `green is drawn on ${greens.holes} hole(s); remove it from those drawings first` });
    const reshape = await api('PUT', `graphics/elements/${green.id}`, { ...rulesOf(green), geometryType: 'point', minAreaM2: null, maxAreaM2: null, mustLieInside: null });
    expect(reshape.statusCode).toBe(409);
    expect(reshape.json().code).toBe('adminElements.geometryInUse');
    expect(await element(EL.green)).toEqual(green);
  });

  it('deletes an element drawn nowhere with its graphics and its place in the contexts; refuses a container of others', async () => {
    const made = Element.parse(
      (await api('POST', 'graphics/elements', { name: 'island', groupName: 'Surroundings', layerName: 'Background', geometryType: 'polygon', shorthand: 'IS' })).json(),
    );
    const inner = Element.parse(
      (await api('POST', 'graphics/elements', { name: 'island hut', groupName: 'Surroundings', layerName: 'Hazards', geometryType: 'polygon', shorthand: 'IH', mustLieInside: 'island' })).json(),
    );
    const fill = (await catalogue()).attributes.find((a) => a.name === 'fill colour')!;
    expect((await api('PUT', `graphics/elements/${made.id}/attribute-graphics/${fill.id}`, { value: '#aabbcc' })).statusCode).toBe(200);
    await t.database.db.update(graphicsElements).set({ shorthand: 'IS' }).where(eq(graphicsElements.id, made.id));
    const contexts = (await catalogue()).contexts;
    expect(contexts.length).toBeGreaterThan(0);

    const refused = await api('DELETE', `graphics/elements/${made.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'adminElements.containerOfOthers', error: 'island is what island hut must lie inside; change their rules first' });
    const asPoint = await api('PUT', `graphics/elements/${made.id}`, { ...rulesOf(made), geometryType: 'point' });
    expect(asPoint.statusCode).toBe(409);
    expect(asPoint.json().code).toBe('adminElements.stillContainer');

    expect((await api('DELETE', `graphics/elements/${inner.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `graphics/elements/${made.id}`)).statusCode).toBe(204);
    const after = await catalogue();
    expect(after.elements.map((e) => e.name)).not.toContain('island');
    expect(after.attributeGraphics.filter((g) => g.elementName === 'island')).toEqual([]);
    expect((await api('DELETE', `graphics/elements/${made.id}`)).statusCode).toBe(404);
    // A context naming the element loses it.
    const hole = after.contexts.find((c) => c.name === 'hole')!;
    expect(hole.elementNames).not.toContain('island');
  });

  it('adds attribute units and changes an attribute unit; refuses duplicates and unknown units', async () => {
    const unit = await api('POST', 'graphics/attribute-units', { name: 'lux' });
    expect(unit.statusCode, unit.body).toBe(201);
    expect(AttributeUnit.parse(unit.json())).toMatchObject({ name: 'lux' });
    const again = await api('POST', 'graphics/attribute-units', { name: 'lux' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'adminElements.unitExists', error: 'A unit named lux exists already' });
    expect((await api('POST', 'graphics/attribute-units', { name: '  ' })).statusCode).toBe(400);
    expect((await api('POST', 'graphics/attribute-units', { name: 'x'.repeat(61) })).statusCode).toBe(400);

    const created = Attribute.parse((await api('POST', 'graphics/attributes', { name: 'glow', attributeUnitName: '%' })).json());
    const changed = await api('PUT', `graphics/attributes/${created.id}`, { attributeUnitName: 'lux' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(Attribute.parse(changed.json())).toEqual({ ...created, attributeUnitName: 'lux' });
    expect((await catalogue()).attributes).toContainEqual({ ...created, attributeUnitName: 'lux' });
    const unknown = await api('PUT', `graphics/attributes/${created.id}`, { attributeUnitName: 'candela' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('graphics.unknownUnit');
    expect((await api('PUT', 'graphics/attributes/999999', { attributeUnitName: 'lux' })).statusCode).toBe(404);
    expect((await api('PUT', `graphics/attributes/${created.id}`, {})).statusCode).toBe(400);
  });

  it("sets, changes and removes an element's default graphics, checked against the attribute's unit", async () => {
    const { attributes } = await catalogue();
    const fill = attributes.find((a) => a.name === 'fill colour')!;
    const width = attributes.find((a) => a.name === 'stroke width')!;
    const rotation = attributes.find((a) => a.name === 'rotation')!;
    const tree = await element(EL.tree);
    const path = (a: Attribute) => `graphics/elements/${tree.id}/attribute-graphics/${a.id}`;

    const set = await api('PUT', path(fill), { value: '#123abc' });
    expect(set.statusCode, set.body).toBe(200);
    expect(AttributeGraphic.parse(set.json())).toEqual({ elementName: EL.tree, attributeName: 'fill colour', value: '#123abc' });
    expect((await catalogue()).attributeGraphics).toContainEqual({ elementName: EL.tree, attributeName: 'fill colour', value: '#123abc' });
    // The hole editor's style of the element follows at once.
    const forEdit = (await api('GET', `graphics/elements-for-edit?club_id=${ids.dkClubId}`, undefined, 'staff')).json() as { name: string; style: Record<string, string> }[];
    expect(forEdit.find((e) => e.name === EL.tree)!.style['fill colour']).toBe('#123abc');

    expect((await api('PUT', path(rotation), { value: '30' })).statusCode).toBe(200);
    for (const [attribute, value] of [
      [fill, 'green'],
      [fill, '#12345'],
      [width, '-2'],
      [width, 'wide'],
      [rotation, '400'],
    ] as const) {
      const res = await api('PUT', path(attribute), { value });
      expect(res.statusCode, `${attribute.name} = ${value}`).toBe(400);
      expect(res.json().code).toBe('adminElements.badValue');
    }
    expect((await api('PUT', path(fill), { value: '' })).statusCode).toBe(400);
    expect((await api('PUT', path(fill), { value: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await api('PUT', `graphics/elements/999999/attribute-graphics/${fill.id}`, { value: '#000000' })).statusCode).toBe(404);
    expect((await api('PUT', `graphics/elements/${tree.id}/attribute-graphics/999999`, { value: '#000000' })).statusCode).toBe(404);

    expect((await api('DELETE', path(rotation))).statusCode).toBe(204);
    expect((await catalogue()).attributeGraphics.some((g) => g.elementName === EL.tree && g.attributeName === 'rotation')).toBe(false);
    const again = await api('DELETE', path(rotation));
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('adminElements.attributeGraphicNotFound');
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Element, GraphicsResponse } from '@golf/contract/api/graphics';
import { fakeApi, json } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { ElementsPage } from './components/elements-page';
import { elementBody, elementFormValues, filterElements, ruleNotes } from './utils/elements';

const el = (id: number, name: string, change: Partial<Element> = {}): Element => ({
  id,
  name,
  groupName: 'Hazards',
  layerName: 'Hazards',
  geometryType: 'polygon',
  shorthand: name.slice(0, 2).toUpperCase(),
  requiredAttributes: [],
  mustLieInside: null,
  minAreaM2: null,
  maxAreaM2: null,
  ...change,
});

const BOUNDARY = el(1, 'hole boundary', { groupName: 'Surroundings', layerName: 'Background', shorthand: 'HB' });
const GREEN = el(2, 'green', { groupName: 'Playing areas', layerName: 'Greens', mustLieInside: 'hole boundary', minAreaM2: 100, maxAreaM2: 6000 });
const BUNKER = el(3, 'bunker', { minAreaM2: 3 });
const TREE = el(4, 'tree', { groupName: 'Vegetation', layerName: 'Trees', geometryType: 'point', requiredAttributes: ['height'] });

const CATALOGUE: GraphicsResponse = {
  themes: [{ id: 1, name: 'Standard', parentName: null }],
  groups: ['Playing areas', 'Hazards', 'Vegetation', 'Surroundings'].map((name, i) => ({ id: i + 1, name })),
  layers: ['Background', 'Greens', 'Hazards', 'Trees'].map((name, i) => ({ id: i + 1, name, zIndex: i * 10 })),
  elements: [BOUNDARY, GREEN, BUNKER, TREE],
  attributes: [
    { id: 1, name: 'fill colour', attributeUnitName: 'colour' },
    { id: 2, name: 'height', attributeUnitName: 'm' },
  ],
  attributeUnits: [
    { id: 1, name: 'colour' },
    { id: 2, name: 'm' },
  ],
  themeAttributes: [{ themeName: 'Standard', elementName: 'bunker', attributeName: 'fill colour', value: '#f3e3b3' }],
  attributeGraphics: [
    { elementName: 'bunker', attributeName: 'fill colour', value: '#eeeeee' },
    { elementName: 'green', attributeName: 'fill colour', value: '#4caf50' },
  ],
  geometryTypes: ['line', 'point', 'polygon'],
  contexts: [
    { name: 'hole', elementNames: ['hole boundary', 'green', 'bunker', 'tree'] },
    { name: 'pin-chart', elementNames: ['green'] },
  ],
};

describe('catalogue utils', () => {
  it('filters by search (name, group, layer, shorthand) and by an attribute the default graphics set', () => {
    expect(filterElements(CATALOGUE.elements, 'veget', null, []).map((e) => e.name)).toEqual(['tree']);
    expect(filterElements(CATALOGUE.elements, '', 'fill colour', CATALOGUE.attributeGraphics).map((e) => e.name)).toEqual(['green', 'bunker']);
    expect(filterElements(CATALOGUE.elements, 'bun', 'fill colour', CATALOGUE.attributeGraphics).map((e) => e.name)).toEqual(['bunker']);
    expect(filterElements(CATALOGUE.elements, 'Grøn', null, [], (n) => (n === 'green' ? 'Grøn' : n)).map((e) => e.name)).toEqual(['green']);
  });

  it('turns the form into the body: no area range unless a polygon, empty fields as no bound, the contexts kept', () => {
    const values = elementFormValues(GREEN, CATALOGUE.contexts);
    expect(values).toMatchObject({ minAreaM2: '100', maxAreaM2: '6000', mustLieInside: 'hole boundary', contexts: ['hole', 'pin-chart'] });
    expect(elementBody({ ...values, maxAreaM2: '', minAreaM2: '12,5' })).toMatchObject({ minAreaM2: 12.5, maxAreaM2: null, contexts: ['hole', 'pin-chart'] });
    expect(elementBody({ ...values, geometryType: 'point' })).toMatchObject({ minAreaM2: null, maxAreaM2: null });
    expect(elementBody({ ...values, mustLieInside: '' }).mustLieInside).toBeNull();
    expect(elementFormValues(undefined, CATALOGUE.contexts).contexts).toEqual(['hole']);
  });

  it('sums up the rules of a row', () => {
    expect(ruleNotes(GREEN)).toEqual([
      { kind: 'inside', container: 'hole boundary' },
      { kind: 'area', min: 100, max: 6000 },
    ]);
    expect(ruleNotes(TREE)).toEqual([{ kind: 'attributes', names: 'height' }]);
    expect(ruleNotes(BOUNDARY)).toEqual([]);
  });
});

describe('ElementsPage', () => {
  const serve = () => {
    fakeApi.get('graphics', CATALOGUE);
    fakeApi.get('graphics/elements/usage', [{ name: 'green', holes: 18 }]);
  };

  it('lists the elements with their rules and use, and filters them by attribute', async () => {
    serve();
    renderRoutes([{ path: '/:clubId/admin/elements', element: <ElementsPage /> }], '/1/admin/elements');
    const rows = await screen.findAllByTestId('element-row');
    expect(rows).toHaveLength(4);
    const green = rows[1];
    expect(within(green).getByText('inside the Hole boundary · 100–6000 m²')).toBeTruthy();
    await waitFor(() => expect(within(green).getByText('Drawn on 18 holes')).toBeTruthy());
    expect(within(rows[3]).getByText('needs height')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Has a default value for' }));
    await userEvent.click(await screen.findByRole('option', { name: 'fill colour' }));
    await waitFor(() => expect(screen.getAllByTestId('element-row')).toHaveLength(2));
    expect(screen.getByRole('status').textContent).toBe('2 of 4 elements');
  });

  it('creates an element with its rules and the hole editor as its context', async () => {
    serve();
    fakeApi.post('graphics/elements', ({ body }) => json({ ...el(9, 'pond'), ...(body as object) }, 201));
    renderRoutes([{ path: '/:clubId/admin/elements', element: <ElementsPage /> }], '/1/admin/elements');
    await screen.findAllByTestId('element-row');
    await userEvent.click(screen.getByRole('button', { name: 'New element' }));
    const dialog = await screen.findByRole('dialog', { name: 'New element' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'pond');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Shorthand/ }), 'PO');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    // Group and layer are required: shown at their fields, nothing sent.
    expect(await within(dialog).findAllByText('Required')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Group/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hazards' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Layer/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hazards (order 20)' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Must lie inside/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hole boundary' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Smallest area (m²)' }), '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fakeApi.requests.some((r) => r.method === 'POST')).toBe(true));
    const sent = fakeApi.requests.find((r) => r.method === 'POST')!.body;
    expect(sent).toEqual({
      name: 'pond',
      groupName: 'Hazards',
      layerName: 'Hazards',
      geometryType: 'polygon',
      shorthand: 'PO',
      requiredAttributes: [],
      mustLieInside: 'hole boundary',
      minAreaM2: 20,
      maxAreaM2: null,
      contexts: ['hole'],
    });
    expect(await screen.findByText('pond was added to the catalogue')).toBeTruthy();
  });

  it('adds an attribute with its unit and a unit, each dialog refusing an empty name and showing a refusal', async () => {
    serve();
    fakeApi.post('graphics/attributes', ({ body }) => json({ id: 3, ...(body as object) }, 201));
    fakeApi.post('graphics/attribute-units', ({ body }) => json({ error: 'exists', code: 'adminElements.unitExists', params: { name: (body as { name: string }).name } }, 409));
    renderRoutes([{ path: '/:clubId/admin/elements', element: <ElementsPage /> }], '/1/admin/elements');
    await screen.findAllByTestId('element-row');
    await userEvent.click(screen.getByRole('tab', { name: 'Attributes and units' }));

    await userEvent.click(await screen.findByRole('button', { name: 'New attribute' }));
    const attribute = await screen.findByRole('dialog', { name: 'New attribute' });
    await userEvent.click(within(attribute).getByRole('button', { name: 'Create' }));
    expect(await within(attribute).findByText('Required')).toBeTruthy();
    expect(fakeApi.requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.type(within(attribute).getByRole('textbox', { name: /^Name/ }), 'lux level');
    await userEvent.click(within(attribute).getByRole('combobox', { name: /^Unit/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'm' }));
    await userEvent.click(within(attribute).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The attribute lux level was added')).toBeTruthy();
    expect(fakeApi.requests.find((r) => r.method === 'POST')!.body).toEqual({ name: 'lux level', attributeUnitName: 'm' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New attribute' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'New unit' }));
    const unit = await screen.findByRole('dialog', { name: 'New unit' });
    await userEvent.type(within(unit).getByRole('textbox', { name: /^Name/ }), 'm');
    await userEvent.click(within(unit).getByRole('button', { name: 'Create' }));
    // The server's refusal shows in the dialog, which stays open with what was typed.
    expect(await within(unit).findByText('A unit named m exists already')).toBeTruthy();
    expect(fakeApi.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ name: 'lux level', attributeUnitName: 'm' }, { name: 'm' }]);
    await userEvent.click(within(unit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New unit' })).toBeNull());
  });

  it('will not delete an element that holes draw, and says why', async () => {
    serve();
    renderRoutes([{ path: '/:clubId/admin/elements', element: <ElementsPage /> }], '/1/admin/elements');
    await screen.findAllByTestId('element-row');
    await waitFor(() => expect(screen.getByText('Drawn on 18 holes')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Delete Green' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Green?' });
    expect(within(dialog).getByText(/drawn on 18 holes, so it cannot be deleted/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

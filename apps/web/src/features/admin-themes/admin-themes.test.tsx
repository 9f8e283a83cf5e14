import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GraphicsResponse } from '@golf/contract/api/graphics';
import type { ThemeDetails } from '@golf/contract/api/themes';
import { CATALOGUE_ATTRIBUTES, CATALOGUE_ELEMENTS, CATALOGUE_GROUPS, CATALOGUE_UNITS, EL } from '@golf/contract/graphics-catalogue';
import { pageToSvg } from '@golf/contract/print/svg';
import { symbolPath } from '@golf/contract/print/symbols';
import { builtInCatalogue } from '@golf/contract/print/theme';
import { fakeApi, json } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { ThemesPage } from './components/themes-page';
import { ancestry, descendants, draftOf, resolveElement, valueKey, valuesOf, withDraft } from './utils/inheritance';
import { samplePage } from './utils/sample-hole';
import { themeTree } from './utils/tree';

/** The catalogue every installation starts with, as GET graphics answers it. */
function catalogue(): GraphicsResponse {
  const data = builtInCatalogue();
  return {
    themes: data.themes.map((t, i) => ({ id: i + 1, ...t })),
    groups: CATALOGUE_GROUPS.map((name, i) => ({ id: i + 1, name })),
    layers: data.layers.map((l, i) => ({ id: i + 1, ...l })),
    elements: CATALOGUE_ELEMENTS.map(([name, groupName, layerName, geometryType, shorthand], i) => ({ id: i + 1, name, groupName, layerName, geometryType, shorthand, requiredAttributes: [], mustLieInside: null, minAreaM2: null, maxAreaM2: null })),
    attributes: CATALOGUE_ATTRIBUTES.map(([name, attributeUnitName], i) => ({ id: i + 1, name, attributeUnitName })),
    attributeUnits: CATALOGUE_UNITS.map((name, i) => ({ id: i + 1, name })),
    themeAttributes: data.themeAttributes,
    attributeGraphics: data.attributeGraphics,
    geometryTypes: ['line', 'point', 'polygon'],
    contexts: [],
  } as GraphicsResponse;
}

function detailsOf(graphics: GraphicsResponse): ThemeDetails[] {
  return graphics.themes.map((t, i) => ({
    id: t.id,
    name: t.name,
    parentName: t.parentName,
    drawingStyleId: i + 1,
    values: graphics.themeAttributes.filter((v) => v.themeName === t.name).map(({ elementName, attributeName, value }) => ({ elementName, attributeName, value })),
    usage: { clubs: t.name === 'Modern' ? 2 : 0, guides: t.name === 'Modern' ? 1 : 0, children: graphics.themes.filter((c) => c.parentName === t.name).map((c) => c.name) },
  }));
}

/** The preview's fill colours of the page's paths. */
async function previewFills(): Promise<string[]> {
  const preview = await screen.findByTestId('theme-preview');
  await waitFor(() => expect(preview).toHaveAttribute('data-pending', 'false'));
  return [...preview.querySelectorAll('path')].map((p) => p.getAttribute('fill') ?? '').filter(Boolean);
}

function fake() {
  const graphics = catalogue();
  const state = { graphics, details: detailsOf(graphics) };
  fakeApi.get('graphics', () => state.graphics);
  fakeApi.get('graphics/themes/details', () => state.details);
  fakeApi.put('graphics/themes/:id/values', ({ params, body }) => {
    const theme = state.details.find((d) => d.id === Number(params.id))!;
    theme.values = (body as { values: ThemeDetails['values'] }).values;
    state.graphics = { ...state.graphics, themeAttributes: [...state.graphics.themeAttributes.filter((v) => v.themeName !== theme.name), ...theme.values.map((v) => ({ themeName: theme.name, ...v }))] };
    return theme;
  });
  return state;
}

describe('theme inheritance', () => {
  const data = catalogue();

  it('walks the parents, finds the themes made from one, and orders them as a tree', () => {
    const themes = [...data.themes, { id: 9, name: 'Sea', parentName: 'Classic' }];
    expect(ancestry(themes, 'Sea')).toEqual(['Sea', 'Classic', 'Standard']);
    expect([...descendants(themes, 'Standard')].sort()).toEqual(['Classic', 'High contrast', 'Minimal', 'Modern', 'Satellite', 'Sea']);
    expect([...descendants(themes, 'Classic')]).toEqual(['Sea']);
    expect(themeTree(themes).map(({ theme, depth }) => `${depth}:${theme.name}`)).toEqual(['0:Standard', '1:Classic', '2:Sea', '1:High contrast', '1:Minimal', '1:Modern', '1:Satellite']);
    // A cycle neither hangs nor loses a theme.
    expect(themeTree([{ name: 'A', parentName: 'B' }, { name: 'B', parentName: 'A' }]).map((x) => x.theme.name)).toEqual(['A', 'B']);
  });

  it('says where each value comes from: the theme, an ancestor, the default', () => {
    const themes = { ...data, themes: [...data.themes, { id: 9, name: 'Sea', parentName: 'Classic' }] };
    const draft = draftOf([{ elementName: EL.bunker, attributeName: 'stroke width', value: '3' }]);
    const bunker = resolveElement(themes, 'Sea', draft, EL.bunker);
    expect(bunker.find((r) => r.attributeName === 'stroke width')).toMatchObject({ value: '3', source: { kind: 'own' }, inherited: '1', inheritedSource: { kind: 'default' } });
    expect(bunker.find((r) => r.attributeName === 'fill colour')).toMatchObject({ value: '#efe0b0', source: { kind: 'theme', themeName: 'Classic' } });
    expect(bunker.find((r) => r.attributeName === 'radius')).toMatchObject({ value: undefined, source: { kind: 'none' } });
    expect(valuesOf(draft)).toEqual([{ elementName: EL.bunker, attributeName: 'stroke width', value: '3' }]);
  });

  it('draws the sample hole with the print renderer in the theme, the draft overriding the saved values', () => {
    const classic = pageToSvg(samplePage(data, 'Classic', 'en'));
    expect(classic).toContain('fill="#efe0b0"');
    const drafted = pageToSvg(samplePage(withDraft(data, 'Classic', new Map([[valueKey(EL.bunker, 'fill colour'), '#b71c1c']])), 'Classic', 'en'));
    expect(drafted).toContain('fill="#b71c1c"');
    expect(drafted).not.toContain('fill="#efe0b0"');
  });
});

/** A screen of `width` px as MUI's media queries see it (jsdom has no matchMedia). */
function screenWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return { matches: min ? width >= Number(min[1]) : false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false };
  }) as typeof window.matchMedia;
}

describe('/admin/themes', () => {
  const routes = [{ path: '/admin/themes', element: <ThemesPage /> }];
  const original = window.matchMedia;
  beforeEach(() => screenWidth(1280));
  afterEach(() => {
    window.matchMedia = original;
  });

  it('offers the themes as a choice on a narrow screen', async () => {
    screenWidth(390);
    fake();
    renderRoutes(routes, '/admin/themes');
    const choice = await screen.findByLabelText('Theme');
    expect(within(choice).getAllByRole('option').map((o) => o.textContent)).toEqual(['Standard', '\u00a0\u00a0Classic', '\u00a0\u00a0High contrast', '\u00a0\u00a0Minimal', '\u00a0\u00a0Modern', '\u00a0\u00a0Satellite']);
    expect(screen.getByTestId('theme-name')).toHaveTextContent('Standard');
    await userEvent.selectOptions(choice, '6');
    await waitFor(() => expect(screen.getByTestId('theme-name')).toHaveTextContent('Modern'));
  });

  it('lists the themes as a tree, edits a value with a live preview, saves it and resets it', async () => {
    const state = fake();
    renderRoutes(routes, '/admin/themes?theme=2');
    const nav = await screen.findByRole('navigation', { name: 'Themes' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'New theme',
      'StandardRoot theme',
      'ClassicMade from Standard',
      'High contrastMade from Standard',
      'MinimalMade from Standard',
      'ModernMade from Standard',
      'SatelliteMade from Standard',
    ]);
    expect(screen.getByTestId('theme-name')).toHaveTextContent('Classic');
    // Bunker is chosen first: its fill is Classic's own value.
    const fill = screen.getByLabelText('Fill colour');
    expect(fill).toHaveValue('#efe0b0');
    expect(screen.getByText(/would inherit #f3e3b3 \(The element's default\)/)).toBeInTheDocument();
    expect(await previewFills()).toContain('#efe0b0');

    fireEvent.change(fill, { target: { value: '#b71c1c' } });
    await waitFor(async () => expect(await previewFills()).toContain('#b71c1c'));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save values' }));
    await screen.findByText('The values of Classic were saved');
    const [put] = fakeApi.sent('PUT', '/api/graphics/themes/2/values');
    expect((put.body as { values: unknown[] }).values).toContainEqual({ elementName: EL.bunker, attributeName: 'fill colour', value: '#b71c1c' });

    // Reset: the inherited default shows, and the save leaves the value out.
    await userEvent.click(screen.getByRole('button', { name: 'Reset Fill colour to the inherited value' }));
    expect(screen.getByLabelText('Fill colour')).toHaveValue('#f3e3b3');
    expect(screen.getByLabelText('Fill colour')).toHaveAccessibleDescription("The element's default");
    await userEvent.click(screen.getByRole('button', { name: 'Save values' }));
    await waitFor(() => expect(fakeApi.sent('PUT')).toHaveLength(2));
    expect((fakeApi.sent('PUT')[1].body as { values: { elementName: string }[] }).values.some((v) => v.elementName === EL.bunker)).toBe(false);
    expect(state.details[1].values.some((v) => v.elementName === EL.bunker)).toBe(false);
  });

  it('picks a print symbol for a point element, shows it in the preview, saves it and resets it', async () => {
    fake();
    renderRoutes(routes, '/admin/themes?theme=2');
    const elementChoice = await screen.findByLabelText('Element');
    // A polygon, and a point the layout draws in its own shape, have no icon.
    expect(screen.queryByLabelText('Icon (print symbol)')).not.toBeInTheDocument();
    await userEvent.selectOptions(elementChoice, EL.pinPosition);
    expect(screen.queryByLabelText('Icon (print symbol)')).not.toBeInTheDocument();

    await userEvent.selectOptions(elementChoice, EL.tree);
    const picker = await screen.findByRole('combobox', { name: 'Icon (print symbol)' });
    // Nothing set anywhere: drawn as a circle, the renderer's standard.
    expect(picker).toHaveTextContent('Circle');
    expect(picker).toHaveAccessibleDescription("Not set: the renderer's standard");
    const shape = (d: string) => d.replace(/[^MLCZ]/g, '');
    const treeShape = shape(symbolPath('tree', 0, 0, 1));
    const previewShapes = async () => {
      const preview = await screen.findByTestId('theme-preview');
      await waitFor(() => expect(preview).toHaveAttribute('data-pending', 'false'));
      return [...preview.querySelectorAll('path')].map((p) => shape(p.getAttribute('d') ?? ''));
    };
    expect(await previewShapes()).not.toContain(treeShape);

    await userEvent.click(picker);
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Circle', 'Square', 'Diamond', 'Triangle', 'Star', 'Cross', 'Ring', 'Flag', 'Marker post', 'Tree', 'Conifer', 'Bush', 'Water drop', 'Sprinkler']);
    // Each drawn small beside its name, in the element's colours.
    expect(options[9].querySelector('svg path')).toHaveAttribute('fill', '#2e6b30');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Tree' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Icon (print symbol)' })).toHaveTextContent('Tree'));
    expect(screen.getByRole('combobox', { name: 'Icon (print symbol)' })).toHaveAccessibleDescription('Set in this theme');
    // The sample hole's three trees are drawn with the symbol.
    await waitFor(async () => expect((await previewShapes()).filter((s) => s === treeShape)).toHaveLength(3));

    await userEvent.click(screen.getByRole('button', { name: 'Save values' }));
    await screen.findByText('The values of Classic were saved');
    const [put] = fakeApi.sent('PUT', '/api/graphics/themes/2/values');
    expect((put.body as { values: unknown[] }).values).toContainEqual({ elementName: EL.tree, attributeName: 'icon', value: 'tree' });

    await userEvent.click(screen.getByRole('button', { name: 'Reset Icon (print symbol) to the inherited value' }));
    expect(screen.getByRole('combobox', { name: 'Icon (print symbol)' })).toHaveTextContent('Circle');
    await waitFor(async () => expect(await previewShapes()).not.toContain(treeShape));
  });

  it('refuses to save a number out of range, and asks before switching away from unsaved values', async () => {
    fake();
    renderRoutes(routes, '/admin/themes?theme=2');
    const width = await screen.findByLabelText('Stroke width (px)');
    await userEvent.clear(width);
    await userEvent.type(width, '99');
    expect(screen.getByText('A number from 0 to 20')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save values' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /^Minimal/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('theme-name')).toHaveTextContent('Classic');
    await userEvent.click(await screen.findByRole('button', { name: /^Minimal/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByTestId('theme-name')).toHaveTextContent('Minimal'));
  });

  it('makes a theme from a parent, and shows the refusal of a delete in the reader’s words', async () => {
    const state = fake();
    fakeApi.post('graphics/themes', ({ body }) => {
      const { name, parentName } = body as { name: string; parentName: string };
      const made: ThemeDetails = { id: 20, name, parentName, drawingStyleId: 20, values: [], usage: { clubs: 0, guides: 0, children: [] } };
      state.details = [...state.details, made];
      state.graphics = { ...state.graphics, themes: [...state.graphics.themes, { id: 20, name, parentName }] };
      return json(made, 201);
    });
    fakeApi.delete('graphics/themes/:id', () =>
      json({ error: 'in use', code: 'themes.inUse', params: { name: 'Modern', clubs: 2, guides: 1, children: 0, names: 'Fjordvang Golfklub, Ljungbacka Golfklubb' } }, 409),
    );
    renderRoutes(routes, '/admin/themes');
    await userEvent.click(await screen.findByRole('button', { name: 'New theme' }));
    const dialog = await screen.findByRole('dialog', { name: 'New theme' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Classic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('There is already a theme called Classic')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/Name/));
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Sea');
    await userEvent.selectOptions(within(dialog).getByLabelText('Made from'), 'Classic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByText('The theme Sea was created');
    expect(fakeApi.sent('POST')[0].body).toEqual({ name: 'Sea', parentName: 'Classic', values: [] });
    await waitFor(() => expect(screen.getByTestId('theme-name')).toHaveTextContent('Sea'));
    // Sea inherits Classic's bunker.
    expect(await screen.findByLabelText('Fill colour')).toHaveValue('#efe0b0');
    expect(screen.getByLabelText('Fill colour')).toHaveAccessibleDescription('Inherited from Classic');

    await userEvent.click(screen.getByRole('button', { name: /^Modern/ }));
    expect(screen.getByTestId('theme-usage')).toHaveTextContent('Used by 2 club(s), 1 guide(s) and 0 theme(s) made from it.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete the theme Modern?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The theme Modern is still used by 2 club(s), 1 guide(s) and 0 theme(s) made from it: Fjordvang Golfklub, Ljungbacka Golfklubb')).toBeInTheDocument();
  });
});

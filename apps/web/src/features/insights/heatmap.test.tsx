import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultHeatmapFilter, type GamesInsights, type HeatmapFilter, type HeatmapRequest, type HeatmapResponse, type SavedHeatmapFilter } from '@golf/contract/api/insights';
import { apiError, fakeApi, json, noContent } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import type { HeatmapMapProps } from './components/heatmap-map';
import { HEATMAP_DEBOUNCE_MS, HeatmapPage } from './components/heatmap-page';
import { todayIso } from './utils/dates';

// jsdom has no WebGL or canvas: the OpenLayers map is replaced; what the page gives it is checked instead.
const map = vi.hoisted(() => ({ props: null as HeatmapMapProps | null }));
vi.mock('./components/heatmap-map', async () => {
  const { useEffect } = await import('react');
  return {
    default: function FakeMap(props: HeatmapMapProps) {
      map.props = props;
      // As the real map does once it has fitted the course: the cell size of its scale.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      useEffect(() => props.onCellMetres(8), []);
      return <div data-testid="heatmap-map" />;
    },
  };
});

const TODAY = todayIso();

/** The games answer the heatmap reads the club's guides from. */
const guidesAnswer = (): GamesInsights => ({
  from: TODAY,
  to: TODAY,
  interval: 'week',
  round_goal_minutes: 255,
  guides: [{ id: 3, title: 'Fjordvang Guide' }],
  games: [],
  holes: [],
  round_time: { rounds: 0, average: null, median: null, p90: null, over_goal: null, histogram: [] },
  pace: [],
  downloads: [],
});
const COURSES = [
  { id: 5, name: 'Fjordvang Links', rounds: 3000, extent: [9.5, 55.7, 9.52, 55.72] as [number, number, number, number] },
  { id: 6, name: 'Par 3', rounds: 10, extent: null },
];

function response(request: HeatmapRequest, change: Partial<HeatmapResponse> = {}): HeatmapResponse {
  return {
    course_id: request.course_id,
    cell_metres: request.cell_metres,
    cells: request.compare ? [9.51, 55.71, 0.8, 9.512, 55.712, -0.4] : [9.51, 55.71, 1, 9.511, 55.711, 0.25],
    rounds: request.filter.female ? 1200 : 700,
    positions: 45000,
    compare_rounds: request.compare ? 300 : null,
    compare_positions: request.compare ? 9000 : null,
    hidden_cells: 12,
    truncated: false,
    ...change,
  };
}

/** The heatmap's routes: the courses, the guides (through a day's games answer), the binning and the saved filters. */
function heatmapServer(initial: SavedHeatmapFilter[] = []) {
  let saved = [...initial];
  let next = 40;
  fakeApi.get('clubs/1/insights/heatmap-courses', COURSES);
  fakeApi.get('clubs/1/insights/games', guidesAnswer);
  fakeApi.get('clubs/1/courses', apiError(403, 'This needs the courses role in this club'));
  fakeApi.get('graphics/elements-for-edit', []);
  fakeApi.post('clubs/1/insights/heatmap', ({ body }) => response(body as HeatmapRequest));
  fakeApi.get('clubs/1/insights/heatmap-filters', () => saved);
  fakeApi.post('clubs/1/insights/heatmap-filters', ({ body }) => {
    const { name, filter } = body as { name: string; filter: HeatmapFilter };
    if (saved.some((s) => s.name === name)) return json({ error: `A saved filter is already called ${name}`, code: 'insights.filterNameTaken', params: { name } }, 409);
    const made = { id: next++, name, filter, updated_at: '2030-01-01T00:00:00.000Z' };
    saved = [...saved, made];
    return json(made, 201);
  });
  fakeApi.put('clubs/1/insights/heatmap-filters/:id', ({ params, body }) => {
    const id = Number(params.id);
    saved = saved.map((s) => (s.id === id ? { ...s, ...(body as object) } : s));
    return saved.find((s) => s.id === id);
  });
  fakeApi.delete('clubs/1/insights/heatmap-filters/:id', ({ params }) => {
    saved = saved.filter((s) => s.id !== Number(params.id));
    return noContent();
  });
}

const heatmapPage = () => renderRoutes([{ path: '/:clubId/insights/heatmap', element: <HeatmapPage /> }], '/1/insights/heatmap');
const heatmapBodies = () => fakeApi.sent('POST', /insights\/heatmap$/).map((r) => r.body as HeatmapRequest);

describe('<HeatmapPage>', { timeout: 30_000 }, () => {
  afterEach(() => {
    map.props = null;
  });

  it('bins the busiest course with the §9 defaults and hands the cells to the map with the counts', async () => {
    heatmapServer();
    heatmapPage();
    await waitFor(() => expect(heatmapBodies()).toHaveLength(1));
    expect(heatmapBodies()[0]).toEqual({ course_id: 5, cell_metres: 8, filter: defaultHeatmapFilter(TODAY) });
    await waitFor(() => expect(map.props?.cells).toEqual([9.51, 55.71, 1, 9.511, 55.711, 0.25]));
    expect(map.props?.extent).toEqual(COURSES[0].extent);
    expect(map.props?.compare).toBe(false);
    expect(screen.getByTestId('count-rounds')).toHaveTextContent('1,200');
    expect(screen.getByTestId('count-positions')).toHaveTextContent('45,000');
    expect(screen.getByTestId('count-hidden')).toHaveTextContent('12');
    expect(screen.getByText(/Areas with fewer than 3 players are not shown/)).toBeInTheDocument();
    // The §9 defaults in the form.
    const form = screen.getByTestId('heatmap-filter-form');
    expect(within(form).getByRole('checkbox', { name: 'Women' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Show shots' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Show game tracks' })).not.toBeChecked();
    expect(within(form).getByText('Points: 18 – 54')).toBeInTheDocument();
    expect(within(form).getByText('Strokes in the round: 36 – 108')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Sun' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks again once the filters rest, with the changed filter, and a zoom changes the cell size', async () => {
    heatmapServer();
    heatmapPage();
    await waitFor(() => expect(heatmapBodies()).toHaveLength(1));
    const form = screen.getByTestId('heatmap-filter-form');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Women' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Sun' }));
    // Both changes within the debounce: one request.
    await waitFor(() => expect(heatmapBodies()).toHaveLength(2), { timeout: HEATMAP_DEBOUNCE_MS * 5 });
    expect(heatmapBodies()[1].filter).toEqual({ ...defaultHeatmapFilter(TODAY), female: false, weekday: [1, 2, 3, 4, 5, 6] });
    await waitFor(() => expect(screen.getByTestId('count-rounds')).toHaveTextContent('700'));
    map.props!.onCellMetres(16);
    await waitFor(() => expect(heatmapBodies().at(-1)?.cell_metres).toBe(16));
  });

  it('compares members against guests: both sets are sent and the map draws the difference', async () => {
    heatmapServer();
    heatmapPage();
    await waitFor(() => expect(heatmapBodies()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Members vs guests' }));
    await waitFor(() => expect(heatmapBodies().at(-1)?.compare).toBeDefined());
    const body = heatmapBodies().at(-1)!;
    expect([body.filter.home, body.filter.guest, body.compare!.home, body.compare!.guest]).toEqual([true, false, false, true]);
    await waitFor(() => expect(map.props?.compare).toBe(true));
    expect(map.props?.cells).toEqual([9.51, 55.71, 0.8, 9.512, 55.712, -0.4]);
    expect(screen.getByTestId('count-compare-rounds')).toHaveTextContent('300');
    expect(within(screen.getByTestId('heatmap-legend')).getByText('More in set B')).toBeInTheDocument();
    // Set B is edited on its own tab.
    await userEvent.click(screen.getByRole('tab', { name: 'Set B' }));
    await userEvent.click(within(screen.getByTestId('heatmap-filter-form')).getByRole('checkbox', { name: 'Men' }));
    await waitFor(() => expect(heatmapBodies().at(-1)?.compare?.male).toBe(false));
    expect(heatmapBodies().at(-1)?.filter.male).toBe(true);
  });

  it('shows a failed binning with Retry', async () => {
    heatmapServer();
    fakeApi.post('clubs/1/insights/heatmap', apiError(500, 'The database did not answer'));
    heatmapPage();
    expect(await screen.findByText(/The heatmap could not be loaded/)).toBeInTheDocument();
    expect(screen.getByText(/The database did not answer/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('saves the filter by name (a taken name is refused in the dialog), loads, renames and deletes saved filters', async () => {
    const early = { ...defaultHeatmapFilter(TODAY), timePlayed: ['06:00', '10:00'] as [string, string] };
    heatmapServer([{ id: 7, name: 'Early birds', filter: early, updated_at: '2030-01-01T00:00:00.000Z' }]);
    heatmapPage();
    await waitFor(() => expect(heatmapBodies()).toHaveLength(1));
    const saved = screen.getByTestId('saved-filters');

    // Load: the form and the request take the saved filter.
    await userEvent.click(within(saved).getByRole('combobox', { name: 'Saved filters' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Early birds' }));
    await waitFor(() => expect(heatmapBodies().at(-1)?.filter.timePlayed).toEqual(['06:00', '10:00']));
    expect(within(screen.getByTestId('heatmap-filter-form')).getByText('Time of day: 06:00 – 10:00')).toBeInTheDocument();

    // Save as: a taken name is refused by the server, in the dialog.
    await userEvent.click(within(saved).getByRole('button', { name: 'Save as…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Save the filter' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Early birds');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A saved filter is already called Early birds')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Mornings ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Filter Mornings saved')).toBeInTheDocument();
    expect(fakeApi.sent('POST', /heatmap-filters$/).at(-1)?.body).toEqual({ name: 'Mornings', filter: early });

    // Rename the loaded one (now Mornings).
    await userEvent.click(within(saved).getByRole('button', { name: 'Rename' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename Mornings' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Dawn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Filter renamed to Dawn')).toBeInTheDocument();
    expect(fakeApi.sent('PUT').at(-1)).toMatchObject({ url: '/api/clubs/1/insights/heatmap-filters/40', body: { name: 'Dawn', filter: early } });

    // Delete after confirming; Cancel keeps it.
    await userEvent.click(within(saved).getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete the filter Dawn?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeApi.sent('DELETE')).toHaveLength(0);
    await userEvent.click(within(saved).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete the filter Dawn?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Filter Dawn deleted')).toBeInTheDocument();
    expect(fakeApi.calls({ writes: true }).at(-1)).toBe('DELETE /api/clubs/1/insights/heatmap-filters/40');
  });
});

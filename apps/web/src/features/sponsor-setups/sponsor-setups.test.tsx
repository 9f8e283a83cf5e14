import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@golf/contract/api/courses';
import type { DrawingResponse } from '@golf/contract/api/drawings';
import type { SaveSponsorSetupBody, Sponsor, SponsorSetup } from '@golf/contract/api/sponsors';
import { apiError, fakeApi, json, noContent } from '../../testing/api';
import { profile } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import type { SponsorMapProps } from './components/sponsor-map';
import { SponsorSetupPage } from './components/sponsor-setup-page';
import { SponsorSetupsPage } from './components/sponsor-setups-page';

const owner = profile({ roles: { '1': ['promotion'] }, managedClubIds: [1] });
vi.mock('../../lib/auth/session', () => ({ useSession: () => ({ status: 'signed-in', profile: owner }) }));

// jsdom has no canvas: the OpenLayers map is replaced; what the editor gives it is checked instead.
const map = vi.hoisted(() => ({ props: null as SponsorMapProps | null }));
vi.mock('./components/sponsor-map', () => ({
  default: (props: SponsorMapProps) => {
    map.props = props;
    return <div data-testid="sponsor-map" />;
  },
}));

const hole = (id: number, order: number) => ({ id, course_id: 5, order, name: '', par: 4, handicap: order, pro_guideline: '', has_drawing: true });
const course: Course = { id: 5, club_id: 1, name: 'Old Course', holes: [hole(51, 1), hole(52, 2), hole(53, 3)], attribution: null, updated_at: '2030-01-01T00:00:00.000Z' };
const other: Course = { id: 6, club_id: 1, name: 'Short Course', holes: [hole(61, 1)], attribution: null, updated_at: '2030-01-01T00:00:00.000Z' };
const sponsor = (id: number, name: string): Sponsor => ({ id, club_id: 1, name, url: '', logo: null, logo_file_name: null, timestamp: '2030-01-01T00:00:00.000Z' });
const sponsors = [sponsor(7, 'Nordbank'), sponsor(8, 'Fjord Auto')];

/** A square boundary 0.002° wide, one per hole side by side. */
function drawing(holeId: number): DrawingResponse {
  const x = 9 + (holeId - 51) * 0.01;
  const ring = [[x, 55], [x + 0.002, 55], [x + 0.002, 55.002], [x, 55.002], [x, 55]];
  return { drawing: { type: 'FeatureCollection', features: [{ type: 'Feature', id: 'b', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { element: 'hole boundary' } }] }, version: 1 } as unknown as DrawingResponse;
}

function setup(change: Partial<SponsorSetup>): SponsorSetup {
  return { id: 9, club_id: 1, course_id: 5, name: 'Season', sponsor_positions: [], updated_at: '2030-01-01T00:00:00.000Z', ...change };
}

interface Call {
  method: string;
  url: string;
  body: SaveSponsorSetupBody | undefined;
}

/** The server as the screens see it; `put` answers each PUT in turn (the last one again after). */
function server(state: { setups: SponsorSetup[]; sponsors?: Sponsor[]; put?: ((body: SaveSponsorSetupBody) => Response)[] }) {
  let puts = 0;
  fakeApi.post('clubs/1/sponsor-setups', ({ body }) => {
    const created = setup({ id: 9, name: (body as SaveSponsorSetupBody).name, sponsor_positions: [] });
    state.setups.push(created);
    return json(created, 201);
  });
  fakeApi.put('clubs/1/sponsor-setups/:id', ({ params, body }) => {
    const sent = body as SaveSponsorSetupBody;
    const answer = state.put?.[Math.min(puts++, state.put.length - 1)];
    if (answer) return answer(sent);
    const id = Number(params.id);
    const saved = setup({
      id,
      name: sent.name,
      sponsor_positions: (sent.sponsor_positions ?? []).map((p, i) => ({ id: 100 + i, sponsor_setup_id: id, format: null, position: null, ...p })),
    });
    state.setups = state.setups.map((s) => (s.id === saved.id ? saved : s));
    return saved;
  });
  fakeApi.delete('clubs/1/sponsor-setups/:id', ({ params }) => {
    state.setups = state.setups.filter((s) => s.id !== Number(params.id));
    return noContent();
  });
  fakeApi.get('clubs/1/sponsor-setups/:id', ({ params }) => state.setups.find((s) => s.id === Number(params.id)) ?? apiError(404, 'Not found'));
  fakeApi.get('clubs/1/sponsor-setups', () => state.setups);
  fakeApi.get('clubs/1/sponsors', () => state.sponsors ?? sponsors);
  fakeApi.get('clubs/1/courses', [course, other]);
  fakeApi.get('graphics/elements-for-edit', []);
  fakeApi.get('clubs/1/holes/:holeId/drawing/1', ({ params }) => drawing(Number(params.holeId)));
  // The bodies sent here are setups' save bodies.
  return fakeApi.requests as readonly Call[];
}

const ROUTES = [
  { path: '/:clubId/promotion/sponsor-setups', element: <SponsorSetupsPage /> },
  { path: '/:clubId/promotion/sponsor-setups/:courseId/new', element: <SponsorSetupPage /> },
  { path: '/:clubId/promotion/sponsor-setups/:courseId/:sponsorSetupId', element: <SponsorSetupPage /> },
  { path: '/:clubId/promotion/sponsors', element: <p>sponsors screen</p> },
];

const holeSection = (number: number) => screen.getByRole('region', { name: `Hole ${number}` });

afterEach(() => {
  map.props = null;
});

// The screens render slowly on a loaded machine: each test has 30 s.
describe('sponsor setups list', { timeout: 30_000 }, () => {
  it('lists the setups per course with their places, opens one, and deletes one after confirming', async () => {
    const state = {
      setups: [
        setup({
          id: 9,
          name: 'Season 2026',
          sponsor_positions: [
            { id: 1, sponsor_setup_id: 9, sponsor_id: 7, hole_id: 51, placement: 'page', format: 'bottom-single', position: null },
            { id: 2, sponsor_setup_id: 9, sponsor_id: 8, hole_id: 53, placement: 'sign', format: null, position: { longitude: 9.021, latitude: 55.001 } },
            { id: 3, sponsor_setup_id: 9, sponsor_id: 8, hole_id: 52, placement: 'sign', format: null, position: { longitude: 9.011, latitude: 55.001 } },
          ],
        }),
        setup({ id: 10, name: 'Autumn', course_id: 5 }),
      ],
    };
    const calls = server(state);
    const router = renderRoutes(ROUTES, '/1/promotion/sponsor-setups');
    const old = await screen.findByRole('region', { name: 'Old Course' }, { timeout: 10_000 });
    const rows = within(old).getAllByTestId('setup-row');
    expect(rows.map((r) => r.textContent)).toEqual(['Autumn0 page places · 0 signs', 'Season 20261 page place · 2 signs']);
    expect(within(screen.getByRole('region', { name: 'Short Course' })).getByText('No setups on this course yet.')).toBeInTheDocument();
    expect(within(old).getByRole('link', { name: 'New setup on Old Course' })).toHaveAttribute('href', '/1/promotion/sponsor-setups/5/new');
    expect(within(rows[1]).getByRole('link', { name: /Season 2026/ })).toHaveAttribute('href', '/1/promotion/sponsor-setups/5/9');

    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Delete Autumn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the setup “Autumn”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete setup' }));
    await waitFor(() => expect(within(old).getAllByTestId('setup-row')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/clubs/1/sponsor-setups/10']);
    expect(router.state.location.pathname).toBe('/1/promotion/sponsor-setups');
  });

  it('leads to Sponsors when the club has none yet', async () => {
    server({ setups: [], sponsors: [] });
    renderRoutes(ROUTES, '/1/promotion/sponsor-setups');
    expect(await screen.findByText('The club has no sponsors yet', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sponsors' })).toHaveAttribute('href', '/1/promotion/sponsors');
  });
});

describe('sponsor setup editor', { timeout: 30_000 }, () => {
  it('saves a new setup as §4 says: POST without positions, then PUT with them; a refusal is shown at its hole and nothing typed is lost', async () => {
    // The server's rules answer 400 with details; a sponsor gone meanwhile 404 with details.
    const refusal = () => apiError(400, 'This sponsor is already on this hole page', [{ path: 'sponsor_positions.0.sponsor_id', message: 'This sponsor is already on this hole page' }]);
    const gone = () => apiError(404, 'Sponsor not found', [{ path: 'sponsor_positions.2.sponsor_id', message: 'Sponsor 8 not found' }]);
    const state: Parameters<typeof server>[0] = { setups: [], put: [refusal, gone] };
    const calls = server(state);
    const router = renderRoutes(ROUTES, '/1/promotion/sponsor-setups/5/new');

    await userEvent.type(await screen.findByRole('textbox', { name: 'Name of the setup' }, { timeout: 10_000 }), 'Season 2027');
    await userEvent.selectOptions(within(holeSection(1)).getByRole('combobox', { name: 'Page sponsor of hole 1' }), 'Nordbank');
    await userEvent.selectOptions(within(holeSection(1)).getByRole('combobox', { name: 'Format of the page of hole 1' }), 'Bottom strip, one sponsor');
    await userEvent.selectOptions(within(holeSection(2)).getByRole('combobox', { name: 'Page sponsor of hole 2' }), 'Fjord Auto');
    await userEvent.selectOptions(within(holeSection(2)).getByRole('combobox', { name: 'Format of the page of hole 2' }), 'Bottom strip, two sponsors');
    // The second sponsor of a bottom-double page offers the other sponsors only.
    const second = within(holeSection(2)).getByRole('combobox', { name: 'Second sponsor of hole 2' });
    expect(within(second).getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'Nordbank']);

    // A sign on hole 3 by keyboard: the centre of its boundary, then one metre east with the arrow key.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sponsor of the sign' }), 'Fjord Auto');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Hole' }), 'Hole 3');
    await userEvent.click(screen.getByRole('button', { name: 'Place at hole centre' }));
    const move = within(holeSection(3)).getByRole('button', { name: 'Move the sign of Fjord Auto on hole 3' });
    await waitFor(() => expect(move).toHaveFocus());
    expect(screen.getByTestId('map-status')).toHaveTextContent('A sign of Fjord Auto was placed on hole 3.');
    expect(within(holeSection(3)).getByRole('textbox', { name: 'Longitude' })).toHaveValue('9.0210000');
    await userEvent.keyboard('{ArrowRight}');
    const lon = Number((within(holeSection(3)).getByRole('textbox', { name: 'Longitude' }) as HTMLInputElement).value);
    expect(lon).toBeGreaterThan(9.021);
    expect(lon).toBeCloseTo(9.021016, 5);
    expect(map.props?.signs.map((s) => [s.text, s.selected])).toEqual([['Fjord Auto', true]]);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const problems = await within(holeSection(1)).findByTestId('hole-problems', {}, { timeout: 10_000 });
    expect(problems).toHaveTextContent('Nordbank is on this hole\'s page twice.');
    expect(screen.getByTestId('setup-problems')).toHaveTextContent('See what is marked at hole 1.');
    const saves = () => calls.filter((c) => c.method !== 'GET');
    expect(saves().map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/clubs/1/sponsor-setups'],
      ['PUT', '/api/clubs/1/sponsor-setups/9'],
    ]);
    expect(saves()[0].body).toEqual({ name: 'Season 2027', course_id: 5, sponsor_positions: [] });
    const sent = saves()[1].body!;
    expect(sent.sponsor_positions!.map((p) => [p.hole_id, p.placement, p.sponsor_id, p.format])).toEqual([
      [51, 'page', 7, 'bottom-single'],
      [52, 'page', 8, 'bottom-double'],
      [53, 'sign', 8, null],
    ]);
    expect(sent.sponsor_positions![2].position).toEqual({ longitude: Number(lon.toFixed(7)), latitude: 55.001 });
    // Still on the new setup's page with everything as typed.
    expect(router.state.location.pathname).toBe('/1/promotion/sponsor-setups/5/new');
    expect(screen.getByRole('textbox', { name: 'Name of the setup' })).toHaveValue('Season 2027');
    expect(within(holeSection(1)).getByRole('combobox', { name: 'Page sponsor of hole 1' })).toHaveValue('7');

    // Saved again: the setup created before is updated, not created twice; a sponsor gone meanwhile is named at its hole.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(holeSection(3)).findByText('Fjord Auto is no longer one of the club\'s sponsors: choose another.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(holeSection(1)).queryByTestId('hole-problems')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go to hole 3' }));
    expect(within(holeSection(3)).getByRole('combobox', { name: 'Page sponsor of hole 3' })).toHaveFocus();
    state.put = [];
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/promotion/sponsor-setups/5/9'));
    expect(saves().map((c) => c.method)).toEqual(['POST', 'PUT', 'PUT', 'PUT']);
    // Loaded again from the server: the places are there, nothing is unsaved.
    expect(await screen.findByRole('heading', { name: 'Sponsors on Old Course' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(holeSection(1)).getByRole('combobox', { name: 'Page sponsor of hole 1' })).toHaveValue('7');
    expect(within(holeSection(2)).getByRole('combobox', { name: 'Second sponsor of hole 2' })).toHaveValue('');
    expect(within(holeSection(3)).getAllByTestId('sign-row')).toHaveLength(1);
    expect(screen.queryByText('You have unsaved changes.')).toBeNull();
  });

  it('refuses a point outside the hole, by click on the map and by typed coordinates, and asks before leaving unsaved changes', async () => {
    const existing = setup({
      id: 9,
      name: 'Season',
      sponsor_positions: [{ id: 3, sponsor_setup_id: 9, sponsor_id: 7, hole_id: 51, placement: 'sign', format: null, position: { longitude: 9.001, latitude: 55.001 } }],
    });
    const calls = server({ setups: [existing] });
    const router = renderRoutes(ROUTES, '/1/promotion/sponsor-setups/5/9');
    await screen.findByRole('heading', { name: 'Sponsors on Old Course' }, { timeout: 10_000 });
    await waitFor(() => expect(map.props).not.toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Place sign' }));
    expect(screen.getByTestId('map-status')).toHaveTextContent('Click inside hole 1 on the map to place the sign of Nordbank.');
    await waitFor(() => expect(map.props?.placing).toBe(true));
    expect(map.props?.highlight).toBe(51);
    act(() => map.props!.onPlace([9.5, 55.5]));
    await waitFor(() => expect(screen.getByTestId('map-status')).toHaveTextContent('Nothing was placed: that point is outside hole 1.'));
    expect(screen.getAllByTestId('sign-row')).toHaveLength(1);
    act(() => map.props!.onPlace([9.0015, 55.0015]));
    await waitFor(() => expect(screen.getAllByTestId('sign-row')).toHaveLength(2));
    expect(map.props?.placing).toBe(false);

    // A drag outside the hole is refused (the marker goes back).
    let moved = true;
    act(() => {
      moved = map.props!.onMoveSign('3', [9.5, 55.5]);
    });
    expect(moved).toBe(false);
    const latitude = within(screen.getAllByTestId('sign-row')[0]).getByRole('textbox', { name: 'Latitude' });
    await userEvent.clear(latitude);
    await userEvent.type(latitude, '56{Enter}');
    expect(await screen.findByText('That point is outside hole 1: the sign stays where it was.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Sponsor setups' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/1/promotion/sponsor-setups/5/9');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

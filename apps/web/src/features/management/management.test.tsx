import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DrawingFeature, DrawingResponse } from '@golf/contract/api/drawings';
import type { ClubMappingStatus, ClubStatusRow, CourseMappingStatus, HoleMappingStatus } from '@golf/contract/api/management';
import type { Profile } from '@golf/contract/api/session';
import { fakeApi, json } from '../../testing/api';
import { club, profile } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { ManagementClubInfoPage } from './components/club-info-page';
import { ClubStatusPage } from './components/club-status-page';
import type { StatusMapHole } from './components/status-map';
import { TrackMapPage } from './components/trackmap-page';
import { clubsView, handleUrl, holeChecks, holeFindings, isFailing, isHandleFormat, normaliseHandle, statusCounts } from './utils/status';

const ADMIN = profile({ id: 1, email: 'admin@example.com', admin: true });
const OWNER = profile({ id: 3, email: 'owner@example.com', roles: { '1': ['courses', 'club-info'] }, regionRoles: { '1': ['owner'] }, managedClubIds: [1, 2] });
const me = vi.hoisted(() => ({ profile: null as Profile | null }));
vi.mock('../../lib/auth/session', () => ({ useSession: () => ({ status: 'signed-in', profile: me.profile }) }));

// jsdom has no canvas: the OpenLayers map is replaced, and what it was given is checked instead.
const statusMap = vi.hoisted(() => ({ calls: [] as { holes: StatusMapHole[]; onHole: (holeId: number) => void }[] }));
vi.mock('./components/status-map', () => ({
  createStatusMap: vi.fn((_target: HTMLElement, holes: StatusMapHole[], _elements: unknown, onHole: (holeId: number) => void) => {
    statusMap.calls.push({ holes, onHole });
    return () => undefined;
  }),
}));

const hole = (id: number, order: number, change: Partial<HoleMappingStatus> = {}): HoleMappingStatus => ({
  id,
  order,
  name: null,
  par: 4,
  has_drawing: true,
  self_intersections: [],
  boundary_self_intersections: 0,
  greens_within_boundary: true,
  rule_breaches: [],
  ok: true,
  ...change,
});

/** Hole 2 has a bow-tie boundary, hole 3 a bunker outside the boundary and a green too small; hole 4 is not drawn. */
const LINKS: CourseMappingStatus = {
  id: 5,
  name: 'Fjordvang Links',
  holes: [
    hole(51, 1),
    hole(52, 2, { self_intersections: [{ feature: 'b', element: 'hole boundary', count: 1 }], boundary_self_intersections: 1, greens_within_boundary: null, ok: false }),
    hole(53, 3, {
      name: 'Søen',
      self_intersections: [{ feature: 'b1', element: 'bunker', count: 2 }],
      rule_breaches: [
        { feature: 'b1', element: 'bunker', rule: 'mustLieInside', params: { container: 'hole boundary' } },
        { feature: 'g1', element: 'green', rule: 'areaTooSmall', params: { area: 80, min: 100 } },
      ],
      ok: false,
    }),
    hole(54, 4, { has_drawing: false, greens_within_boundary: null, ok: false }),
  ],
  holes_drawn: 3,
  holes_failing: 2,
};
const PAR3: CourseMappingStatus = { id: 6, name: 'Par 3', holes: [hole(61, 1)], holes_drawn: 1, holes_failing: 0 };
const STATUS: ClubMappingStatus = { club_id: 1, courses: [LINKS, PAR3], computed_at: '2030-05-01T10:00:00.000Z' };

const row = (club_id: number, name: string, change: Partial<ClubStatusRow> = {}): ClubStatusRow => ({
  club_id,
  name,
  handle: name.toLowerCase().split(' ')[0],
  active: true,
  region_ids: [1],
  courses: 1,
  holes: 18,
  holes_drawn: 18,
  holes_failing: 0,
  last_drawing_at: '2030-04-01T10:00:00.000Z',
  ...change,
});
const CLUBS = [row(1, 'Fjordvang Golfklub', { holes_failing: 2 }), row(2, 'Aabenraa Golfklub', { holes_failing: 5, active: false }), row(3, 'Kolding Golfklub', { last_drawing_at: null, holes_drawn: 0 })];

describe('mapping status in words', () => {
  it('tells each check of a hole, and what is wrong in the order of the checks', () => {
    expect(holeChecks(LINKS.holes[0])).toEqual({ selfIntersections: 'ok', boundary: 'ok', greens: 'ok', rules: 'ok' });
    expect(holeChecks(LINKS.holes[1])).toEqual({ selfIntersections: 'ok', boundary: 'fail', greens: 'na', rules: 'ok' });
    expect(holeChecks(LINKS.holes[3])).toEqual({ selfIntersections: 'na', boundary: 'na', greens: 'na', rules: 'na' });
    // The boundary crossing itself is told once, by its own check.
    expect(holeFindings(LINKS.holes[1]).map((f) => f.key)).toEqual(['management.findings.boundaryCrossesItself']);
    expect(holeFindings(LINKS.holes[2]).map((f) => f.key)).toEqual(['management.findings.crossesItself', 'management.rules.mustLieInside', 'management.rules.areaTooSmall']);
    expect(holeFindings(LINKS.holes[2])[1]).toMatchObject({ values: { element: 'bunker', feature: 'b1', container: 'hole boundary' }, elements: ['element', 'container'] });
    // A hole not drawn yet is not failing: nothing was checked.
    expect(LINKS.holes.map(isFailing)).toEqual([false, true, true, false]);
    expect(statusCounts(LINKS.holes)).toEqual({ holes: 4, drawn: 3, failing: 2, ok: 1, notDrawn: 1 });
  });

  it('sorts and searches the clubs table', () => {
    const names = (rows: ClubStatusRow[]) => rows.map((r) => r.name);
    expect(names(clubsView(CLUBS, '', 'holes_failing', 'desc', 'en'))).toEqual(['Aabenraa Golfklub', 'Fjordvang Golfklub', 'Kolding Golfklub']);
    expect(names(clubsView(CLUBS, '', 'name', 'asc', 'en'))).toEqual(['Aabenraa Golfklub', 'Fjordvang Golfklub', 'Kolding Golfklub']);
    expect(names(clubsView(CLUBS, '', 'last_drawing_at', 'desc', 'en'))[2]).toBe('Kolding Golfklub');
    expect(names(clubsView(CLUBS, 'kolding, fjord', 'name', 'asc', 'en'))).toEqual(['Fjordvang Golfklub', 'Kolding Golfklub']);
  });

  it('checks a handle as the server stores it, and gives its address', () => {
    expect(normaliseHandle('  Fjordvang-GK ')).toBe('fjordvang-gk');
    expect(isHandleFormat('fjordvang-gk')).toBe(true);
    expect(isHandleFormat('1234')).toBe(false);
    expect(isHandleFormat('-abc')).toBe(false);
    expect(isHandleFormat('a b')).toBe(false);
    expect(handleUrl('https://console.example/', 'fjordvang')).toBe('https://console.example/fjordvang/home');
  });
});

const clubInfoRoutes = () => renderRoutes([{ path: '/:clubId/admin/club-info', element: <ManagementClubInfoPage /> }, { path: '/:clubId/home', element: <p>Home</p> }], '/1/admin/club-info');

/** Club 1 with its handle, themes, one former handle and two candidates; handles of other clubs are taken. */
function clubInfoServer() {
  let current = club({ admin_id: 9 });
  fakeApi.get('clubs/1/club', () => current);
  fakeApi.get('drawing_styles', [
    { id: 6, name: 'Standard' },
    { id: 7, name: 'Winter' },
  ]);
  fakeApi.get('clubs/1/former-handles', [{ handle: 'fjordvang-old', changed_at: '2029-03-01T10:00:00.000Z' }]);
  fakeApi.get('clubs/1/admin-candidates', [
    { id: 9, email: 'per@example.com', first_name: 'Per', last_name: 'Son' },
    { id: 10, email: 'ida@example.com', first_name: 'Ida', last_name: 'Holm' },
  ]);
  fakeApi.get('clubs/1/handle-check', ({ query }) => {
    const handle = query.get('handle')!;
    if (handle === 'kolding') return { handle, available: false, reason: 'taken' };
    if (handle === 'vejle') return { handle, available: false, reason: 'former' };
    return { handle, available: true, reason: null };
  });
  fakeApi.put('clubs/1', ({ body }) => {
    const b = body as { handle?: string };
    if (b.handle === 'raced') return json({ error: 'This handle is already used by another club', code: 'clubs.handleTaken' }, 409);
    current = { ...current, ...(body as object), updated_at: '2030-01-02T00:00:00.000Z' };
    return current;
  });
}

describe('<ManagementClubInfoPage>', { timeout: 45_000 }, () => {
  it('checks the handle as it is typed, asks before changing it, and saves only the handle', async () => {
    me.profile = ADMIN;
    clubInfoServer();
    const user = userEvent.setup();
    clubInfoRoutes();
    const field = await screen.findByLabelText('Handle');
    expect(field).toHaveValue('fjordvang');
    expect(screen.getByTestId('handle-url')).toHaveTextContent(/\/fjordvang\/home$/);
    expect(await screen.findByTestId('former-handle')).toHaveTextContent('fjordvang-old');

    await user.clear(field);
    await user.type(field, 'Kolding');
    expect(await screen.findByText('Another club uses this handle.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'vejle');
    expect(await screen.findByText('Another club had this handle, and its old links still lead there.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '12');
    expect(screen.getByText(/Use 2 to 63 letters/)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'fjordvang-gk');
    expect(await screen.findByText('The handle is free.')).toBeInTheDocument();
    expect(screen.getByTestId('handle-url')).toHaveTextContent(/\/fjordvang-gk\/home$/);
    // Only well-formed handles were asked about, each once the typing paused.
    const asked = fakeApi.requests.filter((r) => r.url.startsWith('/api/clubs/1/handle-check')).map((r) => new URL(r.url, 'http://x').searchParams.get('handle'));
    expect(asked).toEqual(['kolding', 'vejle', 'fjordvang-gk']);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const confirm = screen.getByRole('dialog', { name: 'Change the handle to “fjordvang-gk”?' });
    expect(confirm).toHaveTextContent('Old links keep working');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.sent('PUT')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Change handle' }));
    expect(await screen.findByText('The club info is saved')).toBeInTheDocument();
    expect(fakeApi.sent('PUT').map((r) => r.body)).toEqual([{ handle: 'fjordvang-gk' }]);
  });

  it('lets an admin change the theme, the active flag and the admin without asking', async () => {
    me.profile = ADMIN;
    clubInfoServer();
    const user = userEvent.setup();
    clubInfoRoutes();
    await screen.findByLabelText('Handle');
    await user.click(screen.getByRole('combobox', { name: 'Theme' }));
    await user.click(await screen.findByRole('option', { name: 'Winter' }));
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    const admin = screen.getByRole('combobox', { name: 'Club administrator' });
    expect(admin).toHaveValue('Per Son (per@example.com)');
    await user.click(admin);
    await user.click(await screen.findByRole('option', { name: 'Ida Holm (ida@example.com)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The club info is saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fakeApi.sent('PUT').map((r) => r.body)).toEqual([{ drawing_style_id: 7, active: false, admin_id: 10 }]);
  });

  it('shows a region owner the active flag and the admin without letting them change them', async () => {
    me.profile = OWNER;
    clubInfoServer();
    clubInfoRoutes();
    await screen.findByLabelText('Handle');
    expect(screen.queryByRole('switch', { name: /Active/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Club administrator' })).not.toBeInTheDocument();
    expect(screen.getByTestId('club-active')).toHaveTextContent('Active');
    expect(await screen.findByText('Per Son (per@example.com)')).toBeInTheDocument();
    expect(screen.getByText(/Only administrators change/)).toBeInTheDocument();
  });

  it('shows a handle taken meanwhile at the field', async () => {
    me.profile = OWNER;
    clubInfoServer();
    const user = userEvent.setup();
    clubInfoRoutes();
    const field = await screen.findByLabelText('Handle');
    await user.clear(field);
    await user.type(field, 'raced');
    await screen.findByText('The handle is free.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Change handle' }));
    expect(await screen.findByText('The club info could not be saved')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('This handle is already used by another club');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});

const statusRoutes = (path = '/1/admin/club-status') =>
  renderRoutes(
    [
      { path: '/:clubId/admin/club-status', element: <ClubStatusPage /> },
      { path: '/:clubId/courses/:courseId/holes/:holeId/edit', element: <p>Hole editor</p> },
    ],
    path,
  );

describe('<ClubStatusPage>', { timeout: 20_000 }, () => {
  it('lists per course the checks of every hole, the rules broken in words, and opens a failing hole in the editor', async () => {
    me.profile = OWNER;
    fakeApi.get('clubs/1/mapping-status', STATUS);
    const user = userEvent.setup();
    const router = statusRoutes();
    const courses = await screen.findAllByTestId('course-status');
    expect(courses).toHaveLength(2);
    const summary = screen.getByTestId('status-summary');
    expect(summary).toHaveTextContent('4 of 5');
    expect(summary).toHaveTextContent('Holes with findings2');

    const rows = within(courses[0]).getAllByTestId('hole-status');
    expect(rows.map((r) => r.dataset.failing)).toEqual(['false', 'true', 'true', 'false']);
    expect(rows[1]).toHaveTextContent('The hole boundary crosses itself once');
    expect(within(rows[1]).getAllByText('Failed')).toHaveLength(1);
    expect(rows[2]).toHaveTextContent('Hole 3 · Søen');
    expect(rows[2]).toHaveTextContent('Bunker (b1) crosses itself 2 times');
    expect(rows[2]).toHaveTextContent('Bunker (b1) does not lie inside the hole boundary');
    expect(rows[2]).toHaveTextContent('Green (g1) covers 80 m², less than the catalogue’s 100 m²');
    expect(rows[3]).toHaveTextContent('Not drawn yet');

    await user.click(screen.getByRole('switch', { name: 'Only holes with findings' }));
    expect(within(courses[0]).getAllByTestId('hole-status')).toHaveLength(2);
    expect(within(courses[1]).getByText('No hole of this course has findings.')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Open Hole 2 in the hole editor' }));
    expect(await screen.findByText('Hole editor')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/1/courses/5/holes/52/edit');
  });

  it('shows a region owner the clubs of their regions, sorted and searched, each leading to its status', async () => {
    me.profile = OWNER;
    fakeApi.get('clubs/1/mapping-status', STATUS);
    fakeApi.get('clubs/2/mapping-status', { ...STATUS, club_id: 2, courses: [] });
    fakeApi.get('management/clubs-status', { clubs: CLUBS, truncated: false });
    const user = userEvent.setup();
    const router = statusRoutes();
    await user.click(await screen.findByRole('tab', { name: 'My clubs' }));
    expect(router.state.location.search).toBe('?view=clubs');
    const names = () => screen.getAllByTestId('club-status-row').map((r) => within(r).getByRole('link').textContent);
    expect(await screen.findByTestId('clubs-count')).toHaveTextContent('3 clubs, 2 with findings');
    expect(names()).toEqual(['Aabenraa Golfklub', 'Fjordvang Golfklub', 'Kolding Golfklub']);
    await user.click(screen.getByRole('button', { name: 'Holes with findings' }));
    expect(names()).toEqual(['Kolding Golfklub', 'Fjordvang Golfklub', 'Aabenraa Golfklub']);
    await user.click(screen.getByRole('button', { name: 'Club' }));
    expect(names()).toEqual(['Aabenraa Golfklub', 'Fjordvang Golfklub', 'Kolding Golfklub']);
    await user.type(screen.getByRole('searchbox', { name: 'Search clubs by name or handle' }), 'kold');
    await waitFor(() => expect(names()).toEqual(['Kolding Golfklub']));
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(await screen.findByText('No club matches “zzz”.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox'));
    await user.click(await screen.findByRole('link', { name: 'Aabenraa Golfklub' }));
    expect(router.state.location.pathname).toBe('/2/admin/club-status');
    expect(await screen.findByText('The club has no courses yet.')).toBeInTheDocument();
  });

  it('says when the status cannot be loaded, and loads it again', async () => {
    me.profile = ADMIN;
    fakeApi.get('clubs/1/mapping-status', json({ error: 'Boom' }, 500));
    const user = userEvent.setup();
    statusRoutes();
    expect(await screen.findByText('The mapping status could not be loaded')).toBeInTheDocument();
    fakeApi.get('clubs/1/mapping-status', STATUS);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('course-status')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'All clubs' })).toBeInTheDocument();
  });
});

const boundary = (id: string, ring: number[][]): DrawingFeature => ({ type: 'Feature', id, geometry: { type: 'Polygon', coordinates: [ring] }, properties: { element: 'hole boundary' } });
const drawingOf = (holeId: number, features: DrawingFeature[]): DrawingResponse => ({ hole_id: holeId, course_id: 5, style_id: 1, drawing: { type: 'FeatureCollection', features }, version: 1, updated_at: null });

describe('<TrackMapPage>', { timeout: 20_000 }, () => {
  it('marks the failing holes on the map, lists every hole with its status, and a click on a hole opens the editor', async () => {
    me.profile = ADMIN;
    statusMap.calls.length = 0;
    fakeApi.get('clubs/1/mapping-status', STATUS);
    fakeApi.get('graphics/elements-for-edit', []);
    fakeApi.get('clubs/1/holes/51/drawing/1', drawingOf(51, [boundary('a', [[9, 55], [9.01, 55], [9.01, 55.01], [9, 55]])]));
    fakeApi.get('clubs/1/holes/52/drawing/1', drawingOf(52, [boundary('b', [[9, 55], [9.01, 55.01], [9.01, 55], [9, 55.01], [9, 55]])]));
    fakeApi.get('clubs/1/holes/53/drawing/1', drawingOf(53, [boundary('c', [[9.02, 55], [9.03, 55], [9.03, 55.01], [9.02, 55]])]));
    fakeApi.get('clubs/1/holes/61/drawing/1', drawingOf(61, [boundary('d', [[9.02, 55], [9.03, 55], [9.03, 55.01], [9.02, 55]])]));
    const router = renderRoutes(
      [
        { path: '/:clubId/admin/trackmap', element: <TrackMapPage /> },
        { path: '/:clubId/courses/:courseId/holes/:holeId/edit', element: <p>Hole editor</p> },
      ],
      '/1/admin/trackmap',
    );
    const map = await screen.findByTestId('trackmap-map');
    expect(map).toHaveAttribute('data-marked', '2,3');
    expect(map).toHaveAccessibleName('Map of the course; marked holes: 2, 3');
    const last = statusMap.calls.at(-1)!;
    expect(last.holes.map((h) => [h.order, h.failing])).toEqual([
      [1, false],
      [2, true],
      [3, true],
    ]);
    // The undrawn hole is not asked for.
    expect(fakeApi.requests.some((r) => r.url.includes('/holes/54/'))).toBe(false);
    const rows = screen.getAllByTestId('trackmap-hole');
    expect(rows.map((r) => r.dataset.failing)).toEqual(['false', 'true', 'true', 'false']);
    expect(within(rows[1]).getByRole('link')).toHaveAccessibleName(/Hole 2: needs attention/);
    expect(rows[3]).toHaveTextContent('Not drawn yet');
    expect(screen.getByTestId('trackmap-counts')).toHaveTextContent('2 holes with findings');

    // The map reports a click on hole 2's shapes.
    last.onHole(52);
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/courses/5/holes/52/edit'));
  });

  it('shows the course picked in the address, and another one when picked', async () => {
    me.profile = ADMIN;
    fakeApi.get('clubs/1/mapping-status', STATUS);
    fakeApi.get('graphics/elements-for-edit', []);
    fakeApi.get('clubs/1/holes/:holeId/drawing/1', ({ params }) => drawingOf(Number(params.holeId), []));
    const user = userEvent.setup();
    const router = renderRoutes([{ path: '/:clubId/admin/trackmap', element: <TrackMapPage /> }], '/1/admin/trackmap?course=6');
    expect(await screen.findByText('No hole of this course is drawn yet.')).toBeInTheDocument();
    expect(screen.getAllByTestId('trackmap-hole')).toHaveLength(1);
    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Fjordvang Links' }));
    await waitFor(() => expect(screen.getAllByTestId('trackmap-hole')).toHaveLength(4));
    expect(router.state.location.search).toBe('?course=5');
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Mismatch, MismatchComputation, MismatchGuide, MismatchList } from '@golf/contract/api/mismatches';
import { fakeApi, json, noContent } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { MismatchesPage } from './components/mismatches-page';

const GUIDES: MismatchGuide[] = [
  { id: 9, title: 'Pocket book', club_id: 1, club_name: 'Fjordvang Golfklub' },
  { id: 12, title: 'Yardage book', club_id: 2, club_name: 'Ljungbacka Golfklubb' },
];

const TEE: Mismatch = {
  id: 31,
  kind: 'teeWithoutDistance',
  severity: 'error',
  fingerprint: 'teeWithoutDistance|1||7|70|tee5',
  club_id: 1,
  club_name: 'Fjordvang Golfklub',
  guide_id: null,
  guide_title: null,
  course_id: 7,
  course_name: 'North',
  hole_id: null,
  hole_number: null,
  details: { tee_id: 5, tee: 'Blue', holes: '3', count: 1 },
};
const MARKER: Mismatch = {
  ...TEE,
  id: 32,
  kind: 'markerBeyondHole',
  severity: 'warning',
  fingerprint: 'markerBeyondHole|1|9|7|70|m250',
  hole_id: 70,
  hole_number: 3,
  guide_id: 9,
  guide_title: 'Pocket book',
  details: { distance: 250, hole_length: 240 },
};

const RUN = { id: 4, started_at: '2030-05-01T02:00:00.000Z', finished_at: '2030-05-01T02:00:05.000Z', found: 2 };
const listOf = (items: Mismatch[], run: MismatchList['run'] = RUN): MismatchList => ({
  run,
  items,
  total: items.length,
  errors: items.filter((m) => m.severity === 'error').length,
  warnings: items.filter((m) => m.severity === 'warning').length,
});

const page = (path = '/1/admin/mismatches') =>
  renderRoutes(
    [
      { path: '/:clubId/admin/mismatches', element: <MismatchesPage /> },
      { path: '/:clubId/admin/mismatches/:guideId', element: <MismatchesPage /> },
      { path: '/:clubId/courses/:courseId', element: <p>course screen</p> },
    ],
    path,
  );

describe('MismatchesPage', () => {
  it('lists the findings with their place, and opens the screen that fixes one', async () => {
    fakeApi.get('admin/mismatches', listOf([TEE, MARKER]));
    fakeApi.get('admin/mismatches/guides', GUIDES);
    const router = page();
    const list = await screen.findByRole('list', { name: 'Mismatches' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Tee Blue has no distance on hole 3');
    expect(items[0]).toHaveTextContent('Fjordvang Golfklub · North');
    expect(items[1]).toHaveTextContent('Fjordvang Golfklub · Pocket book · North · Hole 3');
    expect(items[1]).toHaveTextContent('The distance marker at 250 m on hole 3 lies beyond the hole (240 m from its longest tee)');
    expect(within(items[1]).getByRole('link', { name: 'Open the distance markers' })).toHaveAttribute('href', '/1/products/9/setup-distance-markers');
    expect(screen.getByText('1 error, 1 warning')).toBeInTheDocument();
    expect(screen.getByText(/^Last computed/)).toBeInTheDocument();
    await userEvent.click(within(items[0]).getByRole('link', { name: 'Open the course' }));
    expect(router.state.location.pathname).toBe('/1/courses/7');
  });

  it('asks before dismissing a finding as not an error, then reloads the list', async () => {
    fakeApi.get('admin/mismatches', listOf([TEE, MARKER]));
    fakeApi.get('admin/mismatches/guides', GUIDES);
    fakeApi.post('admin/mismatches/:id/dismiss', noContent());
    page();
    const list = await screen.findByRole('list', { name: 'Mismatches' });
    await userEvent.click(within(list).getAllByRole('button', { name: /^Not an error/ })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Not an error?' });
    expect(dialog).toHaveTextContent('Tee Blue has no distance on hole 3');
    fakeApi.get('admin/mismatches', listOf([MARKER]));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not an error' }));
    await waitFor(() => expect(fakeApi.sent('POST', '/api/admin/mismatches/31/dismiss')).toHaveLength(1));
    expect(await screen.findByText('The finding will not be shown again')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Mismatches' })).getAllByRole('listitem')).toHaveLength(1));
  });

  it('filters by the guide of the address, and the picker switches guides', async () => {
    fakeApi.get('admin/mismatches', ({ query }) => listOf(query.get('guide_id') === '9' ? [MARKER] : [TEE, MARKER]));
    fakeApi.get('admin/mismatches/guides', GUIDES);
    const router = page('/1/admin/mismatches/9');
    expect(await screen.findByText(/lies beyond the hole/)).toBeInTheDocument();
    expect(fakeApi.requests.some((r) => r.url.includes('guide_id=9'))).toBe(true);
    await userEvent.click(screen.getByRole('combobox', { name: 'Guide' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ljungbacka Golfklubb – Yardage book' }));
    expect(router.state.location.pathname).toBe('/1/admin/mismatches/12');
  });

  it('computes now: shows progress, and reloads when the computation is done', async () => {
    fakeApi.get('admin/mismatches', listOf([], null));
    fakeApi.get('admin/mismatches/guides', GUIDES);
    const running: MismatchComputation = { job_id: '0b5f7c1e-7d1a-4c2b-9a51-2d7a1e0c9f00', state: 'active', percent: 40, error: null };
    fakeApi.post('admin/mismatches/compute', json({ computation: running, existing: false }, 202));
    fakeApi.get('admin/mismatches/compute/:jobId', { ...running, state: 'completed', percent: 100 }, { delay: 400 });
    page();
    expect(await screen.findAllByText('Not computed yet')).not.toHaveLength(0);
    fakeApi.get('admin/mismatches', listOf([TEE]));
    await userEvent.click(screen.getByRole('button', { name: 'Compute now' }));
    expect(await screen.findByRole('progressbar', { name: 'Computing…' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40 % done')).toBeInTheDocument();
    expect(await screen.findByText('The mismatches were computed')).toBeInTheDocument();
    expect(await screen.findByText('Tee Blue has no distance on hole 3')).toBeInTheDocument();
  });

  it('shows the empty state after a computation that found nothing', async () => {
    fakeApi.get('admin/mismatches', listOf([]));
    fakeApi.get('admin/mismatches/guides', GUIDES);
    page();
    expect(await screen.findByText('Nothing to fix')).toBeInTheDocument();
  });
});

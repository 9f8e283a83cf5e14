import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Course, HoleTee, Tee } from '@golf/contract/api/courses';
import type { DrawingFeature, DrawingResponse } from '@golf/contract/api/drawings';
import type { PreviewMapOptions } from '../../lib/map/preview-map';
import { fakeApi } from '../../testing/api';
import { profile } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { CoursePage } from './components/course-page';
import { holeIdOfFeature, holeLabelPosition } from '../../lib/map/course-map';

const owner = profile({ roles: { '1': ['courses'] }, regionRoles: { '1': ['owner'] }, managedClubIds: [1] });
vi.mock('../../lib/auth/session', () => ({ useSession: () => ({ status: 'signed-in', profile: owner }) }));

// jsdom has no canvas: the OpenLayers map is replaced, its arguments are checked instead.
const previewMap = vi.hoisted(() => ({ calls: [] as { features: DrawingFeature[]; options: PreviewMapOptions }[] }));
vi.mock('../../lib/map/preview-map', () => ({
  createPreviewMap: vi.fn((_target: HTMLElement, features: DrawingFeature[], _elements: unknown, _boundary: unknown, options: PreviewMapOptions) => {
    previewMap.calls.push({ features, options });
    return () => undefined;
  }),
}));

const hole = (id: number, order: number, hasDrawing: boolean) => ({ id, course_id: 5, order, name: '', par: 4, handicap: order, pro_guideline: '', has_drawing: hasDrawing });
const course: Course = {
  id: 5,
  club_id: 1,
  name: 'Old Course',
  holes: [hole(51, 1, true), hole(52, 2, false), hole(53, 3, true)],
  attribution: '© OpenStreetMap contributors, ODbL',
  updated_at: '2030-01-01T00:00:00.000Z',
};
const tees: Tee[] = [{ id: 7, course_id: 5, name: 'Yellow', color: '#fbc02d', distance: 900, total_distance: 900 }];
const holesTees: HoleTee[] = [];
const green: DrawingFeature = {
  type: 'Feature',
  id: 'g',
  geometry: { type: 'Polygon', coordinates: [[[9, 55], [9.002, 55], [9.002, 55.002], [9, 55.002], [9, 55]]] },
  properties: { element: 'green' },
};
const playLine: DrawingFeature = {
  type: 'Feature',
  id: 'p',
  geometry: { type: 'LineString', coordinates: [[9.01, 55.01, 12], [9.02, 55.02, 14]] },
  properties: { element: 'play line' },
};
const drawing = (features: DrawingFeature[]): DrawingResponse =>
  ({ drawing: { type: 'FeatureCollection', features }, version: 1 }) as unknown as DrawingResponse;

/** The course with holes 51 and 53 drawn. */
function courseServer() {
  fakeApi.get('clubs/1/courses', [course]);
  fakeApi.get('clubs/1/tees', tees);
  fakeApi.get('clubs/1/holes_tees', holesTees);
  fakeApi.get('clubs/1/status/:check', {});
  fakeApi.get('graphics/elements-for-edit', []);
  fakeApi.get('clubs/1/holes/51/drawing/1', drawing([green]));
  fakeApi.get('clubs/1/holes/53/drawing/1', drawing([playLine]));
}

/** The URLs asked for so far, in order. */
const urls = () => fakeApi.requests.map((r) => r.url);

function open() {
  return renderRoutes(
    [
      { path: '/:clubId/courses/:courseId', element: <CoursePage /> },
      { path: '/:clubId/courses/:courseId/holes/:holeId/edit', element: <p>drawing editor</p> },
    ],
    '/1/courses/5',
  );
}

afterEach(() => {
  previewMap.calls.length = 0;
});

describe('course map', () => {
  it('puts a hole’s number at its green, else at the end of its play line', () => {
    const [lon, lat] = holeLabelPosition([playLine, green])!;
    expect(lon).toBeCloseTo(9.001, 9);
    expect(lat).toBeCloseTo(55.001, 9);
    expect(holeLabelPosition([playLine])).toEqual([9.02, 55.02]);
    expect(holeLabelPosition([])).toBeNull();
    expect(holeIdOfFeature('53:label')).toBe(53);
    expect(holeIdOfFeature('label')).toBeNull();
  });
});

describe('<CoursePage> course map', { timeout: 60_000 }, () => {
  it('loads the map only on request, lists undrawn holes with a link, and opens a hole clicked on the map', async () => {
    courseServer();
    const router = open();
    const show = await screen.findByRole('button', { name: 'Show the course map' });
    expect(urls().some((u) => u.includes('/drawing/'))).toBe(false);
    await userEvent.click(show);

    const list = await screen.findByRole('list', { name: 'Holes of the course' }, { timeout: 10_000 });
    const undrawn = within(list).getAllByTestId('course-map-undrawn');
    expect(undrawn).toHaveLength(1);
    expect(within(undrawn[0]).getByText('Hole 2')).toBeInTheDocument();
    expect(within(undrawn[0]).getByText('Not drawn yet')).toBeInTheDocument();
    expect(within(undrawn[0]).getByRole('link', { name: 'Draw' })).toHaveAttribute('href', '/1/courses/5/holes/52/edit');
    expect(within(list).getAllByTestId('course-map-hole')).toHaveLength(2);
    expect(screen.getByTestId('course-map-attribution')).toHaveTextContent('Map data: © OpenStreetMap contributors, ODbL');
    // Only drawn holes are fetched.
    expect(urls().filter((u) => u.includes('/drawing/')).sort()).toEqual(['/api/clubs/1/holes/51/drawing/1', '/api/clubs/1/holes/53/drawing/1']);

    await waitFor(() => expect(previewMap.calls.length).toBeGreaterThan(0));
    const { features, options } = previewMap.calls.at(-1)!;
    expect(features.map((f) => f.id)).toEqual(['51:g', '53:p']);
    expect(options.labels?.map((l) => [l.id, l.text, ...l.lonLat.map((c) => c.toFixed(6))])).toEqual([
      ['51:label', '1', '9.001000', '55.001000'],
      ['53:label', '3', '9.020000', '55.020000'],
    ]);
    options.onFeatureClick!('53:p');
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/courses/5/holes/53/edit'));
  });

  it('opens a hole’s drawing editor with Enter on the list', async () => {
    courseServer();
    const router = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Show the course map' }));
    const list = await screen.findByRole('list', { name: 'Holes of the course' }, { timeout: 10_000 });
    within(list).getByRole('link', { name: /Hole 1/ }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/1/courses/5/holes/51/edit'));
  });
});

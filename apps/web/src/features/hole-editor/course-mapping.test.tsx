import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@golf/contract/api/courses';
import type { DrawingFeature, DrawingResponse, SaveCourseDrawingsBody, SaveCourseDrawingsResponse } from '@golf/contract/api/drawings';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { EL } from '@golf/contract/graphics-catalogue';
import { LOCALES } from '@golf/contract/locales';
import { i18n } from '../../lib/i18n';
import { apiError, fakeApi } from '../../testing/api';
import { club, profile } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { AtlaPage } from './components/atla-page';
import { CourseMappingPage } from './components/course-mapping-page';
import { stubResizeObserver } from '../../testing/resize-observer';

const mapper = profile({ roles: { '1': ['courses'] } });
vi.mock('../../lib/auth/session', () => ({ useSession: () => ({ status: 'signed-in', profile: mapper }) }));

beforeAll(() => {
  stubResizeObserver();
});

const hole = (id: number, order: number) => ({ id, course_id: 5, order, name: '', par: 4, handicap: order, pro_guideline: '', has_drawing: true });
const COURSE: Course = { id: 5, club_id: 1, name: 'Old Course', holes: [hole(51, 1), hole(52, 2)], attribution: null, updated_at: '2030-01-01T00:00:00.000Z' };
const EMPTY_COURSE: Course = { ...COURSE, id: 6, name: 'New Course', holes: [] };
const ELEMENTS: ElementForEdit[] = [
  { id: 1, name: EL.holeBoundary, groupName: 'Surroundings', layerName: 'l', geometryType: 'polygon', shorthand: 'HB', zIndex: 1, style: {} },
  { id: 2, name: EL.bunker, groupName: 'Hazards', layerName: 'l', geometryType: 'polygon', shorthand: 'BU', zIndex: 5, style: {} },
];
const rect = (x0: number, y0: number, x1: number, y1: number) => [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]];
const boundary = (x0: number): DrawingFeature => ({ type: 'Feature', id: 'hb', geometry: { type: 'Polygon', coordinates: rect(x0, 55, x0 + 0.002, 55.002) }, properties: { element: EL.holeBoundary } });
const response = (holeId: number, version: number, features: DrawingFeature[]): DrawingResponse => ({
  hole_id: holeId,
  course_id: 5,
  style_id: 1,
  drawing: { type: 'FeatureCollection', features },
  version,
  updated_at: '2030-01-01T00:00:00.000Z',
});

/** Hole 1's boundary at longitude 9.000–9.002, hole 2's at 9.002–9.004. */
function courseServer() {
  fakeApi.get('clubs/1/courses', [COURSE, EMPTY_COURSE]);
  fakeApi.get('clubs/1/club', club());
  fakeApi.get('graphics/elements-for-edit', ELEMENTS);
  fakeApi.get('graphics/contexts/1', { drawingStyleId: 1, themeName: 'Default', contexts: [{ name: 'hole', elementNames: [EL.holeBoundary, EL.bunker] }] });
  fakeApi.get('clubs/1/holes/51/drawing/1', response(51, 3, [boundary(9)]));
  fakeApi.get('clubs/1/holes/52/drawing/1', response(52, 8, [boundary(9.002)]));
  fakeApi.get('clubs/1/status/:check', {});
}

function open(path: string) {
  return renderRoutes(
    [
      { path: '/:clubId/metamap', element: <CourseMappingPage /> },
      { path: '/:clubId/metamap/:courseId', element: <CourseMappingPage /> },
      { path: '/:clubId/meatmap', element: <CourseMappingPage /> },
      { path: '/:clubId/meatmap/:courseId', element: <CourseMappingPage /> },
      { path: '/:clubId/admin/atla', element: <AtlaPage /> },
      { path: '/:clubId/courses/:courseId', element: <p>course page</p> },
    ],
    path,
  );
}

/** Draws a bunker by typing its corners (latitude, longitude), as a mapper without a pointer does. */
async function typeBunker(corners: string) {
  await userEvent.click(screen.getByRole('button', { name: /Draw\s*Bunker/ }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Latitude, longitude (one point a line)' }), { target: { value: corners } });
  await userEvent.click(screen.getByRole('button', { name: 'Add Bunker' }));
}
const IN_HOLE_1 = '55.0005, 9.0005\n55.0005, 9.001\n55.001, 9.001';
const IN_HOLE_2 = '55.0005, 9.0025\n55.0005, 9.003\n55.001, 9.003';
const OUTSIDE = '55.01, 9.0025\n55.01, 9.003\n55.011, 9.003';

const sentHoles = () => (fakeApi.requests.filter((r) => r.method === 'POST').at(-1)?.body as SaveCourseDrawingsBody | undefined)?.holes;

describe('course mapping', { timeout: 60_000 }, () => {
  it('without a course lists the club’s courses, each leading to its mapping under the same name', async () => {
    courseServer();
    open('/1/meatmap');
    const list = await screen.findByTestId('course-picker');
    expect(within(list).getByRole('link', { name: /Old Course/ })).toHaveAttribute('href', '/1/meatmap/5');
    expect(within(list).getByRole('link', { name: /New Course/ })).toHaveTextContent('0 holes');
  });

  it('says so for a course without holes', async () => {
    courseServer();
    open('/1/metamap/6');
    expect(await screen.findByText('New Course has no holes yet: add its holes first, then map them here.')).toBeInTheDocument();
  });

  it('says so for a course that is not the club’s', async () => {
    courseServer();
    open('/1/metamap/99');
    expect(await screen.findByText("This course is not one of the club's courses.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose the course to map' })).toHaveAttribute('href', '/1/metamap');
  });

  it('shows the error with Retry when a drawing cannot be loaded', async () => {
    courseServer();
    fakeApi.get('clubs/1/holes/52/drawing/1', apiError(500, 'Internal Server Error'));
    open('/1/metamap/5');
    expect(await screen.findByText('The course could not be loaded for mapping')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('gives a drawn bunker to the hole whose boundary holds it, and saves only that hole with its version', async () => {
    courseServer();
    fakeApi.post('clubs/1/courses/5/drawings', ({ body }) => {
      const [h] = (body as SaveCourseDrawingsBody).holes;
      return { saved: [response(h.hole_id, 9, h.drawing.features)], conflicts: [], invalid: [] } satisfies SaveCourseDrawingsResponse;
    });
    open('/1/metamap/5');
    expect(await screen.findByRole('heading', { name: 'Map course elements for Old Course' })).toBeInTheDocument();
    await typeBunker(IN_HOLE_2);
    expect(screen.getByTestId('unassigned-count')).toHaveTextContent('Every element belongs to a hole.');
    expect(screen.getByRole('combobox', { name: 'Hole of the selected element' })).toHaveValue('52');
    expect(screen.getByText(/Unsaved changes in 1 hole/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1 hole saved')).toBeInTheDocument();
    const holes = sentHoles()!;
    expect(holes.map((h) => [h.hole_id, h.version])).toEqual([[52, 8]]);
    expect(holes[0].drawing.features.map((f) => f.properties.element).sort()).toEqual([EL.bunker, EL.holeBoundary]);
    // Ids are the hole's own again.
    expect(holes[0].drawing.features.every((f) => !f.id.includes(':'))).toBe(true);
    expect(screen.queryByText(/Unsaved changes/)).not.toBeInTheDocument();
  });

  it('lists a bunker outside every boundary, refuses to save it without a hole, then saves it where the mapper puts it', async () => {
    courseServer();
    fakeApi.post('clubs/1/courses/5/drawings', ({ body }) => ({
      saved: (body as SaveCourseDrawingsBody).holes.map((h) => response(h.hole_id, h.version + 1, h.drawing.features)),
      conflicts: [],
      invalid: [],
    }));
    open('/1/metamap/5');
    await screen.findByRole('heading', { name: 'Map course elements for Old Course' });
    await typeBunker(OUTSIDE);
    expect(screen.getByTestId('unassigned-count')).toHaveTextContent('Not assigned: 1');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('save-blocked')).toHaveTextContent('1 element belongs to no hole');
    expect(fakeApi.calls({ writes: true })).toEqual([]);

    const row = screen.getByTestId('unassigned-row');
    await userEvent.selectOptions(within(row).getByRole('combobox'), 'Hole 1');
    expect(screen.getByTestId('unassigned-count')).toHaveTextContent('Every element belongs to a hole.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('1 hole saved');
    expect(sentHoles()!.map((h) => [h.hole_id, h.version, h.drawing.features.length])).toEqual([[51, 3, 2]]);
  });

  it('undo takes a hole given to a feature back with it', async () => {
    courseServer();
    open('/1/metamap/5');
    await screen.findByRole('heading', { name: 'Map course elements for Old Course' });
    await typeBunker(IN_HOLE_1);
    const picker = screen.getByRole('combobox', { name: 'Hole of the selected element' });
    expect(picker).toHaveValue('51');
    await userEvent.selectOptions(picker, 'No hole');
    expect(screen.getByTestId('unassigned-count')).toHaveTextContent('Not assigned: 1');
    // It lies in hole 1: the panel offers it back.
    await userEvent.click(screen.getByRole('button', { name: 'Give to hole 1' }));
    expect(screen.getByTestId('unassigned-count')).toHaveTextContent('Every element belongs to a hole.');
    await userEvent.click(screen.getByTestId('undo'));
    expect(screen.getByTestId('unassigned-count')).toHaveTextContent('Not assigned: 1');
    await userEvent.click(screen.getByRole('button', { name: 'Assign all automatically' }));
    expect(screen.getByTestId('unassigned-count')).toHaveTextContent('Every element belongs to a hole.');
  });

  it('names a hole changed meanwhile, keeps its edits, and reloads it only after asking', async () => {
    courseServer();
    fakeApi.post('clubs/1/courses/5/drawings', ({ body }) => {
      const holes = (body as SaveCourseDrawingsBody).holes;
      const two = holes.find((h) => h.hole_id === 52)!;
      return { saved: [response(52, 9, two.drawing.features)], conflicts: [{ hole_id: 51, order: 1, version: 4, updated_at: '2030-01-02T00:00:00.000Z' }], invalid: [] };
    });
    open('/1/metamap/5');
    await screen.findByRole('heading', { name: 'Map course elements for Old Course' });
    await typeBunker(IN_HOLE_1);
    await typeBunker(IN_HOLE_2);
    expect(screen.getByText(/Unsaved changes in 2 holes/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('hole-conflict')).toHaveTextContent('Hole 1 was changed by someone else meanwhile');
    expect(sentHoles()!.map((h) => [h.hole_id, h.version])).toEqual([
      [51, 3],
      [52, 8],
    ]);
    // Hole 2 is saved; hole 1 keeps the mapper's bunker, still unsaved.
    expect(screen.getByText(/Unsaved changes in 1 hole$/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reload hole 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reload hole 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByTestId('hole-conflict')).toBeInTheDocument();

    fakeApi.get('clubs/1/holes/51/drawing/1', response(51, 4, [boundary(9), { ...boundary(9), id: 'their-green', properties: { element: EL.green } }]));
    await userEvent.click(screen.getByRole('button', { name: 'Reload hole 1' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Reload hole 1?' })).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Hole 1 is as saved now')).toBeInTheDocument();
    expect(screen.queryByTestId('hole-conflict')).not.toBeInTheDocument();
    expect(screen.queryByText(/Unsaved changes/)).not.toBeInTheDocument();
  });

  it('shows the problems of a hole the server refused', async () => {
    courseServer();
    fakeApi.post('clubs/1/courses/5/drawings', {
      saved: [],
      conflicts: [],
      invalid: [{ hole_id: 52, order: 2, message: 'The drawing breaks the catalogue’s rules', problems: [{ feature: 'Bunker', message: 'is larger than 5000 m²' }] }],
    });
    open('/1/metamap/5');
    await screen.findByRole('heading', { name: 'Map course elements for Old Course' });
    await typeBunker(IN_HOLE_2);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const problems = await screen.findByTestId('save-problems');
    expect(problems).toHaveTextContent('These holes were not saved');
    expect(problems).toHaveTextContent('Bunker: is larger than 5000 m²');
    expect(screen.getByText(/Unsaved changes in 1 hole/)).toBeInTheDocument();
  });

  it('shows each problem of a refused hole in the reader’s language, by its code', async () => {
    courseServer();
    fakeApi.post('clubs/1/courses/5/drawings', {
      saved: [],
      conflicts: [],
      invalid: [
        {
          hole_id: 52,
          order: 2,
          message: 'The drawing has 3 problems',
          code: 'drawings.problems',
          params: { problems: 3 },
          problems: [
            {
              feature: 'b1',
              code: 'drawings.problem.areaTooLarge',
              params: { element: EL.bunker, feature: 'b1', area: 6200, max: 5000 },
              message: "Bunker 'b1': covers 6200 m², more than the graphics catalogue's largest bunker (5000 m²)",
            },
            {
              feature: 'b1',
              code: 'drawings.problem.mustLieInside',
              params: { element: EL.bunker, feature: 'b1', container: EL.holeBoundary },
              message: "Bunker 'b1': the graphics catalogue requires it to lie inside the hole boundary",
            },
            // A code of a newer server: its English message.
            { feature: 'b1', code: 'drawings.problem.tooShiny', params: {}, message: "Bunker 'b1': is too shiny" },
          ],
        },
      ],
    } satisfies SaveCourseDrawingsResponse);
    open('/1/metamap/5');
    await screen.findByRole('heading', { name: 'Map course elements for Old Course' });
    await typeBunker(IN_HOLE_2);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const problems = await screen.findByTestId('save-problems');
    const items = () => within(problems).getAllByRole('listitem').map((li) => li.textContent);
    expect(items().slice(1)).toEqual([
      "Bunker 'b1': covers 6,200 m², more than the graphics catalogue's largest bunker (5,000 m²)",
      "Bunker 'b1': the graphics catalogue requires it to lie inside the hole boundary",
      "Bunker 'b1': is too shiny",
    ]);
    expect(problems).toHaveTextContent('Hole 2: The drawing has 3 problems');

    i18n.addResourceBundle('da', 'translation', LOCALES.da, true, true);
    try {
      await act(() => i18n.changeLanguage('da'));
      expect(items().slice(1)).toEqual([
        "Bunker 'b1': dækker 6.200 m², mere end grafikkatalogets største bunker (5.000 m²)",
        "Bunker 'b1': grafikkataloget kræver, at den ligger inden for hulgrænse",
        "Bunker 'b1': is too shiny",
      ]);
      expect(items()[0]).toMatch(/^Hul 2: Tegningen har 3 problemer/);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('alternate mapping (/admin/atla)', { timeout: 60_000 }, () => {
  it('lists the holes with their status beside the map and goes hole after hole', async () => {
    courseServer();
    fakeApi.get('clubs/1/status/:check', ({ params }) => (params.check === 'greens-within-boundary' ? { 51: null, 52: false } : { 51: [], 52: [] }));
    open('/1/admin/atla');
    await userEvent.click(await screen.findByRole('link', { name: /Old Course/ }));
    const holes = await screen.findByTestId('atla-holes');
    await waitFor(() => expect(within(holes).getAllByTestId('atla-hole')[1]).toHaveTextContent('1 problem found'));
    expect(within(holes).getAllByTestId('atla-hole')[0]).toHaveTextContent('Hole 1 · par 4');
    expect(within(holes).getAllByTestId('atla-hole')[0]).toHaveTextContent('1 element');
    expect(screen.getByTestId('atla-current')).toHaveTextContent('Whole course');

    await userEvent.click(screen.getByRole('button', { name: 'Next hole' }));
    expect(screen.getByTestId('atla-current')).toHaveTextContent('Hole 1 of 2');
    fireEvent.keyDown(window, { key: ']' });
    expect(screen.getByTestId('atla-current')).toHaveTextContent('Hole 2 of 2');
    expect(screen.getByRole('button', { name: 'Next hole' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous hole' }));
    expect(screen.getByTestId('atla-current')).toHaveTextContent('Hole 1 of 2');
    await userEvent.click(within(holes).getByRole('button', { name: /Hole 2/ }));
    expect(screen.getByTestId('atla-current')).toHaveTextContent('Hole 2 of 2');

    await typeBunker(IN_HOLE_2);
    expect(within(holes).getAllByTestId('atla-hole')[1]).toHaveTextContent('2 elements · changed');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course, HoleTee, Tee } from '@golf/contract/api/courses';
import type { PinSetup } from '@golf/contract/api/pins';
import { apiError, fakeApi, json, type ApiRequest, type Resolver } from '../../testing/api';
import { profile } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { CoursePage } from './components/course-page';
import { ManageAllHolesPage } from './components/manage-all-holes-page';
import { pinBodies, pinRowProblem, PinPositionsPage } from './components/pin-positions-page';
import { MAX_HOLES } from '@golf/contract/api/courses';
import { canAddHole, canRemoveHole, handicapClashes, handicapProblem, toCreateBody, courseValues } from './utils/course-form';
import { describeChecks } from './utils/drawing-checks';
import { nextCell } from './utils/grid-navigation';

const owner = profile({ roles: { '1': ['courses'] }, regionRoles: { '1': ['owner'] }, managedClubIds: [1] });
vi.mock('../../lib/auth/session', () => ({ useSession: () => ({ status: 'signed-in', profile: owner }) }));

const hole = (id: number, order: number, par: number, handicap: number | null) => ({
  id,
  course_id: 5,
  order,
  name: '',
  par,
  handicap,
  pro_guideline: '',
  has_drawing: false,
});
const course: Course = {
  id: 5,
  club_id: 1,
  name: 'Old Course',
  holes: [hole(51, 1, 4, 1), hole(52, 2, 3, 2), hole(53, 3, 5, 3)],
  attribution: null,
  updated_at: '2030-01-01T00:00:00.000Z',
};
const tees: Tee[] = [
  { id: 7, course_id: 5, name: 'Yellow', color: '#fbc02d', distance: 900, total_distance: 900 },
  { id: 8, course_id: 5, name: 'Red', color: '#d32f2f', distance: 800, total_distance: 800 },
];
const holesTees: HoleTee[] = [
  { hole_id: 51, tee_id: 7, distance: 350 },
  { hole_id: 52, tee_id: 7, distance: 150 },
  { hole_id: 53, tee_id: 7, distance: 400 },
  { hole_id: 51, tee_id: 8, distance: 300 },
];

/** The club's course, its tees and its distances; the status checks of its drawings find nothing. */
function courseApi() {
  fakeApi.get('clubs/1/courses', [course]);
  fakeApi.get('clubs/1/tees', tees);
  fakeApi.get('clubs/1/holes_tees', holesTees);
  fakeApi.get('clubs/1/status/:check', {});
}

/** Every request of the test, in the order sent (live). */
const calls = fakeApi.requests;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('spreadsheet navigation', () => {
  const key = (k: string, extra: Partial<{ shiftKey: boolean; atStart: boolean; atEnd: boolean }> = {}) => ({ key: k, shiftKey: false, atStart: false, atEnd: false, ...extra });
  it('moves like a spreadsheet and stays inside the grid', () => {
    expect(nextCell({ row: 1, col: 1 }, key('ArrowUp'), 3, 4)).toEqual({ row: 0, col: 1 });
    expect(nextCell({ row: 0, col: 1 }, key('ArrowUp'), 3, 4)).toBeNull();
    expect(nextCell({ row: 1, col: 1 }, key('ArrowDown'), 3, 4)).toEqual({ row: 2, col: 1 });
    expect(nextCell({ row: 1, col: 1 }, key('ArrowLeft'), 3, 4)).toBeNull();
    expect(nextCell({ row: 1, col: 1 }, key('ArrowLeft', { atStart: true }), 3, 4)).toEqual({ row: 1, col: 0 });
    expect(nextCell({ row: 1, col: 1 }, key('ArrowRight', { atEnd: true }), 3, 4)).toEqual({ row: 1, col: 2 });
    expect(nextCell({ row: 1, col: 1 }, key('Enter'), 3, 4)).toEqual({ row: 2, col: 1 });
    expect(nextCell({ row: 1, col: 1 }, key('Enter', { shiftKey: true }), 3, 4)).toEqual({ row: 0, col: 1 });
    expect(nextCell({ row: 0, col: 3 }, key('Tab'), 3, 4)).toEqual({ row: 1, col: 0 });
    expect(nextCell({ row: 1, col: 0 }, key('Tab', { shiftKey: true }), 3, 4)).toEqual({ row: 0, col: 3 });
    expect(nextCell({ row: 2, col: 3 }, key('Tab'), 3, 4)).toBeNull();
    expect(nextCell({ row: 1, col: 1 }, key('a'), 3, 4)).toBeNull();
  });
});

describe('course values', () => {
  it('finds handicaps used twice and names the other holes', () => {
    const clashes = handicapClashes(['1', '2', '1', '', 'x', '1']);
    expect(clashes.get(0)).toEqual([3, 6]);
    expect(clashes.get(2)).toEqual([1, 6]);
    expect(clashes.has(1)).toBe(false);
    expect(clashes.has(3)).toBe(false);
  });

  it('sends distances of a new course by tee index and keeps a saved course’s distances by tee', () => {
    const values = courseValues(course, tees, holesTees);
    expect(values.holes[0].distances).toEqual({ t7: '350', t8: '300' });
    expect(values.holes[1].distances).toEqual({ t7: '150', t8: '' });
    const body = toCreateBody({ ...values, tees: values.tees.map(({ id: _id, ...t }) => t) });
    expect(body.holes[0]).toEqual({ name: '', par: 4, handicap: 1, pro_guideline: '', distances: [{ tee: 0, distance: 350 }, { tee: 1, distance: 300 }] });
  });

  it('keeps between 1 and MAX_HOLES holes and handicaps within the number of holes', () => {
    expect(canAddHole(MAX_HOLES - 1)).toBe(true);
    expect(canAddHole(MAX_HOLES)).toBe(false);
    expect(canRemoveHole(2)).toBe(true);
    expect(canRemoveHole(1)).toBe(false);
    expect(handicapProblem('9', 9)).toBeNull();
    expect(handicapProblem('9', 8)).toBe('courses.errors.handicapUpTo');
    expect(handicapProblem('28', 27)).toBe('courses.errors.handicap');
    expect(handicapProblem('', 1)).toBeNull();
  });

  it('puts the status checks in plain words', () => {
    const findings = describeChecks(course.holes, {
      selfIntersections: { '52': [{ feature: 'f1', element: 'bunker', points: [[9.5, 55.7]] }] },
      boundarySelfIntersections: {},
      greensWithinBoundary: { '51': true, '53': false },
    });
    expect(findings.map((h) => h.findings.map((f) => f.key))).toEqual([[], ['courses.checks.crossesItself'], ['courses.checks.greenOutside']]);
    expect(findings[1].findings[0].values).toEqual({ hole: 2, element: 'bunker', count: 1 });
  });
});

describe('pin values', () => {
  it('parses base-10 integers and makes one call per hole with values', () => {
    const holes = course.holes;
    const rows = { 51: { in: '12', side: '-3' }, 52: { in: '', side: '' }, 53: { in: ' 08 ', side: '4.9' } };
    expect(pinBodies(holes, rows)).toEqual([
      { holeId: 51, outMeters: 12, sideMeters: -3 },
      { holeId: 53, outMeters: 8, sideMeters: 4 },
    ]);
    expect(pinRowProblem({ in: '12', side: '' })).toEqual({ field: 'side', key: 'pins.errors.side' });
    expect(pinRowProblem({ in: 'x', side: '2' })).toEqual({ field: 'in', key: 'pins.errors.in' });
    expect(pinRowProblem({ in: '-1', side: '2' })).toEqual({ field: 'in', key: 'pins.errors.in' });
    expect(pinRowProblem({ in: '', side: '' })).toBeNull();
  });
});

describe('<ManageAllHolesPage>', { timeout: 30_000 }, () => {
  const open = () => renderRoutes([{ path: '/:clubId/courses/:courseId/manage-all-holes', element: <ManageAllHolesPage /> }, { path: '/:clubId/courses/:courseId', element: <p>course page</p> }], '/1/courses/5/manage-all-holes');

  it('moves between cells with the keyboard and selects the value so typing replaces it', async () => {
    courseApi();
    open();
    const par1 = await screen.findByLabelText('Par of hole 1');
    expect(screen.getByLabelText('Distance of hole 1 from Yellow')).toHaveValue('350');
    expect(screen.getByLabelText('Total par')).toHaveTextContent('12');
    expect(screen.getByLabelText('Total from Yellow')).toHaveTextContent('900 m');

    par1.focus();
    fireEvent.keyDown(par1, { key: 'ArrowDown' });
    const par2 = screen.getByLabelText('Par of hole 2') as HTMLInputElement;
    expect(par2).toHaveFocus();
    expect([par2.selectionStart, par2.selectionEnd]).toEqual([0, 1]);

    // The caret in the middle: Left stays in the cell; at the start it moves.
    const yellow2 = screen.getByLabelText('Distance of hole 2 from Yellow') as HTMLInputElement;
    yellow2.focus();
    yellow2.setSelectionRange(1, 1);
    fireEvent.keyDown(yellow2, { key: 'ArrowLeft' });
    expect(yellow2).toHaveFocus();
    yellow2.setSelectionRange(0, 0);
    fireEvent.keyDown(yellow2, { key: 'ArrowLeft' });
    expect(screen.getByLabelText('Handicap of hole 2')).toHaveFocus();
    const hcp2 = screen.getByLabelText('Handicap of hole 2') as HTMLInputElement;
    hcp2.setSelectionRange(1, 1);
    fireEvent.keyDown(hcp2, { key: 'ArrowRight' });
    expect(yellow2).toHaveFocus();

    fireEvent.keyDown(yellow2, { key: 'Enter' });
    expect(screen.getByLabelText('Distance of hole 3 from Yellow')).toHaveFocus();
    fireEvent.keyDown(screen.getByLabelText('Distance of hole 3 from Yellow'), { key: 'Tab' });
    expect(screen.getByLabelText('Distance of hole 3 from Red')).toHaveFocus();
    fireEvent.keyDown(screen.getByLabelText('Distance of hole 3 from Red'), { key: 'Tab', shiftKey: true });
    expect(screen.getByLabelText('Distance of hole 3 from Yellow')).toHaveFocus();
    fireEvent.keyDown(screen.getByLabelText('Distance of hole 3 from Yellow'), { key: 'ArrowUp' });
    expect(yellow2).toHaveFocus();

    // Typing replaces the selected value.
    await userEvent.keyboard('175');
    expect(yellow2).toHaveValue('175');
    expect(screen.getByLabelText('Total from Yellow')).toHaveTextContent('925 m');
  });

  it('shows a handicap clash at once, refuses to save it, then saves every hole in one call', async () => {
    courseApi();
    fakeApi.put('clubs/1/courses/5', course);
    open();
    const hcp3 = await screen.findByLabelText('Handicap of hole 3');
    await userEvent.clear(hcp3);
    await userEvent.type(hcp3, '1');
    expect(screen.getByText('Also on hole 3')).toBeInTheDocument();
    expect(screen.getByText('Also on hole 1')).toBeInTheDocument();
    const par2 = screen.getByLabelText('Par of hole 2');
    await userEvent.clear(par2);
    await userEvent.type(par2, '9');
    expect(screen.getByText('Par is 3 to 7')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(hcp3);
    await userEvent.type(hcp3, '3');
    await userEvent.clear(par2);
    await userEvent.type(par2, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/clubs/1/courses/5');
    expect((put.body as { holes: unknown[] }).holes).toEqual([
      { id: 51, name: '', par: 4, handicap: 1, pro_guideline: '', distances: [{ tee_id: 7, distance: 350 }, { tee_id: 8, distance: 300 }] },
      { id: 52, name: '', par: 4, handicap: 2, pro_guideline: '', distances: [{ tee_id: 7, distance: 150 }] },
      { id: 53, name: '', par: 5, handicap: 3, pro_guideline: '', distances: [{ tee_id: 7, distance: 400 }] },
    ]);
    expect(await screen.findByText('Course saved')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    courseApi();
    const router = open();
    const par1 = await screen.findByLabelText('Par of hole 1');
    await userEvent.clear(par1);
    await userEvent.type(par1, '5');
    await userEvent.click(screen.getByRole('link', { name: 'Old Course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/1/courses/5/manage-all-holes');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText('Par of hole 1')).toHaveValue('5');
    await userEvent.click(screen.getByRole('link', { name: 'Old Course' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('course page')).toBeInTheDocument();
  });
});

describe('<CoursePage> create', { timeout: 60_000 }, () => {
  const open = () =>
    renderRoutes(
      [
        { path: '/:clubId/courses/new', element: <CoursePage /> },
        { path: '/:clubId/courses/:courseId', element: <p>new course opened</p> },
        { path: '/:clubId/home', element: <p>home page</p> },
      ],
      '/1/courses/new',
    );

  async function fillNineHoles() {
    await userEvent.type(screen.getByLabelText(/Course name/), 'Lakeside');
    await userEvent.click(screen.getByRole('button', { name: '9 holes' }));
    expect(screen.getByLabelText('Par of hole 9')).toBeInTheDocument();
    expect(screen.queryByLabelText('Par of hole 10')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add tee' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a tee' });
    await userEvent.type(within(dialog).getByLabelText('Tee name'), 'Yellow');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yellow' }));
    expect(within(dialog).getByLabelText('Colour')).toHaveValue('#fbc02d');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tee' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.change(screen.getByLabelText('Distance of hole 1 from Yellow'), { target: { value: '320' } });
  }

  it('shows a handicap clash before saving and sends nothing', async () => {
    open();
    await fillNineHoles();
    fireEvent.change(screen.getByLabelText('Handicap of hole 1'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Handicap of hole 4'), { target: { value: '5' } });
    expect(screen.getByText('Also on hole 4')).toBeInTheDocument();
    expect(screen.getByText('Also on hole 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create course' }));
    expect(await screen.findByText('Correct the marked fields, then save again.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('posts the course, then loads courses, then tees, then opens the new course (§4)', async () => {
    fakeApi.post('clubs/1/courses', json({ ...course, id: 42, name: 'Lakeside' }, 201));
    fakeApi.get('clubs/1/courses', [{ ...course, id: 42 }]);
    fakeApi.get('clubs/1/tees', []);
    const router = open();
    await fillNineHoles();
    await userEvent.click(screen.getByRole('button', { name: 'Create course' }));
    expect(await screen.findByText('new course opened')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/1/courses/42');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/clubs/1/courses', 'GET /api/clubs/1/courses', 'GET /api/clubs/1/tees']);
    const body = calls[0].body as { name: string; tees: unknown[]; holes: { par: number; distances: unknown[] }[] };
    expect(body.name).toBe('Lakeside');
    expect(body.tees).toEqual([{ name: 'Yellow', color: '#fbc02d' }]);
    expect(body.holes).toHaveLength(9);
    expect(body.holes[0]).toEqual({ name: '', par: 4, handicap: null, pro_guideline: '', distances: [{ tee: 0, distance: 320 }] });
  });

  it('goes home with a console warning when a follow-up load fails (§4, §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi.post('clubs/1/courses', json({ ...course, id: 42, name: 'Lakeside' }, 201));
    fakeApi.get('clubs/1/courses', [{ ...course, id: 42 }]);
    fakeApi.get('clubs/1/tees', apiError(403, 'No access'));
    const router = open();
    await fillNineHoles();
    await userEvent.click(screen.getByRole('button', { name: 'Create course' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/1/home');
    expect(warn).toHaveBeenCalled();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/clubs/1/courses', 'GET /api/clubs/1/courses', 'GET /api/clubs/1/tees']);
  });
});

describe('<PinPositionsPage>', { timeout: 30_000 }, () => {
  const setup: PinSetup = { id: 3, name: 'Tuesday', courseId: 5, clubId: 1, updatedAt: '2030-01-01T00:00:00.000Z' };
  /** The course with one pin setup without positions; `post` answers each saved position. */
  const pinApi = (post: Resolver) => {
    fakeApi.get('clubs/1/courses', [course]);
    fakeApi.get('clubs/1/pin-setups', ({ query }) => (query.get('course_id') === '5' ? [setup] : apiError(404, 'unexpected')));
    fakeApi.get('clubs/1/pin-setups/3', []);
    fakeApi.post('clubs/1/pin-setups/3', post);
  };
  const open = () => renderRoutes([{ path: '/:clubId/courses/:courseId/pin-positions', element: <PinPositionsPage /> }], '/1/courses/5/pin-positions');

  it('saves one call per hole with values, parsed as integers', async () => {
    pinApi(({ body }) => ({ pinSetupId: 3, ...(body as object), position: null }));
    open();
    fireEvent.change(await screen.findByLabelText('In of hole 1'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Side of hole 1'), { target: { value: '-3' } });
    fireEvent.change(screen.getByLabelText('In of hole 3'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Side of hole 3'), { target: { value: '0' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pin positions of 2 holes saved')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual(['/api/clubs/1/pin-setups/3', '/api/clubs/1/pin-setups/3']);
    expect(posts.map((c) => c.body)).toEqual([
      { holeId: 51, outMeters: 12, sideMeters: -3 },
      { holeId: 53, outMeters: 20, sideMeters: 0 },
    ]);
    // The positions reload after the save.
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/pin-setups/3') && c.method === 'GET')).toHaveLength(2));
  });

  it("says 'Adding pin positions went wrong' when no call gives a position back", async () => {
    pinApi(() => apiError(400, 'Hole is not in this course'));
    open();
    fireEvent.change(await screen.findByLabelText('In of hole 2'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Side of hole 2'), { target: { value: '-2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Adding pin positions went wrong')).toBeInTheDocument();
  });

  it('shows a load failure as a message with Retry', async () => {
    fakeApi.get('clubs/1/courses', [course]);
    fakeApi.get('clubs/1/pin-setups', apiError(403, 'Pin setups are resting'));
    open();
    expect(await screen.findByText('Pin setups are resting')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('<CoursePage> saved course: adding and removing holes', { timeout: 60_000 }, () => {
  type Body = { name: string; holes: { id?: number; par: number; handicap: number | null; distances: unknown[] }[] };
  /** The server of one course: PUT keeps holes with an id in the given order, adds the others, drops the rest. */
  function courseServer() {
    let saved: Course = course;
    let savedDistances: HoleTee[] = holesTees;
    let nextId = 60;
    fakeApi.put('clubs/1/courses/5', ({ body }) => {
      const sent = body as Body;
      const holes = sent.holes.map((h, i) => ({ ...hole(h.id ?? nextId++, i + 1, h.par, h.handicap) }));
      savedDistances = sent.holes.flatMap((h, i) => (h.distances as { tee_id: number; distance: number }[]).map((d) => ({ hole_id: holes[i].id, ...d })));
      saved = { ...saved, name: sent.name, holes };
      return saved;
    });
    fakeApi.get('clubs/1/courses', () => [saved]);
    fakeApi.get('clubs/1/tees', tees);
    fakeApi.get('clubs/1/holes_tees', () => savedDistances);
    fakeApi.get('clubs/1/status/:check', {});
    return calls;
  }
  const open = () => renderRoutes([{ path: '/:clubId/courses/:courseId', element: <CoursePage /> }], '/1/courses/5');
  const puts = (calls: readonly ApiRequest[]) => calls.filter((c) => c.method === 'PUT');

  it('adds a hole at the end and saves it without an id; after the reload it is a saved hole', async () => {
    const calls = courseServer();
    open();
    expect(await screen.findByLabelText('Par of hole 3')).toHaveValue('5');
    expect(screen.getByText('3 holes (at most 27)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add hole' }));
    expect(screen.getByLabelText('Par of hole 4')).toHaveValue('4');
    expect(screen.getByLabelText('Par of hole 4')).toHaveFocus();
    expect(screen.getByText('4 holes (at most 27)')).toBeInTheDocument();
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    // A hole not saved yet has no drawing to edit.
    expect(screen.queryByRole('button', { name: 'Edit the drawing of hole 4' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Par of hole 4'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Handicap of hole 4'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Distance of hole 4 from Yellow'), { target: { value: '165' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Course saved')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0].url).toBe('/api/clubs/1/courses/5');
    expect((puts(calls)[0].body as Body).holes).toEqual([
      { id: 51, name: '', par: 4, handicap: 1, pro_guideline: '', distances: [{ tee_id: 7, distance: 350 }, { tee_id: 8, distance: 300 }] },
      { id: 52, name: '', par: 3, handicap: 2, pro_guideline: '', distances: [{ tee_id: 7, distance: 150 }] },
      { id: 53, name: '', par: 5, handicap: 3, pro_guideline: '', distances: [{ tee_id: 7, distance: 400 }] },
      { name: '', par: 3, handicap: 4, pro_guideline: '', distances: [{ tee_id: 7, distance: 165 }] },
    ]);
    // The courses reload: the new hole has its id now, so its editors open.
    expect(await screen.findByRole('button', { name: 'Edit the drawing of hole 4' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET' && c.url.endsWith('/courses'))).toHaveLength(2);
    expect(screen.getByLabelText('Distance of hole 4 from Yellow')).toHaveValue('165');
    expect(screen.queryByText('You have unsaved changes.')).toBeNull();
  });

  it('asks before removing a saved hole, checks the handicaps of the holes left, and saves without it', async () => {
    const calls = courseServer();
    open();
    await screen.findByLabelText('Par of hole 3');
    await userEvent.click(screen.getByRole('button', { name: 'Remove hole 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove hole 2?' });
    expect(dialog).toHaveTextContent('the hole’s drawing, its distances and its pin positions are deleted');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText('Par of hole 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove hole 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove hole 2?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove hole' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByLabelText('Par of hole 3')).toBeNull();
    // The old hole 3 is hole 2 now, with its handicap 3: more than the 2 holes left.
    expect(screen.getByLabelText('Par of hole 2')).toHaveValue('5');
    expect(screen.getByLabelText('Handicap of hole 2')).toHaveValue('3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 2 (the number of holes)')).toBeInTheDocument();
    expect(puts(calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Handicap of hole 2'), { target: { value: '2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Course saved')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    expect((puts(calls)[0].body as Body).holes).toEqual([
      { id: 51, name: '', par: 4, handicap: 1, pro_guideline: '', distances: [{ tee_id: 7, distance: 350 }, { tee_id: 8, distance: 300 }] },
      { id: 53, name: '', par: 5, handicap: 2, pro_guideline: '', distances: [{ tee_id: 7, distance: 400 }] },
    ]);
    await waitFor(() => expect(screen.getByText('2 holes (at most 27)')).toBeInTheDocument());
    expect(screen.queryByLabelText('Par of hole 3')).toBeNull();
    expect(screen.queryByText('You have unsaved changes.')).toBeNull();
  });

  it('adds a tee to a saved course at once, without leaving unsaved changes behind', async () => {
    let serverTees = [...tees];
    courseApi();
    fakeApi.get('clubs/1/tees', () => serverTees);
    fakeApi.post('clubs/1/tees', ({ body }) => {
      const created = { id: 9, ...(body as { course_id: number; name: string; color: string }), distance: 0, total_distance: 0 };
      serverTees = [...serverTees, created];
      return json(created, 201);
    });
    open();
    await screen.findByLabelText('Par of hole 3');
    await userEvent.click(screen.getByRole('button', { name: 'Add tee' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Tee name/), 'Blue');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Blue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tee' }));
    expect(await screen.findByText('Tee Blue added')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ course_id: 5, name: 'Blue', color: '#1565c0' });
    expect(await screen.findByLabelText('Distance of hole 1 from Blue')).toHaveValue('');
    expect(screen.queryByText('You have unsaved changes.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
  });

  it('has no unsaved changes after a save when some holes have no distance from a tee', async () => {
    courseServer();
    open();
    await screen.findByLabelText('Par of hole 3');
    expect(screen.getByLabelText('Distance of hole 2 from Red')).toHaveValue('');
    fireEvent.change(screen.getByLabelText('Par of hole 3'), { target: { value: '4' } });
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Course saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Par of hole 3')).toHaveValue('4'));
    expect(screen.queryByText('You have unsaved changes.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
  });

  it('removes a hole added since the last save without asking, and keeps the last hole', async () => {
    const one = { ...course, holes: [hole(51, 1, 4, 1)] };
    courseApi();
    fakeApi.get('clubs/1/courses', [one]);
    open();
    await screen.findByLabelText('Par of hole 1');
    expect(screen.getByRole('button', { name: 'Remove hole 1' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add hole' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove hole 2' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByLabelText('Par of hole 2')).toBeNull();
    expect(screen.getByText('1 hole (at most 27)')).toBeInTheDocument();
  });
});

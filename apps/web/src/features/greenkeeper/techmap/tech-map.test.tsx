import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course, Tee } from '@golf/contract/api/courses';
import type { HoleText, Tracking, TrackingComment, TrackingDescription, TrackingGroup, TrackingGroupCourse } from '@golf/contract/api/greenkeeper';
import { deferred, fakeApi, isForm, json, noContent } from '../../../testing/api';
import { renderRoutes } from '../../../testing/render';
import type { TechMapViewProps } from './components/tech-map-view';
import { TechMapPage } from './tech-map-page';
import { areaTexts, changesFor, filterTrackings, filtering, NO_FILTERS, type FilterWords } from './utils/filters';

// jsdom has no canvas: the OpenLayers map is replaced; what the page gives it is checked instead.
const map = vi.hoisted(() => ({ props: null as TechMapViewProps | null }));
vi.mock('./components/tech-map-view', () => ({
  default: (props: TechMapViewProps) => {
    map.props = props;
    return <div data-testid="tech-map" />;
  },
}));

const NOW = '2030-05-10T12:00:00.000Z';
const hole = (id: number, order: number) => ({ id, course_id: 5, order, name: `Hole ${order}`, par: 4, handicap: order, pro_guideline: '', has_drawing: true });
const course: Course = { id: 5, club_id: 1, name: 'Fjordvang Links', holes: [hole(51, 1), hole(52, 2)], attribution: null, updated_at: NOW };
const other: Course = { id: 6, club_id: 1, name: 'Short Course', holes: [hole(61, 1)], attribution: null, updated_at: NOW };
const tees: Tee[] = [{ id: 7, course_id: 5, name: 'Yellow', color: '#fbc02d', distance: 900, total_distance: 900 }];
const square = (x: number) => ({ type: 'Polygon' as const, coordinates: [[[x, 55], [x + 0.001, 55], [x + 0.001, 55.001], [x, 55.001], [x, 55]]] });

function tracking(holeId: number, featureId: string, elementName: string, change: Partial<Tracking> = {}): Tracking {
  return {
    id: `${holeId}:${featureId}`,
    featureId,
    elementName,
    name: '',
    area: 420.4,
    customAttributes: { holeId, teeId: null },
    trackingGroupIds: [],
    courseId: 5,
    holeId,
    geometry: square(9 + holeId / 1000),
    ...change,
  };
}

const TRACKINGS = [
  tracking(51, 'green', 'green', { area: 612.2, trackingGroupIds: [1] }),
  tracking(51, 'bunker-1', 'bunker', { name: 'Pot bunker', area: 35.5 }),
  tracking(51, 'tee-back', 'tee', { area: 120, customAttributes: { holeId: 51, teeId: 7 } }),
  tracking(52, 'green', 'green', { area: 580, trackingGroupIds: [1] }),
  tracking(52, 'bunker-1', 'bunker', { name: 'Lake Ravnsø bunker', area: 12_345.6 }),
  tracking(52, 'play-line', 'play line', { area: null, geometry: { type: 'LineString', coordinates: [[9, 55], [9.001, 55.001]] } }),
];

const group = (id: number, name: string, change: Partial<TrackingGroup> = {}): TrackingGroup => ({ id, name, color: '#2e7d32', trackingCount: 0, commentCount: 0, updatedAt: NOW, ...change });

const image = (id: number) => ({ id, url: `/files/public/clubs/1/greenkeeper/${id}.jpg`, width: 800, height: 600 });
const comment = (id: number, change: Partial<TrackingComment> = {}): TrackingComment => ({
  id,
  trackingGroupId: 1,
  text: `Entry ${id}`,
  createdAt: NOW,
  updatedAt: NOW,
  author: { id: 3, name: 'Gorm Greenkeeper' },
  images: [],
  ...change,
});

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

/** The server of the screen: groups, courses, trackings, descriptions, comments and hole texts, changed by the writes. */
function techServer(initial: { groups?: TrackingGroup[]; comments?: TrackingComment[]; descriptions?: TrackingDescription[]; groupCourses?: TrackingGroupCourse[]; holeTexts?: Record<number, HoleText[]> } = {}) {
  const state = {
    groups: initial.groups ?? [group(1, 'Greens mowed Monday', { trackingCount: 2, commentCount: 1 })],
    trackings: TRACKINGS.map((t) => ({ ...t })),
    comments: initial.comments ?? [],
    descriptions: initial.descriptions ?? [],
    groupCourses: initial.groupCourses ?? [{ trackingGroupId: 1, courseId: 5, count: 2 }],
    holeTexts: initial.holeTexts ?? {},
  };
  fakeApi.get('clubs/1/courses', [course, other]);
  fakeApi.get('clubs/1/tees', tees);
  fakeApi.get('graphics/elements-for-edit', []);
  fakeApi.get('clubs/1/tracking-groups', () => state.groups);
  fakeApi.get('clubs/1/tracking-groups/courses', () => state.groupCourses);
  fakeApi.get('clubs/1/tracking-groups/trackings', ({ query }) => state.trackings.filter((t) => t.courseId === Number(query.get('courseId'))));
  fakeApi.get('clubs/1/tracking-groups/descriptions', () => state.descriptions);
  fakeApi.get('clubs/1/tracking-groups/comments', ({ query }) => state.comments.filter((c) => c.trackingGroupId === Number(query.get('trackingGroupId'))));
  fakeApi.get('clubs/1/holes/:holeId/texts', ({ params }) => state.holeTexts[Number(params.holeId)] ?? []);
  fakeApi.put('clubs/1/tracking-groups/:id/trackings', ({ params, body }) => {
    const id = Number(params.id);
    const { add = [], remove = [] } = body as { add?: { holeId: number; featureId: string }[]; remove?: { holeId: number; featureId: string }[] };
    for (const t of state.trackings) {
      if (add.some((r) => r.holeId === t.holeId && r.featureId === t.featureId) && !t.trackingGroupIds.includes(id)) t.trackingGroupIds = [...t.trackingGroupIds, id];
      if (remove.some((r) => r.holeId === t.holeId && r.featureId === t.featureId)) t.trackingGroupIds = t.trackingGroupIds.filter((g) => g !== id);
    }
    state.groups = state.groups.map((g) => (g.id === id ? { ...g, trackingCount: state.trackings.filter((t) => t.trackingGroupIds.includes(id)).length } : g));
    return state.groups.find((g) => g.id === id);
  });
  return state;
}

const open = (path = '/1/greenkeeper/techmap?course=5') => renderRoutes([{ path: '/:clubId/greenkeeper/techmap', element: <TechMapPage /> }], path);

const WORDS: FilterWords = {
  elementLabel: (name) => ({ green: 'Green', bunker: 'Bunker', tee: 'Tee', 'play line': 'Play line' })[name] ?? name,
  holeLabel: (holeId) => `Hole ${holeId - 50}`,
  descriptions: [
    { id: 1, trackingGroupId: 1, name: 'Mowing height', description: 'Cut at 3.5 mm with the triplex' },
    { id: 2, trackingGroupId: 2, name: 'Raking', description: 'Rake the bunkers after rain' },
  ],
};

describe('tech map filters (§5)', () => {
  it('finds an element by a misspelt name, by element type and by hole, on comma-separated terms', () => {
    const ids = (name: string) => filterTrackings(TRACKINGS, { ...NO_FILTERS, name }, WORDS).map((t) => t.id);
    expect(ids('Ravnsö bunkr')).toEqual(['52:bunker-1']);
    expect(ids('bunkr')).toEqual(['51:bunker-1', '52:bunker-1']);
    expect(ids('Grene, play lne')).toEqual(['51:green', '52:green', '52:play-line']);
    expect(ids('xyzzy')).toEqual([]);
    expect(ids(' , ')).toHaveLength(TRACKINGS.length);
    expect(filtering({ ...NO_FILTERS, name: ' , ' })).toBe(false);
  });

  it('combines element types, names and descriptions by intersection', () => {
    const withGroups = TRACKINGS.map((t) => (t.id === '52:bunker-1' ? { ...t, trackingGroupIds: [2] } : t));
    const ids = (filters: Partial<typeof NO_FILTERS>) => filterTrackings(withGroups, { ...NO_FILTERS, ...filters }, WORDS).map((t) => t.id);
    expect(ids({ elements: ['green', 'bunker'] })).toEqual(['51:green', '51:bunker-1', '52:green', '52:bunker-1']);
    expect(ids({ description: 'tripplex' })).toEqual(['51:green', '52:green']);
    expect(ids({ description: 'raking' })).toEqual(['52:bunker-1']);
    expect(ids({ elements: ['bunker'], name: 'ravnso' })).toEqual(['52:bunker-1']);
    expect(ids({ elements: ['green'], name: 'hole 2' })).toEqual(['51:green', '52:green']);
    expect(ids({ elements: ['green'], description: 'raking' })).toEqual([]);
    expect(ids({ elements: ['bunker'], name: 'pot', description: 'raking' })).toEqual([]);
  });

  it('adds only the elements not yet in the group, removes only those in it; areas in m² and ha', () => {
    expect(changesFor(TRACKINGS, 1, 'add')).toHaveLength(4);
    expect(changesFor(TRACKINGS, 1, 'remove')).toEqual([
      { holeId: 51, featureId: 'green' },
      { holeId: 52, featureId: 'green' },
    ]);
    expect(areaTexts(12_345.6, 'en')).toEqual({ m2: '12,346 m²', ha: '1.23 ha' });
    expect(areaTexts(35.5, 'da')).toEqual({ m2: '36 m²', ha: '0,00 ha' });
  });
});

describe('<TechMapPage>', { timeout: 30_000 }, () => {
  it('shows every element on the map and in the list, the groups, and a clicked element’s info box', async () => {
    techServer();
    open();
    await waitFor(() => expect(map.props?.trackings).toHaveLength(TRACKINGS.length));
    expect(map.props!.holes).toEqual([
      { holeId: 51, number: 1 },
      { holeId: 52, number: 2 },
    ]);
    expect(screen.getAllByTestId('element-row')).toHaveLength(TRACKINGS.length);
    const groups = await screen.findAllByTestId('tracking-group');
    expect(groups[0]).toHaveTextContent('Greens mowed Monday');
    expect(groups[0]).toHaveTextContent('2 elements · 2 on this course · 1 comment');

    act(() => map.props!.onElementClick('52:bunker-1'));
    const info = await screen.findByTestId('element-info');
    expect(within(info).getByRole('heading')).toHaveTextContent('Bunker: Lake Ravnsø bunker · Hole 2');
    expect(info).toHaveTextContent('12,346 m² (1.23 ha)');
    expect(within(info).getByTestId('info-groups')).toHaveTextContent('In no group');
    expect(map.props!.marks.selected).toBe('52:bunker-1');

    act(() => map.props!.onElementClick('51:tee-back'));
    await waitFor(() => expect(screen.getByTestId('element-info')).toHaveTextContent('Yellow'));

    // The keyboard's way: a row of the list opens the info box and shows the element on the map.
    await userEvent.click(screen.getByRole('button', { name: /^Green Hole 1 · 612 m²$/ }));
    expect(screen.getByTestId('element-info')).toHaveTextContent('Greens mowed Monday');
    expect(map.props!.focus?.id).toBe('51:green');
  });

  it('creates a group, then adds and removes elements by clicking on the map in selection mode', async () => {
    const state = techServer();
    fakeApi.post('clubs/1/tracking-groups', ({ body }) => {
      const made = group(2, (body as { name: string }).name, { color: (body as { color: string }).color });
      state.groups = [...state.groups, made];
      return json(made, 201);
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = screen.getByRole('dialog', { name: 'New tracking group' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Enter a name')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Bunkers raked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use colour #c62828' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.sent('POST', '/api/clubs/1/tracking-groups')[0].body).toEqual({ name: 'Bunkers raked', color: '#c62828' });
    // The new group is the active one.
    expect(await screen.findByRole('heading', { name: 'Bunkers raked' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Select on the map for Bunkers raked' }));
    await waitFor(() => expect(map.props!.selecting).toBe(true));
    act(() => map.props!.onElementClick('51:bunker-1'));
    await waitFor(() => expect(fakeApi.sent('PUT')).toHaveLength(1));
    expect(fakeApi.sent('PUT')[0]).toMatchObject({ url: '/api/clubs/1/tracking-groups/2/trackings', body: { add: [{ holeId: 51, featureId: 'bunker-1' }], remove: [] } });
    await waitFor(() => expect(map.props!.marks.group?.ids).toEqual(new Set(['51:bunker-1'])));
    expect(map.props!.marks.group?.color).toBe('#c62828');
    expect(await screen.findByText('Bunker (Hole 1) added to Bunkers raked')).toBeInTheDocument();

    act(() => map.props!.onElementClick('51:bunker-1'));
    await waitFor(() => expect(fakeApi.sent('PUT')).toHaveLength(2));
    expect(fakeApi.sent('PUT')[1].body).toEqual({ add: [], remove: [{ holeId: 51, featureId: 'bunker-1' }] });
    await waitFor(() => expect(map.props!.marks.group?.ids.size).toBe(0));
  });

  it('filters by a misspelt name, highlights and lists the matches, and adds all of them to the active group', async () => {
    techServer();
    open('/1/greenkeeper/techmap?course=5&group=1');
    await screen.findAllByTestId('element-row');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name' }), 'bunkr');
    await waitFor(() => expect(screen.getAllByTestId('element-row')).toHaveLength(2));
    expect(screen.getByTestId('filter-count')).toHaveTextContent('2 elements found');
    expect(map.props!.marks.matches).toEqual(new Set(['51:bunker-1', '52:bunker-1']));
    await userEvent.click(screen.getByRole('button', { name: 'Show on map' }));
    expect(map.props!.focusMatches).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'Add all to Greens mowed Monday' }));
    await waitFor(() => expect(fakeApi.sent('PUT')).toHaveLength(1));
    expect(fakeApi.sent('PUT')[0].body).toEqual({
      add: [
        { holeId: 51, featureId: 'bunker-1' },
        { holeId: 52, featureId: 'bunker-1' },
      ],
      remove: [],
    });
    expect(await screen.findByText('2 elements added to Greens mowed Monday')).toBeInTheDocument();
    // The list's checkboxes take one out again.
    const box = await screen.findByRole('checkbox', { name: 'Bunker: Pot bunker, Hole 1 in Greens mowed Monday' });
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.click(box);
    await waitFor(() => expect(fakeApi.sent('PUT')).toHaveLength(2));
    expect(fakeApi.sent('PUT')[1].body).toEqual({ add: [], remove: [{ holeId: 51, featureId: 'bunker-1' }] });
  });

  it('keeps only the groups with at least 2 elements on the course when asked (§9)', async () => {
    techServer({ groups: [group(1, 'Greens mowed Monday'), group(2, 'Bunkers raked')], groupCourses: [{ trackingGroupId: 1, courseId: 5, count: 2 }, { trackingGroupId: 2, courseId: 6, count: 4 }] });
    open();
    await waitFor(() => expect(screen.getAllByTestId('tracking-group')).toHaveLength(2));
    await userEvent.click(screen.getByRole('switch', { name: 'Only groups on this course' }));
    expect(screen.getAllByTestId('tracking-group').map((g) => within(g).getByRole('button', { pressed: false }).textContent)).toEqual([expect.stringContaining('Greens mowed Monday')]);
  });

  it('writes a log book entry: the comment, then each image with its progress, then the list again (§4)', async () => {
    const state = techServer();
    const gate = deferred();
    fakeApi.post('clubs/1/tracking-groups/comments', ({ body }) => json(comment(40, { text: (body as { text: string }).text }), 201));
    let uploads = 0;
    fakeApi.post('clubs/1/tracking-groups/comments/:id/images', async () => {
      uploads++;
      if (uploads === 1) await gate.promise;
      return json(image(100 + uploads), 201);
    });
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    open('/1/greenkeeper/techmap?course=5&group=1');
    const form = await screen.findByTestId('comment-form');
    expect(await screen.findByText('The log book is empty')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Add to log book' }));
    expect(within(form).getByText('Write something or add an image')).toBeInTheDocument();

    await userEvent.type(within(form).getByRole('textbox', { name: 'New entry' }), 'Greens cut at 3.5 mm');
    await userEvent.upload(within(form).getByTestId('comment-images'), [png('green-1.png'), png('green-2.png')]);
    expect(within(form).getAllByTestId('pending-image')).toHaveLength(2);
    await userEvent.click(within(form).getByRole('button', { name: 'Add to log book' }));
    const progress = await within(form).findByRole('progressbar', { name: 'Upload of green-1.png' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    state.comments = [comment(40, { text: 'Greens cut at 3.5 mm', images: [image(101), image(102)] })];
    gate.resolve();
    expect(await screen.findByText('Entry added to the log book')).toBeInTheDocument();
    expect(fakeApi.calls().filter((c) => !c.startsWith('GET') || c.includes('comments'))).toEqual([
      'GET /api/clubs/1/tracking-groups/comments?trackingGroupId=1',
      'POST /api/clubs/1/tracking-groups/comments',
      'POST /api/clubs/1/tracking-groups/comments/40/images',
      'POST /api/clubs/1/tracking-groups/comments/40/images',
      'GET /api/clubs/1/tracking-groups/comments?trackingGroupId=1',
    ]);
    expect(fakeApi.sent('POST', '/api/clubs/1/tracking-groups/comments')[0].body).toEqual({ trackingGroupId: 1, text: 'Greens cut at 3.5 mm' });
    const sent = fakeApi.sent('POST', /images$/).map((r) => (isForm(r.body) ? (r.body.get('file') as File).name : null));
    expect(sent).toEqual(['green-1.png', 'green-2.png']);
    const entry = await screen.findByTestId('comment');
    expect(entry).toHaveTextContent('Gorm Greenkeeper');
    expect(within(entry).getAllByTestId('comment-image')).toHaveLength(2);
    expect(within(form).getByRole('textbox', { name: 'New entry' })).toHaveValue('');
  });

  it('edits an entry, removes one of its images and deletes it, each removal after a confirmation', async () => {
    const state = techServer({ comments: [comment(40, { text: 'Old text', images: [image(1), image(2)] }), comment(39, { createdAt: '2030-05-01T08:00:00.000Z', updatedAt: '2030-05-01T08:00:00.000Z' })] });
    fakeApi.put('clubs/1/tracking-groups/comments/:id', ({ params, body }) => {
      state.comments = state.comments.map((c) => (c.id === Number(params.id) ? { ...c, text: (body as { text: string }).text, updatedAt: '2030-05-10T13:00:00.000Z' } : c));
      return state.comments.find((c) => c.id === Number(params.id));
    });
    fakeApi.delete('clubs/1/tracking-groups/comments/:id/images/:imageId', ({ params }) => {
      state.comments = state.comments.map((c) => (c.id === Number(params.id) ? { ...c, images: c.images.filter((i) => i.id !== Number(params.imageId)) } : c));
      return noContent();
    });
    fakeApi.delete('clubs/1/tracking-groups/comments/:id', ({ params }) => {
      state.comments = state.comments.filter((c) => c.id !== Number(params.id));
      return noContent();
    });
    open('/1/greenkeeper/techmap?course=5&group=1');
    const entries = await screen.findAllByTestId('comment');
    expect(entries.map((e) => within(e).getByTestId('comment-text').textContent)).toEqual(['Old text', 'Entry 39']);

    await userEvent.click(within(entries[0]).getByRole('button', { name: /^Edit the entry of/ }));
    const edit = within(entries[0]).getByTestId('comment-edit-form');
    const text = within(edit).getByRole('textbox', { name: 'Text' });
    await userEvent.clear(text);
    await userEvent.type(text, 'New text');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Entry saved')).toBeInTheDocument();
    expect(fakeApi.sent('PUT', '/api/clubs/1/tracking-groups/comments/40')[0].body).toEqual({ text: 'New text' });
    await waitFor(() => expect(screen.getAllByTestId('comment-text')[0]).toHaveTextContent('New text'));
    expect(screen.getAllByTestId('comment-time')[0]).toHaveTextContent('(edited');

    await userEvent.click(within(screen.getAllByTestId('comment')[0]).getByRole('button', { name: /^Edit the entry of/ }));
    await userEvent.click(within(screen.getAllByTestId('comment')[0]).getByRole('button', { name: 'Remove image 2' }));
    const confirmImage = screen.getByRole('dialog', { name: 'Remove this image?' });
    await userEvent.click(within(confirmImage).getByRole('button', { name: 'Remove image' }));
    await waitFor(() => expect(within(screen.getAllByTestId('comment')[0]).getAllByTestId('comment-image')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.sent('DELETE')[0].url).toBe('/api/clubs/1/tracking-groups/comments/40/images/2');
    await userEvent.click(within(screen.getAllByTestId('comment')[0]).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(screen.getAllByTestId('comment')[1]).getByRole('button', { name: /^Delete the entry of/ }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this entry?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.sent('DELETE')).toHaveLength(1);
    await userEvent.click(within(screen.getAllByTestId('comment')[1]).getByRole('button', { name: /^Delete the entry of/ }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete this entry?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(1));
    expect(fakeApi.sent('DELETE')[1].url).toBe('/api/clubs/1/tracking-groups/comments/39');
  });

  it('adds, edits and deletes a description, and saves a hole text of the group', async () => {
    const state = techServer({ holeTexts: { 52: [{ holeId: 52, trackingGroupId: 9, groupText: 'Wet in the hollow' }] }, groups: [group(1, 'Greens mowed Monday'), group(9, 'Drainage')] });
    fakeApi.post('clubs/1/tracking-groups/:id/descriptions', ({ params, body }) => {
      const made = { id: 5, trackingGroupId: Number(params.id), ...(body as { name: string; description: string }) };
      state.descriptions = [...state.descriptions, made];
      return json(made, 201);
    });
    fakeApi.put('clubs/1/tracking-groups/:id/descriptions/:descriptionId', ({ body }) => {
      state.descriptions = state.descriptions.map((d) => ({ ...d, ...(body as object) }));
      return state.descriptions[0];
    });
    fakeApi.delete('clubs/1/tracking-groups/:id/descriptions/:descriptionId', () => {
      state.descriptions = [];
      return noContent();
    });
    fakeApi.put('clubs/1/holes/:holeId/texts/:groupId', ({ params, body }) => {
      const made = { holeId: Number(params.holeId), trackingGroupId: Number(params.groupId), groupText: (body as { groupText: string }).groupText };
      state.holeTexts[made.holeId] = [made];
      return made;
    });
    open('/1/greenkeeper/techmap?course=5&group=1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Descriptions' }));
    expect(await screen.findByText('No description yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add description' }));
    let dialog = screen.getByRole('dialog', { name: 'New description for Greens mowed Monday' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Mowing height');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Cut at 3.5 mm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('description')).toHaveTextContent('Mowing heightCut at 3.5 mm');
    expect(fakeApi.sent('POST', '/api/clubs/1/tracking-groups/1/descriptions')[0].body).toEqual({ name: 'Mowing height', description: 'Cut at 3.5 mm' });

    await userEvent.click(screen.getByRole('button', { name: 'Edit Mowing height' }));
    dialog = screen.getByRole('dialog', { name: 'Edit description' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Description' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Cut at 4 mm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('description')).toHaveTextContent('Cut at 4 mm'));
    expect(fakeApi.sent('PUT', '/api/clubs/1/tracking-groups/1/descriptions/5')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Mowing height' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete Mowing height?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No description yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('tab', { name: 'Hole texts' }));
    const rows = await screen.findAllByTestId('hole-text');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Drainage: Wet in the hollow');
    await userEvent.type(within(rows[0]).getByRole('textbox', { name: 'Text of Greens mowed Monday on Hole 1' }), 'Front edge thin');
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Text on Hole 1 saved')).toBeInTheDocument();
    expect(fakeApi.sent('PUT', '/api/clubs/1/holes/51/texts/1')[0].body).toEqual({ groupText: 'Front edge thin' });
  });

  it('deletes a group after a confirmation', async () => {
    const state = techServer({ groups: [group(1, 'Greens mowed Monday', { trackingCount: 2, commentCount: 3 })] });
    fakeApi.delete('clubs/1/tracking-groups/:id', () => {
      state.groups = [];
      return noContent();
    });
    open('/1/greenkeeper/techmap?course=5&group=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Greens mowed Monday' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Greens mowed Monday?' });
    expect(dialog).toHaveTextContent('Its log book (3 comments with their images)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No tracking group yet')).toBeInTheDocument();
    expect(fakeApi.sent('DELETE')[0].url).toBe('/api/clubs/1/tracking-groups/1');
    expect(screen.getByText(/Choose a tracking group to see/)).toBeInTheDocument();
  });

  it('says when the club has no course', async () => {
    fakeApi.get('clubs/1/courses', []);
    fakeApi.get('clubs/1/tees', []);
    fakeApi.get('graphics/elements-for-edit', []);
    fakeApi.get('clubs/1/tracking-groups', []);
    fakeApi.get('clubs/1/tracking-groups/descriptions', []);
    open();
    expect(await screen.findByText('The club has no course yet')).toBeInTheDocument();
  });
});

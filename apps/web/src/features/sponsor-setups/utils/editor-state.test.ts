import { describe, expect, it } from 'vitest';
import type { Hole } from '@golf/contract/api/courses';
import { SIGNS_PER_HOLE_MAX, type SponsorSetup } from '@golf/contract/api/sponsors';
import type { SaveProblems } from './draft';
import {
  canMoveSign,
  highlightedHole,
  initialEditorState,
  isDirty,
  setupEditorReducer,
  type EditorCourse,
  type SetupEditorAction,
  type SetupEditorState,
} from './editor-state';

const hole = (id: number, order: number): Hole => ({ id, course_id: 5, order, name: '', par: 4, handicap: order, pro_guideline: '', has_drawing: true });
const holes = [hole(51, 1), hole(52, 2), hole(53, 3)];

/** Hole 51 and 53 have a boundary: x and y in [0, 10]; hole 52 has none. */
const course: EditorCourse = {
  inside: (holeId, [x, y]) => holeId !== 52 && x >= 0 && x <= 10 && y >= 0 && y <= 10,
  centre: (holeId) => (holeId === 52 ? null : [5, 5]),
};
const reduce = (state: SetupEditorState, ...actions: SetupEditorAction[]) => actions.reduce((s, a) => setupEditorReducer(s, a, course), state);

const saved: SponsorSetup = {
  id: 9,
  club_id: 1,
  course_id: 5,
  name: 'Season',
  sponsor_positions: [
    { id: 3, sponsor_setup_id: 9, sponsor_id: 7, hole_id: 51, placement: 'sign', format: null, position: { longitude: 1, latitude: 1 } },
    { id: 4, sponsor_setup_id: 9, sponsor_id: 8, hole_id: 52, placement: 'page', format: 'bottom-single', position: null },
  ],
} as SponsorSetup;

const fresh = () => initialEditorState(null, [7, 8], holes, new Set([51, 53]));
const editing = () => initialEditorState(saved, [7, 8], holes, new Set([51, 53]));

describe('initialEditorState', () => {
  it('starts a new setup empty, with the first sponsor and the first hole signs can go on', () => {
    const state = initialEditorState(null, [7, 8], holes, new Set([53]));
    expect(state).toMatchObject({ setupId: null, signSponsor: 7, signHole: 53, placing: false, selected: null, notice: null, problems: null, goTo: null });
    expect(state.draft).toEqual({ name: '', pages: {}, signs: [] });
    expect(state.baseline).toBe(state.draft);
  });

  it('takes the first hole when none has a boundary, and nothing without sponsors or holes', () => {
    expect(initialEditorState(null, [], holes, new Set()).signHole).toBe(51);
    expect(initialEditorState(null, [], [], new Set())).toMatchObject({ signHole: null, signSponsor: null });
  });

  it('opens a saved setup with its id and positions, not dirty', () => {
    const state = editing();
    expect(state.setupId).toBe(9);
    expect(state.draft.signs).toEqual([{ key: '3', sponsorId: 7, holeId: 51, position: [1, 1] }]);
    expect(state.draft.pages[52]).toEqual({ format: 'bottom-single', sponsors: [8, null] });
    expect(isDirty(state, holes)).toBe(false);
  });
});

describe('setupEditorReducer: the draft', () => {
  it('renaming and page sponsors make it dirty; Discard goes back to the baseline and clears problems and selection', () => {
    const problems: SaveProblems = { name: [], byHole: new Map([[51, ['x']]]), general: [] };
    const changed = reduce(editing(), { type: 'rename', name: 'Summer' }, { type: 'setPageSponsor', holeId: 51, slot: 0, sponsorId: 8 }, { type: 'select', key: '3' }, { type: 'problems', problems });
    expect(changed.draft.name).toBe('Summer');
    expect(changed.draft.pages[51].sponsors).toEqual([8, null]);
    expect(isDirty(changed, holes)).toBe(true);
    const discarded = reduce(changed, { type: 'discard' });
    expect(discarded.draft).toBe(changed.baseline);
    expect(discarded).toMatchObject({ problems: null, selected: null });
    expect(isDirty(discarded, holes)).toBe(false);
  });

  it('a name that differs only by spaces is not a change', () => {
    expect(isDirty(reduce(editing(), { type: 'rename', name: ' Season ' }), holes)).toBe(false);
  });

  it('the format of a page drops a second sponsor it has no room for', () => {
    const two = reduce(
      fresh(),
      { type: 'setPageFormat', holeId: 52, format: 'bottom-double' },
      { type: 'setPageSponsor', holeId: 52, slot: 0, sponsorId: 7 },
      { type: 'setPageSponsor', holeId: 52, slot: 1, sponsorId: 8 },
    );
    expect(two.draft.pages[52].sponsors).toEqual([7, 8]);
    expect(reduce(two, { type: 'setPageFormat', holeId: 52, format: 'bottom-single' }).draft.pages[52].sponsors).toEqual([7, null]);
  });

  it('the name is touched once', () => {
    const touched = reduce(fresh(), { type: 'touchName' });
    expect(touched.nameTouched).toBe(true);
    expect(reduce(touched, { type: 'touchName' })).toBe(touched);
  });
});

describe('setupEditorReducer: placing a sign', () => {
  it('toggling starts placing on the chosen hole with its sponsor, and again cancels', () => {
    const placing = reduce(fresh(), { type: 'togglePlacing' });
    expect(placing.placing).toBe(true);
    expect(placing.notice).toEqual({ kind: 'placing', holeId: 51, sponsorId: 7 });
    expect(highlightedHole(placing)).toBe(51);
    const cancelled = reduce(placing, { type: 'togglePlacing' });
    expect(cancelled.placing).toBe(false);
    expect(cancelled.notice).toEqual({ kind: 'cancelled' });
  });

  it('choosing another hole while placing says so; while not placing it keeps the notice', () => {
    expect(reduce(fresh(), { type: 'togglePlacing' }, { type: 'chooseSponsor', sponsorId: 8 }, { type: 'chooseHole', holeId: 53 }).notice).toEqual({ kind: 'placing', holeId: 53, sponsorId: 8 });
    const quiet = reduce(fresh(), { type: 'chooseHole', holeId: 53 });
    expect(quiet).toMatchObject({ signHole: 53, notice: null });
  });

  it('a point inside the hole adds a selected sign, ends placing and says so; by keyboard its key takes the focus', () => {
    const placed = reduce(fresh(), { type: 'togglePlacing' }, { type: 'place', position: [2, 3], key: 'new-a', viaKeyboard: false });
    expect(placed.draft.signs).toEqual([{ key: 'new-a', sponsorId: 7, holeId: 51, position: [2, 3] }]);
    expect(placed).toMatchObject({ selected: 'new-a', placing: false, focusSign: null, notice: { kind: 'placed', sponsorId: 7, holeId: 51 } });
    expect(isDirty(placed, holes)).toBe(true);
    expect(reduce(fresh(), { type: 'place', position: [2, 3], key: 'new-b', viaKeyboard: true }).focusSign).toBe('new-b');
  });

  it('refuses a point outside the hole, and a hole at its limit of signs, with a notice and no sign', () => {
    const outside = reduce(fresh(), { type: 'togglePlacing' }, { type: 'place', position: [20, 3], key: 'new-a', viaKeyboard: false });
    expect(outside.draft.signs).toEqual([]);
    expect(outside).toMatchObject({ placing: true, notice: { kind: 'outside', holeId: 51 } });

    let full = fresh();
    for (let i = 0; i < SIGNS_PER_HOLE_MAX; i++) full = reduce(full, { type: 'place', position: [1, 1], key: `k${i}`, viaKeyboard: false });
    expect(full.draft.signs).toHaveLength(SIGNS_PER_HOLE_MAX);
    const refused = reduce(full, { type: 'place', position: [1, 1], key: 'one-more', viaKeyboard: false });
    expect(refused.draft.signs).toHaveLength(SIGNS_PER_HOLE_MAX);
    expect(refused.notice).toEqual({ kind: 'full', holeId: 51 });
    // Placing does not even start on a full hole.
    const start = reduce(full, { type: 'togglePlacing' });
    expect(start).toMatchObject({ placing: false, notice: { kind: 'full', holeId: 51 } });
  });

  it('places nothing without a sponsor for the sign', () => {
    const none = initialEditorState(null, [], holes, new Set([51]));
    expect(reduce(none, { type: 'place', position: [1, 1], key: 'x', viaKeyboard: false })).toBe(none);
  });

  it('Place at hole centre puts the sign at the centre by keyboard, or says the hole has no boundary', () => {
    const centred = reduce(fresh(), { type: 'placeAtCentre', key: 'c' });
    expect(centred.draft.signs[0]).toMatchObject({ key: 'c', position: [5, 5] });
    expect(centred.focusSign).toBe('c');
    const noBoundary = reduce(fresh(), { type: 'chooseHole', holeId: 52 }, { type: 'placeAtCentre', key: 'c' });
    expect(noBoundary.draft.signs).toEqual([]);
    expect(noBoundary.notice).toEqual({ kind: 'noBoundary', holeId: 52 });
  });
});

describe('setupEditorReducer: moving and removing a sign', () => {
  it('moves a sign inside its hole and selects it; refuses a move outside', () => {
    const state = editing();
    expect(canMoveSign(state, course, '3', [4, 4])).toBe(true);
    const moved = reduce(state, { type: 'moveSign', key: '3', position: [4, 4] });
    expect(moved.draft.signs[0].position).toEqual([4, 4]);
    expect(moved).toMatchObject({ selected: '3', notice: { kind: 'moved', sponsorId: 7, position: [4, 4] } });
    expect(highlightedHole(moved)).toBe(51);

    expect(canMoveSign(state, course, '3', [40, 4])).toBe(false);
    const refused = reduce(state, { type: 'moveSign', key: '3', position: [40, 4] });
    expect(refused.draft).toBe(state.draft);
    expect(refused.notice).toEqual({ kind: 'signOutside', holeId: 51 });
    expect(canMoveSign(state, course, 'nope', [4, 4])).toBe(false);
    expect(reduce(state, { type: 'moveSign', key: 'nope', position: [4, 4] })).toBe(state);
  });

  it('removes a sign, unselecting it when it was selected, and says so', () => {
    const removed = reduce(editing(), { type: 'select', key: '3' }, { type: 'removeSign', key: '3' });
    expect(removed.draft.signs).toEqual([]);
    expect(removed).toMatchObject({ selected: null, notice: { kind: 'removed', sponsorId: 7, holeId: 51 } });
    const other = reduce(editing(), { type: 'place', position: [1, 2], key: 'n', viaKeyboard: false }, { type: 'removeSign', key: '3' });
    expect(other.selected).toBe('n');
  });
});

describe('setupEditorReducer: saving and deleting', () => {
  it('a save makes the saved setup the baseline and the draft, with its id; a new setup goes to its own page', () => {
    const typed = reduce(fresh(), { type: 'rename', name: 'Season' }, { type: 'select', key: 'x' });
    const after = reduce(typed, { type: 'saved', setup: saved, goTo: '/1/promotion/sponsor-setups/5/9' });
    expect(after).toMatchObject({ setupId: 9, problems: null, selected: null, goTo: '/1/promotion/sponsor-setups/5/9' });
    expect(after.draft).toBe(after.baseline);
    expect(after.draft.signs).toHaveLength(1);
    expect(isDirty(after, holes)).toBe(false);
    expect(reduce(editing(), { type: 'saved', setup: saved, goTo: null }).goTo).toBeNull();
  });

  it('a failed save keeps the draft, shows its problems and remembers a setup created before the failure', () => {
    const problems: SaveProblems = { name: [], byHole: new Map([[51, ['Nordbank is on this page twice.']]]), general: [] };
    const typed = reduce(fresh(), { type: 'rename', name: 'Season' });
    const failed = reduce(typed, { type: 'saveFailed', setupId: 9, problems });
    expect(failed).toMatchObject({ setupId: 9, problems });
    expect(failed.draft).toBe(typed.draft);
    expect(reduce(editing(), { type: 'saveFailed', setupId: null, problems: null }).setupId).toBe(9);
  });

  it('deleting asks first; cancelling closes the question; a deletion leaves for the list', () => {
    const asking = reduce(editing(), { type: 'askDelete' });
    expect(asking.confirmDelete).toBe(true);
    expect(reduce(asking, { type: 'cancelDelete' }).confirmDelete).toBe(false);
    expect(reduce(asking, { type: 'deleted', goTo: '/1/promotion/sponsor-setups' })).toMatchObject({ confirmDelete: false, goTo: '/1/promotion/sponsor-setups' });
  });
});

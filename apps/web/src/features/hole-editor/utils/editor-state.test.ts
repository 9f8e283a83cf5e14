import { describe, expect, it } from 'vitest';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { ApiError } from '../../../lib/api-client';
import {
  adjacentHoles,
  drawGroups,
  holeEditorReducer,
  initialHoleEditorState,
  mapCursor,
  presentLayers,
  problemsOf,
  saveFailure,
  toolButtonValue,
  type HoleEditorAction,
  type HoleEditorState,
} from './editor-state';

const reduce = (state: HoleEditorState, ...actions: HoleEditorAction[]) => actions.reduce(holeEditorReducer, state);
const refused = new ApiError(400, 'Bad Request', {
  error: 'The drawing has problems',
  details: [
    { feature: 'f1', message: 'The green crosses itself' },
    { path: 'features.2', message: 'Too many tees' },
    { message: 'Something else' },
  ],
});

describe('saveFailure', () => {
  it('tells a conflict (409), the server’s problems (400 with details) and anything else apart', () => {
    expect(saveFailure(new ApiError(409, 'Conflict', { error: 'Saved elsewhere' }))).toEqual({ kind: 'conflict' });
    expect(saveFailure(refused)).toEqual({
      kind: 'problems',
      problems: [
        { feature: 'f1', message: 'The green crosses itself' },
        { feature: 'features.2', message: 'Too many tees' },
        { feature: '', message: 'Something else' },
      ],
    });
    // A 400 without details, a server error and a network failure are plain failures (a message).
    expect(saveFailure(new ApiError(400, 'Bad Request', { error: 'Invalid' }))).toEqual({ kind: 'other' });
    expect(saveFailure(new ApiError(500, 'Server Error'))).toEqual({ kind: 'other' });
    expect(saveFailure(new Error('offline'))).toEqual({ kind: 'other' });
    expect(problemsOf(new Error('offline'))).toEqual([]);
  });

  it('keeps the code and parameters of a drawing’s problem, for the reader’s language', () => {
    const coded = new ApiError(400, 'Bad Request', {
      error: 'The drawing has 1 problem',
      code: 'drawings.oneProblem',
      details: [{ path: 'b1', message: "Bunker 'b1': has latitude 95 outside -90..90", code: 'drawings.problem.latitudeOutOfRange', params: { element: 'bunker', feature: 'b1', latitude: 95 } }],
    });
    expect(problemsOf(coded)).toEqual([
      { feature: 'b1', message: "Bunker 'b1': has latitude 95 outside -90..90", code: 'drawings.problem.latitudeOutOfRange', params: { element: 'bunker', feature: 'b1', latitude: 95 } },
    ]);
  });
});

describe('holeEditorReducer', () => {
  it('starts at the loaded version with nothing found and no text being edited', () => {
    expect(initialHoleEditorState(4)).toEqual({ version: 4, problems: null, conflict: false, textTarget: null });
  });

  it('a save takes the answered version; a new save clears the last one’s problems and conflict', () => {
    const failed = reduce(initialHoleEditorState(4), { type: 'saveFailed', failure: saveFailure(refused) });
    expect(failed.problems).toHaveLength(3);
    const conflicted = reduce(failed, { type: 'saveFailed', failure: { kind: 'conflict' } });
    expect(conflicted.conflict).toBe(true);
    const again = reduce(conflicted, { type: 'saving' });
    expect(again).toMatchObject({ problems: null, conflict: false, version: 4 });
    expect(reduce(again, { type: 'saved', version: 5 }).version).toBe(5);
  });

  it('a plain failure changes nothing on the screen (the message goes to the snackbar)', () => {
    const state = initialHoleEditorState(4);
    expect(reduce(state, { type: 'saveFailed', failure: { kind: 'other' } })).toBe(state);
  });

  it('problems can be dismissed', () => {
    const failed = reduce(initialHoleEditorState(1), { type: 'saveFailed', failure: saveFailure(refused) });
    expect(reduce(failed, { type: 'dismissProblems' }).problems).toBeNull();
  });

  it('the text dialog opens for a placed or selected label and closes', () => {
    const open = reduce(initialHoleEditorState(1), { type: 'editText', target: { id: 'f9', element: 'Label', label: 'Water' } });
    expect(open.textTarget).toEqual({ id: 'f9', element: 'Label', label: 'Water' });
    expect(reduce(open, { type: 'closeText' }).textTarget).toBeNull();
  });
});

describe('what the toolbar and side panel show', () => {
  it('finds the holes before and after, none at the ends or for an unknown hole', () => {
    const holes = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(adjacentHoles(holes, 2)).toEqual({ previous: { id: 1 }, next: { id: 3 } });
    expect(adjacentHoles(holes, 1)).toEqual({ previous: null, next: { id: 2 } });
    expect(adjacentHoles(holes, 3)).toEqual({ previous: { id: 2 }, next: null });
    expect(adjacentHoles(holes, 9)).toEqual({ previous: null, next: null });
  });

  it('presses no tool button while drawing, and shows a crosshair while drawing or measuring', () => {
    expect(toolButtonValue('draw')).toBeNull();
    expect(toolButtonValue('modify')).toBe('modify');
    expect(mapCursor('draw')).toBe('crosshair');
    expect(mapCursor('measure-area')).toBe('crosshair');
    expect(mapCursor('select')).toBe('default');
  });

  const element = (name: string, groupName: string, zIndex: number) => ({ name, groupName, zIndex }) as ElementForEdit;

  it('groups the elements to draw by their group, keeping the catalogue’s order', () => {
    const groups = drawGroups([element('Green', 'Greens', 5), element('Bunker', 'Hazards', 7), element('Fringe', 'Greens', 4)]);
    expect([...groups.keys()]).toEqual(['Greens', 'Hazards']);
    expect(groups.get('Greens')!.map((e) => e.name)).toEqual(['Green', 'Fringe']);
  });

  it('lists the layers present with the topmost first', () => {
    const elements = [element('Fairway', 'Play', 2), element('Bunker', 'Hazards', 7), element('Green', 'Greens', 5)];
    expect(presentLayers({ Fairway: 1, Green: 2, Bunker: 3 }, elements)).toEqual(['Bunker', 'Green', 'Fairway']);
    expect(presentLayers({}, elements)).toEqual([]);
  });
});

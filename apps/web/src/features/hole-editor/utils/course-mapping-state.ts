import type { SaveCourseDrawingsResponse } from '@golf/contract/api/drawings';
import type { TextTarget } from './editor-state';

// The course-wide mapping's screen state around the map, without React: what the last save
// answered of each hole (changed meanwhile by someone else, refused with problems), whether the
// save was stopped by features of no hole, and the label or icon whose text is being edited.

export type HoleConflict = SaveCourseDrawingsResponse['conflicts'][number];
export type HoleRefusal = SaveCourseDrawingsResponse['invalid'][number];

export interface CourseMappingState {
  /** Holes the last save found changed meanwhile: kept as the mapper left them until reloaded. */
  conflicts: HoleConflict[];
  /** Holes the last save refused, with the server's problems. */
  invalid: HoleRefusal[];
  /** The save was stopped: this many features belong to no hole. */
  blocked: number | null;
  textTarget: TextTarget | null;
}

export type CourseMappingAction =
  | { type: 'saving' }
  | { type: 'blocked'; count: number }
  | { type: 'saved'; saved: number[]; conflicts: HoleConflict[]; invalid: HoleRefusal[] }
  | { type: 'reloaded'; holeId: number }
  | { type: 'dismissInvalid' }
  | { type: 'editText'; target: TextTarget }
  | { type: 'closeText' };

export const initialCourseMappingState = (): CourseMappingState => ({ conflicts: [], invalid: [], blocked: null, textTarget: null });

export function courseMappingReducer(state: CourseMappingState, action: CourseMappingAction): CourseMappingState {
  switch (action.type) {
    // A new save answers again for every hole it sends.
    case 'saving':
      return { ...state, blocked: null, invalid: [] };
    case 'blocked':
      return { ...state, blocked: action.count };
    case 'saved': {
      // A hole saved now is no longer in conflict; one in conflict before and not sent stays named.
      const answered = new Set([...action.saved, ...action.conflicts.map((c) => c.hole_id), ...action.invalid.map((i) => i.hole_id)]);
      const kept = state.conflicts.filter((c) => !answered.has(c.hole_id));
      const conflicts = [...kept, ...action.conflicts].sort((a, b) => a.order - b.order);
      return { ...state, conflicts, invalid: [...action.invalid].sort((a, b) => a.order - b.order) };
    }
    case 'reloaded':
      return { ...state, conflicts: state.conflicts.filter((c) => c.hole_id !== action.holeId), invalid: state.invalid.filter((i) => i.hole_id !== action.holeId) };
    case 'dismissInvalid':
      return { ...state, invalid: [] };
    case 'editText':
      return { ...state, textTarget: action.target };
    case 'closeText':
      return { ...state, textTarget: null };
  }
}

import type { Hole } from '@golf/contract/api/courses';
import type { SponsorFormat, SponsorSetup } from '@golf/contract/api/sponsors';
import {
  addSign,
  draftOf,
  moveSign,
  removeSign,
  roomForSign,
  sameSetup,
  setPageFormat,
  setPageSponsor,
  type SaveProblems,
  type SetupDraft,
} from './draft';

// The sponsor setup editor's screen state as one reducer, without React or texts: what is typed
// (the draft) against what was saved (the baseline), the sign being placed, the selection, what the
// map's status line says (a notice, put into words by the editor) and where a save or deletion stands.

type Position = [number, number];

/** What the status line under the map says last, by what happened; the editor puts it into words. */
export type Notice =
  | { kind: 'placing'; holeId: number | null; sponsorId: number | null }
  | { kind: 'cancelled' }
  | { kind: 'full'; holeId: number }
  | { kind: 'outside'; holeId: number }
  | { kind: 'noBoundary'; holeId: number }
  | { kind: 'placed'; sponsorId: number; holeId: number }
  | { kind: 'signOutside'; holeId: number }
  | { kind: 'moved'; sponsorId: number; position: Position }
  | { kind: 'removed'; sponsorId: number; holeId: number };

export interface SetupEditorState {
  /** The setup as last saved (or empty for a new one): what Discard goes back to. */
  baseline: SetupDraft;
  draft: SetupDraft;
  /** Null until the setup exists on the server (a new setup gets one on its first save, even a half-failed one). */
  setupId: number | null;
  /** The selected sign's key. */
  selected: string | null;
  /** A click on the map places a sign. */
  placing: boolean;
  /** The sponsor and the hole of the next sign. */
  signSponsor: number | null;
  signHole: number | null;
  notice: Notice | null;
  /** A sign placed by keyboard: its Move button takes the focus. */
  focusSign: string | null;
  problems: SaveProblems | null;
  /** The name's own problem shows once the field was left or a save was tried. */
  nameTouched: boolean;
  confirmDelete: boolean;
  /** Where to go once the unsaved-changes guard has let go (after a save of a new setup, or a deletion). */
  goTo: string | null;
}

/** What the reducer needs to know of the course: where a hole's boundary is. */
export interface EditorCourse {
  /** Whether the point is inside the hole's boundary (false without a boundary). */
  inside: (holeId: number, position: Position) => boolean;
  /** Where "Place at hole centre" puts a sign; null when the hole has no boundary. */
  centre: (holeId: number) => Position | null;
}

export type SetupEditorAction =
  | { type: 'rename'; name: string }
  | { type: 'touchName' }
  | { type: 'setPageSponsor'; holeId: number; slot: 0 | 1; sponsorId: number | null }
  | { type: 'setPageFormat'; holeId: number; format: SponsorFormat }
  | { type: 'select'; key: string | null }
  | { type: 'chooseSponsor'; sponsorId: number | null }
  | { type: 'chooseHole'; holeId: number | null }
  | { type: 'togglePlacing' }
  /** A new sign at `position` (a click on the map, or the hole's centre by keyboard); `key` is its new key. */
  | { type: 'place'; position: Position; key: string; viaKeyboard: boolean }
  | { type: 'placeAtCentre'; key: string }
  | { type: 'moveSign'; key: string; position: Position }
  | { type: 'removeSign'; key: string }
  | { type: 'discard' }
  /** Problems found before sending (the contract's checks), or none. */
  | { type: 'problems'; problems: SaveProblems | null }
  | { type: 'saved'; setup: SponsorSetup; goTo: string | null }
  | { type: 'saveFailed'; setupId: number | null; problems: SaveProblems | null }
  | { type: 'askDelete' }
  | { type: 'cancelDelete' }
  | { type: 'deleted'; goTo: string };

/**
 * The editor's first state: the setup's draft (empty for a new one), the first sponsor for the next
 * sign, and the first hole signs can go on (the first hole when none can).
 */
export function initialEditorState(
  setup: SponsorSetup | null,
  sponsorIds: readonly number[],
  holes: readonly Pick<Hole, 'id'>[],
  placeable: ReadonlySet<number>,
): SetupEditorState {
  const draft = draftOf(setup);
  return {
    baseline: draft,
    draft,
    setupId: setup?.id ?? null,
    selected: null,
    placing: false,
    signSponsor: sponsorIds[0] ?? null,
    signHole: holes.find((h) => placeable.has(h.id))?.id ?? holes[0]?.id ?? null,
    notice: null,
    focusSign: null,
    problems: null,
    nameTouched: false,
    confirmDelete: false,
    goTo: null,
  };
}

/** Whether the draft saves something other than the baseline (the setup has unsaved changes). */
export const isDirty = (state: SetupEditorState, holes: readonly Hole[]) => !sameSetup(state.draft, state.baseline, holes);

/** Whether `position` is a place the sign `key` may move to: inside its own hole's boundary. */
export function canMoveSign(state: SetupEditorState, course: EditorCourse, key: string, position: Position): boolean {
  const sign = state.draft.signs.find((s) => s.key === key);
  return !!sign && course.inside(sign.holeId, position);
}

/** The sign that is selected, or the hole a sign is being placed on: the hole the map highlights. */
export function highlightedHole(state: SetupEditorState): number | null {
  if (state.placing) return state.signHole;
  return state.draft.signs.find((s) => s.key === state.selected)?.holeId ?? null;
}

/** A new sign, when its hole has room (at most SIGNS_PER_HOLE_MAX signs) and the point is inside the hole; otherwise only a notice why not. */
function place(state: SetupEditorState, course: EditorCourse, position: Position, key: string, viaKeyboard: boolean): SetupEditorState {
  const { signSponsor: sponsorId, signHole: holeId } = state;
  if (sponsorId === null || holeId === null) return state;
  if (!roomForSign(state.draft, holeId)) return { ...state, notice: { kind: 'full', holeId } };
  if (!course.inside(holeId, position)) return { ...state, notice: { kind: 'outside', holeId } };
  return {
    ...state,
    draft: addSign(state.draft, { key, sponsorId, holeId, position }),
    selected: key,
    placing: false,
    focusSign: viaKeyboard ? key : null,
    notice: { kind: 'placed', sponsorId, holeId },
  };
}

export function setupEditorReducer(state: SetupEditorState, action: SetupEditorAction, course: EditorCourse): SetupEditorState {
  switch (action.type) {
    case 'rename':
      return { ...state, draft: { ...state.draft, name: action.name } };
    case 'touchName':
      return state.nameTouched ? state : { ...state, nameTouched: true };
    case 'setPageSponsor':
      return { ...state, draft: setPageSponsor(state.draft, action.holeId, action.slot, action.sponsorId) };
    case 'setPageFormat':
      return { ...state, draft: setPageFormat(state.draft, action.holeId, action.format) };
    case 'select':
      return { ...state, selected: action.key };
    case 'chooseSponsor':
      return { ...state, signSponsor: action.sponsorId };
    case 'chooseHole':
      // While placing, the status line follows the hole chosen.
      return { ...state, signHole: action.holeId, notice: state.placing ? { kind: 'placing', holeId: action.holeId, sponsorId: state.signSponsor } : state.notice };
    case 'togglePlacing': {
      if (state.placing) return { ...state, placing: false, notice: { kind: 'cancelled' } };
      // A full hole takes no more signs: placing does not start.
      if (state.signHole !== null && !roomForSign(state.draft, state.signHole)) return { ...state, notice: { kind: 'full', holeId: state.signHole } };
      return { ...state, placing: true, notice: { kind: 'placing', holeId: state.signHole, sponsorId: state.signSponsor } };
    }
    case 'place':
      return place(state, course, action.position, action.key, action.viaKeyboard);
    case 'placeAtCentre': {
      if (state.signHole === null) return state;
      const centre = course.centre(state.signHole);
      if (!centre) return { ...state, notice: { kind: 'noBoundary', holeId: state.signHole } };
      return place(state, course, centre, action.key, true);
    }
    case 'moveSign': {
      const sign = state.draft.signs.find((s) => s.key === action.key);
      if (!sign) return state;
      // A sign stays inside its own hole: a move outside is refused with a notice.
      if (!course.inside(sign.holeId, action.position)) return { ...state, notice: { kind: 'signOutside', holeId: sign.holeId } };
      return {
        ...state,
        draft: moveSign(state.draft, action.key, action.position),
        selected: action.key,
        notice: { kind: 'moved', sponsorId: sign.sponsorId, position: action.position },
      };
    }
    case 'removeSign': {
      const sign = state.draft.signs.find((s) => s.key === action.key);
      return {
        ...state,
        draft: removeSign(state.draft, action.key),
        selected: state.selected === action.key ? null : state.selected,
        notice: sign ? { kind: 'removed', sponsorId: sign.sponsorId, holeId: sign.holeId } : state.notice,
      };
    }
    case 'discard':
      return { ...state, draft: state.baseline, problems: null, selected: null };
    case 'problems':
      return { ...state, problems: action.problems };
    case 'saved': {
      // The saved setup, as the server keeps it, is the new baseline and draft.
      const draft = draftOf(action.setup);
      return { ...state, baseline: draft, draft, problems: null, selected: null, setupId: action.setup.id, goTo: action.goTo ?? state.goTo };
    }
    case 'saveFailed':
      // A new setup created before its positions failed: the next save updates that setup.
      return { ...state, setupId: action.setupId ?? state.setupId, problems: action.problems };
    case 'askDelete':
      return { ...state, confirmDelete: true };
    case 'cancelDelete':
      return { ...state, confirmDelete: false };
    case 'deleted':
      return { ...state, confirmDelete: false, goTo: action.goTo };
  }
}

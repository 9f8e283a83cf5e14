import type { Hole } from '@golf/contract/api/courses';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { isApiError } from '../../../lib/api-client';
import type { Tool } from '../map/editor-controller';

// The hole editor's screen state around the map, without React: the drawing's version and what
// its last save found (a conflict, or the server's problems), the feature whose text or icon is
// being edited, and what the toolbar and side panel show of the map's own state. The drawing, the
// tool, the selection, undo and "unsaved" are the map controller's (map/editor-controller.ts).

/**
 * A problem of a save as the server names it: the feature (or path), the English message, and for
 * a drawing's problem its code and parameters (shown in the reader's language: drawingProblemText).
 */
export interface SaveProblem {
  feature: string;
  message: string;
  code?: string;
  params?: Record<string, string | number>;
}

/** The feature whose label text or icon the dialog edits: one just placed, or a selected one. */
export interface TextTarget {
  id: string;
  element: string;
  label?: string;
  icon?: string;
}

export interface HoleEditorState {
  /** The version of the drawing the next save replaces; a save answers the next one. */
  version: number;
  /** The server's refusal of the last save (400 with details), shown until dismissed or the next save. */
  problems: SaveProblem[] | null;
  /** The drawing was saved elsewhere meanwhile (409): only reloading helps. */
  conflict: boolean;
  textTarget: TextTarget | null;
}

export type HoleEditorAction =
  | { type: 'saving' }
  | { type: 'saved'; version: number }
  | { type: 'saveFailed'; failure: SaveFailure }
  | { type: 'dismissProblems' }
  | { type: 'editText'; target: TextTarget }
  | { type: 'closeText' };

/** Why a save failed, as the editor shows it: a conflict, the server's problems, or anything else (a message). */
export type SaveFailure = { kind: 'conflict' } | { kind: 'problems'; problems: SaveProblem[] } | { kind: 'other' };

export const initialHoleEditorState = (version: number): HoleEditorState => ({ version, problems: null, conflict: false, textTarget: null });

/** The server's details of a refused save, each with the feature (or path) it concerns. */
export function problemsOf(error: unknown): SaveProblem[] {
  if (!isApiError(error)) return [];
  const details = (error.body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.map((d: { feature?: string; path?: string; message?: string; code?: unknown; params?: unknown }) => ({
    feature: String(d.feature ?? d.path ?? ''),
    message: String(d.message ?? ''),
    ...(typeof d.code === 'string' ? { code: d.code } : {}),
    ...(d.params && typeof d.params === 'object' ? { params: d.params as Record<string, string | number> } : {}),
  }));
}

/** 409: saved elsewhere meanwhile; 400 with details: the server's problems; anything else is a plain failure. */
export function saveFailure(error: unknown): SaveFailure {
  if (isApiError(error) && error.status === 409) return { kind: 'conflict' };
  const problems = problemsOf(error);
  if (isApiError(error) && error.status === 400 && problems.length > 0) return { kind: 'problems', problems };
  return { kind: 'other' };
}

export function holeEditorReducer(state: HoleEditorState, action: HoleEditorAction): HoleEditorState {
  switch (action.type) {
    // A new save clears what the last one found.
    case 'saving':
      return { ...state, problems: null, conflict: false };
    case 'saved':
      return { ...state, version: action.version };
    case 'saveFailed':
      if (action.failure.kind === 'conflict') return { ...state, conflict: true };
      if (action.failure.kind === 'problems') return { ...state, problems: action.failure.problems };
      return state;
    case 'dismissProblems':
      return { ...state, problems: null };
    case 'editText':
      return { ...state, textTarget: action.target };
    case 'closeText':
      return { ...state, textTarget: null };
  }
}

/** The holes before and after `holeId` in the course's list, for the previous / next buttons. */
export function adjacentHoles<H extends Pick<Hole, 'id'>>(holes: readonly H[], holeId: number): { previous: H | null; next: H | null } {
  const index = holes.findIndex((h) => h.id === holeId);
  return {
    previous: index > 0 ? holes[index - 1] : null,
    next: index >= 0 && index < holes.length - 1 ? holes[index + 1] : null,
  };
}

/** The tool buttons' pressed value: drawing is chosen in the side panel, so then none is pressed. */
export const toolButtonValue = (tool: Tool): Tool | null => (tool === 'draw' ? null : tool);

/** Drawing and measuring take points on the map: a crosshair there; otherwise the ordinary pointer. */
export const mapCursor = (tool: Tool) => (tool === 'draw' || tool.startsWith('measure') ? 'crosshair' : 'default');

/** The elements the screen draws, by their group, in the catalogue's order. */
export function drawGroups(editableElements: readonly ElementForEdit[]): Map<string, ElementForEdit[]> {
  const groups = new Map<string, ElementForEdit[]>();
  for (const e of editableElements) groups.set(e.groupName, [...(groups.get(e.groupName) ?? []), e]);
  return groups;
}

/** The elements present in the drawing as the layer list shows them: the topmost (highest z-index) first. */
export function presentLayers(counts: Record<string, number>, elements: readonly ElementForEdit[]): string[] {
  const zIndex = new Map(elements.map((e) => [e.name, e.zIndex]));
  return Object.keys(counts).sort((a, b) => (zIndex.get(b) ?? 0) - (zIndex.get(a) ?? 0));
}

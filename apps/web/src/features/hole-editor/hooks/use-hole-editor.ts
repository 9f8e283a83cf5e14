import { useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Club } from '@golf/contract/api/clubs';
import type { Course } from '@golf/contract/api/courses';
import type { Drawing, DrawingResponse } from '@golf/contract/api/drawings';
import type { Context, ElementForEdit } from '@golf/contract/api/graphics';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import type { HoleEditorKind } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { createMeasurer } from '../../../lib/map/measure';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useSaveDrawing } from '../api/drawing';
import { HoleEditorController, type EditorState } from '../map/editor-controller';
import { holeEditorReducer, initialHoleEditorState, saveFailure } from '../utils/editor-state';
import { MODE_CONTEXT } from '../utils/modes';

declare global {
  interface Window {
    /** performance.now() when the editor's map first drew the drawing (read by bench/editor.mjs). */
    __editorReady?: number;
  }
}

export interface HoleEditorInput {
  clubId: number;
  course: Course;
  holeId: number;
  mode: HoleEditorKind;
  club: Club;
  drawing: DrawingResponse;
  elements: ElementForEdit[];
  contexts: Context[];
  /** Drawings of the holes before and after, shown for orientation while this drawing is empty. */
  neighbours: Drawing[];
}

const noopSubscribe = () => () => {};
const nullState = (): EditorState | null => null;

/**
 * The hole editor's state and saving (the component only renders): the map controller made once
 * on the map's element and its state (tool, selection, undo, unsaved) as React reads it, the
 * screen state of utils/editor-state (version, save problems, conflict, the text being edited),
 * the unsaved-changes guard, and the save.
 */
export function useHoleEditor({ clubId, course, holeId, mode, club, drawing, elements, contexts, neighbours }: HoleEditorInput) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const mapRef = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<HoleEditorController | null>(null);
  const [screen, dispatch] = useReducer(holeEditorReducer, drawing.version, initialHoleEditorState);
  const save = useSaveDrawing(clubId, holeId);
  const measurer = useMemo(() => createMeasurer(club.srid), [club.srid]);

  // The screen edits the elements of its drawing context; the others are shown read-only.
  const editable = useMemo(() => {
    const context = contexts.find((c) => c.name === MODE_CONTEXT[mode]);
    return new Set(context?.elementNames ?? []);
  }, [contexts, mode]);
  const editableElements = useMemo(() => elements.filter((e) => editable.has(e.name)), [elements, editable]);

  // The map lives for the lifetime of this component (keyed by hole and screen).
  useEffect(() => {
    const target = mapRef.current;
    if (!target) return;
    const c = new HoleEditorController({
      target,
      mode,
      elements,
      editable,
      measurer,
      language: i18n.language,
      zoomLabels: { zoomIn: t('holeEditor.zoomIn'), zoomOut: t('holeEditor.zoomOut') },
      attribution: course.attribution,
      neighbours,
      fallbackCenter: club.position ? [club.position.longitude, club.position.latitude] : null,
      // A label or icon placed on the map asks for its text or icon at once.
      onPointPlaced: (id, element) => dispatch({ type: 'editText', target: { id, element } }),
      onReady: () => {
        window.__editorReady = performance.now();
        performance.mark('editor-ready');
      },
    });
    c.load(drawing.drawing);
    c.map.once('rendercomplete', () => performance.mark('editor-rendercomplete'));
    setController(c);
    return () => c.destroy();
    // The drawing is read once; later versions come from saving.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const state = useSyncExternalStore(controller?.subscribe ?? noopSubscribe, controller?.getState ?? nullState);
  const dirty = !!state?.dirty;
  // Leaving with unsaved changes asks first, in the editor's own words.
  const blocker = useUnsavedChangesGuard(dirty, save.isPending);

  /** Saves the drawing over the version it was loaded (or last saved) as; the answer is loaded back without moving the view. */
  const onSave = async () => {
    if (!controller) return;
    dispatch({ type: 'saving' });
    try {
      const fresh = await save.mutateAsync({ drawing: controller.getDrawing(), version: screen.version });
      controller.load(fresh.drawing, { fit: false });
      dispatch({ type: 'saved', version: fresh.version });
      snackbar.confirm(t('holeEditor.saved'));
    } catch (error) {
      const failure = saveFailure(error);
      dispatch({ type: 'saveFailed', failure });
      if (failure.kind === 'other') snackbar.error(t('holeEditor.saveFailed'), errorText(error, t));
    }
  };

  return { mapRef, controller, state, dirty, screen, dispatch, blocker, measurer, editableElements, saving: save.isPending, onSave };
}

import { useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type Feature from 'ol/Feature';
import type Geometry from 'ol/geom/Geometry';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import OlFeature from 'ol/Feature';
import type { Club } from '@golf/contract/api/clubs';
import type { Course } from '@golf/contract/api/courses';
import type { Drawing, DrawingResponse } from '@golf/contract/api/drawings';
import type { Context, ElementForEdit } from '@golf/contract/api/graphics';
import { EL } from '@golf/contract/graphics-catalogue';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { errorText } from '../../../lib/error-text';
import { holeLabelPosition } from '../../../lib/map/course-map';
import { readDrawingFeatures, writeDrawingFeature } from '../../../lib/map/geojson';
import { createMeasurer } from '../../../lib/map/measure';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useSaveCourseDrawings } from '../api/course-drawings';
import { drawingQueryOptions } from '../api/drawing';
import { HoleEditorController, type EditorState } from '../map/editor-controller';
import { assignHole, holeBoundaries } from '../utils/assign-holes';
import {
  afterSave,
  changedHoles,
  holeOfMapId,
  loadedHoles,
  mergeCourse,
  replaceHole,
  splitCourse,
  unassignedFeatures,
  withHole,
  type LoadedHole,
} from '../utils/course-drawing';
import { courseMappingReducer, initialCourseMappingState } from '../utils/course-mapping-state';
import { MODE_CONTEXT } from '../utils/modes';

export interface CourseMappingInput {
  clubId: number;
  course: Course;
  club: Club;
  /** The drawing of every hole of the course, in the holes' order. */
  drawings: DrawingResponse[];
  elements: ElementForEdit[];
  contexts: Context[];
}

/** Where the background choice is kept per browser: 'tiles' or 'none'. */
export const BACKGROUND_KEY = 'golf.courseMapping.background';

function storedBackground(): boolean {
  try {
    return localStorage.getItem(BACKGROUND_KEY) !== 'none';
  } catch {
    return true;
  }
}

/**
 * The drawing with its edited features as the map writes them back (7 decimals, its order of
 * properties): the map rewrites every edited feature on each change, so what was loaded must be
 * compared in the same form, or every hole would count as changed after the first edit.
 */
function asMapWrites(drawing: Drawing, editable: ReadonlySet<string>): Drawing {
  return {
    type: 'FeatureCollection',
    features: drawing.features.map((f) => (editable.has(f.properties.element) ? writeDrawingFeature(readDrawingFeatures([f])[0]) : f)),
  };
}

const noopSubscribe = () => () => {};
const nullState = (): EditorState | null => null;
const emptyDrawing: Drawing = { type: 'FeatureCollection', features: [] };

const UNASSIGNED_STYLE = new Style({ stroke: new Stroke({ color: '#d32f2f', width: 3, lineDash: [8, 6] }), image: new CircleStyle({ radius: 9, stroke: new Stroke({ color: '#d32f2f', width: 3 }) }) });
const FOCUS_STYLE = new Style({ stroke: new Stroke({ color: '#1565c0', width: 4 }) });

function holeNumberStyle(text: string, focused: boolean) {
  return new Style({
    image: new CircleStyle({ radius: 13, fill: new Fill({ color: focused ? '#1565c0' : '#ffffff' }), stroke: new Stroke({ color: '#1565c0', width: 2 }) }),
    text: new Text({ text, font: '700 13px sans-serif', fill: new Fill({ color: focused ? '#ffffff' : '#1565c0' }) }),
    zIndex: 1000,
  });
}

/**
 * The course-wide mapping's state and saving (/metamap, /meatmap and /admin/atla share it): one
 * hole editor map over every hole's drawing, each feature named `holeId:featureId` by the hole it
 * belongs to (a new one by the hole boundary that holds it, else by none until the mapper chooses);
 * what changed per hole against what was loaded; the save of the changed holes with the version
 * each was loaded at, and what the server answered of each (saved, changed meanwhile, refused).
 */
export function useCourseMapping({ clubId, course, club, drawings, elements, contexts }: CourseMappingInput) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const mapRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<HoleEditorController | null>(null);
  const [controller, setController] = useState<HoleEditorController | null>(null);
  const [loaded, setLoaded] = useState<Map<number, LoadedHole>>(new Map());
  const [screen, dispatch] = useReducer(courseMappingReducer, undefined, initialCourseMappingState);
  const [background, setBackgroundState] = useState(storedBackground);
  const [focusHoleId, setFocusHoleId] = useState<number | null>(null);
  const focusRef = useRef<number | null>(null);
  const save = useSaveCourseDrawings(clubId, course.id);
  const measurer = useMemo(() => createMeasurer(club.srid), [club.srid]);
  const holeOrder = useMemo(() => new Map(course.holes.map((h) => [h.id, h.order])), [course.holes]);

  // The course's elements are those of the hole editor's own screen; the others are shown and kept as loaded.
  const editable = useMemo(() => new Set(contexts.find((c) => c.name === MODE_CONTEXT.edit)?.elementNames ?? []), [contexts]);
  const editableElements = useMemo(() => elements.filter((e) => editable.has(e.name)), [elements, editable]);
  const labelSource = useMemo(() => new VectorSource<Feature<Geometry>>(), []);

  useEffect(() => {
    const target = mapRef.current;
    if (!target) return;
    const c: HoleEditorController = new HoleEditorController({
      target,
      mode: 'edit',
      elements,
      editable,
      measurer,
      language: i18n.language,
      zoomLabels: { zoomIn: t('holeEditor.zoomIn'), zoomOut: t('holeEditor.zoomOut') },
      attribution: course.attribution,
      fallbackCenter: club.position ? [club.position.longitude, club.position.latitude] : null,
      background: storedBackground(),
      // A new feature belongs to the hole whose boundary holds it, else to none yet.
      newFeatureId: (feature) => {
        const boundaries = holeBoundaries(controllerRef.current?.getDrawing().features ?? [], (f) => holeOfMapId(f.id));
        return withHole(crypto.randomUUID(), assignHole(feature, boundaries));
      },
      sameHole: (a, b) => holeOfMapId(a) !== null && holeOfMapId(a) === holeOfMapId(b),
      decorate: (feature) => {
        const id = String(feature.getId());
        const holeId = holeOfMapId(id);
        if (holeId === null) return [UNASSIGNED_STYLE];
        if (holeId === focusRef.current && feature.get('element') === EL.holeBoundary) return [FOCUS_STYLE];
        return null;
      },
      onPointPlaced: (id, element) => dispatch({ type: 'editText', target: { id, element } }),
      onReady: () => {
        window.__editorReady = performance.now();
      },
    });
    c.map.addLayer(new VectorLayer({ source: labelSource, zIndex: 5, style: (f) => holeNumberStyle(String(f.get('number')), f.get('holeId') === focusRef.current) }));
    c.load(asMapWrites(mergeCourse(drawings.map((d) => ({ holeId: d.hole_id, drawing: d.drawing }))), editable));
    controllerRef.current = c;
    setLoaded(loadedHoles(c.getDrawing(), new Map(drawings.map((d) => [d.hole_id, d.version]))));
    setController(c);
    return () => {
      controllerRef.current = null;
      c.destroy();
    };
    // The drawings are read once; later versions come from saving and reloading holes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const state = useSyncExternalStore(controller?.subscribe ?? noopSubscribe, controller?.getState ?? nullState);
  // The whole course as the map holds it now (read again on each change of the map's state).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const current = useMemo(() => controller?.getDrawing() ?? emptyDrawing, [controller, state]);
  const changes = useMemo(() => changedHoles(loaded, current), [loaded, current]);
  const unassigned = useMemo(() => unassignedFeatures(current), [current]);
  const boundaries = useMemo(() => holeBoundaries(current.features, (f) => holeOfMapId(f.id)), [current]);
  const dirty = changes.length > 0 || unassigned.length > 0;
  const blocker = useUnsavedChangesGuard(dirty, save.isPending);

  // The holes' numbers where their greens are (else their drawings' middle).
  useEffect(() => {
    const { byHole } = splitCourse(current);
    labelSource.clear(true);
    const labels: Feature<Geometry>[] = [];
    for (const [holeId, features] of byHole) {
      const at = holeLabelPosition(features);
      if (!at) continue;
      const label = new OlFeature<Geometry>(new Point(fromLonLat(at)));
      label.setProperties({ number: holeOrder.get(holeId) ?? '?', holeId });
      labels.push(label);
    }
    labelSource.addFeatures(labels);
  }, [current, labelSource, holeOrder]);

  /** Features per hole now, and whether a hole has changes. */
  const holeSummary = useMemo(() => {
    const { byHole } = splitCourse(current);
    const changed = new Set(changes.map((c) => c.hole_id));
    return new Map(course.holes.map((h) => [h.id, { features: byHole.get(h.id)?.length ?? 0, changed: changed.has(h.id) }]));
  }, [current, changes, course.holes]);

  /** Gives the features (map ids) to a hole, or to none; undoable. */
  const assign = (ids: readonly string[], holeId: number | null) => {
    controller?.renameFeatures(new Map(ids.map((id) => [id, withHole(id, holeId)])));
  };

  /** Gives every feature of no hole to the hole whose boundary holds it; answers how many stay without. */
  const assignAll = (): number => {
    const renames = new Map<string, string>();
    for (const f of unassigned) {
      const holeId = assignHole(f, boundaries);
      if (holeId !== null) renames.set(f.id, withHole(f.id, holeId));
    }
    controller?.renameFeatures(renames);
    return unassigned.length - renames.size;
  };

  /** The hole whose boundary holds a feature of the map now (null: none). */
  const suggestedHole = (id: string): number | null => {
    const feature = current.features.find((f) => f.id === id);
    return feature ? assignHole(feature, boundaries) : null;
  };

  const setBackground = (on: boolean) => {
    setBackgroundState(on);
    controller?.setBackgroundVisible(on);
    try {
      localStorage.setItem(BACKGROUND_KEY, on ? 'tiles' : 'none');
    } catch {
      // A browser that keeps nothing only forgets the choice.
    }
  };

  /** Brings a hole into view (its drawing), marking its boundary and number; null: the whole course. */
  const focusHole = (holeId: number | null) => {
    setFocusHoleId(holeId);
    focusRef.current = holeId;
    if (!controller) return;
    controller.redraw();
    labelSource.changed();
    if (holeId === null) controller.fit();
    else controller.zoomTo((id) => holeOfMapId(id) === holeId);
  };

  /** Saves the changed holes; features of no hole stop the save until they have one. */
  const onSave = async () => {
    if (!controller) return;
    dispatch({ type: 'saving' });
    if (unassigned.length > 0) {
      dispatch({ type: 'blocked', count: unassigned.length });
      return;
    }
    if (changes.length === 0) {
      snackbar.confirm(t('courseMapping.nothingToSave'));
      return;
    }
    try {
      const answer = await save.mutateAsync({ holes: changes });
      const now = afterSave(controller.getDrawing(), answer.saved);
      controller.load(asMapWrites(now, editable), { fit: false });
      const savedVersions = new Map(answer.saved.map((s) => [s.hole_id, s.version]));
      const fresh = loadedHoles(controller.getDrawing(), savedVersions);
      setLoaded((before) => new Map([...before].map(([holeId, hole]) => [holeId, fresh.get(holeId) ?? hole])));
      dispatch({ type: 'saved', conflicts: answer.conflicts, invalid: answer.invalid, saved: answer.saved.map((s) => s.hole_id) });
      if (answer.conflicts.length === 0 && answer.invalid.length === 0) snackbar.confirm(t('courseMapping.saved', { count: answer.saved.length }));
      else if (answer.saved.length > 0) snackbar.confirm(t('courseMapping.savedSome', { count: answer.saved.length }));
    } catch (error) {
      snackbar.error(t('courseMapping.saveFailed'), errorText(error, t));
    }
  };

  /** Drops the mapper's changes of one hole for what is stored now (after a conflict); the other holes keep theirs. */
  const reloadHole = async (holeId: number) => {
    if (!controller) return;
    try {
      const stored = await queryClient.fetchQuery({ ...drawingQueryOptions(clubId, holeId), staleTime: 0 });
      controller.load(asMapWrites(replaceHole(controller.getDrawing(), holeId, stored.drawing), editable), { fit: false });
      const fresh = loadedHoles(controller.getDrawing(), new Map([[holeId, stored.version]]));
      setLoaded((before) => new Map([...before].map(([id, hole]) => [id, fresh.get(id) ?? hole])));
      dispatch({ type: 'reloaded', holeId });
      snackbar.confirm(t('courseMapping.reloaded', { number: holeOrder.get(holeId) ?? '' }));
    } catch (error) {
      snackbar.error(t('courseMapping.reloadFailed'), errorText(error, t));
    }
  };

  return {
    mapRef,
    controller,
    state,
    current,
    changes,
    unassigned,
    dirty,
    blocker,
    screen,
    dispatch,
    measurer,
    editableElements,
    saving: save.isPending,
    onSave,
    reloadHole,
    assign,
    assignAll,
    suggestedHole,
    holeSummary,
    background,
    setBackground,
    focusHoleId,
    focusHole,
  };
}

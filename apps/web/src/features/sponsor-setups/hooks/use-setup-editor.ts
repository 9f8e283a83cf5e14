import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Course, Hole } from '@golf/contract/api/courses';
import type { DrawingResponse } from '@golf/contract/api/drawings';
import { SIGNS_PER_HOLE_MAX, type Sponsor, type SponsorPositionInput, type SponsorSetup } from '@golf/contract/api/sponsors';
import { screenHref } from '../../../config/screens';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatCoordinate, offsetPosition } from '../../../lib/map/keyboard-editing';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { SetupSaveError, useDeleteSponsorSetup, useSaveSponsorSetup } from '../api/sponsor-setups';
import type { HoleActions } from '../components/hole-places';
import type { MapHole, MapSign } from '../map/sponsor-map-controller';
import {
  hasBoundary,
  hasProblems,
  holeCentre,
  insideHole,
  nameProblem,
  NAME_MAX,
  newSignKey,
  placeProblems,
  positionsProblems,
  problemField,
  setupBody,
  type ProblemDetail,
} from '../utils/draft';
import { canMoveSign, highlightedHole, initialEditorState, isDirty, setupEditorReducer, type EditorCourse, type Notice, type SetupEditorAction } from '../utils/editor-state';

export interface SetupEditorInput {
  clubId: number;
  course: Course;
  /** Null for a new setup. */
  setup: SponsorSetup | null;
  sponsors: readonly Sponsor[];
  /** Per hole of the course, in its order: the drawing, when the hole has one. */
  drawings: readonly (DrawingResponse | undefined)[];
}

/** The status line's words for a notice. */
export function noticeText(notice: Notice | null, t: TFunction, sponsorName: (id: number) => string, holeNumber: (id: number | null) => number): string {
  if (!notice) return '';
  switch (notice.kind) {
    case 'placing':
      return t('sponsorSetups.place.placing', { number: holeNumber(notice.holeId), sponsor: notice.sponsorId === null ? '' : sponsorName(notice.sponsorId) });
    case 'cancelled':
      return t('sponsorSetups.place.cancelled');
    case 'full':
      return t('sponsorSetups.place.full', { number: holeNumber(notice.holeId), max: SIGNS_PER_HOLE_MAX });
    case 'outside':
      return t('sponsorSetups.place.outside', { number: holeNumber(notice.holeId) });
    case 'noBoundary':
      return t('sponsorSetups.place.noBoundary', { number: holeNumber(notice.holeId) });
    case 'placed':
      return t('sponsorSetups.place.placed', { sponsor: sponsorName(notice.sponsorId), number: holeNumber(notice.holeId) });
    case 'signOutside':
      return t('sponsorSetups.sign.outside', { number: holeNumber(notice.holeId) });
    case 'moved':
      return t('sponsorSetups.sign.moved', {
        sponsor: sponsorName(notice.sponsorId),
        latitude: formatCoordinate(notice.position[1]),
        longitude: formatCoordinate(notice.position[0]),
      });
    case 'removed':
      return t('sponsorSetups.sign.removed', { sponsor: sponsorName(notice.sponsorId), number: holeNumber(notice.holeId) });
  }
}

/**
 * The sponsor setup editor's state, rules and saving (the component only renders): the reducer of
 * utils/editor-state over the course's holes and drawings, the texts of its notices and problems,
 * and the save and deletion. Saving: a new setup is created without positions and then updated
 * with them; after a save the setup is loaded again.
 */
export function useSetupEditor({ clubId, course, setup, sponsors, drawings }: SetupEditorInput) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const save = useSaveSponsorSetup(clubId);
  const remove = useDeleteSponsorSetup(clubId);
  const nameRef = useRef<HTMLInputElement>(null);

  const holes = useMemo<Hole[]>(() => [...course.holes].sort((a, b) => a.order - b.order), [course.holes]);
  const drawingOf = useMemo(() => new Map(course.holes.map((h, i) => [h.id, drawings[i]?.drawing])), [course.holes, drawings]);
  // Signs go only on holes with a boundary drawn.
  const placeable = useMemo(() => new Set(holes.filter((h) => hasBoundary(drawingOf.get(h.id))).map((h) => h.id)), [holes, drawingOf]);
  const mapHoles = useMemo<MapHole[]>(
    () => holes.flatMap((h) => ((drawingOf.get(h.id)?.features.length ?? 0) > 0 ? [{ id: h.id, number: h.order, features: drawingOf.get(h.id)!.features }] : [])),
    [holes, drawingOf],
  );
  const sponsorNames = useMemo(() => new Map(sponsors.map((s) => [s.id, s.name])), [sponsors]);
  const sponsorName = (id: number) => sponsorNames.get(id) ?? t('sponsorSetups.unknownSponsor', { id });
  const holeNumber = (holeId: number | null) => holes.find((h) => h.id === holeId)?.order ?? 0;

  const editorCourse = useMemo<EditorCourse>(
    () => ({ inside: (holeId, position) => insideHole(drawingOf.get(holeId), position) === true, centre: (holeId) => holeCentre(drawingOf.get(holeId)) }),
    [drawingOf],
  );
  const reducer = useCallback((s: Parameters<typeof setupEditorReducer>[0], a: SetupEditorAction) => setupEditorReducer(s, a, editorCourse), [editorCourse]);
  const [state, dispatch] = useReducer(reducer, null, () =>
    initialEditorState(
      setup,
      sponsors.map((s) => s.id),
      holes,
      placeable,
    ),
  );

  const dirty = isDirty(state, holes);
  const busy = save.isPending || remove.isPending;
  const nameKey = nameProblem(state.draft.name);
  const nameMessages = [...(state.nameTouched && nameKey ? [t(nameKey, { max: NAME_MAX })] : []), ...(state.problems?.name ?? [])];

  // Leaves after a save or deletion once the guard has seen that nothing is unsaved.
  useEffect(() => {
    if (state.goTo) void navigate(state.goTo, { replace: true });
  }, [state.goTo, navigate]);
  // A sign placed by keyboard takes the focus on its Move button, ready for the arrow keys.
  useEffect(() => {
    if (state.focusSign) document.querySelector<HTMLElement>(`[data-sign-move="${CSS.escape(state.focusSign)}"]`)?.focus();
  }, [state.focusSign]);

  /** Puts a sign at `position` when that is inside its hole (true); says why not otherwise (false). */
  const relocate = (key: string, position: [number, number]): boolean => {
    const fits = canMoveSign(state, editorCourse, key, position);
    dispatch({ type: 'moveSign', key, position });
    return fits;
  };

  const actions: HoleActions = {
    setSponsor: (holeId, slot, sponsorId) => dispatch({ type: 'setPageSponsor', holeId, slot, sponsorId }),
    setFormat: (holeId, format) => dispatch({ type: 'setPageFormat', holeId, format }),
    selectSign: (key) => dispatch({ type: 'select', key }),
    nudgeSign: (key, east, north) => {
      const sign = state.draft.signs.find((s) => s.key === key);
      if (!sign) return false;
      const [lon, lat] = offsetPosition(sign.position, east, north);
      return relocate(key, [lon, lat]);
    },
    placeSignAt: relocate,
    removeSign: (key) => dispatch({ type: 'removeSign', key }),
  };

  const mapSigns = useMemo<MapSign[]>(
    () => state.draft.signs.map((s) => ({ key: s.key, lonLat: s.position, text: sponsorNames.get(s.sponsorId) ?? String(s.sponsorId), selected: s.key === state.selected })),
    [state.draft.signs, state.selected, sponsorNames],
  );

  /**
   * A problem at a position in the reader's words, by what it concerns; `gone` when the server did
   * not find a sponsor or hole (404) rather than refusing a rule (400). Anything else keeps the
   * server's message.
   */
  const phraseFor =
    (gone: boolean) =>
    (detail: ProblemDetail, position: SponsorPositionInput | undefined): string => {
      const field = problemField(detail.path);
      if (!position || field === null) return detail.message;
      const sponsor = sponsorName(position.sponsor_id);
      switch (field) {
        case 'sponsor_id':
          return gone ? t('sponsorSetups.problems.sponsor', { sponsor }) : t('sponsorSetups.problems.samePage', { sponsor });
        case 'hole_id':
          return t('sponsorSetups.problems.hole');
        case 'format':
          return t('sponsorSetups.problems.page', { double: t('sponsorSetups.formats.bottom-double') });
        case 'position':
          return placeable.has(position.hole_id) ? t('sponsorSetups.problems.sign', { sponsor }) : t('sponsorSetups.problems.noBoundary');
        case '':
          return position.placement === 'sign' ? t('sponsorSetups.problems.tooManySigns', { max: SIGNS_PER_HOLE_MAX }) : detail.message;
        default:
          return detail.message;
      }
    };

  /** Saves when the name and the positions pass the contract's checks; otherwise shows what is wrong where it is. */
  const submit = async () => {
    dispatch({ type: 'touchName' });
    if (nameKey) {
      nameRef.current?.focus();
      return;
    }
    const body = setupBody(state.draft, course.id, holes);
    const local = positionsProblems(body.sponsor_positions ?? [], phraseFor(false));
    if (hasProblems(local)) {
      dispatch({ type: 'problems', problems: local });
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: state.setupId, body });
      // A new setup opens at its own address once saved.
      dispatch({ type: 'saved', setup: saved, goTo: setup === null ? screenHref('sponsorSetup', clubId, { courseId: course.id, sponsorSetupId: saved.id }) : null });
      snackbar.confirm(t('sponsorSetups.saved', { name: saved.name }));
    } catch (error) {
      const reason = error instanceof SetupSaveError ? error.reason : error;
      snackbar.error(t('sponsorSetups.saveFailed'), errorText(reason, t));
      // The server's details (400 for rules, 404 for a sponsor or hole gone meanwhile) go next to what they concern.
      dispatch({
        type: 'saveFailed',
        setupId: error instanceof SetupSaveError ? error.setupId : null,
        problems: isApiError(reason) && reason.details.length > 0 ? placeProblems(reason.details, body.sponsor_positions ?? [], phraseFor(reason.status === 404)) : null,
      });
    }
  };

  const deleteSetup = async () => {
    if (state.setupId === null) return;
    try {
      await remove.mutateAsync(state.setupId);
      snackbar.confirm(t('sponsorSetups.deleted', { name: state.baseline.name || state.draft.name }));
      dispatch({ type: 'deleted', goTo: screenHref('sponsorSetups', clubId) });
    } catch (error) {
      dispatch({ type: 'cancelDelete' });
      snackbar.error(t('sponsorSetups.deleteFailed'), errorText(error, t));
    }
  };

  return {
    state,
    dispatch,
    holes,
    placeable,
    mapHoles,
    mapSigns,
    sponsorName,
    holeNumber,
    status: noticeText(state.notice, t, sponsorName, holeNumber),
    highlight: highlightedHole(state),
    problemHoles: holes.filter((h) => state.problems?.byHole.has(h.id)),
    dirty,
    busy,
    isSaving: save.isPending,
    isDeleting: remove.isPending,
    nameRef,
    nameMessages,
    actions,
    relocate,
    placeAt: (position: [number, number]) => dispatch({ type: 'place', position, key: newSignKey(), viaKeyboard: false }),
    placeAtCentre: () => dispatch({ type: 'placeAtCentre', key: newSignKey() }),
    submit,
    deleteSetup,
  };
}

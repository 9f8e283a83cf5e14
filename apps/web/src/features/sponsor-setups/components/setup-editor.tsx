import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { Course } from '@golf/contract/api/courses';
import type { DrawingResponse } from '@golf/contract/api/drawings';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { SIGNS_PER_HOLE_MAX, type Sponsor, type SponsorPositionInput, type SponsorSetup } from '@golf/contract/api/sponsors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingState } from '../../../components/ui/loading-state';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { screenHref } from '../../../config/screens';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatCoordinate, offsetPosition } from '../../../lib/map/keyboard-editing';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { SetupSaveError, useDeleteSponsorSetup, useSaveSponsorSetup } from '../api/sponsor-setups';
import type { MapHole, MapSign } from '../map/sponsor-map-controller';
import {
  addSign,
  draftOf,
  hasBoundary,
  hasProblems,
  holeCentre,
  insideHole,
  moveSign,
  nameProblem,
  NAME_MAX,
  newSignKey,
  pageOf,
  placeProblems,
  positionsProblems,
  removeSign,
  roomForSign,
  sameSetup,
  setPageFormat,
  setPageSponsor,
  setupBody,
  signsOn,
  problemField,
  type ProblemDetail,
  type SaveProblems,
  type SetupDraft,
} from '../utils/draft';
import { HolePlaces, type HoleActions } from './hole-places';
import { PlaceSignBar } from './place-sign-bar';

// OpenLayers comes only with the map, as in the hole editor.
const SponsorMap = lazy(() => import('./sponsor-map'));

export interface SetupEditorProps {
  clubId: number;
  course: Course;
  /** Null for a new setup. */
  setup: SponsorSetup | null;
  sponsors: readonly Sponsor[];
  /** Per hole of the course, in its order: the drawing, when the hole has one. */
  drawings: readonly (DrawingResponse | undefined)[];
  elements: readonly ElementForEdit[];
}

/**
 * The sponsor setup editor: the setup's name, the course map with the signs, and beside it every
 * hole with its page's sponsors and its signs. Saving follows §4: a new setup is created without
 * positions and then updated with them; after a save the setup is loaded again.
 */
export function SetupEditor({ clubId, course, setup, sponsors, drawings, elements }: SetupEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const save = useSaveSponsorSetup(clubId);
  const remove = useDeleteSponsorSetup(clubId);
  const holes = useMemo(() => [...course.holes].sort((a, b) => a.order - b.order), [course.holes]);
  const drawingOf = useMemo(() => new Map(course.holes.map((h, i) => [h.id, drawings[i]?.drawing])), [course.holes, drawings]);
  const placeable = useMemo(() => new Set(holes.filter((h) => hasBoundary(drawingOf.get(h.id))).map((h) => h.id)), [holes, drawingOf]);
  const mapHoles = useMemo<MapHole[]>(
    () => holes.flatMap((h) => ((drawingOf.get(h.id)?.features.length ?? 0) > 0 ? [{ id: h.id, number: h.order, features: drawingOf.get(h.id)!.features }] : [])),
    [holes, drawingOf],
  );
  const sponsorNames = useMemo(() => new Map(sponsors.map((s) => [s.id, s.name])), [sponsors]);
  const sponsorName = (id: number) => sponsorNames.get(id) ?? t('sponsorSetups.unknownSponsor', { id });

  const [baseline, setBaseline] = useState<SetupDraft>(() => draftOf(setup));
  const [draft, setDraft] = useState<SetupDraft>(baseline);
  const [setupId, setSetupId] = useState<number | null>(setup?.id ?? null);
  const [selected, setSelected] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [signSponsor, setSignSponsor] = useState<number | null>(sponsors[0]?.id ?? null);
  const [signHole, setSignHole] = useState<number | null>(holes.find((h) => placeable.has(h.id))?.id ?? holes[0]?.id ?? null);
  const [status, setStatus] = useState('');
  const [problems, setProblems] = useState<SaveProblems | null>(null);
  const [nameTouched, setNameTouched] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [goTo, setGoTo] = useState<string | null>(null);
  const focusSign = useRef<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  const dirty = !sameSetup(draft, baseline, holes);
  const busy = save.isPending || remove.isPending;
  const nameKey = nameProblem(draft.name);
  const nameMessages = [...(nameTouched && nameKey ? [t(nameKey, { max: NAME_MAX })] : []), ...(problems?.name ?? [])];
  const holeNumber = (holeId: number | null) => holes.find((h) => h.id === holeId)?.order ?? 0;

  // Leaves after a save or deletion once the guard has seen that nothing is unsaved.
  useEffect(() => {
    if (goTo) void navigate(goTo, { replace: true });
  }, [goTo, navigate]);
  // A sign placed by keyboard takes the focus on its Move button, ready for the arrow keys.
  useEffect(() => {
    const key = focusSign.current;
    if (!key) return;
    focusSign.current = null;
    document.querySelector<HTMLElement>(`[data-sign-move="${CSS.escape(key)}"]`)?.focus();
  }, [draft.signs]);

  const change = (next: SetupDraft) => setDraft(next);
  const say = (text: string) => setStatus(text);

  const tryPosition = (holeId: number, position: [number, number]): boolean => insideHole(drawingOf.get(holeId), position) === true;

  const place = (position: [number, number], viaKeyboard: boolean) => {
    if (signSponsor === null || signHole === null) return;
    const number = holeNumber(signHole);
    if (!roomForSign(draft, signHole)) return say(t('sponsorSetups.place.full', { number, max: SIGNS_PER_HOLE_MAX }));
    if (!tryPosition(signHole, position)) return say(t('sponsorSetups.place.outside', { number }));
    const key = newSignKey();
    if (viaKeyboard) focusSign.current = key;
    change(addSign(draft, { key, sponsorId: signSponsor, holeId: signHole, position }));
    setSelected(key);
    setPlacing(false);
    say(t('sponsorSetups.place.placed', { sponsor: sponsorName(signSponsor), number }));
  };

  const placeAtCentre = () => {
    if (signHole === null) return;
    const centre = holeCentre(drawingOf.get(signHole));
    if (!centre) return say(t('sponsorSetups.place.noBoundary', { number: holeNumber(signHole) }));
    place(centre, true);
  };

  const togglePlacing = () => {
    if (placing) {
      setPlacing(false);
      return say(t('sponsorSetups.place.cancelled'));
    }
    if (signHole !== null && !roomForSign(draft, signHole)) return say(t('sponsorSetups.place.full', { number: holeNumber(signHole), max: SIGNS_PER_HOLE_MAX }));
    setPlacing(true);
    say(t('sponsorSetups.place.placing', { number: holeNumber(signHole), sponsor: signSponsor === null ? '' : sponsorName(signSponsor) }));
  };

  /** Puts a sign at `position` when that is inside its hole; says why not otherwise. */
  const relocate = (key: string, position: [number, number]): boolean => {
    const sign = draft.signs.find((s) => s.key === key);
    if (!sign) return false;
    if (!tryPosition(sign.holeId, position)) {
      say(t('sponsorSetups.sign.outside', { number: holeNumber(sign.holeId) }));
      return false;
    }
    change(moveSign(draft, key, position));
    setSelected(key);
    say(t('sponsorSetups.sign.moved', { sponsor: sponsorName(sign.sponsorId), latitude: formatCoordinate(position[1]), longitude: formatCoordinate(position[0]) }));
    return true;
  };

  const actions: HoleActions = {
    setSponsor: (holeId, slot, sponsorId) => change(setPageSponsor(draft, holeId, slot, sponsorId)),
    setFormat: (holeId, format) => change(setPageFormat(draft, holeId, format)),
    selectSign: setSelected,
    nudgeSign: (key, east, north) => {
      const sign = draft.signs.find((s) => s.key === key);
      if (!sign) return false;
      const [lon, lat] = offsetPosition(sign.position, east, north);
      return relocate(key, [lon, lat]);
    },
    placeSignAt: relocate,
    removeSign: (key) => {
      const sign = draft.signs.find((s) => s.key === key);
      change(removeSign(draft, key));
      if (selected === key) setSelected(null);
      if (sign) say(t('sponsorSetups.sign.removed', { sponsor: sponsorName(sign.sponsorId), number: holeNumber(sign.holeId) }));
    },
  };

  const mapSigns = useMemo<MapSign[]>(
    () => draft.signs.map((s) => ({ key: s.key, lonLat: s.position, text: sponsorNames.get(s.sponsorId) ?? String(s.sponsorId), selected: s.key === selected })),
    [draft.signs, selected, sponsorNames],
  );
  const selectedHole = draft.signs.find((s) => s.key === selected)?.holeId ?? null;
  const highlight = placing ? signHole : selectedHole;

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

  const submit = async () => {
    setNameTouched(true);
    if (nameKey) {
      nameRef.current?.focus();
      return;
    }
    const body = setupBody(draft, course.id, holes);
    const local = positionsProblems(body.sponsor_positions ?? [], phraseFor(false));
    if (hasProblems(local)) {
      setProblems(local);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: setupId, body });
      const next = draftOf(saved);
      setBaseline(next);
      setDraft(next);
      setProblems(null);
      setSelected(null);
      setSetupId(saved.id);
      snackbar.confirm(t('sponsorSetups.saved', { name: saved.name }));
      if (setup === null) setGoTo(screenHref('sponsorSetup', clubId, { courseId: course.id, sponsorSetupId: saved.id }));
    } catch (error) {
      const reason = error instanceof SetupSaveError ? error.reason : error;
      // Created before the update failed: the next save updates that setup.
      if (error instanceof SetupSaveError && error.setupId !== null) setSetupId(error.setupId);
      snackbar.error(t('sponsorSetups.saveFailed'), errorText(reason, t));
      // The server's details (400 for rules, 404 for a sponsor or hole gone meanwhile) go next to what they concern.
      setProblems(isApiError(reason) && reason.details.length > 0 ? placeProblems(reason.details, body.sponsor_positions ?? [], phraseFor(reason.status === 404)) : null);
    }
  };

  const deleteSetup = async () => {
    if (setupId === null) return;
    try {
      await remove.mutateAsync(setupId);
      setConfirmDelete(false);
      snackbar.confirm(t('sponsorSetups.deleted', { name: baseline.name || draft.name }));
      setGoTo(screenHref('sponsorSetups', clubId));
    } catch (error) {
      setConfirmDelete(false);
      snackbar.error(t('sponsorSetups.deleteFailed'), errorText(error, t));
    }
  };

  const problemHoles = holes.filter((h) => problems?.byHole.has(h.id));
  const goToHole = (order: number) => document.querySelector<HTMLElement>(`[data-hole="${order}"] select`)?.focus();

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Box>
        <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={screenHref('sponsorSetups', clubId)}>
          {t('sponsorSetups.back')}
        </Button>
      </Box>
      <Card component="section" aria-labelledby="setup-title">
        <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <Box>
            <Typography variant="h2" id="setup-title">
              {setup ? t('sponsorSetups.editorTitle', { course: course.name }) : t('sponsorSetups.newOn', { course: course.name })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('sponsorSetups.editorHint')}
            </Typography>
          </Box>
          <TextField
            inputRef={nameRef}
            label={t('sponsorSetups.name')}
            value={draft.name}
            onChange={(e) => change({ ...draft, name: e.target.value })}
            onBlur={() => setNameTouched(true)}
            error={nameMessages.length > 0}
            helperText={nameMessages.length > 0 ? nameMessages.join(' ') : t('sponsorSetups.nameHint')}
            required
            sx={{ maxWidth: 480 }}
            slotProps={{ htmlInput: { maxLength: NAME_MAX + 20 } }}
          />
          {sponsors.length === 0 && (
            <Alert
              severity="info"
              action={
                <Button color="inherit" size="small" component={RouterLink} to={screenHref('sponsors', clubId)}>
                  {t('sponsorSetups.toSponsors')}
                </Button>
              }
            >
              {t('sponsorSetups.noSponsorsText')}
            </Alert>
          )}
          {problems && (problems.general.length > 0 || problemHoles.length > 0) && (
            <Alert severity="error" data-testid="setup-problems">
              <AlertTitle>{t('sponsorSetups.problemsTitle')}</AlertTitle>
              {problems.general.map((p) => (
                <Box key={p}>{p}</Box>
              ))}
              {problemHoles.length > 0 && (
                <>
                  <Box>{t('sponsorSetups.problemsAtHoles', { holes: problemHoles.map((h) => h.order).join(', ') })}</Box>
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
                    {problemHoles.map((h) => (
                      <Button key={h.id} size="small" variant="outlined" color="inherit" onClick={() => goToHole(h.order)}>
                        {t('sponsorSetups.problems.goTo', { number: h.order })}
                      </Button>
                    ))}
                  </Box>
                </>
              )}
            </Alert>
          )}
        </CardContent>
      </Card>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(320px, 400px)' }, alignItems: 'start' }}>
        <Card component="section" aria-labelledby="setup-map-title">
          <CardContent sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <Typography variant="h2" id="setup-map-title">
              {t('sponsorSetups.map.title')}
            </Typography>
            <Typography variant="subtitle2" component="h3" id="place-sign-title">
              {t('sponsorSetups.place.title')}
            </Typography>
            <PlaceSignBar
              sponsors={sponsors}
              holes={holes}
              placeable={placeable}
              sponsorId={signSponsor}
              holeId={signHole}
              placing={placing}
              onSponsor={setSignSponsor}
              onHole={(id) => {
                setSignHole(id);
                if (placing) say(t('sponsorSetups.place.placing', { number: holeNumber(id), sponsor: signSponsor === null ? '' : sponsorName(signSponsor) }));
              }}
              onTogglePlacing={togglePlacing}
              onPlaceAtCentre={placeAtCentre}
            />
            <Typography variant="body2" role="status" data-testid="map-status" sx={{ minHeight: '1.5em' }} color={placing ? 'primary.dark' : 'text.primary'}>
              {status}
            </Typography>
            {mapHoles.length > 0 ? (
              <Suspense fallback={<LoadingState rows={4} />}>
                <SponsorMap
                  holes={mapHoles}
                  elements={elements}
                  signs={mapSigns}
                  highlight={highlight}
                  focusHighlight={placing}
                  placing={placing}
                  onPlace={(lonLat) => place(lonLat, false)}
                  onSelectSign={setSelected}
                  onMoveSign={relocate}
                  onCancelPlacing={togglePlacing}
                  describedBy="sponsor-map-hint"
                />
              </Suspense>
            ) : (
              <Typography color="text.secondary">{t('sponsorSetups.map.nothingDrawn')}</Typography>
            )}
            <Typography variant="caption" color="text.secondary" id="sponsor-map-hint">
              {t('sponsorSetups.map.hint')}
            </Typography>
            {course.attribution && (
              <Typography variant="caption" color="text.secondary">
                {t('sponsorSetups.map.attribution', { attribution: course.attribution })}
              </Typography>
            )}
          </CardContent>
        </Card>

        <Card component="section" aria-labelledby="setup-holes-title">
          <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
            <Box sx={{ px: { xs: 2, sm: 2.5 }, pt: { xs: 2, sm: 2.5 }, pb: 1 }}>
              <Typography variant="h2" id="setup-holes-title">
                {t('sponsorSetups.holes.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('sponsorSetups.holes.hint')}
              </Typography>
            </Box>
            <Box sx={{ maxHeight: { md: 'max(560px, calc(100vh - 220px))' }, overflowY: { md: 'auto' } }} data-testid="setup-holes">
              {holes.map((hole) => (
                <HolePlaces
                  key={hole.id}
                  hole={hole}
                  page={pageOf(draft, hole.id)}
                  signs={signsOn(draft, hole.id)}
                  sponsors={sponsors}
                  sponsorName={sponsorName}
                  placeable={placeable.has(hole.id)}
                  selected={selected}
                  problems={problems?.byHole.get(hole.id) ?? []}
                  actions={actions}
                />
              ))}
            </Box>
          </CardContent>
        </Card>
      </Box>

      <Paper
        elevation={3}
        sx={{ position: 'sticky', bottom: { xs: 8, sm: 16 }, zIndex: 2, p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}
      >
        <Typography variant="body2" color={hasProblems(problems) ? 'error' : 'text.secondary'} sx={{ mr: 'auto' }} aria-live="polite">
          {hasProblems(problems) ? t('sponsorSetups.fixErrors') : dirty ? t('sponsorSetups.unsaved') : ''}
        </Typography>
        {setupId !== null && (
          <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={() => setConfirmDelete(true)} disabled={busy}>
            {t('sponsorSetups.delete')}
          </Button>
        )}
        <Button
          onClick={() => {
            setDraft(baseline);
            setProblems(null);
            setSelected(null);
          }}
          disabled={!dirty || busy}
        >
          {t('common.discard')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy || (!dirty && setupId !== null)}>
          {save.isPending ? t('common.saving') : t('common.save')}
        </Button>
      </Paper>

      <UnsavedChangesGuard
        dirty={dirty && goTo === null}
        saving={busy}
        texts={{ title: t('sponsorSetups.leave.title'), text: t('sponsorSetups.leave.text'), stay: t('sponsorSetups.leave.stay'), leave: t('sponsorSetups.leave.leave') }}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t('sponsorSetups.confirmDeleteTitle', { name: baseline.name || draft.name })}
        confirmLabel={t('sponsorSetups.delete')}
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void deleteSetup()}
      >
        {t('sponsorSetups.confirmDeleteText')}
      </ConfirmDialog>
    </Box>
  );
}


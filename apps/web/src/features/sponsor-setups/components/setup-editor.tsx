import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
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
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadingState } from '../../../components/ui/loading-state';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { screenHref } from '../../../config/screens';
import { useSetupEditor, type SetupEditorInput } from '../hooks/use-setup-editor';
import { hasProblems, NAME_MAX, pageOf, signsOn } from '../utils/draft';
import { HolePlaces } from './hole-places';
import { PlaceSignBar } from './place-sign-bar';

// OpenLayers comes only with the map, as in the hole editor.
const SponsorMap = lazy(() => import('./sponsor-map'));

export interface SetupEditorProps extends SetupEditorInput {
  elements: readonly ElementForEdit[];
}

/**
 * The sponsor setup editor: the setup's name, the course map with the signs, and beside it every
 * hole with its page's sponsors and its signs. Its state, rules and saving are useSetupEditor's;
 * this component renders them.
 */
export function SetupEditor({ elements, ...input }: SetupEditorProps) {
  const { t } = useTranslation();
  const { clubId, course, setup, sponsors } = input;
  const editor = useSetupEditor(input);
  const { state, dispatch, holes, problemHoles, dirty, busy } = editor;
  const { draft, problems, placing } = state;
  const goToHole = (order: number) => document.querySelector<HTMLElement>(`[data-hole="${order}"] select`)?.focus();

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void editor.submit();
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
            inputRef={editor.nameRef}
            label={t('sponsorSetups.name')}
            value={draft.name}
            onChange={(e) => dispatch({ type: 'rename', name: e.target.value })}
            onBlur={() => dispatch({ type: 'touchName' })}
            error={editor.nameMessages.length > 0}
            helperText={editor.nameMessages.length > 0 ? editor.nameMessages.join(' ') : t('sponsorSetups.nameHint')}
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
              placeable={editor.placeable}
              sponsorId={state.signSponsor}
              holeId={state.signHole}
              placing={placing}
              onSponsor={(sponsorId) => dispatch({ type: 'chooseSponsor', sponsorId })}
              onHole={(holeId) => dispatch({ type: 'chooseHole', holeId })}
              onTogglePlacing={() => dispatch({ type: 'togglePlacing' })}
              onPlaceAtCentre={editor.placeAtCentre}
            />
            <Typography variant="body2" role="status" data-testid="map-status" sx={{ minHeight: '1.5em' }} color={placing ? 'primary.dark' : 'text.primary'}>
              {editor.status}
            </Typography>
            {editor.mapHoles.length > 0 ? (
              <Suspense fallback={<LoadingState rows={4} />}>
                <SponsorMap
                  holes={editor.mapHoles}
                  elements={elements}
                  signs={editor.mapSigns}
                  highlight={editor.highlight}
                  focusHighlight={placing}
                  placing={placing}
                  onPlace={editor.placeAt}
                  onSelectSign={(key) => dispatch({ type: 'select', key })}
                  onMoveSign={editor.relocate}
                  onCancelPlacing={() => dispatch({ type: 'togglePlacing' })}
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
                  sponsorName={editor.sponsorName}
                  placeable={editor.placeable.has(hole.id)}
                  selected={state.selected}
                  problems={problems?.byHole.get(hole.id) ?? []}
                  actions={editor.actions}
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
        {state.setupId !== null && (
          <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={() => dispatch({ type: 'askDelete' })} disabled={busy}>
            {t('sponsorSetups.delete')}
          </Button>
        )}
        <Button
          onClick={() => dispatch({ type: 'discard' })}
          disabled={!dirty || busy}
        >
          {t('common.discard')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy || (!dirty && state.setupId !== null)}>
          {editor.isSaving ? t('common.saving') : t('common.save')}
        </Button>
      </Paper>

      <UnsavedChangesGuard
        dirty={dirty && state.goTo === null}
        saving={busy}
        texts={{ title: t('sponsorSetups.leave.title'), text: t('sponsorSetups.leave.text'), stay: t('sponsorSetups.leave.stay'), leave: t('sponsorSetups.leave.leave') }}
      />
      <ConfirmDialog
        open={state.confirmDelete}
        title={t('sponsorSetups.confirmDeleteTitle', { name: state.baseline.name || draft.name })}
        confirmLabel={t('sponsorSetups.delete')}
        busy={editor.isDeleting}
        onCancel={() => dispatch({ type: 'cancelDelete' })}
        onConfirm={() => void editor.deleteSetup()}
      >
        {t('sponsorSetups.confirmDeleteText')}
      </ConfirmDialog>
    </Box>
  );
}


import 'ol/ol.css';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { Hole } from '@golf/contract/api/courses';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { HOLE_EDITORS, paths } from '../../../config/paths';
import { useHoleEditor, type HoleEditorInput } from '../hooks/use-hole-editor';
import { adjacentHoles } from '../utils/editor-state';
import { DrawingProblemList } from './drawing-problem-list';
import { EditorMap } from './editor-map';
import { EditorToolbar } from './editor-toolbar';
import { EditorSidePanel } from './editor-side-panel';
import { LabelDialog } from './label-dialog';

/** The hole graphics editor: the map, its tools and the side panel of one screen (mode). Its state and saving are useHoleEditor's. */
export function HoleEditor({ hole, ...input }: Omit<HoleEditorInput, 'holeId'> & { hole: Hole }) {
  const { t, i18n } = useTranslation();
  const { clubId, course, mode, elements } = input;
  const { mapRef, controller, state, dirty, screen, dispatch, blocker, measurer, editableElements, saving, onSave } = useHoleEditor({ ...input, holeId: hole.id });
  const { previous, next } = adjacentHoles(course.holes, hole.id);
  const tool = state?.tool ?? 'select';
  const { problems, conflict, textTarget } = screen;

  return (
    <Box data-testid="hole-editor" data-mode={mode}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Button component={RouterLink} to={paths.club.course(clubId, course.id)} startIcon={<ArrowBackIcon />} size="small">
          {course.name}
        </Button>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
          {t('holeEditor.holeTitle', { number: hole.order, name: hole.name ? ` – ${hole.name}` : '', par: hole.par })}
        </Typography>
        <Box sx={{ ml: 'auto', display: 'flex', gap: 0.5 }}>
          <Tooltip title={t('holeEditor.previousHole')}>
            <span>
              <IconButton
                aria-label={t('holeEditor.previousHole')}
                disabled={!previous}
                component={RouterLink}
                to={previous ? paths.club.holeEditor(clubId, course.id, previous.id, mode) : '#'}
              >
                <ChevronLeftIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('holeEditor.nextHole')}>
            <span>
              <IconButton aria-label={t('holeEditor.nextHole')} disabled={!next} component={RouterLink} to={next ? paths.club.holeEditor(clubId, course.id, next.id, mode) : '#'}>
                <ChevronRightIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      </Box>
      <Tabs value={mode} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile sx={{ mb: 1, minHeight: 40 }} aria-label={t('holeEditor.modes')}>
        {HOLE_EDITORS.map((m) => (
          <Tab key={m} value={m} label={t(`holeEditor.modeNames.${m}`)} component={RouterLink} to={paths.club.holeEditor(clubId, course.id, hole.id, m)} sx={{ minHeight: 40 }} />
        ))}
      </Tabs>

      <EditorToolbar controller={controller} state={state} status={dirty ? t('holeEditor.unsaved') : ''} saving={saving} onSave={() => void onSave()} />

      {measurer.projected && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('holeEditor.projectedMeasuresHint')}
        </Alert>
      )}
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {t('common.reload')}
            </Button>
          }
        >
          {t('holeEditor.conflict')}
        </Alert>
      )}
      {problems && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => dispatch({ type: 'dismissProblems' })} data-testid="save-problems">
          <AlertTitle>{t('holeEditor.problemsTitle')}</AlertTitle>
          <DrawingProblemList problems={problems} />
        </Alert>
      )}

      <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', md: 'row' } }}>
        <EditorMap mapRef={mapRef} label={t('holeEditor.mapLabel')} hintId="hole-map-hint" tool={tool} />
        {state && controller && (
          <EditorSidePanel
            mode={mode}
            state={state}
            controller={controller}
            elements={elements}
            editableElements={editableElements}
            language={i18n.language}
            distanceTarget={{ clubId, course, hole }}
            onEditText={(info) => dispatch({ type: 'editText', target: { id: info.id, element: info.element, label: info.label, icon: info.icon } })}
          />
        )}
      </Box>

      <Typography variant="caption" color="text.secondary" component="p" id="hole-map-hint" sx={{ mt: 0.5 }}>
        {t('holeEditor.mapHint')}
      </Typography>

      <LabelDialog
        open={!!textTarget}
        element={textTarget?.element ?? ''}
        initialLabel={textTarget?.label ?? ''}
        initialIcon={textTarget?.icon ?? ''}
        onCancel={() => {
          // A label or icon just placed goes again when its text is cancelled.
          controller?.discardPending();
          dispatch({ type: 'closeText' });
        }}
        onSave={(values) => {
          if (textTarget) controller?.setFeatureProps(textTarget.id, values);
          dispatch({ type: 'closeText' });
        }}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('holeEditor.leaveTitle')}
        confirmLabel={t('common.discard')}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {t('holeEditor.leaveText')}
      </ConfirmDialog>
    </Box>
  );
}

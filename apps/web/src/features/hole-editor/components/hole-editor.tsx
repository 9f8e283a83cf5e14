import 'ol/ol.css';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import NearMeOutlinedIcon from '@mui/icons-material/NearMeOutlined';
import OpenWithIcon from '@mui/icons-material/OpenWith';
import PolylineOutlinedIcon from '@mui/icons-material/PolylineOutlined';
import RedoIcon from '@mui/icons-material/Redo';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import SquareFootIcon from '@mui/icons-material/SquareFoot';
import StraightenIcon from '@mui/icons-material/Straighten';
import UndoIcon from '@mui/icons-material/Undo';
import type { Hole } from '@golf/contract/api/courses';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { HOLE_EDITORS, paths } from '../../../config/paths';
import { useHoleEditor, type HoleEditorInput } from '../hooks/use-hole-editor';
import type { Tool } from '../map/editor-controller';
import { adjacentHoles, mapCursor, toolButtonValue } from '../utils/editor-state';
import { EditorSidePanel } from './editor-side-panel';
import { LabelDialog } from './label-dialog';

/** The hole graphics editor: the map, its tools and the side panel of one screen (mode). Its state and saving are useHoleEditor's. */
export function HoleEditor({ hole, ...input }: Omit<HoleEditorInput, 'holeId'> & { hole: Hole }) {
  const { t, i18n } = useTranslation();
  const { clubId, course, mode, elements } = input;
  const { mapRef, controller, state, dirty, screen, dispatch, blocker, measurer, editableElements, saving, onSave } = useHoleEditor({ ...input, holeId: hole.id });
  const { previous, next } = adjacentHoles(course.holes, hole.id);
  const tool = state?.tool ?? 'select';
  const setTool = (value: Tool | null) => value && controller?.setTool(value);
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

      <Paper variant="outlined" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', p: 1, mb: 1 }} role="toolbar" aria-label={t('holeEditor.tools')}>
        <ToggleButtonGroup size="small" exclusive value={toolButtonValue(tool)} onChange={(_e, v: Tool | null) => setTool(v)}>
          <ToggleButton value="select" aria-label={t('holeEditor.tool.select')} title={t('holeEditor.tool.select')}>
            <NearMeOutlinedIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="modify" aria-label={t('holeEditor.tool.modify')} title={t('holeEditor.tool.modify')}>
            <PolylineOutlinedIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="move" aria-label={t('holeEditor.tool.move')} title={t('holeEditor.tool.move')}>
            <OpenWithIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="measure-line" aria-label={t('holeEditor.tool.measureLine')} title={t('holeEditor.tool.measureLine')}>
            <StraightenIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="measure-area" aria-label={t('holeEditor.tool.measureArea')} title={t('holeEditor.tool.measureArea')}>
            <SquareFootIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
        <ToggleButton
          size="small"
          value="snap"
          selected={!!state?.snap}
          onChange={() => controller?.setSnap(!state?.snap)}
          aria-label={t('holeEditor.tool.snap')}
        >
          {t('holeEditor.tool.snap')}
        </ToggleButton>
        <Divider orientation="vertical" flexItem />
        <IconButton size="small" data-testid="undo" aria-label={t('holeEditor.tool.undo')} title={`${t('holeEditor.tool.undo')} (Ctrl+Z)`} disabled={!state?.canUndo} onClick={() => controller?.undo()}>
          <UndoIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" data-testid="redo" aria-label={t('holeEditor.tool.redo')} title={`${t('holeEditor.tool.redo')} (Ctrl+Y)`} disabled={!state?.canRedo} onClick={() => controller?.redo()}>
          <RedoIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('holeEditor.tool.delete')}
          title={`${t('holeEditor.tool.delete')} (Delete)`}
          disabled={!state?.selected.length}
          onClick={() => controller?.deleteSelected()}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
        <Typography variant="body2" color="text.secondary" sx={{ mx: 1 }} aria-live="polite">
          {state?.tool === 'draw' && state.drawElement ? t('holeEditor.drawing', { element: state.drawElement }) : ''}
          {dirty ? ` ${t('holeEditor.unsaved')}` : ''}
        </Typography>
        <Button
          variant="contained"
          size="small"
          sx={{ ml: 'auto' }}
          startIcon={<SaveOutlinedIcon />}
          disabled={!controller || saving}
          onClick={() => void onSave()}
        >
          {saving ? t('common.saving') : t('common.save')}
        </Button>
      </Paper>

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
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((p, i) => (
              <li key={i}>{p.feature ? `${p.feature}: ${p.message}` : p.message}</li>
            ))}
          </Box>
        </Alert>
      )}

      <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', md: 'row' } }}>
        {/* Focusable: with the focus on it the arrow keys pan and + / − zoom (OpenLayers' keyboard interactions). */}
        <Box
          ref={mapRef}
          data-testid="hole-map"
          role="application"
          tabIndex={0}
          aria-label={t('holeEditor.mapLabel')}
          aria-describedby="hole-map-hint"
          sx={{
            // In the narrow column layout a growing item gets no definite height, and the map's
            // viewport (height 100%) would collapse to nothing: there the map keeps its own height.
            flex: { xs: 'none', md: 1 },
            minWidth: 0,
            height: { xs: '60vh', md: 'calc(100vh - 290px)' },
            minHeight: 420,
            borderRadius: 1,
            overflow: 'hidden',
            border: 1,
            borderColor: 'divider',
            bgcolor: '#dfe8d8',
            cursor: mapCursor(tool),
          }}
        />
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

import 'ol/ol.css';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useBlocker } from 'react-router';
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
import type { Club } from '@golf/contract/api/clubs';
import type { Course, Hole } from '@golf/contract/api/courses';
import type { Drawing, DrawingResponse } from '@golf/contract/api/drawings';
import type { Context, ElementForEdit } from '@golf/contract/api/graphics';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { HOLE_EDITORS, paths, type HoleEditorKind } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { createMeasurer } from '../../../lib/map/measure';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useSaveDrawing } from '../api/drawing';
import { HoleEditorController, type Tool } from '../map/editor-controller';
import { MODE_CONTEXT } from '../utils/modes';
import { EditorSidePanel } from './editor-side-panel';
import { LabelDialog } from './label-dialog';

declare global {
  interface Window {
    /** performance.now() when the editor's map first drew the drawing (read by bench/editor.mjs). */
    __editorReady?: number;
  }
}

interface Problem {
  feature: string;
  message: string;
}

function problemsOf(error: unknown): Problem[] {
  if (!isApiError(error)) return [];
  const details = (error.body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.map((d: { feature?: string; path?: string; message?: string }) => ({ feature: String(d.feature ?? d.path ?? ''), message: String(d.message ?? '') }));
}

/** The hole graphics editor: the map, its tools and the side panel of one screen (mode). */
export function HoleEditor({
  clubId,
  course,
  hole,
  mode,
  club,
  drawing,
  elements,
  contexts,
  neighbours,
}: {
  clubId: number;
  course: Course;
  hole: Hole;
  mode: HoleEditorKind;
  club: Club;
  drawing: DrawingResponse;
  elements: ElementForEdit[];
  contexts: Context[];
  /** Drawings of the holes before and after, shown for orientation while this drawing is empty. */
  neighbours: Drawing[];
}) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const mapRef = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<HoleEditorController | null>(null);
  const [version, setVersion] = useState(drawing.version);
  const [problems, setProblems] = useState<Problem[] | null>(null);
  const [conflict, setConflict] = useState(false);
  const [placed, setPlaced] = useState<{ id: string; element: string; label?: string; icon?: string } | null>(null);
  const save = useSaveDrawing(clubId, hole.id);
  const measurer = useMemo(() => createMeasurer(club.srid), [club.srid]);

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
      onPointPlaced: (id, element) => setPlaced({ id, element }),
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

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const onSave = async () => {
    if (!controller) return;
    setProblems(null);
    setConflict(false);
    try {
      const fresh = await save.mutateAsync({ drawing: controller.getDrawing(), version });
      controller.load(fresh.drawing, { fit: false });
      setVersion(fresh.version);
      snackbar.confirm(t('holeEditor.saved'));
    } catch (error) {
      if (isApiError(error) && error.status === 409) setConflict(true);
      else if (isApiError(error) && error.status === 400 && problemsOf(error).length > 0) setProblems(problemsOf(error));
      else snackbar.error(t('holeEditor.saveFailed'), errorText(error, t));
    }
  };

  const holes = course.holes;
  const index = holes.findIndex((h) => h.id === hole.id);
  const previous = index > 0 ? holes[index - 1] : null;
  const next = index >= 0 && index < holes.length - 1 ? holes[index + 1] : null;
  const tool = state?.tool ?? 'select';
  const setTool = (value: Tool | null) => value && controller?.setTool(value);

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
        <ToggleButtonGroup size="small" exclusive value={tool === 'draw' ? null : tool} onChange={(_e, v: Tool | null) => setTool(v)}>
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
          disabled={!controller || save.isPending}
          onClick={() => void onSave()}
        >
          {save.isPending ? t('common.saving') : t('common.save')}
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
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setProblems(null)} data-testid="save-problems">
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
            cursor: tool === 'draw' || tool.startsWith('measure') ? 'crosshair' : 'default',
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
            onEditText={(info) => setPlaced({ id: info.id, element: info.element, label: info.label, icon: info.icon })}
          />
        )}
      </Box>

      <Typography variant="caption" color="text.secondary" component="p" id="hole-map-hint" sx={{ mt: 0.5 }}>
        {t('holeEditor.mapHint')}
      </Typography>

      <LabelDialog
        open={!!placed}
        element={placed?.element ?? ''}
        initialLabel={placed?.label ?? ''}
        initialIcon={placed?.icon ?? ''}
        onCancel={() => {
          controller?.discardPending();
          setPlaced(null);
        }}
        onSave={(values) => {
          if (placed) controller?.setFeatureProps(placed.id, values);
          setPlaced(null);
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

const noopSubscribe = () => () => {};
const nullState = () => null;

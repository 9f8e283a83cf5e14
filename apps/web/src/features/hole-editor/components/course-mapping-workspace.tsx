import 'ol/ol.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ZoomInMapIcon from '@mui/icons-material/ZoomInMap';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import type { CourseStatus } from '../../../lib/courses/queries';
import { useCourseMapping, type CourseMappingInput } from '../hooks/use-course-mapping';
import { adjacentHoles } from '../utils/editor-state';
import { refusalText } from '../../../lib/drawing-problems';
import { DrawingProblemList } from './drawing-problem-list';
import { EditorMap } from './editor-map';
import { AssignmentPanel } from './assignment-panel';
import { EditorSidePanel } from './editor-side-panel';
import { EditorToolbar } from './editor-toolbar';
import { HoleList } from './hole-list';
import { LabelDialog } from './label-dialog';

export type CourseMappingLayout = 'course' | 'holes';

/** A keyboard shortcut of the hole-by-hole layout, unless the focus is in a field or a dialog. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || !!el.closest('[role="dialog"]');
}

/**
 * The course-wide mapping: every hole's elements on one map with the hole editor's tools, the
 * features' holes, and one save of the changed holes. `layout="course"` (/metamap, /meatmap) is the
 * whole course with a hole picker that zooms; `layout="holes"` (/admin/atla) puts the list of holes
 * and their status beside the map, for a mapper who works hole after hole (previous / next, [ and ]).
 */
export function CourseMappingWorkspace({ layout, status, ...input }: CourseMappingInput & { layout: CourseMappingLayout; status?: CourseStatus }) {
  const { t, i18n } = useTranslation();
  const { clubId, course, elements } = input;
  const mapping = useCourseMapping(input);
  const { mapRef, controller, state, screen, dispatch, blocker, measurer, editableElements, saving, onSave, focusHoleId, focusHole } = mapping;
  const [reloadTarget, setReloadTarget] = useState<number | null>(null);
  const tool = state?.tool ?? 'select';
  const holeName = (holeId: number) => course.holes.find((h) => h.id === holeId)?.order ?? '?';
  const focused = course.holes.find((h) => h.id === focusHoleId) ?? null;
  const { previous, next } = focused ? adjacentHoles(course.holes, focused.id) : { previous: null, next: course.holes[0] ?? null };

  // Hole after hole: [ and ] go to the previous and next hole.
  useEffect(() => {
    if (layout !== 'holes') return;
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.key === '[' ? previous : event.key === ']' ? next : null;
      if (!target) return;
      event.preventDefault();
      focusHole(target.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const unsaved = mapping.changes.length > 0 ? t('courseMapping.unsavedHoles', { count: mapping.changes.length }) : mapping.dirty ? t('holeEditor.unsaved') : '';

  return (
    <Box data-testid="course-mapping" data-layout={layout}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Button component={RouterLink} to={paths.club.course(clubId, course.id)} startIcon={<ArrowBackIcon />} size="small">
          {course.name}
        </Button>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
          {t('courseMapping.titleFor', { name: course.name })}
        </Typography>
        <Box sx={{ ml: 'auto', display: 'flex', gap: 0.5, alignItems: 'center' }}>
          {layout === 'course' ? (
            <TextField
              select
              size="small"
              label={t('courseMapping.zoomToHole')}
              value={focusHoleId === null ? '' : String(focusHoleId)}
              onChange={(e) => focusHole(e.target.value === '' ? null : Number(e.target.value))}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 180 }}
            >
              <option value="">{t('courseMapping.wholeCourse')}</option>
              {course.holes.map((h) => (
                <option key={h.id} value={h.id}>
                  {t('courseMapping.holeNumber', { number: h.order })}
                </option>
              ))}
            </TextField>
          ) : (
            <>
              <Typography variant="body2" sx={{ mr: 1 }} aria-live="polite" data-testid="atla-current">
                {focused ? t('courseMapping.atla.holeOf', { number: focused.order, count: course.holes.length }) : t('courseMapping.wholeCourse')}
              </Typography>
              <Tooltip title={`${t('courseMapping.atla.previous')} ([)`}>
                <span>
                  <IconButton aria-label={t('courseMapping.atla.previous')} aria-keyshortcuts="[" disabled={!previous} onClick={() => previous && focusHole(previous.id)}>
                    <ChevronLeftIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={`${t('courseMapping.atla.next')} (])`}>
                <span>
                  <IconButton aria-label={t('courseMapping.atla.next')} aria-keyshortcuts="]" disabled={!next} onClick={() => next && focusHole(next.id)}>
                    <ChevronRightIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('courseMapping.atla.zoomToHole')}>
                <span>
                  <IconButton aria-label={t('courseMapping.atla.zoomToHole')} disabled={!focused} onClick={() => focused && focusHole(focused.id)}>
                    <ZoomInMapIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </>
          )}
        </Box>
      </Box>

      <EditorToolbar controller={controller} state={state} status={unsaved} saving={saving} onSave={() => void onSave()}>
        <ToggleButton
          size="small"
          value="background"
          selected={mapping.background}
          disabled={!controller?.hasBackground}
          onChange={() => mapping.setBackground(!mapping.background)}
          title={controller && !controller.hasBackground ? t('courseMapping.noTiles') : undefined}
        >
          {t('courseMapping.background')}
        </ToggleButton>
      </EditorToolbar>

      {measurer.projected && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('holeEditor.projectedMeasuresHint')}
        </Alert>
      )}
      {screen.blocked !== null && mapping.unassigned.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="save-blocked">
          {t('courseMapping.blocked', { count: mapping.unassigned.length })}
        </Alert>
      )}
      {screen.conflicts.map((c) => (
        <Alert
          key={c.hole_id}
          severity="warning"
          sx={{ mb: 1 }}
          data-testid="hole-conflict"
          action={
            <Button color="inherit" size="small" onClick={() => setReloadTarget(c.hole_id)}>
              {t('courseMapping.reloadHole', { number: c.order })}
            </Button>
          }
        >
          {t('courseMapping.conflict', { number: c.order })}
        </Alert>
      ))}
      {screen.invalid.length > 0 && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => dispatch({ type: 'dismissInvalid' })} data-testid="save-problems">
          <AlertTitle>{t('courseMapping.problemsTitle')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {screen.invalid.map((hole) => (
              <li key={hole.hole_id}>
                {t('courseMapping.holeNumber', { number: hole.order })}: {refusalText(t, hole)}
                {hole.problems.length > 0 && <DrawingProblemList problems={hole.problems} />}
              </li>
            ))}
          </Box>
        </Alert>
      )}

      <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', md: 'row' } }}>
        {layout === 'holes' && (
          <HoleList holes={course.holes} summary={mapping.holeSummary} status={status} focusHoleId={focusHoleId} unassigned={mapping.unassigned.length} onFocus={focusHole} />
        )}
        <EditorMap mapRef={mapRef} label={t('courseMapping.mapLabel')} hintId="course-map-hint" tool={tool} />
        {state && controller && (
          <Box sx={{ width: { md: 300 }, flexShrink: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
            <AssignmentPanel holes={course.holes} state={state} mapping={mapping} />
            <EditorSidePanel
              mode="edit"
              state={state}
              controller={controller}
              elements={elements}
              editableElements={editableElements}
              language={i18n.language}
              onEditText={(info) => dispatch({ type: 'editText', target: { id: info.id, element: info.element, label: info.label, icon: info.icon } })}
            />
          </Box>
        )}
      </Box>

      <Typography variant="caption" color="text.secondary" component="p" id="course-map-hint" sx={{ mt: 0.5 }}>
        {t('holeEditor.mapHint')} {t('courseMapping.mapHint')}
      </Typography>

      <LabelDialog
        open={!!screen.textTarget}
        element={screen.textTarget?.element ?? ''}
        initialLabel={screen.textTarget?.label ?? ''}
        initialIcon={screen.textTarget?.icon ?? ''}
        onCancel={() => {
          controller?.discardPending();
          dispatch({ type: 'closeText' });
        }}
        onSave={(values) => {
          if (screen.textTarget) controller?.setFeatureProps(screen.textTarget.id, values);
          dispatch({ type: 'closeText' });
        }}
      />
      <ConfirmDialog
        open={reloadTarget !== null}
        title={t('courseMapping.reloadTitle', { number: reloadTarget === null ? '' : holeName(reloadTarget) })}
        confirmLabel={t('courseMapping.reloadConfirm')}
        onConfirm={() => {
          const holeId = reloadTarget;
          setReloadTarget(null);
          if (holeId !== null) void mapping.reloadHole(holeId);
        }}
        onCancel={() => setReloadTarget(null)}
      >
        {t('courseMapping.reloadText', { number: reloadTarget === null ? '' : holeName(reloadTarget) })}
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('holeEditor.leaveTitle')}
        confirmLabel={t('common.discard')}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {t('courseMapping.leaveText')}
      </ConfirmDialog>
    </Box>
  );
}


import 'ol/ol.css';
import { useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { DrawingResponse } from '@golf/contract/api/drawings';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import type { CourseMappingStatus, HoleMappingStatus } from '@golf/contract/api/management';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ListStates } from '../../../components/ui/list-states';
import { LoadingState } from '../../../components/ui/loading-state';
import { drawingQueryOptions } from '../../../lib/courses/queries';
import { useElementsForEdit } from '../../../lib/map/graphics-queries';
import { useClubId } from '../../../lib/use-club-id';
import { useMappingStatus } from '../api/management';
import { holeFindings, isFailing, statusCounts } from '../utils/status';
import { editorHref, findingText, holeTitle, useMayOpenEditor } from './hole-status';
import { createStatusMap, type StatusMapHole } from './status-map';

/**
 * /:clubId/admin/trackmap — a course of the club on a map (issue 27): every drawn hole, a hole
 * whose status checks or catalogue rules fail marked in red; a click on a hole opens it in the
 * hole editor. Beside the map the holes are listed with their status (the map's text alternative,
 * reachable by keyboard). The course is kept in the address (?course=).
 */
export function TrackMapPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const status = useMappingStatus(clubId);
  const [params, setParams] = useSearchParams();
  const courses = status.data?.courses ?? [];
  const asked = Number(params.get('course'));
  const course = courses.find((c) => c.id === asked) ?? courses[0];

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <ListStates
        query={status}
        errorTitle={t('management.trackmap.loadFailed')}
        loadingRows={6}
        empty={
          courses.length === 0 ? (
            <EmptyState title={t('management.clubStatus.noCourses')}>
              <Typography variant="body2">{t('management.clubStatus.noCoursesHint')}</Typography>
            </EmptyState>
          ) : null
        }
      >
        {() => (
          <>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <TextField
                select
                size="small"
                label={t('management.trackmap.course')}
                value={course!.id}
                onChange={(e) =>
                  setParams(
                    (current) => {
                      const copy = new URLSearchParams(current);
                      copy.set('course', String(e.target.value));
                      return copy;
                    },
                    { replace: true },
                  )
                }
                sx={{ minWidth: 220, flex: { xs: '1 1 100%', sm: '0 1 320px' } }}
                slotProps={{ htmlInput: { 'data-testid': 'course-picker' } }}
              >
                {courses.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
              <CourseCounts course={course!} />
            </Box>
            <CourseTrackMap key={course!.id} clubId={clubId} course={course!} />
          </>
        )}
      </ListStates>
    </Box>
  );
}

function CourseCounts({ course }: { course: CourseMappingStatus }) {
  const { t } = useTranslation();
  const counts = statusCounts(course.holes);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="status" data-testid="trackmap-counts">
      <Chip size="small" variant="outlined" label={t('management.counts.drawnOf', { drawn: counts.drawn, holes: counts.holes })} />
      <Chip size="small" color={counts.failing > 0 ? 'error' : 'success'} label={t('management.counts.failingCount', { count: counts.failing })} />
    </Box>
  );
}

function combineDrawings(results: { data?: DrawingResponse; isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown }[]) {
  return {
    data: results.map((r) => r.data),
    pending: results.some((r) => r.isLoading),
    error: results.find((r) => r.isError)?.error ?? null,
    retry: () => results.forEach((r) => r.isError && void r.refetch()),
  };
}

function CourseTrackMap({ clubId, course }: { clubId: number; course: CourseMappingStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayOpen = useMayOpenEditor(clubId);
  const elements = useElementsForEdit(clubId);
  const drawings = useQueries({
    queries: course.holes.map((h) => ({ ...drawingQueryOptions(clubId, h.id), enabled: h.has_drawing })),
    combine: combineDrawings,
  });

  const mapHoles = useMemo(
    () =>
      course.holes.flatMap((hole, i): StatusMapHole[] => {
        const features = hole.has_drawing ? (drawings.data[i]?.drawing.features ?? []) : [];
        return features.length > 0 ? [{ holeId: hole.id, order: hole.order, failing: isFailing(hole), features }] : [];
      }),
    [course.holes, drawings.data],
  );

  if (elements.isError || drawings.error) {
    return (
      <ErrorState
        error={elements.error ?? drawings.error}
        title={t('management.trackmap.mapFailed')}
        onRetry={() => {
          if (elements.isError) void elements.refetch();
          drawings.retry();
        }}
      />
    );
  }
  if (elements.isPending || drawings.pending) return <LoadingState rows={6} />;

  const marked = mapHoles.filter((h) => h.failing).map((h) => h.order);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, minWidth: 0 }}>
        {mapHoles.length > 0 ? (
          <>
            <StatusMap
              holes={mapHoles}
              elements={elements.data}
              marked={marked}
              onHole={(holeId) => {
                if (mayOpen) void navigate(editorHref(clubId, course.id, holeId));
              }}
            />
            <Typography variant="caption" color="text.secondary" id="trackmap-hint">
              {mayOpen ? t('management.trackmap.hint') : t('management.trackmap.hintReadOnly')}
            </Typography>
          </>
        ) : (
          <Paper variant="outlined">
            <EmptyState title={t('management.trackmap.nothingDrawn')} />
          </Paper>
        )}
      </Box>
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <Typography variant="h2" id="trackmap-holes" sx={{ fontSize: '1.1rem', px: 2, pt: 1.5 }}>
          {t('management.trackmap.holes')}
        </Typography>
        <List dense aria-labelledby="trackmap-holes" sx={{ maxHeight: { md: 520 }, overflowY: { md: 'auto' } }}>
          {course.holes.map((hole) => (
            <HoleRow key={hole.id} hole={hole} to={mayOpen ? editorHref(clubId, course.id, hole.id) : null} />
          ))}
        </List>
      </Paper>
    </Box>
  );
}

function HoleRow({ hole, to }: { hole: HoleMappingStatus; to: string | null }) {
  const { t } = useTranslation();
  const failing = isFailing(hole);
  const findings = holeFindings(hole);
  const secondary = !hole.has_drawing
    ? t('management.hole.notDrawn')
    : failing
      ? findings.map((f) => findingText(t, f)).join(' · ')
      : t('management.hole.fine');
  const icon = !hole.has_drawing ? <RadioButtonUncheckedIcon color="disabled" aria-hidden /> : failing ? <ErrorIcon color="error" aria-hidden /> : <CheckCircleIcon color="success" aria-hidden />;
  const text = (
    <ListItemText
      primary={failing ? t('management.trackmap.holeFailing', { hole: holeTitle(t, hole) }) : holeTitle(t, hole)}
      secondary={secondary}
      slotProps={{ primary: { sx: { fontWeight: failing ? 700 : 400, color: failing ? 'error.main' : undefined } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
    />
  );
  return (
    <ListItem disablePadding data-testid="trackmap-hole" data-hole={hole.order} data-failing={failing ? 'true' : 'false'}>
      {to ? (
        <ListItemButton component={RouterLink} to={to}>
          <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
          {text}
        </ListItemButton>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', px: 2, py: 0.5 }}>
          <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>{icon}</ListItemIcon>
          {text}
        </Box>
      )}
    </ListItem>
  );
}

function StatusMap({ holes, elements, marked, onHole }: { holes: StatusMapHole[]; elements: ElementForEdit[]; marked: number[]; onHole: (holeId: number) => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const onHoleRef = useRef(onHole);
  useEffect(() => {
    onHoleRef.current = onHole;
  });
  useEffect(() => {
    if (!ref.current) return;
    return createStatusMap(ref.current, holes, elements, (holeId) => onHoleRef.current(holeId));
  }, [holes, elements]);
  return (
    // A group, not an image: it holds the map's zoom buttons. The holes are listed beside it (its text alternative).
    <Box
      ref={ref}
      role="group"
      aria-label={marked.length > 0 ? t('management.trackmap.mapLabelMarked', { holes: marked.join(', ') }) : t('management.trackmap.mapLabel')}
      aria-describedby="trackmap-hint"
      data-testid="trackmap-map"
      data-marked={marked.join(',')}
      sx={{ height: { xs: 360, md: 520 }, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: '#dfe8d8' }}
    />
  );
}

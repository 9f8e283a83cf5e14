import 'ol/ol.css';
import { useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Course, Hole } from '@golf/contract/api/courses';
import type { DrawingFeature } from '@golf/contract/api/drawings';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { paths } from '../../../config/paths';
import { useElementsForEdit } from '../../../lib/map/graphics-queries';
import { createPreviewMap, type PreviewLabel } from '../../../lib/map/preview-map';
import { useCourseDrawings } from '../../../lib/courses/course-drawings';
import { courseMapFeatureId, holeIdOfFeature, holeLabelPosition } from '../../../lib/map/course-map';

/**
 * Every hole of a saved course together on one map, numbered at the green; a click on a hole or
 * on its row in the list opens the hole's drawing editor. Loaded lazily: it brings OpenLayers.
 */
export function CourseMap({ clubId, course }: { clubId: number; course: Course }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const elements = useElementsForEdit(clubId);
  const drawings = useCourseDrawings(clubId, course.holes);
  const editorOf = (holeId: number) => paths.club.holeEditor(clubId, course.id, holeId, 'edit');

  const drawn = useMemo(
    () =>
      course.holes.flatMap((hole, i) => {
        const features = hole.has_drawing ? (drawings.data[i]?.drawing.features ?? []) : [];
        return features.length > 0 ? [{ hole, features }] : [];
      }),
    [course.holes, drawings.data],
  );
  const drawnIds = new Set(drawn.map((d) => d.hole.id));

  if (elements.isError || drawings.error) {
    return (
      <ErrorState
        error={elements.error ?? drawings.error}
        title={t('courses.map.loadFailed')}
        onRetry={() => {
          if (elements.isError) void elements.refetch();
          drawings.retry();
        }}
      />
    );
  }
  if (elements.isPending || drawings.pending) return <LoadingState rows={4} />;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 260px' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
        {drawn.length > 0 ? (
          <>
            <HolesMap drawn={drawn} elements={elements.data} onHole={(holeId) => void navigate(editorOf(holeId))} />
            <Typography variant="caption" color="text.secondary" id="course-map-hole-list-hint">
              {t('courses.map.listHint')}
            </Typography>
          </>
        ) : (
          <Typography color="text.secondary">{t('courses.map.nothingDrawn')}</Typography>
        )}
        {course.attribution && (
          <Typography variant="caption" color="text.secondary" data-testid="course-map-attribution">
            {t('courses.mapData', { attribution: course.attribution })}
          </Typography>
        )}
      </Box>
      <List dense disablePadding aria-label={t('courses.map.holeList')} sx={{ maxHeight: { md: 480 }, overflowY: { md: 'auto' } }}>
        {course.holes.map((hole) => (
          <HoleRow key={hole.id} hole={hole} drawn={drawnIds.has(hole.id)} to={editorOf(hole.id)} />
        ))}
      </List>
    </Box>
  );
}

function HoleRow({ hole, drawn, to }: { hole: Hole; drawn: boolean; to: string }) {
  const { t } = useTranslation();
  const title = hole.name ? t('courses.map.holeNamed', { number: hole.order, name: hole.name }) : t('courses.map.hole', { number: hole.order });
  if (drawn) {
    return (
      <ListItem disablePadding data-testid="course-map-hole">
        <ListItemButton component={RouterLink} to={to}>
          <ListItemText primary={title} secondary={t('courses.map.parOf', { par: hole.par })} />
        </ListItemButton>
      </ListItem>
    );
  }
  return (
    <ListItem
      data-testid="course-map-undrawn"
      secondaryAction={
        <Button component={RouterLink} to={to} size="small">
          {t('courses.map.draw')}
        </Button>
      }
    >
      <ListItemText primary={title} secondary={t('courses.map.notDrawn')} />
    </ListItem>
  );
}

function HolesMap({
  drawn,
  elements,
  onHole,
}: {
  drawn: { hole: Hole; features: readonly DrawingFeature[] }[];
  elements: Parameters<typeof createPreviewMap>[2];
  onHole: (holeId: number) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const onHoleRef = useRef(onHole);
  useEffect(() => {
    onHoleRef.current = onHole;
  });
  useEffect(() => {
    if (!ref.current) return;
    const features = drawn.flatMap(({ hole, features }) => features.map((f) => ({ ...f, id: courseMapFeatureId(hole.id, f.id) })));
    const labels = drawn.flatMap(({ hole, features }): PreviewLabel[] => {
      const at = holeLabelPosition(features);
      return at ? [{ id: courseMapFeatureId(hole.id, 'label'), lonLat: at, text: String(hole.order) }] : [];
    });
    return createPreviewMap(ref.current, features, elements, null, {
      labels,
      onFeatureClick: (id) => {
        const holeId = holeIdOfFeature(id);
        if (holeId !== null) onHoleRef.current(holeId);
      },
    });
  }, [drawn, elements]);
  return (
    // A group, not an image: it holds the map's zoom buttons. The holes are listed beside it (its text alternative).
    <Box
      ref={ref}
      role="group"
      aria-label={t('courses.map.mapLabel')}
      aria-describedby="course-map-hole-list-hint"
      data-testid="course-map"
      sx={{ height: { xs: 360, md: 480 }, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: '#dfe8d8' }}
    />
  );
}

import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import type { Course } from '@golf/contract/api/courses';
import { LoadingState } from '../../../components/ui/loading-state';

// OpenLayers comes only with the map: the course page stays light until the button is pressed.
const CourseMap = lazy(() => import('./course-map').then((m) => ({ default: m.CourseMap })));

/** The 'Course map' section of a saved course: all holes on one map, loaded on demand. */
export function CourseMapSection({ clubId, course }: { clubId: number; course: Course }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Card component="section" aria-labelledby="course-map-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Box>
            <Typography variant="h2" id="course-map-title">
              {t('courses.map.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('courses.map.hint')}
            </Typography>
          </Box>
          <Button variant="outlined" startIcon={<MapOutlinedIcon />} onClick={() => setShown((s) => !s)} aria-expanded={shown} data-testid="show-course-map">
            {shown ? t('courses.map.hide') : t('courses.map.show')}
          </Button>
        </Box>
        {shown && (
          <Suspense fallback={<LoadingState rows={4} />}>
            <CourseMap clubId={clubId} course={course} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}

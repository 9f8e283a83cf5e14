import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { NotFoundCard } from '../../../components/ui/query-gate';
import { paths } from '../../../config/paths';
import { useCourseWithTees } from '../../../lib/courses/course-with-tees';
import { useClubId } from '../../../lib/use-club-id';
import { courseValues } from '../utils/course-form';
import { EditCourseForm } from './edit-course-form';
import { NewCourseForm } from './new-course-form';

/** /:clubId/courses/new and /:clubId/courses/:courseId — a course's name, tees and holes (§2, §4). */
export function CoursePage() {
  const { courseId } = useParams();
  const clubId = useClubId();
  if (!courseId) return <NewCourseForm key="new" clubId={clubId} />;
  return <SavedCourse key={courseId} clubId={clubId} courseId={Number(courseId)} />;
}

function SavedCourse({ clubId, courseId }: { clubId: number; courseId: number }) {
  const { t } = useTranslation();
  const loaded = useCourseWithTees(clubId, courseId, 8);
  if (loaded.view) return loaded.view;
  const { course, tees, holesTees } = loaded.data;
  if (!course) {
    return (
      <NotFoundCard title={t('courses.notFound')}>
        <Button component={RouterLink} to={paths.club.home(clubId)} sx={{ mt: 1 }}>
          {t('shell.goHome')}
        </Button>
      </NotFoundCard>
    );
  }
  return <EditCourseForm clubId={clubId} course={course} tees={tees} initial={courseValues(course, tees, holesTees)} />;
}

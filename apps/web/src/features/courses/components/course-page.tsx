import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { paths } from '../../../config/paths';
import { useCourses, useHolesTees, useTees } from '../../../lib/courses/queries';
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
  const courses = useCourses(clubId);
  const tees = useTees(clubId);
  const holesTees = useHolesTees(clubId, courseId);
  const queries = [courses, tees, holesTees];
  const failed = queries.find((q) => q.isError);
  if (failed) return <ErrorState error={failed.error} onRetry={() => queries.forEach((q) => q.isError && void q.refetch())} />;
  if (!courses.data || !tees.data || !holesTees.data) return <LoadingState rows={8} />;
  const course = courses.data.find((c) => c.id === courseId);
  if (!course) {
    return (
      <Card>
        <EmptyState title={t('courses.notFound')}>
          <Button component={RouterLink} to={paths.club.home(clubId)} sx={{ mt: 1 }}>
            {t('shell.goHome')}
          </Button>
        </EmptyState>
      </Card>
    );
  }
  return <EditCourseForm clubId={clubId} course={course} tees={tees.data} initial={courseValues(course, tees.data, holesTees.data)} />;
}

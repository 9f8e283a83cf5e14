import { useParams, Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { awaitQueries, NotFoundCard } from '../../../components/ui/query-gate';
import { screenHref } from '../../../config/screens';
import { useCourseDrawings } from '../../../lib/courses/course-drawings';
import { useCourses } from '../../../lib/courses/queries';
import { useElementsForEdit } from '../../../lib/map/graphics-queries';
import { useClubId } from '../../../lib/use-club-id';
import { useSponsors, useSponsorSetup } from '../api/sponsor-setups';
import { SetupEditor } from './setup-editor';

/**
 * /:clubId/promotion/sponsor-setups/:courseId/new and …/:courseId/:sponsorSetupId — loads the
 * course with its drawings, the club's sponsors and the setup, then opens the editor.
 */
export function SponsorSetupPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const params = useParams();
  const courseId = Number(params.courseId);
  const setupId = params.sponsorSetupId === undefined ? null : Number(params.sponsorSetupId);
  const courses = useCourses(clubId);
  const sponsors = useSponsors(clubId);
  const setup = useSponsorSetup(clubId, setupId);
  const elements = useElementsForEdit(clubId);
  const course = courses.data?.find((c) => c.id === courseId);
  const drawings = useCourseDrawings(clubId, course?.holes ?? []);

  // A new setup (no id) waits for no setup; the course's drawings load beside the queries.
  const gate = awaitQueries([courses, sponsors, elements, ...(setupId === null ? [] : [setup])], {
    rows: 8,
    errorTitle: t('sponsorSetups.setupLoadFailed'),
    extra: { pending: drawings.pending, error: drawings.error, retry: drawings.retry },
  });
  if (gate.view) return gate.view;
  const [, sponsorList, elementList] = gate.data;

  const found = setupId === null ? null : setup.data;
  if (!course || (found && found.course_id !== course.id)) {
    return (
      <NotFoundCard title={t(course ? 'sponsorSetups.notFound' : 'sponsorSetups.courseNotFound')}>
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Button component={RouterLink} to={screenHref('sponsorSetups', clubId)}>
            {t('sponsorSetups.back')}
          </Button>
        </Typography>
      </NotFoundCard>
    );
  }

  return (
    <SetupEditor
      // Another setup (or a new one) starts a fresh editor.
      key={found?.id ?? 'new'}
      clubId={clubId}
      course={course}
      setup={found ?? null}
      sponsors={sponsorList}
      drawings={drawings.data}
      elements={elementList}
    />
  );
}

import { useLocation, useParams } from 'react-router';
import { screenHref } from '../../../config/screens';
import { useClubId } from '../../../lib/use-club-id';
import { CourseMappingLoader, CoursePicker } from './course-mapping-loader';

/**
 * /:clubId/metamap/:courseId? and /:clubId/meatmap/:courseId? (one screen under two names): the
 * course-wide mapping of the course the address names, else the club's courses to choose from.
 */
export function CourseMappingPage() {
  const clubId = useClubId();
  const params = useParams();
  const screen = /\/meatmap(\/|$)/.test(useLocation().pathname) ? 'meatmapCourse' : 'metamapCourse';
  const courseId = params.courseId === undefined ? null : Number(params.courseId);
  const picker = screenHref(screen === 'meatmapCourse' ? 'meatmap' : 'metamap', clubId);
  if (courseId === null) return <CoursePicker clubId={clubId} hrefOf={(c) => screenHref(screen, clubId, { courseId: c.id })} />;
  return <CourseMappingLoader key={courseId} clubId={clubId} courseId={courseId} layout="course" pickAnother={picker} />;
}

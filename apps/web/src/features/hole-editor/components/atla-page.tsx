import { useSearchParams } from 'react-router';
import { screenHref } from '../../../config/screens';
import { useClubId } from '../../../lib/use-club-id';
import { CourseMappingLoader, CoursePicker } from './course-mapping-loader';

/**
 * /:clubId/admin/atla: the alternate mapping screen — the course-wide mapping laid out hole after
 * hole (the holes and their status beside the map, previous and next). The course is chosen in
 * the query (`?course=`), the route having no course parameter.
 */
export function AtlaPage() {
  const clubId = useClubId();
  const [search] = useSearchParams();
  const raw = search.get('course');
  const courseId = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  const picker = screenHref('atla', clubId);
  if (courseId === null) return <CoursePicker clubId={clubId} hrefOf={(c) => `${picker}?course=${c.id}`} />;
  return <CourseMappingLoader key={courseId} clubId={clubId} courseId={courseId} layout="holes" pickAnother={picker} />;
}

import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Course } from '@golf/contract/api/courses';
import type { DrawingResponse } from '@golf/contract/api/drawings';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { LoadingState } from '../../../components/ui/loading-state';
import { NotFoundCard, awaitQueries } from '../../../components/ui/query-gate';
import { paths } from '../../../config/paths';
import { useClub } from '../../../lib/current-club';
import { useCourseStatus, useCourses } from '../../../lib/courses/queries';
import { useClubContexts, useElementsForEdit } from '../../../lib/map/graphics-queries';
import { drawingQueryOptions } from '../api/drawing';
import type { CourseMappingInput } from '../hooks/use-course-mapping';
import { CourseMappingWorkspace, type CourseMappingLayout } from './course-mapping-workspace';

/** Every hole's drawing (an undrawn hole answers an empty one with its version), as one result. */
function combine(results: { data?: DrawingResponse; isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown }[]) {
  return {
    data: results.every((r) => r.data) ? results.map((r) => r.data!) : null,
    pending: results.some((r) => r.isLoading),
    error: results.find((r) => r.isError)?.error ?? null,
    retry: () => results.forEach((r) => r.isError && void r.refetch()),
  };
}

/** The club's courses to choose from when the address names none; `hrefOf` is where a course leads. */
export function CoursePicker({ clubId, hrefOf }: { clubId: number; hrefOf: (course: Course) => string }) {
  const { t } = useTranslation();
  const courses = useCourses(clubId);
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1 }} id="course-picker-title">
        {t('courseMapping.chooseCourse')}
      </Typography>
      <ListStates
        query={courses}
        errorTitle={t('courseMapping.coursesFailed')}
        empty={
          courses.data?.length === 0 ? (
            <EmptyState title={t('courseMapping.noCourses')}>
              <Button component={RouterLink} to={paths.club.home(clubId)} sx={{ mt: 1 }}>
                {t('shell.goHome')}
              </Button>
            </EmptyState>
          ) : null
        }
      >
        {() => (
          <Paper variant="outlined">
            <List aria-labelledby="course-picker-title" data-testid="course-picker">
              {courses.data!.map((c) => (
                <ListItem key={c.id} disablePadding>
                  <ListItemButton component={RouterLink} to={hrefOf(c)}>
                    <ListItemText primary={c.name} secondary={t('courseMapping.holeCount', { count: c.holes.length })} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </ListStates>
    </Box>
  );
}

/**
 * Loads a course for the course-wide mapping — the course, the club, the graphics catalogue and
 * every hole's drawing (and, hole after hole, the stored checks) — then opens the workspace in the
 * given layout; a course that is not the club's, and a course without holes, say so.
 */
export function CourseMappingLoader({ clubId, courseId, layout, pickAnother }: { clubId: number; courseId: number; layout: CourseMappingLayout; pickAnother: string }) {
  const { t } = useTranslation();
  const courses = useCourses(clubId);
  const club = useClub(clubId);
  const elements = useElementsForEdit(clubId);
  const contexts = useClubContexts(clubId);
  const course = courses.data?.find((c) => c.id === courseId);
  const drawings = useQueries({ queries: (course?.holes ?? []).map((h) => drawingQueryOptions(clubId, h.id)), combine });

  const gate = awaitQueries([courses, club, elements, contexts], { errorTitle: t('courseMapping.loadFailed'), extra: { pending: drawings.pending, error: drawings.error, retry: drawings.retry } });
  if (gate.view) return gate.view;
  const [, clubData, elementList, contextList] = gate.data;
  if (!course) {
    return (
      <NotFoundCard title={t('courseMapping.notFound')}>
        <Button component={RouterLink} to={pickAnother}>
          {t('courseMapping.chooseCourse')}
        </Button>
      </NotFoundCard>
    );
  }
  if (course.holes.length === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState title={t('courseMapping.noHoles', { name: course.name })}>
          <Button component={RouterLink} to={paths.club.course(clubId, course.id)} sx={{ mt: 1 }}>
            {t('courseMapping.toCourse')}
          </Button>
        </EmptyState>
      </Paper>
    );
  }
  if (!drawings.data) return <LoadingState />;
  const input = { clubId, course, club: clubData, drawings: drawings.data, elements: elementList, contexts: contextList.contexts };
  return layout === 'holes' ? <HolesWorkspace {...input} /> : <CourseMappingWorkspace layout="course" {...input} />;
}

/** Hole after hole, with the stored checks of each hole beside it (read again after each save). */
function HolesWorkspace(input: CourseMappingInput) {
  const status = useCourseStatus(input.clubId, input.course.id);
  return <CourseMappingWorkspace layout="holes" status={status.data} {...input} />;
}

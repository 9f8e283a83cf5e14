import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { awaitQueries } from '../../../components/ui/query-gate';
import { paths } from '../../../config/paths';
import { useClub } from '../../../lib/current-club';
import { useClubContexts, useElementsForEdit } from '../../../lib/map/graphics-queries';
import { useClubId } from '../../../lib/use-club-id';
import { useCourses } from '../../../lib/courses/queries';
import { drawingQueryOptions, useDrawing } from '../api/drawing';
import { editorModeOf } from '../utils/modes';
import { neighbourHoleIds } from '../utils/neighbours';
import { HoleEditor } from './hole-editor';

/**
 * /:clubId/courses/:courseId/holes/:holeId/{edit, edit-pin-chart, edit-elevation, edit-play-lines,
 * edit-labels}: loads the hole, its drawing and the graphics catalogue, then opens the editor of
 * the screen named by the last path segment.
 */
export function HoleEditorPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const params = useParams();
  const courseId = Number(params.courseId);
  const holeId = Number(params.holeId);
  const mode = editorModeOf(useLocation().pathname);

  const courses = useCourses(clubId);
  const club = useClub(clubId);
  const drawing = useDrawing(clubId, holeId);
  const elements = useElementsForEdit(clubId);
  const contexts = useClubContexts(clubId);
  // An empty drawing opens where the holes before and after it are, so a new user sees the course.
  const empty = drawing.data?.drawing.features.length === 0;
  const holesOfCourse = courses.data?.find((c) => c.id === courseId)?.holes ?? [];
  const neighbours = useQueries({
    queries: neighbourHoleIds(holesOfCourse, holeId).map((id) => ({ ...drawingQueryOptions(clubId, id), enabled: empty })),
  });

  const gate = awaitQueries([courses, club, drawing, elements, contexts], {
    errorTitle: t('holeEditor.loadFailed'),
    // A neighbour that fails to load only leaves the view on the club's position: it is waited for, never an error.
    extra: { pending: neighbours.some((q) => q.isFetching && !q.data), error: null, retry: () => {} },
  });
  if (gate.view) return gate.view;
  const [courseList, clubData, drawingData, elementList, contextList] = gate.data;

  const course = courseList.find((c) => c.id === courseId);
  const hole = course?.holes.find((h) => h.id === holeId);
  if (!course || !hole) {
    return (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to={paths.club.home(clubId)} color="inherit" size="small">
            {t('shell.goHome')}
          </Button>
        }
      >
        {t('holeEditor.notFound')}
      </Alert>
    );
  }

  return (
    <Box>
      <HoleEditor
        key={`${holeId}:${mode}`}
        clubId={clubId}
        course={course}
        hole={hole}
        mode={mode}
        club={clubData}
        drawing={drawingData}
        elements={elementList}
        contexts={contextList.contexts}
        neighbours={empty ? neighbours.flatMap((q) => (q.data ? [q.data.drawing] : [])) : []}
      />
    </Box>
  );
}

/**
 * /:clubId/courses/:courseId — a saved course: its tools (all holes, pin positions, height
 * profiles), name, tees (saved at once), holes (added and removed here, saved with one PUT),
 * delete, the map of its holes and the drawing checks (§2, §4).
 */
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import AddIcon from '@mui/icons-material/Add';
import GridOnIcon from '@mui/icons-material/GridOn';
import TerrainIcon from '@mui/icons-material/Terrain';
import { MAX_HOLES, type Course, type Tee, type TeeInput } from '@golf/contract/api/courses';
import { canCreateCourses } from '@golf/contract/permissions';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth/session';
import { courseKeys } from '../../../lib/courses/queries';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useDeleteCourse, useTeeMutations, useUpdateCourse } from '../api/course-mutations';
import { canAddHole, canRemoveHole, courseValues, newHole, teeKey, toUpdateBody, type CourseFormValues } from '../utils/course-form';
import { COURSE_GRID, CourseNameCard, HolesCard, SaveBar, useCourseForm } from './course-form-parts';
import { CourseMapSection } from './course-map-section';
import { DrawingChecks } from './drawing-checks';
import { HolesTable } from './holes-table';
import { TeesSection } from './tees-section';

export function EditCourseForm({ clubId, course, tees: clubTees, initial }: { clubId: number; course: Course; tees: Tee[]; initial: CourseFormValues }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const mayDelete = canCreateCourses(profile, clubId);
  const courseId = course.id;
  const update = useUpdateCourse(clubId, courseId);
  const remove = useDeleteCourse(clubId);
  const teeCalls = useTeeMutations(clubId, courseId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** Index of the saved hole whose removal waits for confirmation. */
  const [confirmRemove, setConfirmRemove] = useState<number | null>(null);
  const { form, holes, tees, showServerErrors, teesError, problems } = useCourseForm(false, initial);
  const { control, handleSubmit, reset, setValue, getValues, resetField, setFocus } = form;
  const { isDirty, isSubmitting } = form.formState;

  // The tees are saved at once; the form follows the server's list.
  const courseTees = useMemo(() => clubTees.filter((tee) => tee.course_id === courseId), [clubTees, courseId]);
  useEffect(() => {
    // Saved already: the server's list becomes the default too, so a tee change is no unsaved change.
    // (resetField alone does not reach the watchers of 'tees'; setValue afterwards does.)
    const next = courseTees.map((tee) => ({ key: teeKey(tee.id), id: tee.id, name: tee.name, color: tee.color }));
    resetField('tees', { defaultValue: next });
    setValue('tees', next);
  }, [courseTees, resetField, setValue]);

  const holeCount = holes.fields.length;
  // Holes are added at the end and removed in the form; the save (one PUT) adds, renumbers and
  // deletes them on the server.
  const addHole = () => {
    if (canAddHole(holeCount)) holes.append(newHole(), { focusName: `holes.${holeCount}.par` });
  };
  const removeHole = (index: number) => {
    if (!canRemoveHole(holeCount)) return;
    holes.remove(index);
    setConfirmRemove(null);
    const next = Math.min(index, holeCount - 2);
    setTimeout(() => setFocus(`holes.${next}.name`), 0);
  };
  // A saved hole loses its drawing, distances and pin positions: ask first. A hole added since the last save goes at once.
  const askRemoveHole = (index: number) => {
    if (getValues(`holes.${index}.id`) === undefined) removeHole(index);
    else setConfirmRemove(index);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(toUpdateBody(values));
      const fresh = queryClient.getQueryData<Course[]>(courseKeys.courses(clubId))?.find((c) => c.id === courseId);
      const freshTees = queryClient.getQueryData<Tee[]>(courseKeys.tees(clubId));
      const freshDistances = queryClient.getQueryData(courseKeys.holesTees(clubId, courseId));
      reset(fresh && freshTees && Array.isArray(freshDistances) ? courseValues(fresh, freshTees, freshDistances) : values);
      snackbar.confirm(t('courses.saved'));
    } catch (error) {
      showServerErrors(error);
      snackbar.error(t('courses.saveFailed'), errorText(error, t));
    }
  });

  const deleteCourse = async () => {
    try {
      await remove.mutateAsync({ courseId, onDeleted: () => navigate(paths.club.home(clubId)) });
      snackbar.confirm(t('courses.deleted', { name: course.name }));
    } catch (error) {
      setConfirmDelete(false);
      snackbar.error(t('courses.deleteFailed'), errorText(error, t));
    }
  };

  const teeCall = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      snackbar.confirm(done);
      return true;
    } catch (error) {
      snackbar.error(t('courses.tees.saveFailed'), errorText(error, t));
      return false;
    }
  };
  const addTee = (tee: TeeInput) => teeCall(() => teeCalls.create.mutateAsync(tee), t('courses.tees.added', { name: tee.name }));
  const editTee = (index: number, tee: TeeInput) => {
    const id = tees[index].id;
    if (id === undefined) return false;
    return teeCall(() => teeCalls.update.mutateAsync({ id, ...tee }), t('courses.tees.saved', { name: tee.name }));
  };
  const deleteTee = (index: number) => {
    const { id, name } = tees[index];
    if (id === undefined) return false;
    return teeCall(() => teeCalls.remove.mutateAsync(id), t('courses.tees.deleted', { name }));
  };
  const teeBusy = teeCalls.create.isPending || teeCalls.update.isPending || teeCalls.remove.isPending;

  return (
    <Box sx={{ ...COURSE_GRID, maxWidth: 1200, pb: 2 }}>
      <Box component="nav" aria-label={t('courses.courseTools')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<GridOnIcon />} component={RouterLink} to={paths.club.manageAllHoles(clubId, courseId)}>
          {t('courses.manageAllHoles')}
        </Button>
        <Button variant="outlined" startIcon={<FlagOutlinedIcon />} component={RouterLink} to={paths.club.pinPositions(clubId, courseId)}>
          {t('pins.title')}
        </Button>
        <Button variant="outlined" startIcon={<TerrainIcon />} component={RouterLink} to={paths.club.heightProfiles(clubId, courseId)}>
          {t('heightProfiles.title')}
        </Button>
      </Box>
      {course.attribution && (
        <Typography variant="caption" color="text.secondary" data-testid="course-attribution">
          {t('courses.mapData', { attribution: course.attribution })}
        </Typography>
      )}

      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('courses.title')} sx={COURSE_GRID}>
        <CourseNameCard control={control} />

        <TeesSection tees={tees} saved={courseTees} busy={teeBusy} error={teesError} onAdd={addTee} onEdit={editTee} onDelete={deleteTee} />

        <HolesCard>
          <HolesTable control={control} fields={holes.fields} tees={tees} clubId={clubId} courseId={courseId} onRemove={askRemoveHole} />
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={addHole} disabled={!canAddHole(holeCount) || isSubmitting}>
              {t('courses.holes.add')}
            </Button>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {canAddHole(holeCount) ? t('courses.holes.count', { count: holeCount, max: MAX_HOLES }) : t('courses.holes.addLimit', { max: MAX_HOLES })}
            </Typography>
          </Box>
        </HolesCard>

        <SaveBar problems={problems} dirty={isDirty}>
          {mayDelete && (
            <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={() => setConfirmDelete(true)} disabled={isSubmitting}>
              {t('courses.delete')}
            </Button>
          )}
          <Button onClick={() => reset()} disabled={!isDirty || isSubmitting}>
            {t('common.discard')}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? t('common.saving') : t('common.save')}
          </Button>
        </SaveBar>
      </Box>

      <CourseMapSection clubId={clubId} course={course} />

      <DrawingChecks clubId={clubId} course={course} />

      <ConfirmDialog
        open={confirmDelete}
        title={t('courses.confirmDeleteTitle', { name: course.name })}
        confirmLabel={t('courses.delete')}
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void deleteCourse()}
      >
        {t('courses.confirmDeleteText')}
      </ConfirmDialog>

      <ConfirmDialog
        open={confirmRemove !== null}
        title={t('courses.holes.confirmRemoveTitle', { number: (confirmRemove ?? 0) + 1 })}
        confirmLabel={t('courses.holes.remove')}
        onCancel={() => setConfirmRemove(null)}
        onConfirm={() => confirmRemove !== null && removeHole(confirmRemove)}
      >
        {t('courses.holes.confirmRemoveText')}
      </ConfirmDialog>
    </Box>
  );
}

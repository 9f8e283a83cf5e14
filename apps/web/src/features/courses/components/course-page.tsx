import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import AddIcon from '@mui/icons-material/Add';
import GridOnIcon from '@mui/icons-material/GridOn';
import TerrainIcon from '@mui/icons-material/Terrain';
import { MAX_HOLES, type Course, type Tee, type TeeInput } from '@golf/contract/api/courses';
import { canCreateCourses } from '@golf/contract/permissions';
import { FormTextField } from '../../../components/form/form-text-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useCreateCourse, useDeleteCourse, useTeeMutations, useUpdateCourse } from '../api/course-mutations';
import { courseKeys, useCourses, useHolesTees, useTees } from '../../../lib/courses/queries';
import {
  canAddHole,
  canRemoveHole,
  courseResolver,
  courseValues,
  newCourseValues,
  newHole,
  resizeHoles,
  teeKey,
  toCreateBody,
  toUpdateBody,
  type CourseFormValues,
  type TeeValues,
} from '../utils/course-form';
import { CourseMapSection } from './course-map-section';
import { DrawingChecks } from './drawing-checks';
import { HolesTable } from './holes-table';
import { TeesSection } from './tees-section';

/** /:clubId/courses/new and /:clubId/courses/:courseId — a course's name, tees and holes (§2, §4). */
export function CoursePage() {
  const { courseId } = useParams();
  const clubId = useClubId();
  if (!courseId) return <CourseForm key="new" clubId={clubId} />;
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
  return <CourseForm clubId={clubId} course={course} tees={tees.data} initial={courseValues(course, tees.data, holesTees.data)} />;
}

const HOLE_COUNTS = [9, 18] as const;

function CourseForm({ clubId, course, tees, initial }: { clubId: number; course?: Course; tees?: Tee[]; initial?: CourseFormValues }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const mayCreate = canCreateCourses(profile, clubId);
  const creating = !course;
  const courseId = course?.id ?? 0;
  const create = useCreateCourse(clubId);
  const update = useUpdateCourse(clubId, courseId);
  const remove = useDeleteCourse(clubId);
  const teeCalls = useTeeMutations(clubId, courseId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [customCount, setCustomCount] = useState(false);
  /** Index of the saved hole whose removal waits for confirmation. */
  const [confirmRemove, setConfirmRemove] = useState<number | null>(null);

  const resolver = useMemo(() => courseResolver(creating), [creating]);
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    getValues,
    resetField,
    setError,
    setFocus,
    formState: { errors, isDirty, isSubmitting, submitCount },
  } = useForm<CourseFormValues>({ resolver, defaultValues: initial ?? newCourseValues(18), mode: 'onSubmit', reValidateMode: 'onChange' });
  const holes = useFieldArray({ control, name: 'holes', keyName: 'fieldKey' });
  const formTees = useWatch({ control, name: 'tees' });

  // A saved course's tees are saved at once; the form follows the server's list.
  const courseTees = useMemo(() => (tees ?? []).filter((tee) => tee.course_id === courseId), [tees, courseId]);
  useEffect(() => {
    if (creating) return;
    // Saved already: the server's list becomes the default too, so a tee change is no unsaved change.
    // (resetField alone does not reach the watchers of 'tees'; setValue afterwards does.)
    const next = courseTees.map((tee) => ({ key: teeKey(tee.id), id: tee.id, name: tee.name, color: tee.color }));
    resetField('tees', { defaultValue: next });
    setValue('tees', next);
  }, [creating, courseTees, resetField, setValue]);

  const holeCount = holes.fields.length;
  const setHoleCount = (count: number) => holes.replace(resizeHoles(getValues('holes'), count));

  // A saved course's holes are added at the end and removed in the form; the save (one PUT) adds,
  // renumbers and deletes them on the server.
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
      if (creating) {
        const { course: created, next } = await create.mutateAsync(toCreateBody(values));
        snackbar.confirm(t('courses.created', { name: created.name }));
        reset(values);
        navigate(next === 'course' ? paths.club.course(clubId, created.id) : paths.club.home(clubId));
        return;
      }
      await update.mutateAsync(toUpdateBody(values));
      const fresh = queryClient.getQueryData<Course[]>(courseKeys.courses(clubId))?.find((c) => c.id === courseId);
      const freshTees = queryClient.getQueryData<Tee[]>(courseKeys.tees(clubId));
      const freshDistances = queryClient.getQueryData(courseKeys.holesTees(clubId, courseId));
      reset(fresh && freshTees && Array.isArray(freshDistances) ? courseValues(fresh, freshTees, freshDistances) : values);
      snackbar.confirm(t('courses.saved'));
    } catch (error) {
      if (isApiError(error)) {
        for (const detail of error.details) setError(detail.path as FieldPath<CourseFormValues>, { type: 'server', message: detail.message });
      }
      snackbar.error(creating ? t('courses.createFailed') : t('courses.saveFailed'), errorText(error, t));
    }
  });

  const deleteCourse = async () => {
    try {
      await remove.mutateAsync({ courseId, onDeleted: () => navigate(paths.club.home(clubId)) });
      snackbar.confirm(t('courses.deleted', { name: course?.name }));
    } catch (error) {
      setConfirmDelete(false);
      snackbar.error(t('courses.deleteFailed'), errorText(error, t));
    }
  };

  // Tees of a new course live in the form until the course is created; a saved course's are saved at once.
  const teeFailed = (error: unknown) => {
    snackbar.error(t('courses.tees.saveFailed'), errorText(error, t));
    return false;
  };
  const addTee = async (tee: TeeInput) => {
    if (creating) {
      const used = new Set(formTees.map((x) => x.key));
      let n = formTees.length;
      while (used.has(`n${n}`)) n += 1;
      setValue('tees', [...formTees, { key: `n${n}`, ...tee }], { shouldDirty: true });
      return true;
    }
    try {
      await teeCalls.create.mutateAsync(tee);
      snackbar.confirm(t('courses.tees.added', { name: tee.name }));
      return true;
    } catch (error) {
      return teeFailed(error);
    }
  };
  const editTee = async (index: number, tee: TeeInput) => {
    const current: TeeValues = formTees[index];
    if (creating || current.id === undefined) {
      setValue(`tees.${index}`, { ...current, ...tee }, { shouldDirty: true });
      return true;
    }
    try {
      await teeCalls.update.mutateAsync({ id: current.id, ...tee });
      snackbar.confirm(t('courses.tees.saved', { name: tee.name }));
      return true;
    } catch (error) {
      return teeFailed(error);
    }
  };
  const deleteTee = async (index: number) => {
    const current: TeeValues = formTees[index];
    if (creating || current.id === undefined) {
      setValue(
        'tees',
        formTees.filter((_, i) => i !== index),
        { shouldDirty: true },
      );
      return true;
    }
    try {
      await teeCalls.remove.mutateAsync(current.id);
      snackbar.confirm(t('courses.tees.deleted', { name: current.name }));
      return true;
    } catch (error) {
      return teeFailed(error);
    }
  };
  const teeBusy = teeCalls.create.isPending || teeCalls.update.isPending || teeCalls.remove.isPending;
  const problems = submitCount > 0 && Object.keys(errors).length > 0;

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 1200, pb: 2 }}>
      {course && (
        <Box component="nav" aria-label={t('courses.courseTools')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<GridOnIcon />} component={RouterLink} to={paths.club.manageAllHoles(clubId, course.id)}>
            {t('courses.manageAllHoles')}
          </Button>
          <Button variant="outlined" startIcon={<FlagOutlinedIcon />} component={RouterLink} to={paths.club.pinPositions(clubId, course.id)}>
            {t('pins.title')}
          </Button>
          <Button variant="outlined" startIcon={<TerrainIcon />} component={RouterLink} to={paths.club.heightProfiles(clubId, course.id)}>
            {t('heightProfiles.title')}
          </Button>
        </Box>
      )}
      {course?.attribution && (
        <Typography variant="caption" color="text.secondary" data-testid="course-attribution">
          {t('courses.mapData', { attribution: course.attribution })}
        </Typography>
      )}
      {creating && mayCreate && (
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ flex: '1 1 240px' }}>
            {t('courses.importHint')}
          </Typography>
          <Button variant="outlined" startIcon={<FileUploadOutlinedIcon />} component={RouterLink} to={paths.club.importCourse(clubId)}>
            {t('courses.importFromFile')}
          </Button>
        </Paper>
      )}

      <Box component="form" noValidate onSubmit={onSubmit} aria-label={creating ? t('courses.newTitle') : t('courses.title')} sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Card component="section">
          <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <FormTextField control={control} name="name" label={t('courses.name')} required sx={{ maxWidth: 480 }} slotProps={{ htmlInput: { maxLength: 100 } }} />
            {creating && (
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" id="hole-count-label">
                  {t('courses.holeCount')}
                </Typography>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  aria-labelledby="hole-count-label"
                  sx={{ flexWrap: 'wrap' }}
                  value={customCount ? 'custom' : String(holeCount)}
                  onChange={(_e, value: string | null) => {
                    if (!value) return;
                    if (value === 'custom') return setCustomCount(true);
                    setCustomCount(false);
                    setHoleCount(Number(value));
                  }}
                >
                  {HOLE_COUNTS.map((n) => (
                    <ToggleButton key={n} value={String(n)}>
                      {t('courses.holesCount', { count: n })}
                    </ToggleButton>
                  ))}
                  <ToggleButton value="custom">{t('courses.customCount')}</ToggleButton>
                </ToggleButtonGroup>
                {customCount && (
                  <TextField
                    size="small"
                    type="number"
                    label={t('courses.holeCountLabel')}
                    value={holeCount}
                    onChange={(e) => {
                      const n = Number.parseInt(e.target.value, 10);
                      if (Number.isFinite(n) && n >= 1 && n <= MAX_HOLES) setHoleCount(n);
                    }}
                    helperText={t('courses.holeCountHint', { max: MAX_HOLES })}
                    slotProps={{ htmlInput: { min: 1, max: MAX_HOLES, step: 1 } }}
                    sx={{ width: 160 }}
                  />
                )}
              </Box>
            )}
          </CardContent>
        </Card>

        <TeesSection
          tees={formTees}
          saved={creating ? undefined : courseTees}
          busy={teeBusy}
          error={typeof errors.tees?.message === 'string' ? errors.tees.message : undefined}
          onAdd={addTee}
          onEdit={editTee}
          onDelete={deleteTee}
        />

        <Card component="section" aria-labelledby="course-holes">
          <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <Box>
              <Typography variant="h2" id="course-holes">
                {t('courses.holes.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('courses.holes.hint')}
              </Typography>
            </Box>
            <HolesTable control={control} fields={holes.fields} tees={formTees} clubId={clubId} courseId={course?.id} onRemove={creating ? undefined : askRemoveHole} />
            {!creating && (
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <Button variant="outlined" startIcon={<AddIcon />} onClick={addHole} disabled={!canAddHole(holeCount) || isSubmitting}>
                  {t('courses.holes.add')}
                </Button>
                <Typography variant="body2" color="text.secondary" aria-live="polite">
                  {canAddHole(holeCount) ? t('courses.holes.count', { count: holeCount, max: MAX_HOLES }) : t('courses.holes.addLimit', { max: MAX_HOLES })}
                </Typography>
              </Box>
            )}
          </CardContent>
        </Card>

        <Paper
          elevation={3}
          sx={{ position: 'sticky', bottom: { xs: 8, sm: 16 }, zIndex: 2, p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}
        >
          <Typography variant="body2" color={problems ? 'error' : 'text.secondary'} sx={{ mr: 'auto' }} aria-live="polite">
            {problems ? t('courses.fixErrors') : isDirty ? t('courses.unsaved') : ''}
          </Typography>
          {course && mayCreate && (
            <Button color="error" startIcon={<DeleteOutlinedIcon />} onClick={() => setConfirmDelete(true)} disabled={isSubmitting}>
              {t('courses.delete')}
            </Button>
          )}
          {course && (
            <Button onClick={() => reset()} disabled={!isDirty || isSubmitting}>
              {t('common.discard')}
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={isSubmitting || (creating && !mayCreate)}>
            {isSubmitting ? t('common.saving') : creating ? t('courses.create') : t('common.save')}
          </Button>
        </Paper>
      </Box>

      {course && <CourseMapSection clubId={clubId} course={course} />}

      {course && <DrawingChecks clubId={clubId} course={course} />}

      <ConfirmDialog
        open={confirmDelete}
        title={t('courses.confirmDeleteTitle', { name: course?.name ?? '' })}
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

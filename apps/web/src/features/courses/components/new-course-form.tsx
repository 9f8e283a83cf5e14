/**
 * /:clubId/courses/new — a course's name, number of holes, tees and holes, created with one call
 * (§4: then courses and tees reload and the new course opens). The tees live in the form until then. A link leads to the import from a file.
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import { MAX_HOLES, type TeeInput } from '@golf/contract/api/courses';
import { canCreateCourses } from '@golf/contract/permissions';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth/session';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useCreateCourse } from '../api/course-mutations';
import { newCourseValues, resizeHoles, toCreateBody } from '../utils/course-form';
import { COURSE_GRID, CourseNameCard, HolesCard, SaveBar, useCourseForm } from './course-form-parts';
import { HolesTable } from './holes-table';
import { TeesSection } from './tees-section';

const HOLE_COUNTS = [9, 18] as const;

export function NewCourseForm({ clubId }: { clubId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { profile } = useSession();
  const mayCreate = canCreateCourses(profile, clubId);
  const create = useCreateCourse(clubId);
  const [customCount, setCustomCount] = useState(false);
  const { form, holes, tees, showServerErrors, teesError, problems } = useCourseForm(true, newCourseValues(18));
  const { control, handleSubmit, reset, setValue, getValues } = form;
  const { isDirty, isSubmitting } = form.formState;

  const holeCount = holes.fields.length;
  const setHoleCount = (count: number) => holes.replace(resizeHoles(getValues('holes'), count));

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { course, next } = await create.mutateAsync(toCreateBody(values));
      snackbar.confirm(t('courses.created', { name: course.name }));
      reset(values);
      navigate(next === 'course' ? paths.club.course(clubId, course.id) : paths.club.home(clubId));
    } catch (error) {
      showServerErrors(error);
      snackbar.error(t('courses.createFailed'), errorText(error, t));
    }
  });

  // The tees of a course not yet created are kept in the form.
  const addTee = (tee: TeeInput) => {
    const used = new Set(tees.map((x) => x.key));
    let n = tees.length;
    while (used.has(`n${n}`)) n += 1;
    setValue('tees', [...tees, { key: `n${n}`, ...tee }], { shouldDirty: true });
    return true;
  };
  const editTee = (index: number, tee: TeeInput) => {
    setValue(`tees.${index}`, { ...tees[index], ...tee }, { shouldDirty: true });
    return true;
  };
  const deleteTee = (index: number) => {
    setValue(
      'tees',
      tees.filter((_, i) => i !== index),
      { shouldDirty: true },
    );
    return true;
  };

  return (
    <Box sx={{ ...COURSE_GRID, maxWidth: 1200, pb: 2 }}>
      {mayCreate && (
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ flex: '1 1 240px' }}>
            {t('courses.importHint')}
          </Typography>
          <Button variant="outlined" startIcon={<FileUploadOutlinedIcon />} component={RouterLink} to={paths.club.importCourse(clubId)}>
            {t('courses.importFromFile')}
          </Button>
        </Paper>
      )}

      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('courses.newTitle')} sx={COURSE_GRID}>
        <CourseNameCard control={control}>
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
        </CourseNameCard>

        <TeesSection tees={tees} busy={false} error={teesError} onAdd={addTee} onEdit={editTee} onDelete={deleteTee} />

        <HolesCard>
          <HolesTable control={control} fields={holes.fields} tees={tees} clubId={clubId} />
        </HolesCard>

        <SaveBar problems={problems} dirty={isDirty}>
          <Button type="submit" variant="contained" disabled={isSubmitting || !mayCreate}>
            {isSubmitting ? t('common.saving') : t('courses.create')}
          </Button>
        </SaveBar>
      </Box>
    </Box>
  );
}

/**
 * What the new-course form and a saved course's form share: the form state (name, tees, holes,
 * the server's field errors), the name card, the holes card and the sticky save bar. Each form
 * keeps what only it does (new: hole count and tees kept in the form until created; saved: tees
 * saved at once, holes added and removed, delete, map and checks).
 */
import { useMemo, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FormTextField } from '../../../components/form/form-text-field';
import { isApiError } from '../../../lib/api-client';
import { courseResolver, type CourseFormValues } from '../utils/course-form';

/** The course form's state: react-hook-form with the course rules, its holes and its tees. */
export function useCourseForm(creating: boolean, defaultValues: CourseFormValues) {
  const resolver = useMemo(() => courseResolver(creating), [creating]);
  const form = useForm<CourseFormValues>({ resolver, defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const holes = useFieldArray({ control: form.control, name: 'holes', keyName: 'fieldKey' });
  const tees = useWatch({ control: form.control, name: 'tees' });
  const { errors, submitCount } = form.formState;
  /** The server's 400 names the fields it refused: show each at its field. */
  const showServerErrors = (error: unknown) => {
    if (!isApiError(error)) return;
    for (const detail of error.details) form.setError(detail.path as FieldPath<CourseFormValues>, { type: 'server', message: detail.message });
  };
  const teesError = typeof errors.tees?.message === 'string' ? errors.tees.message : undefined;
  return { form, holes, tees, showServerErrors, teesError, problems: submitCount > 0 && Object.keys(errors).length > 0 };
}

/** Same grid for the page and the form inside it. */
export const COURSE_GRID = { display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' } as const;

/** The course's name, and what the form adds under it (the new course's hole count). */
export function CourseNameCard({ control, children }: { control: Control<CourseFormValues>; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card component="section">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <FormTextField control={control} name="name" label={t('courses.name')} required sx={{ maxWidth: 480 }} slotProps={{ htmlInput: { maxLength: 100 } }} />
        {children}
      </CardContent>
    </Card>
  );
}

/** The holes section: its title and hint, the holes table and what the form adds below it. */
export function HolesCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
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
        {children}
      </CardContent>
    </Card>
  );
}

/** The bar that stays at the bottom of the screen: what is unsaved or wrong, and the form's buttons. */
export function SaveBar({ problems, dirty, children }: { problems: boolean; dirty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={3}
      sx={{ position: 'sticky', bottom: { xs: 8, sm: 16 }, zIndex: 2, p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}
    >
      <Typography variant="body2" color={problems ? 'error' : 'text.secondary'} sx={{ mr: 'auto' }} aria-live="polite">
        {problems ? t('courses.fixErrors') : dirty ? t('courses.unsaved') : ''}
      </Typography>
      {children}
    </Paper>
  );
}

import { useMemo } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { defaultCurrency, HOURS_LIMITS, hoursDocumentSchema, type HoursResponse } from '@golf/contract/api/hours';
import { FormTextField } from '../../../components/form/form-text-field';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { isApiError } from '../../../lib/api-client';
import { useClub } from '../../../lib/current-club';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useHours } from '../api/get-hours';
import { useUpdateHours } from '../api/update-hours';
import { fromDocument, hoursResolver, toDocument, type HoursFormValues } from '../utils/hours-form';
import { ClosedDaysSection } from './closed-days-section';
import { PricesSection } from './prices-section';
import { SeasonsSection } from './seasons-section';

/** /:clubId/club/hours — opening hours (seasons, closed days), extra details and prices. */
export function HoursPage() {
  const clubId = useClubId();
  const hours = useHours(clubId);
  const club = useClub(clubId);
  if (hours.isPending) return <LoadingState rows={6} />;
  if (hours.isError) return <ErrorState error={hours.error} onRetry={() => void hours.refetch()} />;
  return (
    <HoursForm
      key={`${clubId}-${hours.data.updated_at ?? 'new'}`}
      clubId={clubId}
      saved={hours.data}
      countryCode={club.data?.address.country_code ?? ''}
    />
  );
}

function HoursForm({ clubId, saved, countryCode }: { clubId: number; saved: HoursResponse; countryCode: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const update = useUpdateHours(clubId);
  // The messages follow the interface language (t changes with it).
  const schema = useMemo(() => hoursDocumentSchema((problem) => t(`hours.validation.${problem.code}`, problem)), [t]);
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, isDirty, isSubmitting, submitCount },
  } = useForm<HoursFormValues>({ resolver: hoursResolver(schema), defaultValues: fromDocument(saved), mode: 'onSubmit', reValidateMode: 'onChange' });

  const groups = useWatch({ control, name: 'price_groups' });
  const lastCurrency = groups.flatMap((g) => g.items).at(-1)?.currency;
  const currency = lastCurrency || defaultCurrency(countryCode);

  // Invalid input is marked at the fields and named in the save bar; the first field gets the focus.
  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync(schema.parse(toDocument(values)));
      reset(fromDocument(result));
      snackbar.confirm(t('hours.saved'));
    } catch (error) {
      if (isApiError(error)) {
        for (const detail of error.details) setError(detail.path as FieldPath<HoursFormValues>, { type: 'server', message: detail.message });
      }
      snackbar.error(t('hours.saveFailed'), errorText(error, t));
    }
  });


  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 3, maxWidth: 1040, pb: 2 }}>
      <SeasonsSection control={control} errors={errors} setValue={setValue} />
      <ClosedDaysSection control={control} errors={errors} />
      <Card component="section" aria-labelledby="hours-details">
        <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
          <Box>
            <Typography variant="h2" id="hours-details">
              {t('hours.details')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('hours.detailsHint')}
            </Typography>
          </Box>
          <FormTextField
            control={control}
            name="details"
            label={t('hours.details')}
            multiline
            minRows={3}
            maxRows={12}
            slotProps={{ htmlInput: { maxLength: HOURS_LIMITS.details + 100 } }}
          />
        </CardContent>
      </Card>
      <PricesSection control={control} errors={errors} defaultCurrency={currency} />

      <Paper
        elevation={3}
        sx={{
          position: 'sticky',
          bottom: { xs: 8, sm: 16 },
          zIndex: 2,
          p: 1.5,
          display: 'flex',
          gap: 1.5,
          alignItems: 'center',
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
        }}
      >
        <Typography variant="body2" color={submitCount > 0 && Object.keys(errors).length ? 'error' : 'text.secondary'} sx={{ mr: 'auto' }} aria-live="polite">
          {submitCount > 0 && Object.keys(errors).length
            ? t('hours.fixErrors')
            : isDirty
              ? t('hours.unsaved')
              : saved.updated_at
                ? t('hours.lastSaved', { when: new Date(saved.updated_at).toLocaleString(i18n.language) })
                : t('hours.neverSaved')}
        </Typography>
        <Button onClick={() => reset(fromDocument(saved))} disabled={!isDirty || isSubmitting}>
          {t('common.discard')}
        </Button>
        <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? t('common.saving') : t('common.save')}
        </Button>
      </Paper>
    </Box>
  );
}

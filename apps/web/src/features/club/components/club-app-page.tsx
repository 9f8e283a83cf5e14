import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { APP_TEASER_MAX, type Club } from '@golf/contract/api/clubs';
import { FormTextField } from '../../../components/form/form-text-field';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { useSession } from '../../../lib/auth/session';
import { useClub } from '../../../lib/current-club';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { useUpdateClub } from '../api/update-club';
import { AppKeysSection } from './app-keys-section';
import { AppPreview } from './app-preview';
import { LogoCard } from './logo-card';

const schema = z.object({
  app_teaser: z.string().trim().max(APP_TEASER_MAX, 'clubApp.teaserTooLong'),
});
type Values = z.infer<typeof schema>;

/** /:clubId/club/club-app — the club in the golfers' app: teaser and logo, with a preview. */
export function ClubAppPage() {
  const clubId = useClubId();
  const club = useClub(clubId);
  if (club.isPending) return <LoadingState rows={4} />;
  if (club.isError) return <ErrorState error={club.error} onRetry={() => void club.refetch()} />;
  return <ClubAppForm key={`${club.data.id}-${club.data.updated_at}`} club={club.data} />;
}

function ClubAppForm({ club }: { club: Club }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  // The club's app keys are for platform admins only (the server refuses anyone else).
  const admin = useSession().profile?.admin === true;
  const update = useUpdateClub(club.id);
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { app_teaser: club.app_teaser } });
  const teaser = useWatch({ control, name: 'app_teaser' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ app_teaser: values.app_teaser.trim() });
      snackbar.confirm(t('clubApp.saved'));
    } catch (error) {
      snackbar.error(t('club.saveFailed'), errorText(error, t));
    }
  });

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' }, alignItems: 'start', maxWidth: 1160 }}>
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <Typography color="text.secondary">{t('clubApp.intro')}</Typography>
        <LogoCard club={club} />
        <Card>
          <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
            <Typography variant="h2">{t('clubApp.teaserHeading')}</Typography>
            <FormTextField
              control={control}
              name="app_teaser"
              label={t('clubApp.teaser')}
              multiline
              minRows={3}
              maxRows={8}
              helperText={t('clubApp.teaserCount', { count: teaser.length, max: APP_TEASER_MAX })}
              slotProps={{ htmlInput: { maxLength: APP_TEASER_MAX + 50 } }}
            />
            <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
              <Button onClick={() => reset({ app_teaser: club.app_teaser })} disabled={!isDirty || isSubmitting}>
                {t('common.discard')}
              </Button>
              <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
                {isSubmitting ? t('common.saving') : t('common.save')}
              </Button>
            </Box>
          </CardContent>
        </Card>
        {admin && <AppKeysSection clubId={club.id} />}
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'center' }}>
        <Typography variant="subtitle2" color="text.secondary">
          {t('clubApp.previewHeading')}
        </Typography>
        <AppPreview club={club} teaser={teaser.trim()} />
      </Box>
    </Box>
  );
}

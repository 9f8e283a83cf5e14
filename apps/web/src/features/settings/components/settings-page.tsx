import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Language } from '@golf/contract/api/session';
import type { Profile } from '@golf/contract/api/session';
import { LANGUAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@golf/contract/constants';
import { FormTextField } from '../../../components/form/form-text-field';
import { isApiError } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/session';
import { errorText } from '../../../lib/error-text';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useUpdateProfile } from '../api/update-profile';

/** Messages are translation keys. */
const schema = z
  .object({
    firstName: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    lastName: z.string().trim().max(100, 'validation.tooLong'),
    language: Language,
    currentPassword: z.string(),
    newPassword: z.string(),
    repeatPassword: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.newPassword && !v.repeatPassword) return;
    if (!v.newPassword) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'validation.required' });
    else if (v.newPassword.length < PASSWORD_MIN_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'validation.passwordMin' });
    else if (v.newPassword.length > PASSWORD_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'validation.passwordMax' });
    if (!v.currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'validation.currentPasswordRequired' });
    if (v.newPassword !== v.repeatPassword)
      ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: 'validation.passwordsDoNotMatch' });
  });

type Values = z.infer<typeof schema>;

const limits = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** /:clubId/settings — the user's own name, language and password. */
export function SettingsPage() {
  const profile = useProfile();
  return <SettingsForm profile={profile} />;
}

function SettingsForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const update = useUpdateProfile();
  const {
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      language: profile.language,
      currentPassword: '',
      newPassword: '',
      repeatPassword: '',
    },
  });
  const [newPassword, repeatPassword] = useWatch({ control, name: ['newPassword', 'repeatPassword'] });
  const mismatch = newPassword !== '' && repeatPassword !== '' && newPassword !== repeatPassword;
  const repeatError = mismatch ? 'validation.passwordsDoNotMatch' : errors.repeatPassword?.message;

  const message = (key?: string) => (key ? t(key, { defaultValue: key, ...limits }) : undefined);

  const onSubmit = handleSubmit(async (values) => {
    const changePassword = values.newPassword !== '';
    try {
      await update.mutateAsync({
        id: profile.id,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        language: values.language,
        ...(changePassword ? { currentPassword: values.currentPassword, newPassword: values.newPassword } : {}),
      });
      reset({ ...values, firstName: values.firstName.trim(), lastName: values.lastName.trim(), currentPassword: '', newPassword: '', repeatPassword: '' });
      // The language may just have changed: take the text from the instance, not this render's t.
      snackbar.confirm(i18n.t(changePassword ? 'settings.savedWithPassword' : 'settings.saved'));
    } catch (error) {
      const field = isApiError(error) ? error.details.find((d) => d.path === 'currentPassword') : undefined;
      if (field) setError('currentPassword', { message: field.message });
      snackbar.error(t('settings.saveFailed'), errorText(error, t));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 3, maxWidth: 720 }}>
      {update.isError && !(isApiError(update.error) && update.error.details.length) && (
        <Alert severity="error">{errorText(update.error, t)}</Alert>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
          <Box>
            <Typography variant="h2">{t('settings.profile')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('settings.signedInAs', { email: profile.email })}
            </Typography>
          </Box>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              control={control}
              name="firstName"
              label={t('settings.firstName')}
              autoComplete="given-name"
            />
            <FormTextField
              control={control}
              name="lastName"
              label={t('settings.lastName')}
              autoComplete="family-name"
            />
          </Box>
          <FormTextField
            control={control}
            name="language"
            select
            label={t('settings.language')}
            helperText={t('settings.languageHint')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ maxWidth: { sm: 320 } }}
          >
            {LANGUAGES.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {LANGUAGE_NAMES[lng]}
              </option>
            ))}
          </FormTextField>
        </CardContent>
      </Card>

      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
          <Box>
            <Typography variant="h2">{t('settings.changePassword')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('settings.passwordHint', limits)}
            </Typography>
          </Box>
          <FormTextField
            control={control}
            name="currentPassword"
            messageValues={limits}
            type="password"
            label={t('settings.currentPassword')}
            autoComplete="current-password"
            sx={{ maxWidth: { sm: 360 } }}
          />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              control={control}
              name="newPassword"
              messageValues={limits}
              type="password"
              label={t('settings.newPassword')}
              autoComplete="new-password"
            />
            <FormTextField
              control={control}
              name="repeatPassword"
              messageValues={limits}
              type="password"
              label={t('settings.repeatPassword')}
              autoComplete="new-password"
              error={!!repeatError}
              helperText={message(repeatError)}
            />
          </Box>
        </CardContent>
      </Card>

      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={() => reset()} disabled={!isDirty || isSubmitting}>
          {t('common.discard')}
        </Button>
        <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting || mismatch}>
          {isSubmitting ? t('common.saving') : t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}

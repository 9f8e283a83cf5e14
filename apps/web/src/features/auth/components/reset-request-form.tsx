import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useRequestPasswordReset } from '../api/request-password-reset';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-in card's reset-request mode: mails a reset link. */
export function ResetRequestForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ defaultValues: { email: initialEmail } });

  const onSubmit = handleSubmit(async ({ email }) => {
    snackbar.loading(t('auth.resetRequest.progressSnack'));
    try {
      await request.mutateAsync(email);
      snackbar.hide();
    } catch {
      snackbar.error(t('auth.resetRequest.failedSnack'));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      <Typography color="text.secondary">{t('auth.resetRequest.instructions')}</Typography>
      {request.isSuccess && (
        <Alert severity="success" data-testid="reset-request-sent">
          {t('auth.resetRequest.sent')}
        </Alert>
      )}
      {request.isError && <Alert severity="error">{errorText(request.error, t)}</Alert>}
      <TextField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        autoFocus
        error={!!errors.email}
        helperText={errors.email?.message}
        {...register('email', {
          required: t('validation.required'),
          pattern: { value: EMAIL_PATTERN, message: t('validation.email') },
          setValueAs: (v: string) => v.trim().toLowerCase(),
        })}
      />
      <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
        {t('auth.resetRequest.submit')}
      </Button>
      <Box sx={{ textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={onBack}>
          {t('auth.resetRequest.back')}
        </Link>
      </Box>
    </Box>
  );
}

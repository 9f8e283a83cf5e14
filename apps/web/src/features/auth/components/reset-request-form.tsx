import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthTextField } from './auth-text-field';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sign-in card's reset-request mode: mails a reset link. A plain input (no form
 * library on the public pages, issue 9): required and an email; the message shows from the first
 * submit on and follows the typing. The email is sent trimmed and lower-cased.
 */
export function ResetRequestForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const request = useRequestPasswordReset();
  const [error, setError] = useState<string | undefined>(undefined);
  const submitted = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const read = () => {
    const email = (inputRef.current?.value ?? '').trim().toLowerCase();
    const invalid = !email ? t('validation.required') : EMAIL_PATTERN.test(email) ? undefined : t('validation.email');
    setError(invalid);
    return { email, invalid };
  };
  const revalidate = () => {
    if (submitted.current) read();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const { email, invalid } = read();
    if (invalid) return inputRef.current?.focus();
    snackbar.loading(t('auth.resetRequest.progressSnack'));
    try {
      await request.mutateAsync(email);
      snackbar.hide();
    } catch {
      snackbar.error(t('auth.resetRequest.failedSnack'));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2.5 }}>
      <Typography color="text.secondary">{t('auth.resetRequest.instructions')}</Typography>
      {request.isSuccess && (
        <Alert severity="success" data-testid="reset-request-sent">
          {t('auth.resetRequest.sent')}
        </Alert>
      )}
      {request.isError && <Alert severity="error">{errorText(request.error, t)}</Alert>}
      <AuthTextField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        autoFocus
        name="email"
        inputRef={inputRef}
        defaultValue={initialEmail}
        onChange={revalidate}
        error={!!error}
        helperText={error}
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

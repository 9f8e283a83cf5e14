import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useLogin } from '../api/login';
import { AuthTextField } from './auth-text-field';
import { PasswordField } from './password-field';

/**
 * Plain inputs (no form library on the public pages, issue 9): both fields are required; the
 * messages show from the first submit on and follow the typing, and a submit with an empty field
 * focuses it. The email is sent trimmed and lower-cased.
 */
export function LoginForm({ initialEmail, onForgot }: { initialEmail: string; onForgot: (email: string) => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState({ username: false, password: false });
  const submitted = useRef(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const read = () => {
    const username = (usernameRef.current?.value ?? '').trim().toLowerCase();
    const password = passwordRef.current?.value ?? '';
    const next = { username: !username, password: !password };
    setMissing((prev) => (prev.username === next.username && prev.password === next.password ? prev : next));
    return { username, password };
  };
  const revalidate = () => {
    if (submitted.current) read();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const { username, password } = read();
    if (!username) return usernameRef.current?.focus();
    if (!password) return passwordRef.current?.focus();
    setFailure(null);
    snackbar.loading(t('auth.signIn.signingIn'));
    try {
      await login.mutateAsync({ username, password });
      snackbar.hide();
    } catch (error) {
      setFailure(isApiError(error) && error.status === 401 ? t('auth.signIn.failed') : errorText(error, t));
      snackbar.error(t('auth.signIn.failedSnack'));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2.5 }}>
      {failure && (
        <Alert severity="error" data-testid="login-error">
          {failure}
        </Alert>
      )}
      <AuthTextField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="username"
        autoFocus
        name="username"
        inputRef={usernameRef}
        defaultValue={initialEmail}
        onChange={revalidate}
        error={missing.username}
        helperText={missing.username ? t('validation.required') : undefined}
      />
      <PasswordField
        label={t('auth.fields.password')}
        autoComplete="current-password"
        name="password"
        inputRef={passwordRef}
        onChange={revalidate}
        error={missing.password}
        helperText={missing.password ? t('validation.required') : undefined}
      />
      <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
        {t('auth.signIn.submit')}
      </Button>
      <Box sx={{ textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={() => onForgot((usernameRef.current?.value ?? '').trim().toLowerCase())}>
          {t('auth.signIn.forgot')}
        </Link>
      </Box>
    </Box>
  );
}

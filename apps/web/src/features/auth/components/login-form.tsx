import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useLogin } from '../api/login';
import { PasswordField } from './password-field';

interface LoginValues {
  username: string;
  password: string;
}

export function LoginForm({ initialEmail, onForgot }: { initialEmail: string; onForgot: (email: string) => void }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginValues>({ defaultValues: { username: initialEmail, password: '' } });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setFailure(null);
    snackbar.loading(t('auth.signIn.signingIn'));
    try {
      await login.mutateAsync({ username: username.trim().toLowerCase(), password });
      snackbar.hide();
    } catch (error) {
      setFailure(isApiError(error) && error.status === 401 ? t('auth.signIn.failed') : errorText(error, t));
      snackbar.error(t('auth.signIn.failedSnack'));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      {failure && (
        <Alert severity="error" data-testid="login-error">
          {failure}
        </Alert>
      )}
      <TextField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="username"
        autoFocus
        error={!!errors.username}
        helperText={errors.username?.message}
        {...register('username', {
          required: t('validation.required'),
          setValueAs: (v: string) => v.trim().toLowerCase(),
        })}
      />
      <PasswordField
        label={t('auth.fields.password')}
        autoComplete="current-password"
        error={!!errors.password}
        helperText={errors.password?.message}
        {...register('password', { required: t('validation.required') })}
      />
      <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
        {t('auth.signIn.submit')}
      </Button>
      <Box sx={{ textAlign: 'center' }}>
        <Link component="button" type="button" variant="body2" onClick={() => onForgot(getValues('username'))}>
          {t('auth.signIn.forgot')}
        </Link>
      </Box>
    </Box>
  );
}

import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { paths } from '../../../config/paths';
import { session } from '../../../lib/auth/session';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from './auth-layout';
import { ResetPasswordForm } from './reset-password-form';

/** /reset_password/:token/:email — the link of the reset mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { token = '', email = '' } = useParams();
  const reset = useResetPassword();

  const submit = async (password: string) => {
    snackbar.loading(t('auth.resetRequest.progressSnack'));
    try {
      await reset.mutateAsync({ email, password, token });
      snackbar.hide();
      session.setResetDone(true);
      navigate(paths.signIn.build(), { replace: true });
    } catch {
      snackbar.error(t('auth.resetRequest.failedSnack'));
    }
  };

  return (
    <AuthLayout title={t('auth.resetPassword.title')} subtitle={t('auth.resetPassword.subtitle', { email })}>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {reset.isError && (
          <Alert severity="error" data-testid="reset-error">
            {errorText(reset.error, t)}
          </Alert>
        )}
        <ResetPasswordForm onSubmit={submit} busy={reset.isPending} />
        <Box sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to={paths.signIn.build()} variant="body2">
            {t('auth.resetPassword.backToSignIn')}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
}

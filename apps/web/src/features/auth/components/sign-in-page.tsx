import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Splash } from '../../../components/ui/splash';
import { NEXT_PATH_PARAM } from '../../../config/paths';
import { session, useSession } from '../../../lib/auth/session';
import { redirectAfterLogin } from '../utils/redirect-after-login';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { ResetRequestForm } from './reset-request-form';

/** /signin: the login card, which switches to reset-request mode. */
export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { status, profile, resetDone } = useSession();
  const [mode, setMode] = useState<'login' | 'reset'>('login');
  const [email, setEmail] = useState('');

  if (status === 'signed-in' && profile) {
    return <Navigate replace to={redirectAfterLogin(params.get(NEXT_PATH_PARAM), profile.defaultClubId)} />;
  }
  if (status === 'bootstrapping') return <Splash label={t('common.loading')} />;

  return (
    <AuthLayout title={mode === 'login' ? t('auth.signIn.title') : t('auth.resetRequest.title')}>
      {mode === 'login' ? (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          {resetDone && (
            <Alert
              severity="success"
              data-testid="reset-done"
              closeText={t('common.close')}
              onClose={() => session.setResetDone(false)}
            >
              {t('auth.resetPassword.done')}
            </Alert>
          )}
          <LoginForm
            initialEmail={email}
            onForgot={(typed) => {
              setEmail(typed);
              session.setResetDone(false);
              setMode('reset');
            }}
          />
        </Box>
      ) : (
        <ResetRequestForm initialEmail={email} onBack={() => setMode('login')} />
      )}
    </AuthLayout>
  );
}

import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Splash } from '../../components/ui/splash';
import { paths } from '../../config/paths';
import { session, useSession } from '../../lib/auth/session';

/** '/': a signed-in user goes to their club's home, others to sign-in. */
export function Landing() {
  const { t } = useTranslation();
  const { status, profile } = useSession();
  if (status === 'bootstrapping') return <Splash label={t('common.loading')} />;
  if (status === 'signed-out' || !profile) return <Navigate replace to={paths.signIn.build()} />;
  if (profile.defaultClubId !== null) return <Navigate replace to={paths.club.home(profile.defaultClubId)} />;
  return (
    <Splash busy={false}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {t('shell.noClubFound')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {t('shell.noClubText')}
      </Typography>
      <Button variant="outlined" onClick={() => session.logout('user')}>
        {t('shell.logout')}
      </Button>
    </Splash>
  );
}

import { useState } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Splash } from '../../components/ui/splash';
import { paths } from '../../config/paths';
import { session, useSession } from '../../lib/auth/session';
import { useSnackbar } from '../../lib/snackbar/snackbar-context';
import { CreateClubDialog } from '../../features/clubs/components/create-club-dialog';
import { useSwitchClub } from '../../features/clubs/api/switch-club';

/** '/': a signed-in user goes to their club's home, others to sign-in. */
export function Landing() {
  const { t } = useTranslation();
  const { status, profile } = useSession();
  const [creating, setCreating] = useState(false);
  const switchClub = useSwitchClub();
  const snackbar = useSnackbar();
  if (status === 'bootstrapping') return <Splash label={t('common.loading')} />;
  if (status === 'signed-out' || !profile) return <Navigate replace to={paths.signIn.build()} />;
  if (profile.defaultClubId !== null) return <Navigate replace to={paths.club.home(profile.defaultClubId)} />;
  return (
    <Splash busy={false}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {t('shell.noClubFound')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {t(profile.admin ? 'shell.noClubAdminText' : 'shell.noClubText')}
      </Typography>
      {/* An administrator of a new installation creates the first club here. */}
      {profile.admin && (
        <Button variant="contained" onClick={() => setCreating(true)}>
          {t('clubs.newClub')}
        </Button>
      )}
      <Button variant="outlined" onClick={() => session.logout('user')}>
        {t('shell.logout')}
      </Button>
      {creating && (
        <CreateClubDialog
          onClose={() => setCreating(false)}
          onCreated={(club) => {
            setCreating(false);
            snackbar.confirm(t('clubs.create.created', { name: club.name }));
            void switchClub(club.id, 'club');
          }}
        />
      )}
    </Splash>
  );
}

import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { canAccessClub } from '@golf/contract/permissions';
import type { Profile } from '@golf/contract/api/session';
import { Splash } from '../../components/ui/splash';
import { paths } from '../../config/paths';
import { session, useSession } from '../../lib/auth/session';
import { AppShell } from '../shell/app-shell';
import { HandleRedirect, looksLikeHandle } from './handle-redirect';
import { NotFound } from './not-found';

/**
 * The guard of every /:clubId route: the splash while the session boots, sign-in when signed
 * out (remembering the path unless the user logged out), a clear message for a club the user
 * cannot open, and otherwise the shell.
 */
export function ClubLayout() {
  const { t } = useTranslation();
  const { clubId: rawClubId } = useParams();
  const location = useLocation();
  const { status, profile, signOutReason } = useSession();

  if (status === 'bootstrapping') return <Splash label={t('common.loading')} />;
  if (status === 'signed-out' || !profile) {
    const next = signOutReason === 'user' ? null : `${location.pathname}${location.search}`;
    return <Navigate replace to={paths.signIn.build(next)} />;
  }
  if (rawClubId && !/^\d+$/.test(rawClubId) && looksLikeHandle(rawClubId)) return <HandleRedirect handle={rawClubId} />;
  if (!rawClubId || !/^\d+$/.test(rawClubId)) return <NotFound />;
  const clubId = Number(rawClubId);
  if (!canAccessClub(profile, clubId)) return <NoClubAccess profile={profile} clubId={clubId} />;
  return <AppShell profile={profile} clubId={clubId} />;
}

function NoClubAccess({ profile, clubId }: { profile: Profile; clubId: number }) {
  const { t } = useTranslation();
  const yourClubs = profile.defaultClubId !== null ? paths.club.clubs(profile.defaultClubId) : paths.landing.build();
  return (
    <Splash busy={false}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {t('shell.noClubAccessTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {t('shell.noClubAccessText', { clubId })}
      </Typography>
      {profile.defaultClubId !== null && (
        <Link component={RouterLink} to={yourClubs} sx={{ fontWeight: 600 }}>
          {t('shell.goToYourClubs')}
        </Link>
      )}
      <Button variant="text" onClick={() => session.logout('user')}>
        {t('shell.logout')}
      </Button>
    </Splash>
  );
}

import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import GolfCourseIcon from '@mui/icons-material/GolfCourse';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { ReactElement } from 'react';
import { canOpen, MENU } from '@golf/contract/menu';
import { ErrorState } from '../../../components/ui/error-state';
import { paths } from '../../../config/paths';
import { useProfile } from '../../../lib/auth/session';
import { countryName, formatAddress, useClub } from '../../../lib/current-club';
import { useClubId } from '../../../lib/use-club-id';

/** Home (§1): greets the user by first name and shows the club's name and address. */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const clubId = useClubId();
  const club = useClub(clubId);
  const clubEntry = MENU.flatMap((g) => g.entries).find((e) => e.path === 'club');
  const canEditClub = !!clubEntry && canOpen(profile, clubId, clubEntry.access);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h2" component="p" sx={{ fontSize: '1.4rem' }} data-testid="greeting">
        {profile.firstName ? t('home.greeting', { name: profile.firstName }) : t('home.greetingNoName')}
      </Typography>

      <Card>
        <CardContent sx={{ p: 3 }}>
          {club.isPending ? (
            <Box role="status" aria-label={t('common.loading')}>
              <Skeleton width="50%" height={36} />
              <Skeleton width="70%" />
            </Box>
          ) : club.isError ? (
            <ErrorState error={club.error} title={t('home.clubLoadFailed')} onRetry={() => void club.refetch()} />
          ) : (
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <Box
                sx={{
                  width: 56,
                  height: 56,
                  borderRadius: 2,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  display: 'grid',
                  placeItems: 'center',
                  flexShrink: 0,
                }}
              >
                <GolfCourseIcon fontSize="large" />
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="h2" data-testid="club-name">
                    {club.data.name}
                  </Typography>
                  {!club.data.active && <Chip size="small" label={t('clubs.inactive')} />}
                </Box>
                <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center', color: 'text.secondary', mt: 0.75 }}>
                  <PlaceOutlinedIcon fontSize="small" aria-hidden />
                  <Typography data-testid="club-address">
                    {formatAddress(club.data.address) || t('home.noAddress')}
                    {club.data.address.country_code &&
                      ` · ${countryName(club.data.address.country_code, i18n.language)}`}
                  </Typography>
                </Box>
              </Box>
            </Box>
          )}
        </CardContent>
      </Card>

      <Box component="section" aria-labelledby="home-shortcuts">
        <Typography id="home-shortcuts" variant="h3" component="h2" sx={{ mb: 1.5 }}>
          {t('home.shortcuts')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          {canEditClub && (
            <Shortcut
              to={paths.club.information(clubId)}
              icon={<GolfCourseIcon color="primary" />}
              title={t('home.shortcutClub')}
              text={t('home.shortcutClubText')}
            />
          )}
          <Shortcut
            to={paths.club.clubs(clubId)}
            icon={<SwapHorizIcon color="primary" />}
            title={t('home.shortcutClubs')}
            text={t('home.shortcutClubsText')}
          />
          <Shortcut
            to={paths.club.settings(clubId)}
            icon={<SettingsOutlinedIcon color="primary" />}
            title={t('home.shortcutSettings')}
            text={t('home.shortcutSettingsText')}
          />
        </Box>
      </Box>
    </Box>
  );
}

function Shortcut({ to, icon, title, text }: { to: string; icon: ReactElement; title: string; text: string }) {
  return (
    <Card>
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 0.5 }}>
            {icon}
            <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

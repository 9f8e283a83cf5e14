import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import type { Profile } from '@golf/contract/api/session';
import { PRODUCT_VERSION } from '@golf/contract/constants';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { ClubNameLink } from './club-name-link';
import { ProfileMenu } from './profile-menu';
import { UpdateButton } from './update-button';

interface TopBarProps {
  profile: Profile;
  clubId: number;
  narrow: boolean;
  section: string | null;
  menuOpen: boolean;
  onMenuClick: () => void;
}

export function TopBar({ profile, clubId, narrow, section, menuOpen, onMenuClick }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <AppBar position="fixed" sx={narrow ? undefined : { zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 } }}>
        {narrow && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('shell.openMenu')}
            aria-controls="side-menu"
            aria-expanded={menuOpen}
            onClick={onMenuClick}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to={paths.club.home(clubId)}
          aria-label={t('shell.homeLink')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}
        >
          <Logo size={32} />
          <Typography component="span" sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 700, fontSize: '1.05rem' }}>
            {t('app.name')}
          </Typography>
        </Box>
        <Divider orientation="vertical" flexItem sx={{ borderColor: 'rgba(255,255,255,0.3)', my: 1.5, display: { xs: 'none', sm: 'block' } }} />
        <ClubNameLink clubId={clubId} narrow={narrow} section={section} />
        <Box sx={{ flexGrow: 1 }} />
        <UpdateButton />
        <Typography
          variant="caption"
          sx={{ opacity: 0.85, whiteSpace: 'nowrap' }}
          title={t('shell.version', { version: PRODUCT_VERSION })}
          data-testid="version-label"
        >
          {PRODUCT_VERSION}
        </Typography>
        <ProfileMenu profile={profile} clubId={clubId} />
      </Toolbar>
    </AppBar>
  );
}

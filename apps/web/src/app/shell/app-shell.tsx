import { useState } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DRAWER_WIDTH, PRODUCT_VERSION } from '@golf/contract/constants';
import { canOpen } from '@golf/contract/menu';
import type { Profile } from '@golf/contract/api/session';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { matchClubRoute, titleKeyForPath } from '../route-table';
import { PageHeader } from './page-header';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

/** The shell of §1: top bar, side menu (permanent from md up, slide-out below) and the page. */
export function AppShell({ profile, clubId }: { profile: Profile; clubId: number }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const route = matchClubRoute(pathname);
  const title = t(titleKeyForPath(pathname));
  const allowed = !route?.access || canOpen(profile, clubId, route.access);

  const menu = (
    <>
      <Toolbar sx={{ gap: 1 }}>
        {!wide && (
          <>
            <Logo size={28} />
            <Typography sx={{ fontWeight: 700 }}>{t('app.name')}</Typography>
          </>
        )}
      </Toolbar>
      <SideMenu profile={profile} clubId={clubId} onNavigate={wide ? undefined : () => setMenuOpen(false)} />
      <Box sx={{ flexGrow: 1 }} />
      <Typography variant="caption" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
        {t('shell.version', { version: PRODUCT_VERSION })}
      </Typography>
    </>
  );

  const paper = { width: DRAWER_WIDTH, boxSizing: 'border-box' as const, display: 'flex', flexDirection: 'column' as const };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar
        profile={profile}
        clubId={clubId}
        narrow={!wide}
        section={route?.path ?? null}
        menuOpen={menuOpen}
        onMenuClick={() => setMenuOpen(true)}
      />
      {wide ? (
        <Drawer variant="permanent" sx={{ width: DRAWER_WIDTH, flexShrink: 0 }} slotProps={{ paper: { sx: paper } }}>
          {menu}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          ModalProps={{ keepMounted: true }}
          slotProps={{ paper: { sx: paper, 'aria-label': t('shell.mainMenu') } }}
        >
          {menu}
        </Drawer>
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box sx={{ height: 4 }}>{navigation.state === 'loading' && <LinearProgress aria-label={t('common.loading')} />}</Box>
        <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 } }}>
          <PageHeader title={title} help={allowed ? route?.help : undefined} />
          {allowed ? <Outlet /> : <NoPageAccess clubId={clubId} />}
        </Container>
      </Box>
    </Box>
  );
}

function NoPageAccess({ clubId }: { clubId: number }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="no-page-access">
      {t('shell.noPageAccess')}{' '}
      <Link component={RouterLink} to={paths.club.home(clubId)}>
        {t('shell.goHome')}
      </Link>
    </Alert>
  );
}

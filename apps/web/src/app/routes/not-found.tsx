import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Splash } from '../../components/ui/splash';
import { paths } from '../../config/paths';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Splash busy={false}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {t('routes.unknown')}
      </Typography>
      <Typography color="text.secondary">{t('shell.unknownRouteText')}</Typography>
      <Link component={RouterLink} to={paths.landing.build()} sx={{ fontWeight: 600 }}>
        {t('shell.goToStart')}
      </Link>
    </Splash>
  );
}

import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '../../config/paths';
import { useClubId } from '../../lib/use-club-id';

/** A path under /:clubId with no screen: the shell titles it 'UNKNOWN ROUTE'; this links home. */
export function UnknownRoute() {
  const { t } = useTranslation();
  const clubId = useClubId();
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>{t('shell.unknownRouteText')}</Typography>
      <Link component={RouterLink} to={paths.club.home(clubId)}>
        {t('shell.goHome')}
      </Link>
    </Box>
  );
}

import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Splash } from '../../components/ui/splash';

/** A screen that failed to load or render (e.g. a chunk gone after a deploy): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Splash busy={false}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
        {t('errors.screenFailed')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </Splash>
  );
}

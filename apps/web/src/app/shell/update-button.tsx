import Button from '@mui/material/Button';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import { useTranslation } from 'react-i18next';
import { useRegisterSW } from 'virtual:pwa-register/react';

const CHECK_EVERY_MS = 60 * 60_000;

/** 'Update now' (§1): shown when the service worker has a new build; reloads into it. */
export function UpdateButton() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), CHECK_EVERY_MS);
    },
  });
  if (!needRefresh) return null;
  return (
    <Button
      variant="contained"
      color="secondary"
      size="small"
      startIcon={<SystemUpdateAltIcon />}
      onClick={() => void updateServiceWorker(true)}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('shell.updateNow')}
    </Button>
  );
}

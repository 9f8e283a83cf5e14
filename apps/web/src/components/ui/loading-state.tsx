import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';

/** A data screen's waiting state: skeleton rows, or a spinner. */
export function LoadingState({ rows = 0 }: { rows?: number }) {
  const { t } = useTranslation();
  if (rows > 0) {
    return (
      <Box role="status" aria-busy="true" aria-label={t('common.loading')} sx={{ display: 'grid', gap: 1.5 }}>
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={48} />
        ))}
      </Box>
    );
  }
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

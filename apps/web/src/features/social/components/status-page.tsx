import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { useClubId } from '../../../lib/use-club-id';
import { useAnnouncement, useConnections } from '../api/social';
import { CurrentStatus, CurrentStatusCard } from './current-status';
import { StatusForm } from './status-form';

/**
 * /:clubId/some/status — the club's one status (§2 Status, §3 Announcement, issue 23): the current
 * one with where it went (delivery records, reloaded while a channel is pending), and the form that
 * posts a new one in its place.
 */
export function StatusPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const announcement = useAnnouncement(clubId);
  const connections = useConnections(clubId);

  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 880, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography color="text.secondary">{t('social.status.intro')}</Typography>
      <CurrentStatusCard>
        <ListStates
          query={announcement}
          errorTitle={t('social.status.loadFailed')}
          loadingRows={3}
          empty={announcement.data === null ? (
              <EmptyState title={t('social.status.none')}>
                <Typography variant="body2">{t('social.status.noneHint')}</Typography>
              </EmptyState>
            ) : null}
        >
          {() => announcement.data && <CurrentStatus clubId={clubId} announcement={announcement.data} />}
        </ListStates>
      </CurrentStatusCard>
      <StatusForm clubId={clubId} current={announcement.data ?? null} connections={connections.data} connectionsFailed={connections.isError} />
    </Box>
  );
}

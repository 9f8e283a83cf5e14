import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ListStates } from '../../../components/ui/list-states';
import { useClubId } from '../../../lib/use-club-id';
import { useConnections } from '../api/social';
import { sortConnections } from '../utils/connections';
import { ConnectionCard } from './connection-card';

/**
 * /:clubId/some/connections — the club's social connections (§2, §6, §8, issue 23): a card per
 * service (the club's Facebook page, the national golf app) with what the club needs to connect,
 * the connect form, or the connection and its Disconnect.
 */
export function ConnectionsPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const connections = useConnections(clubId);
  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 880, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Typography color="text.secondary">{t('social.connections.intro')}</Typography>
      <ListStates query={connections} errorTitle={t('social.connections.loadFailed')} empty={null} loadingRows={4}>
        {() => sortConnections(connections.data ?? []).map((connection) => <ConnectionCard key={connection.kind} clubId={clubId} connection={connection} />)}
      </ListStates>
    </Box>
  );
}

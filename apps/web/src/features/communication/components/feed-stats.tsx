import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { ErrorState } from '../../../components/ui/error-state';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useFeedStats } from '../api/communication';
import type { CommunicationFormat } from '../utils/format';

/** The figures on top (§2 'stats for followers, members, views, external RSS and own RSS'), with the own feed's addresses to copy. */
export function FeedStatsCard({ clubId, format }: { clubId: number; format: CommunicationFormat }) {
  const { t } = useTranslation();
  const stats = useFeedStats(clubId);
  const snackbar = useSnackbar();

  if (stats.isError) return <ErrorState error={stats.error} title={t('communication.stats.loadFailed')} onRetry={() => void stats.refetch()} />;
  const data = stats.data;
  // The server may answer a path: the address to copy is the full one.
  const full = (url: string | undefined) => (url === undefined ? undefined : new URL(url, window.location.origin).href);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      snackbar.confirm(t('communication.stats.copied'));
    } catch {
      snackbar.show({ type: 'warning', message: t('communication.stats.copyFailed') });
    }
  };

  const figure = (label: string, value: number | undefined, detail?: string) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 600 }}>
        {value === undefined ? <Skeleton width={48} /> : format.number(value)}
      </Typography>
      {detail && (
        <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
          {detail}
        </Typography>
      )}
    </Box>
  );

  const address = (label: string, copyLabel: string, url: string | undefined, testId: string) => (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5, minWidth: 0 }}>
      {/* On a phone the label is a line of its own, so the address keeps the width. */}
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0, flexBasis: { xs: '100%', sm: 'auto' } }}>
        {label}:
      </Typography>
      <Typography variant="body2" data-testid={testId} sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 0, flex: { xs: '1 1 0', sm: '0 1 auto' } }}>
        {url ?? '…'}
      </Typography>
      {url && (
        <Tooltip title={copyLabel}>
          <IconButton size="small" aria-label={copyLabel} onClick={() => void copy(url)}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );

  return (
    <Card component="section" aria-label={t('communication.stats.label')} data-testid="feed-stats">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' } }}>
          {figure(t('communication.stats.followers'), data?.followers)}
          {figure(t('communication.stats.members'), data?.members)}
          {figure(t('communication.stats.views'), data?.views)}
          {figure(t('communication.stats.externalFeeds'), data?.external_feeds, data && t('communication.stats.externalItems', { count: data.external_items }))}
          {figure(t('communication.stats.ownFeed'), data?.own_items)}
        </Box>
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          {address(t('communication.stats.rssUrl'), t('communication.stats.copyRss'), full(data?.own_rss_url), 'own-rss-url')}
          {address(t('communication.stats.atomUrl'), t('communication.stats.copyAtom'), full(data?.own_atom_url), 'own-atom-url')}
        </Box>
      </CardContent>
    </Card>
  );
}

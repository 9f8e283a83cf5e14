import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ChannelDelivery } from '@golf/contract/api/communication';
import { storedErrorText } from '../utils/feed';

const STATE_COLOR = { pending: 'info', done: 'success', failed: 'error', skipped: 'default' } as const;

/**
 * Where a post went (issue 23 'every channel a post went to has a delivery record'): per channel
 * its state, the push counts, the RSS item, the national app's item and Facebook's post id, and
 * why it failed.
 */
export function DeliveryList({ deliveries, waiting = false }: { deliveries: ChannelDelivery[]; /** The post is scheduled: its pending channels wait for the publish time. */ waiting?: boolean }) {
  const { t, i18n } = useTranslation();
  if (deliveries.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('communication.posts.noDeliveries')}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
      {deliveries.map((d) => (
        <Box
          component="li"
          key={`${d.channel}-${d.at}`}
          data-testid={`delivery-${d.channel}`}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.25 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: { sm: 130 } }}>
            {t(`communication.delivery.channel.${d.channel}`)}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color={waiting && d.state === 'pending' ? 'default' : STATE_COLOR[d.state]}
            label={t(waiting && d.state === 'pending' ? 'communication.delivery.state.waiting' : `communication.delivery.state.${d.state}`)}
          />
          {d.push && (
            <Typography variant="body2" data-testid="delivery-push">
              {t('communication.delivery.push', { delivered: d.push.delivered, failed: d.push.failed, pending: d.push.pending })}
            </Typography>
          )}
          {d.external_id && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t(`communication.delivery.externalId.${d.channel}`, { id: d.external_id })}
            </Typography>
          )}
          {(d.state === 'failed' || d.state === 'skipped') && (d.error || d.error_code) && (
            <Typography variant="body2" color={d.state === 'failed' ? 'error' : 'text.secondary'} sx={{ flexBasis: '100%', overflowWrap: 'anywhere' }}>
              {t('communication.delivery.reason', { reason: storedErrorText(d.error_code, d.error, t, (key) => i18n.exists(key)) })}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

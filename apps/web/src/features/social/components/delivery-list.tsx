import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { ChannelDelivery } from '@golf/contract/api/communication';
import { orderedDeliveries } from '../utils/status';

const STATE_COLORS = { pending: 'default', done: 'success', failed: 'error', skipped: 'default' } as const;

/** The server's reason for a failed or skipped channel, in the reader's language when it has a code. */
function useReason() {
  const { t } = useTranslation();
  return (delivery: ChannelDelivery): string | null => {
    if (!delivery.error && !delivery.error_code) return null;
    if (delivery.error_code) {
      // The record keeps no parameters: a text that names some falls back to the server's own words.
      const text = t(`serverErrors.${delivery.error_code}`, { defaultValue: '' });
      if (text && !text.includes('{{')) return text;
    }
    return delivery.error ?? delivery.error_code;
  };
}

/** One line per channel the status went to: its state and what it left there (feed item, push counts, post id). */
export function DeliveryList({ deliveries, label }: { deliveries: ChannelDelivery[]; label: string }) {
  const { t } = useTranslation();
  const reason = useReason();
  return (
    <List dense disablePadding aria-label={label}>
      {orderedDeliveries(deliveries).map((delivery) => {
        const why = reason(delivery);
        return (
          <ListItem key={delivery.channel} disableGutters data-testid={`delivery-${delivery.channel}`} sx={{ display: 'block', py: 0.75 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600, mr: 'auto' }}>{t(`social.status.channels.${delivery.channel}`)}</Typography>
              <Chip size="small" variant={delivery.state === 'pending' ? 'outlined' : 'filled'} color={STATE_COLORS[delivery.state]} label={t(`social.status.states.${delivery.state}`)} />
            </Box>
            {delivery.push && (
              <Typography variant="body2" color="text.secondary">
                {t('social.status.delivery.push', delivery.push)}
              </Typography>
            )}
            {delivery.external_id && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {delivery.channel === 'rss'
                  ? t('social.status.delivery.rssItem', { id: delivery.external_id })
                  : delivery.channel === 'facebook'
                    ? t('social.status.delivery.facebookPost', { id: delivery.external_id })
                    : t('social.status.delivery.nationalItem', { id: delivery.external_id })}
              </Typography>
            )}
            {why && (
              <Typography variant="body2" color={delivery.state === 'failed' ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
                {why}
              </Typography>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}

import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import type { Announcement } from '@golf/contract/api/communication';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useDeleteAnnouncement } from '../api/social';
import { formatInstant, hasPendingDelivery, PRIORITY_COLORS, PRIORITY_SX, visibility } from '../utils/status';
import { DeliveryList } from './delivery-list';

/** The club's one status: header, priority, text, start and end, whether golfers see it, where it went; Delete after confirming. */
export function CurrentStatus({ clubId, announcement }: { clubId: number; announcement: Announcement }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const remove = useDeleteAnnouncement(clubId);
  const [confirming, setConfirming] = useState(false);
  const at = (iso: string) => formatInstant(iso, i18n.language);
  const seen = visibility(announcement);
  const pending = hasPendingDelivery(announcement);

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      snackbar.confirm(t('social.status.deleted'));
    } catch (error) {
      snackbar.error(t('social.status.deleteFailed'), errorText(error, t));
    }
  };

  return (
    <Box data-testid="current-status" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={PRIORITY_COLORS[announcement.priority]}
          sx={PRIORITY_SX[announcement.priority]}
          label={t('social.status.priorityChip', { priority: t(`social.status.priorities.${announcement.priority}`) })}
          data-testid="status-priority"
        />
        <Chip
          size="small"
          variant="outlined"
          color={seen === 'now' ? 'success' : 'default'}
          icon={seen === 'now' ? <VisibilityIcon /> : <VisibilityOffIcon />}
          label={seen === 'now' ? t('social.status.visibleNow') : seen === 'notYet' ? t('social.status.notYet', { start: at(announcement.start) }) : t('social.status.ended')}
          data-testid="status-visibility"
        />
      </Box>
      <Box>
        <Typography variant="h3" component="p" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }} data-testid="status-header">
          {announcement.header}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }} color={announcement.body ? 'text.primary' : 'text.secondary'}>
          {announcement.body || t('social.status.noBody')}
        </Typography>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
        <dt>{t('social.status.start')}</dt>
        <dd>{at(announcement.start)}</dd>
        <dt>{t('social.status.end')}</dt>
        <dd>{announcement.end ? at(announcement.end) : t('social.status.noEnd')}</dd>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {announcement.created_by ? t('social.status.postedBy', { at: at(announcement.created_at), by: announcement.created_by }) : t('social.status.postedAt', { at: at(announcement.created_at) })}
      </Typography>
      <Divider />
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('social.status.deliveries')}
        </Typography>
        {announcement.deliveries.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('social.status.noDeliveries')}
          </Typography>
        ) : (
          <DeliveryList deliveries={announcement.deliveries} label={t('social.status.deliveries')} />
        )}
        {pending && (
          <Box role="status" sx={{ mt: 1 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              {t('social.status.updating')}
            </Typography>
            <LinearProgress aria-label={t('social.status.updating')} />
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
          {t('social.status.delete')}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('social.status.deleteTitle')}
        confirmLabel={t('social.status.deleteConfirm')}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      >
        <Box component="p" sx={{ m: 0, mb: 1 }}>
          {t('social.status.deleteText', { header: announcement.header })}
        </Box>
        <strong>{t('social.status.cannotBeUndone')}</strong>
      </ConfirmDialog>
    </Box>
  );
}

/** The card around the current status (or the empty state). */
export function CurrentStatusCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="current-status-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography id="current-status-heading" variant="h2">
          {t('social.status.current')}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

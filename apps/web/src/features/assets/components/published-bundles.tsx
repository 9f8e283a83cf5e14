import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { AssetBundle } from '@golf/contract/api/assets';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useAssetBundles, useDeleteBundle } from '../api/assets';
import { formatFileSize, formatMoment } from '../utils/format';
import { Section } from './section';

/** The published bundles, by name; delete one by name (asked first: its files go everywhere at once). */
export function PublishedBundles() {
  const { t, i18n } = useTranslation();
  const bundles = useAssetBundles();
  const remove = useDeleteBundle();
  const snackbar = useSnackbar();
  const [deleting, setDeleting] = useState<AssetBundle | null>(null);
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.name);
      snackbar.confirm(t('assets.bundles.deleted', { name: deleting.name }));
      setOpen(false);
    } catch (error) {
      snackbar.error(t('assets.bundles.deleteFailed', { name: deleting.name }), errorText(error, t));
    }
  };

  return (
    <Section title={t('assets.bundles.title')} testId="asset-bundles">
      <ListStates query={bundles} errorTitle={t('assets.bundles.loadFailed')} empty={bundles.data?.length === 0 ? <EmptyState title={t('assets.bundles.empty')} /> : null}>
        {() => (
          <Box component="ul" aria-label={t('assets.bundles.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {bundles.data!.map((bundle, i) => (
              <Box
                component="li"
                key={bundle.id}
                data-testid="asset-bundle"
                sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, borderTop: i === 0 ? 0 : 1, borderColor: 'divider' }}
              >
                <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{bundle.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {`${t('assets.columns.files')}: ${bundle.asset_count} · ${formatFileSize(bundle.bytes, i18n.language)} · ${t('assets.columns.publishedAt')} ${formatMoment(bundle.published_at, i18n.language)} · ${t('assets.columns.publishedBy')} ${bundle.published_by ?? t('assets.bundles.unknownUser')}`}
                  </Typography>
                </Box>
                <Tooltip title={t('assets.bundles.delete', { name: bundle.name })}>
                  <IconButton
                    aria-label={t('assets.bundles.delete', { name: bundle.name })}
                    onClick={() => {
                      setDeleting(bundle);
                      setOpen(true);
                    }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </Box>
            ))}
          </Box>
        )}
      </ListStates>
      <ConfirmDialog
        open={open}
        busy={remove.isPending}
        title={deleting ? t('assets.bundles.confirmTitle', { name: deleting.name }) : ''}
        confirmLabel={deleting ? t('assets.bundles.delete', { name: deleting.name }) : ''}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        {deleting ? t('assets.bundles.confirmBody', { count: deleting.asset_count }) : null}
      </ConfirmDialog>
    </Section>
  );
}

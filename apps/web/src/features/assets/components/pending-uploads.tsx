import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssetUpload, BundleEntry } from '@golf/contract/api/assets';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useAssetUploads, useDiscardUpload, usePublishUpload } from '../api/assets';
import { formatFileSize, formatMoment } from '../utils/format';
import { Section } from './section';

/** Rows of changes shown per upload; the rest is counted. */
const SHOWN_CHANGES = 50;

type Pending = { kind: 'publish' | 'discard'; upload: AssetUpload };

/** The checked uploads waiting, each with what publishing it would add, replace and remove; publish or discard (both asked first). */
export function PendingUploads() {
  const { t } = useTranslation();
  const uploads = useAssetUploads();
  const publish = usePublishUpload();
  const discard = useDiscardUpload();
  const snackbar = useSnackbar();
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const busy = publish.isPending || discard.isPending;

  const ask = (kind: Pending['kind'], upload: AssetUpload) => {
    setPending({ kind, upload });
    setOpen(true);
  };

  const confirm = async () => {
    if (!pending) return;
    const name = pending.upload.bundle_name;
    try {
      if (pending.kind === 'publish') {
        await publish.mutateAsync(pending.upload.id);
        snackbar.confirm(t('assets.pending.published', { name }));
      } else {
        await discard.mutateAsync(pending.upload.id);
        snackbar.confirm(t('assets.pending.discarded', { name }));
      }
      setOpen(false);
    } catch (error) {
      snackbar.error(t(pending.kind === 'publish' ? 'assets.pending.publishFailed' : 'assets.pending.discardFailed', { name }), errorText(error, t));
    }
  };

  const changes = pending?.upload.changes;
  return (
    <Section title={t('assets.pending.title')} testId="asset-pending">
      <ListStates query={uploads} errorTitle={t('assets.pending.loadFailed')} empty={uploads.data?.length === 0 ? <EmptyState title={t('assets.pending.empty')} /> : null}>
        {() => (
          <Stack spacing={2}>
            {uploads.data!.map((upload) => (
              <UploadCard key={upload.id} upload={upload} disabled={busy} onPublish={() => ask('publish', upload)} onDiscard={() => ask('discard', upload)} />
            ))}
          </Stack>
        )}
      </ListStates>
      <ConfirmDialog
        open={open}
        busy={busy}
        title={pending ? t(pending.kind === 'publish' ? 'assets.pending.confirmPublishTitle' : 'assets.pending.confirmDiscardTitle', { name: pending.upload.bundle_name }) : ''}
        confirmLabel={pending ? t(pending.kind === 'publish' ? 'assets.pending.publish' : 'assets.pending.discard', { name: pending.upload.bundle_name }) : ''}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        {pending?.kind === 'publish' && changes
          ? t('assets.pending.confirmPublishBody', { name: pending.upload.bundle_name, added: changes.added.length, replaced: changes.replaced.length, removed: changes.removed.length })
          : t('assets.pending.confirmDiscardBody')}
      </ConfirmDialog>
    </Section>
  );
}

function UploadCard({ upload, disabled, onPublish, onDiscard }: { upload: AssetUpload; disabled: boolean; onPublish: () => void; onDiscard: () => void }) {
  const { t, i18n } = useTranslation();
  const { added, replaced, removed, unchanged } = upload.changes;
  const rows: { entry: BundleEntry; change: 'changeAdd' | 'changeReplace' | 'changeRemove' }[] = [
    ...added.map((entry) => ({ entry, change: 'changeAdd' as const })),
    ...replaced.map((entry) => ({ entry, change: 'changeReplace' as const })),
    ...removed.map((entry) => ({ entry, change: 'changeRemove' as const })),
  ];
  const headingId = `asset-upload-${upload.id}`;
  return (
    <Box component="article" aria-labelledby={headingId} data-testid="asset-pending-upload" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {upload.bundle_name}
        </Typography>
        <Chip size="small" variant="outlined" label={upload.replaces_published ? t('assets.pending.replaces') : t('assets.pending.newBundle')} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('assets.pending.summary', {
          files: upload.file_count,
          size: formatFileSize(upload.bytes, i18n.language),
          date: formatMoment(upload.uploaded_at, i18n.language),
          user: upload.uploaded_by ?? t('assets.bundles.unknownUser'),
        })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="asset-pending-counts">
        <Chip size="small" color="success" variant="outlined" label={t('assets.pending.added', { count: added.length })} />
        <Chip size="small" color="warning" variant="outlined" sx={{ color: 'text.primary' }} label={t('assets.pending.replaced', { count: replaced.length })} />
        <Chip size="small" color="error" variant="outlined" label={t('assets.pending.removed', { count: removed.length })} />
        <Chip size="small" variant="outlined" label={t('assets.pending.unchanged', { count: unchanged })} />
      </Box>
      {upload.ignored.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('assets.pending.ignored', { names: upload.ignored.join(', ') })}
        </Typography>
      )}
      {rows.length === 0 ? (
        <Typography variant="body2">{t('assets.pending.noChanges')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('assets.pending.changesLabel', { name: upload.bundle_name })} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {rows.slice(0, SHOWN_CHANGES).map(({ entry, change }) => (
            <Box component="li" key={`${change}:${entry.path}`} data-testid="asset-change" sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
              <Typography variant="body2" component="span" sx={{ fontWeight: 600, flex: '0 0 auto', minWidth: { xs: 72, sm: 88 }, color: change === 'changeRemove' ? 'error.main' : change === 'changeAdd' ? 'success.dark' : 'text.primary' }}>
                {t(`assets.pending.${change}`)}
              </Typography>
              <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: '1 1 0', minWidth: 0 }}>
                {entry.path}
              </Typography>
              <Typography variant="body2" component="span" color="text.secondary" sx={{ flex: '0 0 auto' }}>
                {formatFileSize(entry.bytes, i18n.language)}
              </Typography>
            </Box>
          ))}
          {rows.length > SHOWN_CHANGES && (
            <Typography component="li" variant="body2" color="text.secondary">
              {t('assets.pending.moreChanges', { count: rows.length - SHOWN_CHANGES })}
            </Typography>
          )}
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
        <Button variant="contained" onClick={onPublish} disabled={disabled}>
          {t('assets.pending.publish', { name: upload.bundle_name })}
        </Button>
        <Button onClick={onDiscard} disabled={disabled}>
          {t('assets.pending.discard', { name: upload.bundle_name })}
        </Button>
      </Box>
    </Box>
  );
}

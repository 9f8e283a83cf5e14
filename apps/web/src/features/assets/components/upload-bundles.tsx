import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { ASSET_BUNDLE } from '@golf/contract/api/assets';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { uploadBundle, useAssetsChanged } from '../api/assets';
import { formatFileSize } from '../utils/format';
import { addFiles, nameProblem, updateItem, uploadable, type QueuedBundle } from '../utils/upload-queue';
import { Section } from './section';

/**
 * Upload bundles (§4 'Assets: upload all bundles, then reload. A failure is reported.'): several
 * zips are chosen at once, each under an editable bundle name; 'Upload all' sends them one after
 * the other with progress; a refused one is reported by name and the others still go; once all
 * are done the lists reload and the checked ones wait below.
 */
export function UploadBundles() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const reload = useAssetsChanged();
  const [items, setItems] = useState<QueuedBundle[]>([]);
  const [running, setRunning] = useState(false);
  const ready = uploadable(items);

  const choose = (files: File[]) =>
    setItems((list) =>
      addFiles(list, files, (file, problem) =>
        problem === 'notZip' ? t('assets.upload.notZip', { file: file.name }) : t('assets.upload.tooLarge', { file: file.name, limit: formatFileSize(ASSET_BUNDLE.maxFileBytes, i18n.language) }),
      ),
    );

  const uploadAll = async () => {
    const batch = ready;
    if (batch.length === 0) return;
    setRunning(true);
    const failed: string[] = [];
    let done = 0;
    for (const item of batch) {
      setItems((list) => updateItem(list, item.key, { status: 'uploading', percent: 0 }));
      try {
        await uploadBundle(item.name, item.file, (percent) => setItems((list) => updateItem(list, item.key, { percent })));
        done += 1;
        setItems((list) => updateItem(list, item.key, { status: 'done', percent: 100 }));
      } catch (error) {
        failed.push(item.name);
        setItems((list) => updateItem(list, item.key, { status: 'failed', reason: errorText(error, t) }));
      }
    }
    await reload();
    // The checked ones are listed below now; the refused ones stay here with their reason.
    setItems((list) => list.filter((item) => item.status !== 'done'));
    setRunning(false);
    if (failed.length) snackbar.error(t('assets.upload.someFailed', { count: failed.length, names: failed.join(', ') }), done ? t('assets.upload.done', { count: done }) : undefined);
    else snackbar.confirm(t('assets.upload.done', { count: done }));
  };

  return (
    <Section title={t('assets.upload.title')} testId="asset-upload">
      <FileDropZone
        accept=".zip,application/zip"
        multiple
        onFiles={choose}
        disabled={running}
        buttonLabel={t('assets.upload.button')}
        hint={t('assets.upload.hint')}
        caption={t('assets.upload.caption')}
        icon={<UploadFileIcon fontSize="large" color="action" />}
        inputProps={{ 'aria-label': t('assets.upload.inputLabel'), 'data-testid': 'asset-upload-input' }}
      />
      {items.length > 0 && (
        <Stack spacing={1.5} component="ul" aria-label={t('assets.upload.title')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
          {items.map((item) => (
            <QueuedRow
              key={item.key}
              item={item}
              problem={nameProblem(item, items)}
              disabled={running}
              onName={(name) => setItems((list) => updateItem(list, item.key, { name }))}
              onRemove={() => setItems((list) => list.filter((other) => other.key !== item.key))}
            />
          ))}
        </Stack>
      )}
      {items.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => void uploadAll()} disabled={running || ready.length === 0}>
            {t('assets.upload.start')}
          </Button>
          <Button onClick={() => setItems([])} disabled={running}>
            {t('assets.upload.clear')}
          </Button>
        </Box>
      )}
    </Section>
  );
}

function QueuedRow({
  item,
  problem,
  disabled,
  onName,
  onRemove,
}: {
  item: QueuedBundle;
  problem: ReturnType<typeof nameProblem>;
  disabled: boolean;
  onName: (name: string) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const status =
    item.status === 'uploading'
      ? t('assets.upload.statusUploading', { percent: item.percent })
      : item.status === 'done'
        ? t('assets.upload.statusDone')
        : item.status === 'failed'
          ? t('assets.upload.statusFailed', { reason: item.reason ?? '' })
          : t('assets.upload.statusWaiting');
  const nameError = item.status === 'waiting' && problem ? t(`assets.upload.${problem}`) : undefined;
  return (
    <Box component="li" data-testid="asset-upload-item" sx={{ display: 'grid', gap: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.file.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatFileSize(item.file.size, i18n.language)}
          </Typography>
        </Box>
        <IconButton aria-label={t('assets.upload.remove', { file: item.file.name })} onClick={onRemove} disabled={disabled}>
          <CloseIcon />
        </IconButton>
      </Box>
      <TextField
        label={t('assets.upload.nameLabel', { file: item.file.name })}
        value={item.name}
        onChange={(event) => onName(event.target.value)}
        disabled={disabled || item.status === 'uploading'}
        size="small"
        error={Boolean(nameError)}
        helperText={nameError}
        slotProps={{ htmlInput: { maxLength: ASSET_BUNDLE.maxNameLength } }}
      />
      <Typography variant="body2" role="status" color={item.status === 'failed' ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
        {status}
      </Typography>
      {item.status === 'uploading' && <LinearProgress variant="determinate" value={item.percent} aria-label={t('assets.upload.progress', { file: item.file.name })} />}
    </Box>
  );
}

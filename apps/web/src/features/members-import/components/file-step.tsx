/** Members import, step 1: choose or drop a CSV or XLSX file; it is uploaded with progress. */
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  MEMBERS_IMPORT_LIMITS,
  type UploadResponse,
} from '@golf/contract/api/members';
import { errorText } from '../../../lib/error-text';
import { useUploadMembersFile } from '../api/upload-members-file';

const ACCEPT = '.csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function FileStep({ clubId, onUploaded }: { clubId: number; onUploaded: (upload: UploadResponse) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const send = useUploadMembersFile(clubId);
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setTooLarge(file.size > MEMBERS_IMPORT_LIMITS.maxFileBytes);
    if (file.size > MEMBERS_IMPORT_LIMITS.maxFileBytes) return;
    setProgress(0);
    try {
      onUploaded(await send.mutateAsync({ file, onProgress: setProgress }));
    } catch {
      // shown below
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files[0]);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>{t('membersImport.file.intro')}</Typography>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: { xs: 2, sm: 4 },
          display: 'grid',
          justifyItems: 'center',
          gap: 1.5,
          textAlign: 'center',
        }}
      >
        <UploadFileIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
        <Typography color="text.secondary">{t('membersImport.file.drop')}</Typography>
        <Button variant="contained" onClick={() => input.current?.click()} disabled={send.isPending}>
          {t('membersImport.file.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label={t('membersImport.file.inputLabel')}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <Typography variant="caption" color="text.secondary">
          {t('membersImport.file.limits', { mb: MEMBERS_IMPORT_LIMITS.maxFileBytes / 1024 / 1024, rows: MEMBERS_IMPORT_LIMITS.maxRows.toLocaleString() })}
        </Typography>
      </Box>
      {send.isPending && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2">{t('membersImport.file.uploading', { percent: progress })}</Typography>
          <LinearProgress variant={progress > 0 && progress < 100 ? 'determinate' : 'indeterminate'} value={progress} />
        </Box>
      )}
      {tooLarge && <Alert severity="error">{t('membersImport.file.tooLarge', { mb: MEMBERS_IMPORT_LIMITS.maxFileBytes / 1024 / 1024 })}</Alert>}
      {send.isError && (
        <Alert severity="error">
          <AlertTitle>{t('membersImport.file.failed')}</AlertTitle>
          {errorText(send.error, t)}
        </Alert>
      )}
    </Box>
  );
}

/** Members import, step 1: choose or drop a CSV or XLSX file; it is uploaded with progress. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  MEMBERS_IMPORT_LIMITS,
  type UploadResponse,
} from '@golf/contract/api/members';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { errorText } from '../../../lib/error-text';
import { useUploadMembersFile } from '../api/upload-members-file';

const ACCEPT = '.csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function FileStep({ clubId, onUploaded }: { clubId: number; onUploaded: (upload: UploadResponse) => void }) {
  const { t, i18n } = useTranslation();
  const send = useUploadMembersFile(clubId);
  const [progress, setProgress] = useState(0);
  const [tooLarge, setTooLarge] = useState(false);

  const choose = async (file: File) => {
    setTooLarge(file.size > MEMBERS_IMPORT_LIMITS.maxFileBytes);
    if (file.size > MEMBERS_IMPORT_LIMITS.maxFileBytes) return;
    setProgress(0);
    try {
      onUploaded(await send.mutateAsync({ file, onProgress: setProgress }));
    } catch {
      // shown below
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>{t('membersImport.file.intro')}</Typography>
      <FileDropZone
        accept={ACCEPT}
        onFiles={([file]) => void choose(file)}
        disabled={send.isPending}
        icon={<UploadFileIcon color="action" sx={{ fontSize: 48 }} aria-hidden />}
        hint={t('membersImport.file.drop')}
        buttonLabel={t('membersImport.file.choose')}
        buttonProps={{ variant: 'contained' }}
        inputProps={{ 'aria-label': t('membersImport.file.inputLabel') }}
        caption={t('membersImport.file.limits', { mb: MEMBERS_IMPORT_LIMITS.maxFileBytes / 1024 / 1024, rows: new Intl.NumberFormat(i18n.language).format(MEMBERS_IMPORT_LIMITS.maxRows) })}
      />
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

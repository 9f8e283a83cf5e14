/** Members import, step 4: consent to upload the members' data, then the import. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  type ImportResult,
  type UploadResponse,
} from '@golf/contract/api/members';
import { errorText } from '../../../lib/error-text';
import { useImportMembers } from '../api/import-members';
import { toColumnMapping, type Mapping } from '../utils/review-rows';
import { StepActions } from './step-actions';

export function ConsentStep({
  clubId,
  upload,
  mapping,
  check,
  onBack,
  onImported,
}: {
  clubId: number;
  upload: UploadResponse;
  mapping: Mapping;
  check: ImportResult;
  onBack: () => void;
  onImported: (result: ImportResult) => void;
}) {
  const { t } = useTranslation();
  const run = useImportMembers(clubId);
  const [consent, setConsent] = useState(false);

  const submit = async () => {
    if (!consent) return;
    try {
      onImported(await run.mutateAsync({ upload_id: upload.upload_id, mapping: toColumnMapping(mapping), consent: true }));
    } catch {
      // shown below
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>{t('membersImport.consent.summary', { count: check.imported + check.updated, file: upload.file_name })}</Typography>
      <FormControl required>
        <FormControlLabel
          control={
            <Checkbox
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
              disabled={run.isPending}
              slotProps={{ input: { 'aria-describedby': 'consent-hint' } }}
            />
          }
          label={t('membersImport.consent.label')}
        />
        <FormHelperText id="consent-hint">{consent ? t('membersImport.consent.hint') : t('membersImport.consent.required')}</FormHelperText>
      </FormControl>
      {run.isPending && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2">{t('membersImport.consent.importing')}</Typography>
          <LinearProgress />
        </Box>
      )}
      {run.isError && (
        <Alert severity="error">
          <AlertTitle>{t('membersImport.consent.failed')}</AlertTitle>
          {errorText(run.error, t)}
        </Alert>
      )}
      <StepActions>
        <Button onClick={onBack} disabled={run.isPending}>
          {t('membersImport.back')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={run.isPending || !consent}>
          {t('membersImport.consent.upload')}
        </Button>
      </StepActions>
    </Box>
  );
}

/** Members import, step 5: what was imported, and what was not. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  type ImportResult,
} from '@golf/contract/api/members';
import { StepActions } from './step-actions';
import { IssueList } from './import-issues';

export function ResultStep({ result, onShowMembers, onAgain }: { result: ImportResult; onShowMembers: () => void; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success" role="status">
        <AlertTitle>{t('membersImport.result.title')}</AlertTitle>
        {t('membersImport.result.counts', { imported: result.imported, updated: result.updated, unchanged: result.unchanged })}
      </Alert>
      {result.failed > 0 && (
        <Alert severity="warning" role="alert">
          {t('membersImport.result.failed', { count: result.failed })}
        </Alert>
      )}
      <IssueList issues={result.errors} duplicates={result.duplicates} truncated={result.truncated} />
      <StepActions>
        <Button onClick={onAgain}>{t('membersImport.result.again')}</Button>
        <Button variant="contained" onClick={onShowMembers}>
          {t('membersImport.result.showMembers')}
        </Button>
      </StepActions>
    </Box>
  );
}

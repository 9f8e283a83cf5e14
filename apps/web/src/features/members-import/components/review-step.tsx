/** Members import, step 3: the first rows as they will be imported, with the server's check. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  MEMBER_FIELDS,
  type ImportResult,
  type UploadResponse,
} from '@golf/contract/api/members';
import { reviewRows, withServerIssues, type Mapping, type ReviewRow } from '../utils/review-rows';
import { StepActions } from './step-actions';
import { issueText, IssueList, Summary } from './import-issues';

export function ReviewTable({ rows }: { rows: ReviewRow[] }) {
  const { t } = useTranslation();
  return (
    // Scrolls sideways on a phone: focusable, so the keyboard can scroll it.
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxWidth: '100%' }} tabIndex={0} role="region" aria-label={t('membersImport.review.tableLabel')}>
      <Table size="small" aria-label={t('membersImport.review.tableLabel')} sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('membersImport.review.row')}</TableCell>
            {MEMBER_FIELDS.map((f) => (
              <TableCell key={f}>{t(`membersImport.fields.${f}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const invalid = Object.keys(r.issues).length > 0;
            return (
              <TableRow key={r.row} data-testid="review-row" data-invalid={invalid || undefined} sx={invalid ? { bgcolor: 'rgba(211, 47, 47, 0.04)' } : undefined}>
                <TableCell sx={{ fontWeight: invalid ? 700 : undefined, color: invalid ? 'error.main' : undefined }}>{r.row}</TableCell>
                {MEMBER_FIELDS.map((f) => {
                  const issue = r.issues[f];
                  return (
                    <TableCell
                      key={f}
                      aria-invalid={issue ? true : undefined}
                      sx={issue ? { bgcolor: 'rgba(211, 47, 47, 0.08)', boxShadow: 'inset 3px 0 0 #d32f2f', minWidth: 180 } : undefined}
                    >
                      <Box component="span" sx={f === 'phone' || f === 'union_number' ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
                        {r.values[f]}
                      </Box>
                      {issue && (
                        <Typography variant="caption" component="div" color="error">
                          {issueText(t, { ...issue, field: f })}
                        </Typography>
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function ReviewStep({
  upload,
  mapping,
  check,
  onBack,
  onNext,
}: {
  upload: UploadResponse;
  mapping: Mapping;
  check: ImportResult;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const rows = withServerIssues(reviewRows(upload, mapping), check.errors);
  const importable = check.imported + check.updated;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Summary result={check} />
      {check.failed > 0 ? (
        <Alert severity="warning">{t('membersImport.review.failedRows', { count: check.failed })}</Alert>
      ) : (
        <Alert severity="success">{t('membersImport.review.allGood')}</Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('membersImport.review.sampleNote', { count: rows.length, total: check.total_rows })}
      </Typography>
      <ReviewTable rows={rows} />
      <IssueList issues={check.errors} duplicates={check.duplicates} truncated={check.truncated} />
      <StepActions>
        <Button onClick={onBack}>{t('membersImport.back')}</Button>
        <Button variant="contained" onClick={onNext} disabled={importable === 0}>
          {t('membersImport.next')}
        </Button>
      </StepActions>
    </Box>
  );
}

/** What a check or an import found: counts, and the issues and duplicates by row. */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  MEMBERS_IMPORT_LIMITS,
  type DuplicateRow,
  type ImportIssue,
  type ImportResult,
} from '@golf/contract/api/members';
import { issueKey } from '../utils/review-rows';

/** The text of an issue found in a row (§5 messages), in the interface language. */
export function issueText(t: TFunction, issue: { code: ImportIssue['code']; value: string; field: string }, firstRow?: number): string {
  return t(issueKey(issue.code), {
    field: t(`membersImport.fields.${issue.field}`, { defaultValue: issue.field }),
    email: issue.value,
    value: issue.value,
    row: firstRow ?? '?',
    max: issue.field === 'details' ? MEMBERS_IMPORT_LIMITS.maxCellLength : '',
  });
}

/**
 * The members import as steps (§2): choose the file, pick the column of each field, review the
 * rows with their errors, tick the consent, upload; then the result.
 */

export function Summary({ result }: { result: ImportResult }) {
  const { t } = useTranslation();
  const exact = result.duplicates.filter((d) => d.field === 'row').length;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="import-summary">
      <Chip label={t('membersImport.review.rows', { count: result.total_rows })} />
      <Chip color="success" variant="outlined" label={t('membersImport.review.new', { count: result.imported })} />
      {result.updated > 0 && <Chip color="info" variant="outlined" label={t('membersImport.review.known', { count: result.updated })} />}
      {result.failed > 0 && <Chip color="error" variant="outlined" label={t('membersImport.review.invalid', { count: result.failed })} />}
      {exact > 0 && <Chip variant="outlined" label={t('membersImport.review.repeated', { count: exact })} />}
    </Box>
  );
}

export function IssueList({ issues, duplicates, truncated }: { issues: ImportIssue[]; duplicates: DuplicateRow[]; truncated: boolean }) {
  const { t } = useTranslation();
  const firstRow = new Map(duplicates.map((d) => [d.row, d.first_row]));
  const repeated = duplicates.filter((d) => d.field === 'row');
  if (issues.length === 0 && repeated.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="import-issues-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="import-issues-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('membersImport.review.problems')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, maxHeight: 280, overflow: 'auto' }} data-testid="import-issues">
        {issues.map((issue, i) => (
          <li key={`e${i}`}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
              {t('membersImport.review.rowLabel', { row: issue.row })}
            </Typography>{' '}
            <Typography variant="body2" component="span" color="error">
              {issueText(t, issue, firstRow.get(issue.row))}
            </Typography>
          </li>
        ))}
        {repeated.map((d) => (
          <li key={`d${d.row}`}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
              {t('membersImport.review.rowLabel', { row: d.row })}
            </Typography>{' '}
            <Typography variant="body2" component="span" color="text.secondary">
              {t('membersImport.review.repeats', { row: d.first_row })}
            </Typography>
          </li>
        ))}
      </Box>
      {truncated && (
        <Typography variant="caption" color="text.secondary">
          {t('membersImport.review.truncated', { count: MEMBERS_IMPORT_LIMITS.maxIssues })}
        </Typography>
      )}
    </Box>
  );
}

import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  MEMBER_FIELDS,
  MEMBERS_IMPORT_LIMITS,
  type DuplicateRow,
  type ImportIssue,
  type ImportResult,
  type MemberField,
  type UploadResponse,
} from '@golf/contract/api/members';
import { errorText } from '../../../lib/error-text';
import { useImportMembers } from '../api/import-members';
import { useUploadMembersFile } from '../api/upload-members-file';
import { issueKey, mappingComplete, reviewRows, toColumnMapping, withServerIssues, type Mapping, type ReviewRow } from '../utils/review-rows';

const STEPS = ['file', 'columns', 'review', 'consent', 'result'] as const;
type StepKey = (typeof STEPS)[number];
const REQUIRED: readonly MemberField[] = ['union_number', 'email'];
const ACCEPT = '.csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

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
export function ImportStepper({ clubId, onShowMembers }: { clubId: number; onShowMembers: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [step, setStep] = useState<StepKey>('file');
  const [upload, setUpload] = useState<UploadResponse | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [check, setCheck] = useState<ImportResult | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const index = STEPS.indexOf(step);

  const restart = () => {
    setUpload(null);
    setMapping(null);
    setCheck(null);
    setResult(null);
    setStep('file');
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {narrow ? (
        <Typography variant="subtitle2" color="text.secondary" aria-live="polite">
          {t('membersImport.stepOf', { step: index + 1, total: STEPS.length, name: t(`membersImport.steps.${step}`) })}
        </Typography>
      ) : (
        <Stepper activeStep={index} alternativeLabel aria-label={t('membersImport.stepsLabel')}>
          {STEPS.map((key) => (
            <Step key={key} completed={STEPS.indexOf(key) < index || step === 'result'}>
              <StepLabel>{t(`membersImport.steps.${key}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
        {step === 'file' && (
          <FileStep
            clubId={clubId}
            onUploaded={(up) => {
              setUpload(up);
              setMapping(up.suggested_mapping);
              setCheck(null);
              setStep('columns');
            }}
          />
        )}
        {step === 'columns' && upload && mapping && (
          <ColumnsStep
            clubId={clubId}
            upload={upload}
            mapping={mapping}
            onChange={setMapping}
            onBack={restart}
            onChecked={(checked) => {
              setCheck(checked);
              setStep('review');
            }}
          />
        )}
        {step === 'review' && upload && mapping && check && (
          <ReviewStep upload={upload} mapping={mapping} check={check} onBack={() => setStep('columns')} onNext={() => setStep('consent')} />
        )}
        {step === 'consent' && upload && mapping && check && (
          <ConsentStep
            clubId={clubId}
            upload={upload}
            mapping={mapping}
            check={check}
            onBack={() => setStep('review')}
            onImported={(imported) => {
              setResult(imported);
              setStep('result');
            }}
          />
        )}
        {step === 'result' && result && <ResultStep result={result} onShowMembers={onShowMembers} onAgain={restart} />}
      </Paper>
    </Box>
  );
}

function StepActions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', mt: 3 }}>{children}</Box>;
}

function FileStep({ clubId, onUploaded }: { clubId: number; onUploaded: (upload: UploadResponse) => void }) {
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

function ColumnsStep({
  clubId,
  upload,
  mapping,
  onChange,
  onBack,
  onChecked,
}: {
  clubId: number;
  upload: UploadResponse;
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
  onBack: () => void;
  onChecked: (check: ImportResult) => void;
}) {
  const { t } = useTranslation();
  const dryRun = useImportMembers(clubId);
  const [tried, setTried] = useState(false);
  const example = (index: number | null) => (index === null ? '' : (upload.sample.find((r) => r.cells[index]?.trim())?.cells[index] ?? ''));
  const columnLabel = (index: number) => t('membersImport.columns.column', { index: index + 1, header: upload.columns[index]?.header ?? '' });

  const setField = (field: MemberField, value: string) => {
    const column = value === '' ? null : Number(value);
    const next: Mapping = { ...mapping, [field]: column };
    // A column holds one field: taking it for this field takes it from the others and the extras.
    for (const other of MEMBER_FIELDS) if (other !== field && next[other] === column) next[other] = null;
    next.extra = mapping.extra.filter((i) => i !== column);
    const previous = mapping[field];
    if (previous !== null && previous !== column && !next.extra.includes(previous)) next.extra = [...next.extra, previous].sort((a, b) => a - b);
    onChange(next);
  };
  const used = new Set(MEMBER_FIELDS.map((f) => mapping[f]).filter((v): v is number => v !== null));
  const extras = upload.columns.filter((c) => !used.has(c.index));

  const next = async () => {
    setTried(true);
    if (!mappingComplete(mapping)) return;
    try {
      onChecked(await dryRun.mutateAsync({ upload_id: upload.upload_id, mapping: toColumnMapping(mapping), dry_run: true, consent: false }));
    } catch {
      // shown below
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Typography>{t('membersImport.columns.intro', { file: upload.file_name, count: upload.row_count })}</Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {MEMBER_FIELDS.map((field) => {
          const required = REQUIRED.includes(field);
          const value = mapping[field];
          const missing = tried && required && value === null;
          const sample = example(value);
          return (
            <TextField
              key={field}
              select
              label={t(`membersImport.fields.${field}`) + (required ? ' *' : '')}
              value={value === null ? '' : String(value)}
              onChange={(event) => setField(field, event.target.value)}
              error={missing}
              helperText={missing ? t('membersImport.columns.required') : sample ? t('membersImport.columns.example', { value: sample }) : ' '}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'aria-required': required } }}
            >
              <option value="">{required ? t('membersImport.columns.choose') : t('membersImport.columns.none')}</option>
              {upload.columns.map((c) => (
                <option key={c.index} value={String(c.index)}>
                  {columnLabel(c.index)}
                </option>
              ))}
            </TextField>
          );
        })}
      </Box>
      {extras.length > 0 && (
        <FormControl component="fieldset" variant="standard">
          <FormLabel component="legend">{t('membersImport.columns.extra')}</FormLabel>
          <FormHelperText sx={{ mt: 0, mb: 1 }}>{t('membersImport.columns.extraHint')}</FormHelperText>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
            {extras.map((c) => (
              <FormControlLabel
                key={c.index}
                control={
                  <Checkbox
                    checked={mapping.extra.includes(c.index)}
                    onChange={(event) =>
                      onChange({
                        ...mapping,
                        extra: event.target.checked ? [...mapping.extra, c.index].sort((a, b) => a - b) : mapping.extra.filter((i) => i !== c.index),
                      })
                    }
                  />
                }
                label={c.header}
              />
            ))}
          </FormGroup>
        </FormControl>
      )}
      {dryRun.isError && <Alert severity="error">{errorText(dryRun.error, t)}</Alert>}
      <StepActions>
        <Button onClick={onBack} disabled={dryRun.isPending}>
          {t('membersImport.otherFile')}
        </Button>
        <Button variant="contained" onClick={() => void next()} disabled={dryRun.isPending}>
          {dryRun.isPending ? t('membersImport.columns.checking') : t('membersImport.next')}
        </Button>
      </StepActions>
    </Box>
  );
}

function Summary({ result }: { result: ImportResult }) {
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

function IssueList({ issues, duplicates, truncated }: { issues: ImportIssue[]; duplicates: DuplicateRow[]; truncated: boolean }) {
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

function ReviewTable({ rows }: { rows: ReviewRow[] }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxWidth: '100%' }}>
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

function ReviewStep({
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

function ConsentStep({
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

function ResultStep({ result, onShowMembers, onAgain }: { result: ImportResult; onShowMembers: () => void; onAgain: () => void }) {
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

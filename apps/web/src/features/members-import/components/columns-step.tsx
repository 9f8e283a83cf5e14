/** Members import, step 2: which column holds which field; the required fields need one. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MEMBER_FIELDS,
  REQUIRED_MEMBER_FIELDS,
  type ImportResult,
  type MemberField,
  type UploadResponse,
} from '@golf/contract/api/members';
import { errorText } from '../../../lib/error-text';
import { useImportMembers } from '../api/import-members';
import { mappingComplete, toColumnMapping, type Mapping } from '../utils/review-rows';
import { StepActions } from './step-actions';

export function ColumnsStep({
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
          const required = (REQUIRED_MEMBER_FIELDS as readonly string[]).includes(field);
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

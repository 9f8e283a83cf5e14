import 'ol/ol.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { MAX_IMPORT_BYTES, type ImportPlan } from '@golf/contract/api/course-import';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { importDrawingRefusal } from '../../../lib/drawing-problems';
import { useElementsForEdit } from '../../../lib/map/graphics-queries';
import { createPreviewMap } from '../../../lib/map/preview-map';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useClubId } from '../../../lib/use-club-id';
import { COUNT_COLUMNS, IMPORT_EXTENSIONS, isImportFile, otherCount, useCreateImportedCourse, usePreviewImport } from '../api/import-course';

/**
 * /:clubId/courses/import — a course's geometry from a GeoJSON file or an OpenStreetMap export:
 * the file is read by the server into a plan, previewed on the map and in a table, and only
 * 'Create course' saves anything.
 */
export function CourseImportPage() {
  const { t } = useTranslation();
  const clubId = useClubId();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const preview = usePreviewImport(clubId);
  const create = useCreateImportedCourse(clubId);
  const elements = useElementsForEdit(clubId);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const [name, setName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);

  const pick = async (picked: File) => {
    setPlan(null);
    preview.reset();
    if (!isImportFile(picked.name)) return setFileError(t('courseImport.wrongType', { types: IMPORT_EXTENSIONS.join(', ') }));
    if (picked.size > MAX_IMPORT_BYTES) return setFileError(t('courseImport.tooLarge', { mb: Math.round(MAX_IMPORT_BYTES / 1024 / 1024) }));
    setFileError(null);
    setFile(picked);
    setProgress(0);
    try {
      const result = await preview.mutateAsync({ file: picked, onProgress: setProgress });
      setPlan(result);
      setName(result.name);
    } catch {
      /* shown from preview.error */
    }
  };

  const onCreate = async () => {
    if (!file || !plan) return;
    try {
      const course = await create.mutateAsync({ file, name: name.trim() || plan.name });
      snackbar.confirm(t('courseImport.created', { name: course.name }));
      navigate(paths.club.course(clubId, course.id));
    } catch (error) {
      snackbar.error(t('courseImport.createFailed'), importDrawingRefusal(t, error)?.text ?? errorText(error, t));
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">{t('courseImport.intro')}</Typography>
      <FileDropZone
        data-testid="import-drop-zone"
        accept={IMPORT_EXTENSIONS.join(',')}
        onFiles={([picked]) => void pick(picked)}
        disabled={preview.isPending || create.isPending}
        icon={<UploadFileOutlinedIcon color="action" sx={{ fontSize: 40 }} />}
        hint={t('courseImport.dropHere')}
        buttonLabel={t('courseImport.chooseFile')}
        inputProps={{ 'aria-label': t('courseImport.fileLabel') }}
      >
        {file && (
          <Typography variant="body2" color="text.secondary">
            {file.name} ({(file.size / 1024).toFixed(0)} KB)
          </Typography>
        )}
        {preview.isPending && (
          <Box sx={{ mt: 1, width: '100%' }}>
            <LinearProgress variant={progress < 100 ? 'determinate' : 'indeterminate'} value={progress} aria-label={t('courseImport.uploading')} />
            <Typography variant="caption">{progress < 100 ? t('courseImport.uploadingPercent', { percent: progress }) : t('courseImport.reading')}</Typography>
          </Box>
        )}
      </FileDropZone>
      {fileError && <Alert severity="error">{fileError}</Alert>}
      {preview.isError && <PreviewError error={preview.error} />}
      {plan && <PlanView plan={plan} elements={elements.data ?? []} />}
      {plan && (
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            label={t('courseImport.courseName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            size="small"
            sx={{ minWidth: 280 }}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <Button variant="contained" onClick={() => void onCreate()} disabled={create.isPending || plan.holes.length === 0 || !name.trim()}>
            {create.isPending ? t('courseImport.creating') : t('courseImport.create')}
          </Button>
        </Paper>
      )}
    </Box>
  );
}

function PlanView({ plan, elements }: { plan: ImportPlan; elements: readonly ElementForEdit[] }) {
  const { t } = useTranslation();
  const unmatched = Object.entries(plan.unmatched).filter(([, n]) => n > 0);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
        {t('courseImport.matched', { count: plan.holes.length })}
      </Typography>
      <PreviewMap plan={plan} elements={elements} />
      {plan.attribution && (
        <Typography variant="caption" color="text.secondary" data-testid="import-attribution">
          {t('courseImport.attribution', { attribution: plan.attribution })}
        </Typography>
      )}
      {plan.warnings.length > 0 && (
        <Alert severity="warning">
          <AlertTitle>{t('courseImport.warnings', { count: plan.warnings.length })}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 160, overflowY: 'auto' }}>
            {plan.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </Box>
        </Alert>
      )}
      {unmatched.length > 0 && (
        <Alert severity="info">
          {t('courseImport.unmatched', { list: unmatched.map(([element, n]) => `${element}: ${n}`).join(', ') })}
        </Alert>
      )}
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it. */}
      <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={t('courseImport.holesTable')}>
        <Table size="small" aria-label={t('courseImport.holesTable')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('courseImport.columns.ref')}</TableCell>
              <TableCell>{t('courseImport.columns.name')}</TableCell>
              <TableCell align="right">{t('courseImport.columns.par')}</TableCell>
              <TableCell align="right">{t('courseImport.columns.handicap')}</TableCell>
              {COUNT_COLUMNS.map((c) => (
                <TableCell key={c} align="right">
                  {t(`courseImport.columns.${c}`)}
                </TableCell>
              ))}
              <TableCell align="right">{t('courseImport.columns.other')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {plan.holes.map((h) => (
              <TableRow key={h.ref} data-testid="import-hole-row">
                <TableCell>{h.ref}</TableCell>
                <TableCell>{h.name}</TableCell>
                <TableCell align="right">{h.par}</TableCell>
                <TableCell align="right">{h.handicap ?? '–'}</TableCell>
                {COUNT_COLUMNS.map((c) => (
                  <TableCell key={c} align="right">
                    {h.counts[c] ?? 0}
                  </TableCell>
                ))}
                <TableCell align="right">{otherCount(h.counts)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function PreviewMap({ plan, elements }: { plan: ImportPlan; elements: readonly ElementForEdit[] }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const features = plan.holes.flatMap((h) => h.drawing.features.map((f) => ({ ...f, id: `${h.ref}:${f.id}` })));
    return createPreviewMap(ref.current, features, elements, plan.boundary?.coordinates ?? null);
  }, [plan, elements]);
  return (
    // A group, not an image: it holds the map's zoom buttons. The holes found are in the table below it.
    <Box
      ref={ref}
      role="group"
      aria-label={t('courseImport.mapLabel')}
      data-testid="import-map"
      sx={{ height: { xs: 360, md: 480 }, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: '#dfe8d8' }}
    />
  );
}

/** Why the file could not be read; for holes whose drawings fail the checks, each problem with its hole. */
function PreviewError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const refusal = importDrawingRefusal(t, error);
  return (
    <Alert severity="error">
      <AlertTitle>{t('courseImport.previewFailed')}</AlertTitle>
      {refusal ? refusal.text : errorText(error, t)}
      {refusal && refusal.problems.length > 1 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {refusal.problems.map((problem, i) => (
            <li key={i}>{problem}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { AREA_UNITS, type AreaUnit, type CourseAreas } from '@golf/contract/api/greenkeeper';
import { errorText } from '../../../../lib/error-text';
import { useSnackbar } from '../../../../lib/snackbar/snackbar-context';
import { downloadAreasExport } from '../api/areas';
import type { ExportFormat } from '../utils/areas';

/** The value of the course picker that shows every course together. */
export const ALL_COURSES = 'all';

/** The picker of the course (when the club has several), the unit, the exports and the printable page. */
export function AreasToolbar({
  clubId,
  courses,
  selected,
  onSelect,
  unit,
  onUnit,
  onPrint,
}: {
  clubId: number;
  courses: CourseAreas[];
  /** The course shown, or null for every course together. */
  selected: CourseAreas | null;
  onSelect: (value: string) => void;
  unit: AreaUnit;
  onUnit: (unit: AreaUnit) => void;
  onPrint: () => void;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const unitLabelId = useId();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const courseName = selected?.name ?? t('greenkeeper.areas.allCourses');

  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const file = await downloadAreasExport(clubId, { courseId: selected?.courseId ?? null, courseName: selected?.name ?? null, format, unit });
      snackbar.confirm(t('greenkeeper.areas.export.done', { file }));
    } catch (error) {
      snackbar.error(t('greenkeeper.areas.export.failed'), errorText(error, t));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box data-print="hide" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      {courses.length > 1 && (
        <TextField
          select
          fullWidth={false}
          size="small"
          label={t('greenkeeper.areas.course')}
          value={selected ? String(selected.courseId) : ALL_COURSES}
          onChange={(e) => onSelect(e.target.value)}
          sx={{ minWidth: 200, maxWidth: '100%' }}
        >
          {courses.map((c) => (
            <MenuItem key={c.courseId} value={String(c.courseId)}>
              {c.name}
            </MenuItem>
          ))}
          <MenuItem value={ALL_COURSES}>{t('greenkeeper.areas.allCourses')}</MenuItem>
        </TextField>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2" id={unitLabelId}>
          {t('greenkeeper.areas.unit')}
        </Typography>
        <ToggleButtonGroup exclusive size="small" value={unit} onChange={(_e, v: AreaUnit | null) => v && onUnit(v)} aria-labelledby={unitLabelId}>
          {AREA_UNITS.map((u) => (
            <ToggleButton key={u} value={u} sx={{ textTransform: 'none', minWidth: 48 }}>
              {t(`greenkeeper.areas.units.${u}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ flexGrow: 1 }} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            size="small"
            startIcon={busy === format ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
            disabled={busy !== null}
            aria-label={t(`greenkeeper.areas.export.${format}Label`, { course: courseName })}
            onClick={() => void download(format)}
          >
            {t(`greenkeeper.areas.export.${format}`)}
          </Button>
        ))}
        <Button variant="outlined" size="small" startIcon={<PrintOutlinedIcon />} onClick={onPrint}>
          {t('greenkeeper.areas.printable')}
        </Button>
      </Box>
    </Box>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import type { ElementArea } from '@golf/contract/api/greenkeeper';
import { localPaper, PrintStyles } from '../../../../components/ui/print-styles';
import { elementLabel } from '../../../../lib/graphics-names';
import { elementsByArea, type AreaFormat, type AreaMatrix } from '../utils/areas';
import { useRowName } from './area-matrix';

type Paper = 'A4' | 'letter';
const SHEET_ID = 'areas-sheet';

const cellSx = { py: 0.5, px: 0.75, fontSize: '0.8rem', fontVariantNumeric: 'tabular-nums', '@media print': { fontSize: '8pt', py: '1mm', px: '1mm' } } as const;

/**
 * The printable page of the areas: the course (or every course), today's date and the unit, the
 * totals by element, and each hole's area and count per element, on the reader's paper.
 */
export function AreasPrint({
  heading,
  totals,
  matrix,
  kind,
  totalLabel,
  format,
  onBack,
}: {
  heading: string;
  totals: ElementArea[];
  matrix: AreaMatrix;
  kind: 'hole' | 'course';
  totalLabel: string;
  format: AreaFormat;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [paper, setPaper] = useState<Paper>(localPaper);
  const rowName = useRowName(kind);
  const unit = t(`greenkeeper.areas.units.${format.unit}`);
  const ordered = elementsByArea(totals).map((element) => totals.find((e) => e.element === element)!);
  const cell = (c: { count: number; area: number } | undefined) => (c ? `${format.area(c.area)} (${format.integer(c.count)})` : '–');
  return (
    <Box id={SHEET_ID} sx={{ display: 'grid', gap: 2, maxWidth: 1100, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PrintStyles paper={paper} sheetId={SHEET_ID} />
      <Box data-print="hide" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack}>
          {t('greenkeeper.areas.backToAreas')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="body2" id="areas-paper-label">
          {t('greenkeeper.areas.paper')}
        </Typography>
        <ToggleButtonGroup exclusive size="small" value={paper} onChange={(_e, v: Paper | null) => v && setPaper(v)} aria-labelledby="areas-paper-label">
          <ToggleButton value="A4">{t('greenkeeper.areas.paperA4')}</ToggleButton>
          <ToggleButton value="letter">{t('greenkeeper.areas.paperLetter')}</ToggleButton>
        </ToggleButtonGroup>
        <Button variant="contained" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
          {t('greenkeeper.areas.print')}
        </Button>
      </Box>
      <Box
        data-testid="areas-sheet"
        sx={{ bgcolor: '#fff', color: '#000', p: { xs: 1, sm: 2 }, border: 1, borderColor: 'divider', display: 'grid', gap: 2, minWidth: 0, '@media print': { border: 0, p: 0 } }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {heading}
          </Typography>
          <Typography variant="body2">{t('greenkeeper.areas.printLine', { date: new Date().toLocaleDateString(i18n.language), unit })}</Typography>
        </Box>
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }} id="areas-sheet-totals">
            {t('greenkeeper.areas.totalsTitle')}
          </Typography>
          <Table size="small" aria-labelledby="areas-sheet-totals" sx={{ width: 'auto', minWidth: { sm: 360 } }}>
            <TableHead>
              <TableRow>
                <TableCell sx={cellSx}>{t('greenkeeper.areas.element')}</TableCell>
                <TableCell sx={cellSx} align="right">
                  {t('greenkeeper.areas.count')}
                </TableCell>
                <TableCell sx={cellSx} align="right">
                  {t('greenkeeper.areas.areaIn', { unit })}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ordered.map((e) => (
                <TableRow key={e.element}>
                  <TableCell sx={cellSx} component="th" scope="row">
                    {elementLabel(t, e.element)}
                  </TableCell>
                  <TableCell sx={cellSx} align="right">
                    {format.integer(e.count)}
                  </TableCell>
                  <TableCell sx={cellSx} align="right">
                    {format.area(e.area)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {matrix.elements.length > 0 && (
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }} id="areas-sheet-matrix">
              {kind === 'hole' ? t('greenkeeper.areas.perHoleTitle') : t('greenkeeper.areas.perCourseTitle')}
            </Typography>
            <Typography variant="caption" component="p">
              {t('greenkeeper.areas.printMatrixHint', { unit })}
            </Typography>
            <Box sx={{ overflowX: 'auto', '@media print': { overflow: 'visible' } }} tabIndex={0} role="region" aria-labelledby="areas-sheet-matrix">
              <Table size="small" aria-labelledby="areas-sheet-matrix">
                <TableHead>
                  <TableRow>
                    <TableCell sx={cellSx}>{kind === 'hole' ? t('greenkeeper.areas.hole') : t('greenkeeper.areas.course')}</TableCell>
                    {matrix.elements.map((element) => (
                      <TableCell key={element} sx={cellSx} align="right">
                        {elementLabel(t, element)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {matrix.rows.map((row) => (
                    <TableRow key={row.key} sx={{ breakInside: 'avoid' }}>
                      <TableCell sx={{ ...cellSx, whiteSpace: 'nowrap' }} component="th" scope="row">
                        {rowName(row)}
                      </TableCell>
                      {matrix.elements.map((element) => (
                        <TableCell key={element} sx={{ ...cellSx, whiteSpace: 'nowrap' }} align="right">
                          {cell(row.cells[element])}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell sx={{ ...cellSx, fontWeight: 700, whiteSpace: 'nowrap' }} component="th" scope="row">
                      {totalLabel}
                    </TableCell>
                    {matrix.elements.map((element) => (
                      <TableCell key={element} sx={{ ...cellSx, fontWeight: 700, whiteSpace: 'nowrap' }} align="right">
                        {cell(matrix.totals[element])}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableBody>
              </Table>
            </Box>
          </Box>
        )}
      </Box>
    </Box>
  );
}

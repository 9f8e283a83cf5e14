import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadCsv, toCsv, type CsvCell } from '../utils/csv';

/** The numbers of a section: the table view shows them formatted, the CSV export raw. */
export interface SectionTable {
  header: string[];
  /** Per row: the cells as shown (text) and as exported (numbers stay numbers). */
  rows: { key: string; shown: ReactNode[]; raw: CsvCell[]; highlight?: boolean }[];
  /** Columns aligned right (numbers). */
  numeric?: boolean[];
}

/**
 * One section of the games screen: a heading, what it shows, controls of its own, then its chart
 * or — toggled — a table of the same numbers, and a CSV export of them.
 */
export function InsightSection({
  title,
  description,
  controls,
  summary,
  chart,
  table,
  fileName,
  testId,
  empty,
}: {
  title: string;
  description?: string;
  controls?: ReactNode;
  summary?: ReactNode;
  chart: (labelledBy: string) => ReactNode;
  table: SectionTable;
  fileName: string;
  testId: string;
  /** Shown instead of chart and table when the section has no numbers. */
  empty?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card component="section" aria-labelledby={titleId} data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <Typography variant="h2" id={titleId} sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
            {title}
          </Typography>
          {!empty && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, v: 'chart' | 'table' | null) => v && setView(v)} aria-label={t('insights.games.viewOf', { title })}>
                <ToggleButton value="chart">{t('insights.games.chart')}</ToggleButton>
                <ToggleButton value="table">{t('insights.games.table')}</ToggleButton>
              </ToggleButtonGroup>
              <Button
                size="small"
                variant="outlined"
                startIcon={<DownloadIcon />}
                aria-label={t('insights.games.csvOf', { title })}
                onClick={() => downloadCsv(fileName, toCsv(table.header, table.rows.map((r) => r.raw)))}
              >
                {t('insights.games.csv')}
              </Button>
            </Box>
          )}
        </Box>
        {description && (
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        )}
        {controls}
        {summary}
        {empty ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {empty}
          </Typography>
        ) : view === 'chart' ? (
          <Box sx={{ minWidth: 0 }}>{chart(titleId)}</Box>
        ) : (
          <NumbersTable table={table} titleId={titleId} />
        )}
      </CardContent>
    </Card>
  );
}

function NumbersTable({ table, titleId }: { table: SectionTable; titleId: string }) {
  return (
    // Scrolls when long or wide: focusable, so the keyboard can scroll it.
    <TableContainer sx={{ maxHeight: 420 }} tabIndex={0} role="region" aria-labelledby={titleId} data-testid="section-table">
      <Table size="small" stickyHeader aria-labelledby={titleId}>
        <TableHead>
          <TableRow>
            {table.header.map((h, i) => (
              <TableCell key={i} align={table.numeric?.[i] ? 'right' : 'left'}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row.key} selected={row.highlight}>
              {row.shown.map((cell, i) => (
                <TableCell key={i} align={table.numeric?.[i] ? 'right' : 'left'} sx={row.highlight ? { fontWeight: 600 } : undefined}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

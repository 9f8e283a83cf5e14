import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { elementLabel } from '../../../../lib/graphics-names';
import type { AreaFormat, AreaMatrix, AreaMatrixRow } from '../utils/areas';
import { SortableTable, type SortColumn } from './sortable-table';

type Measure = 'area' | 'count';

/** The name of a matrix row: "Hole 3" (with the hole's own name when it has another), or the course's name. */
export function useRowName(kind: 'hole' | 'course') {
  const { t } = useTranslation();
  return (row: AreaMatrixRow) => {
    if (kind === 'course') return row.name;
    const numbered = t('greenkeeper.areas.holeN', { number: row.order });
    const own = row.name.trim();
    return own && own !== String(row.order) && own.toLowerCase() !== numbered.toLowerCase() ? `${numbered} · ${own}` : numbered;
  };
}

/** Per hole (or per course), for each element: its area or its count, sortable by any column, with the totals last. */
export function AreaMatrixCard({ matrix, format, kind, totalLabel }: { matrix: AreaMatrix; format: AreaFormat; kind: 'hole' | 'course'; totalLabel: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const measureId = useId();
  const [measure, setMeasure] = useState<Measure>('area');
  const rowName = useRowName(kind);
  const unit = t(`greenkeeper.areas.units.${format.unit}`);
  const show = (cell: { count: number; area: number } | undefined) => (cell ? (measure === 'area' ? format.area(cell.area) : format.integer(cell.count)) : '–');
  const columns: SortColumn<AreaMatrixRow>[] = [
    {
      key: 'row',
      label: kind === 'hole' ? t('greenkeeper.areas.hole') : t('greenkeeper.areas.course'),
      sortValue: (r) => (kind === 'hole' ? r.order : r.name),
      cell: (r) => rowName(r),
      rowHeader: true,
    },
    ...matrix.elements.map<SortColumn<AreaMatrixRow>>((element) => ({
      key: `element:${element}`,
      label: elementLabel(t, element),
      numeric: true,
      sortValue: (r) => (measure === 'area' ? (r.cells[element]?.area ?? 0) : (r.cells[element]?.count ?? 0)),
      cell: (r) => show(r.cells[element]),
    })),
  ];
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <Typography variant="h2" id={titleId} sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
            {kind === 'hole' ? t('greenkeeper.areas.perHoleTitle') : t('greenkeeper.areas.perCourseTitle')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Typography variant="body2" id={measureId}>
              {t('greenkeeper.areas.show')}
            </Typography>
            <ToggleButtonGroup exclusive size="small" value={measure} onChange={(_e, v: Measure | null) => v && setMeasure(v)} aria-labelledby={measureId}>
              <ToggleButton value="area" sx={{ textTransform: 'none' }}>
                {t('greenkeeper.areas.areaIn', { unit })}
              </ToggleButton>
              <ToggleButton value="count" sx={{ textTransform: 'none' }}>
                {t('greenkeeper.areas.count')}
              </ToggleButton>
            </ToggleButtonGroup>
          </Box>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {measure === 'area' ? t('greenkeeper.areas.matrixAreaHint', { unit }) : t('greenkeeper.areas.matrixCountHint')}
        </Typography>
        {matrix.elements.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {t('greenkeeper.areas.matrixEmpty')}
          </Typography>
        ) : (
          <SortableTable
            rows={matrix.rows}
            columns={columns}
            rowKey={(r) => r.key}
            labelledBy={titleId}
            initialSort={{ key: 'row', direction: 'asc' }}
            totals={[totalLabel, ...matrix.elements.map((element) => show(matrix.totals[element]))]}
            testId={kind === 'hole' ? 'per-hole' : 'per-course'}
          />
        )}
      </CardContent>
    </Card>
  );
}

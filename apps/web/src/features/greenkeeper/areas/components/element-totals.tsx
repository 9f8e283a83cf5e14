import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ElementArea } from '@golf/contract/api/greenkeeper';
import { elementLabel } from '../../../../lib/graphics-names';
import { makeUp, type AreaFormat } from '../utils/areas';
import { SortableTable, type SortColumn } from './sortable-table';

/** Colours of the surfaces in the charts: the usual map colours where there is one, readable on white. */
export const ELEMENT_COLOURS: Record<string, string> = {
  fairway: '#2e7d32',
  rough: '#827717',
  'semi rough': '#9e9d24',
  green: '#1b5e20',
  fringe: '#43a047',
  tee: '#00796b',
  'tee cut': '#26a69a',
  bunker: '#c49a2c',
  water: '#1565c0',
  'lateral water': '#c62828',
  trees: '#33691e',
  building: '#6d4c41',
};
const OTHER_COLOURS = ['#546e7a', '#6a1b9a', '#ad1457', '#ef6c00', '#00838f', '#5d4037'];

export function elementColour(element: string, index: number): string {
  return ELEMENT_COLOURS[element] ?? OTHER_COLOURS[index % OTHER_COLOURS.length]!;
}

/** The course's (or the club's) totals by element: a sortable table of count and area, and the make-up as a chart. */
export function ElementTotals({ totals, format, title, hint }: { totals: ElementArea[]; format: AreaFormat; title: string; hint: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const unit = t(`greenkeeper.areas.units.${format.unit}`);
  const columns: SortColumn<ElementArea>[] = [
    { key: 'element', label: t('greenkeeper.areas.element'), sortValue: (e) => elementLabel(t, e.element), cell: (e) => elementLabel(t, e.element), rowHeader: true },
    { key: 'count', label: t('greenkeeper.areas.count'), numeric: true, sortValue: (e) => e.count, cell: (e) => format.integer(e.count) },
    { key: 'area', label: t('greenkeeper.areas.areaIn', { unit }), numeric: true, sortValue: (e) => e.area, cell: (e) => format.area(e.area) },
  ];
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Typography variant="h2" id={titleId} sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <SortableTable rows={totals} columns={columns} rowKey={(e) => e.element} labelledBy={titleId} initialSort={{ key: 'area', direction: 'desc' }} testId="element-totals" />
          <MakeUpChart totals={totals} format={format} />
        </Box>
      </CardContent>
    </Card>
  );
}

/** The make-up: each surface's area as a bar, largest first, with its share of the surfaces. */
function MakeUpChart({ totals, format }: { totals: ElementArea[]; format: AreaFormat }) {
  const { t } = useTranslation();
  const titleId = useId();
  const surfaces = makeUp(totals);
  const sum = surfaces.reduce((a, e) => a + e.area, 0);
  const unit = t(`greenkeeper.areas.units.${format.unit}`);
  const labels = surfaces.map((e) => elementLabel(t, e.element));
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }} data-testid="make-up">
      <Typography component="figcaption" id={titleId} variant="subtitle2" sx={{ fontWeight: 600 }}>
        {t('greenkeeper.areas.makeUpTitle')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('greenkeeper.areas.makeUpHint')}
      </Typography>
      {surfaces.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('greenkeeper.areas.makeUpEmpty')}
        </Typography>
      ) : (
        <BarChart
          height={Math.max(160, 34 * surfaces.length + 60)}
          layout="horizontal"
          margin={{ left: 4, right: 28, top: 8, bottom: 4 }}
          yAxis={[{ scaleType: 'band', data: labels, width: 96, colorMap: { type: 'ordinal', values: labels, colors: surfaces.map((e, i) => elementColour(e.element, i)) } }]}
          xAxis={[{ label: t('greenkeeper.areas.areaIn', { unit }), valueFormatter: (v: number) => format.area(format.unit === 'ha' ? v * 10_000 : v) }]}
          series={[
            {
              data: surfaces.map((e) => format.value(e.area)),
              label: t('greenkeeper.areas.areaIn', { unit }),
              valueFormatter: (_v, { dataIndex }) => {
                const e = surfaces[dataIndex]!;
                return t('greenkeeper.areas.makeUpValue', { area: format.area(e.area), unit, share: format.percent(sum > 0 ? e.area / sum : 0) });
              },
            },
          ]}
          hideLegend
          // The table beside it is the way to the numbers by keyboard and screen reader.
          disableKeyboardNavigation
          aria-labelledby={titleId}
        />
      )}
    </Box>
  );
}

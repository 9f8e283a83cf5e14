import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { AreaSnapshot } from '@golf/contract/api/greenkeeper';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ErrorState } from '../../../../components/ui/error-state';
import { LoadingState } from '../../../../components/ui/loading-state';
import { elementLabel } from '../../../../lib/graphics-names';
import { useAreaHistory } from '../api/areas';
import { compareSnapshots, defaultComparison, percentChange, trendRange, trendSeries, type AreaFormat, type CompareRow, type TrendSeries } from '../utils/areas';
import { elementColour } from './element-totals';
import { SortableTable, type SortColumn } from './sortable-table';

/** The course's areas over time: two dates compared per element, and fairway and rough over the season. */
export function AreaHistoryCard({ clubId, courseId, format }: { clubId: number; courseId: number | null; format: AreaFormat }) {
  const { t } = useTranslation();
  const titleId = useId();
  const history = useAreaHistory(clubId, courseId);
  let body;
  if (courseId === null) {
    body = <Typography color="text.secondary">{t('greenkeeper.areas.history.chooseCourse')}</Typography>;
  } else if (history.isPending) {
    body = <LoadingState rows={4} />;
  } else if (history.isError) {
    body = <ErrorState error={history.error} title={t('greenkeeper.areas.history.loadFailed')} onRetry={() => void history.refetch()} />;
  } else if (history.data.snapshots.length === 0) {
    body = (
      <EmptyState title={t('greenkeeper.areas.history.none')}>
        <Typography variant="body2">{t('greenkeeper.areas.history.noneHint')}</Typography>
      </EmptyState>
    );
  } else {
    // A new course (or another answer) starts from its own first and last date.
    body = <HistoryBody key={`${courseId}:${history.data.snapshots.length}`} snapshots={history.data.snapshots} format={format} />;
  }
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }} data-testid="area-history">
      <CardContent sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Typography variant="h2" id={titleId} sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
          {t('greenkeeper.areas.history.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('greenkeeper.areas.history.hint')}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}

function HistoryBody({ snapshots, format }: { snapshots: AreaSnapshot[]; format: AreaFormat }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState(() => defaultComparison(snapshots));
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {picked === null ? (
        <Typography color="text.secondary">{t('greenkeeper.areas.history.one', { date: format.date(snapshots[0]!.date) })}</Typography>
      ) : (
        <Comparison snapshots={snapshots} from={picked.from} to={picked.to} onPick={(from, to) => setPicked({ from, to })} format={format} />
      )}
      <Trend snapshots={snapshots} format={format} />
    </Box>
  );
}

function Comparison({
  snapshots,
  from,
  to,
  onPick,
  format,
}: {
  snapshots: AreaSnapshot[];
  from: number;
  to: number;
  onPick: (from: number, to: number) => void;
  format: AreaFormat;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const a = snapshots[from]!;
  const b = snapshots[to]!;
  const rows = compareSnapshots(a, b);
  const unit = t(`greenkeeper.areas.units.${format.unit}`);
  const fromDate = format.date(a.date);
  const toDate = format.date(b.date);
  const dateOptions = snapshots.map((s, i) => (
    <MenuItem key={`${s.date}-${i}`} value={i}>
      {format.date(s.date)}
    </MenuItem>
  ));
  const change = (percent: number | null) => (percent === null ? t('greenkeeper.areas.history.new') : format.signedPercent(percent));
  const columns: SortColumn<CompareRow>[] = [
    { key: 'element', label: t('greenkeeper.areas.element'), sortValue: (r) => elementLabel(t, r.element), cell: (r) => elementLabel(t, r.element), rowHeader: true },
    { key: 'from', label: t('greenkeeper.areas.history.areaOn', { date: fromDate, unit }), numeric: true, sortValue: (r) => r.fromArea, cell: (r) => format.area(r.fromArea) },
    { key: 'to', label: t('greenkeeper.areas.history.areaOn', { date: toDate, unit }), numeric: true, sortValue: (r) => r.toArea, cell: (r) => format.area(r.toArea) },
    { key: 'difference', label: t('greenkeeper.areas.history.difference', { unit }), numeric: true, sortValue: (r) => r.difference, cell: (r) => format.signedArea(r.difference) },
    { key: 'percent', label: t('greenkeeper.areas.history.change'), numeric: true, sortValue: (r) => r.percent, cell: (r) => change(r.percent) },
  ];
  const changed = rows.filter((r) => format.value(r.difference) !== 0 || r.fromCount !== r.toCount);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField select fullWidth={false} size="small" label={t('greenkeeper.areas.history.from')} value={from} onChange={(e) => onPick(Number(e.target.value), to)} sx={{ minWidth: 170 }}>
          {dateOptions}
        </TextField>
        <TextField select fullWidth={false} size="small" label={t('greenkeeper.areas.history.to')} value={to} onChange={(e) => onPick(from, Number(e.target.value))} sx={{ minWidth: 170 }}>
          {dateOptions}
        </TextField>
      </Box>
      <Typography variant="subtitle2" component="h3" id={titleId} sx={{ fontWeight: 600 }}>
        {t('greenkeeper.areas.history.compareTitle', { from: fromDate, to: toDate })}
      </Typography>
      <SortableTable rows={rows} columns={columns} rowKey={(r) => r.element} labelledBy={titleId} initialSort={{ key: 'difference', direction: 'asc' }} testId="comparison" />
      <Typography variant="body2" color="text.secondary" data-testid="comparison-summary">
        {changed.length === 0 ? t('greenkeeper.areas.history.unchanged') : t('greenkeeper.areas.history.summary', { count: changed.length })}
      </Typography>
    </Box>
  );
}

function Trend({ snapshots, format }: { snapshots: AreaSnapshot[]; format: AreaFormat }) {
  const { t } = useTranslation();
  const titleId = useId();
  const series = trendSeries(snapshots);
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }} data-testid="trend">
      <Typography component="h3" id={titleId} variant="subtitle2" sx={{ fontWeight: 600 }}>
        {t('greenkeeper.areas.history.trendTitle')}
      </Typography>
      {series.length === 0 ? (
        <Typography color="text.secondary">{t('greenkeeper.areas.history.trendEmpty')}</Typography>
      ) : snapshots.length < 2 ? (
        <Typography color="text.secondary">{t('greenkeeper.areas.history.trendOne')}</Typography>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            {series.map((s, i) => (
              <TrendChart key={s.element} series={s} colour={elementColour(s.element, i)} snapshots={snapshots} format={format} />
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" data-testid="trend-summary">
            {t('greenkeeper.areas.history.trendSummary', {
              from: format.date(snapshots[0]!.date),
              to: format.date(snapshots.at(-1)!.date),
              changes: series
                .map((s) => {
                  const p = percentChange(s.areas[0]!, s.areas.at(-1)!);
                  return `${elementLabel(t, s.element)} ${p === null ? t('greenkeeper.areas.history.new') : format.signedPercent(p)}`;
                })
                .join(', '),
            })}
          </Typography>
        </>
      )}
    </Box>
  );
}

/**
 * One element's area over the dates, on an axis around its own values (not from 0), so that a
 * change of a few per cent shows: the chart is small and each element gets its own.
 */
function TrendChart({ series, colour, snapshots, format }: { series: TrendSeries; colour: string; snapshots: AreaSnapshot[]; format: AreaFormat }) {
  const { t } = useTranslation();
  const titleId = useId();
  const unit = t(`greenkeeper.areas.units.${format.unit}`);
  const values = series.areas.map((m2) => format.value(m2));
  const { min, max } = trendRange(values);
  const label = elementLabel(t, series.element);
  const first = series.areas[0]!;
  const last = series.areas.at(-1)!;
  const toSquareMetres = (v: number) => (format.unit === 'ha' ? v * 10_000 : v);
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Typography component="figcaption" id={titleId} variant="body2" sx={{ fontWeight: 600 }}>
        {t('greenkeeper.areas.history.trendOf', { element: label, from: format.area(first), to: format.area(last), unit })}
      </Typography>
      <LineChart
        height={170}
        margin={{ left: 4, right: 24, top: 12, bottom: 4 }}
        xAxis={[{ scaleType: 'point', data: snapshots.map((s) => format.date(s.date)), tickLabelMinGap: 24 }]}
        yAxis={[{ min, max, width: 64, label: unit, valueFormatter: (v: number) => format.area(toSquareMetres(v)) }]}
        series={[
          {
            data: values,
            label,
            color: colour,
            valueFormatter: (v: number | null) => (v === null ? '' : `${format.area(toSquareMetres(v))} ${unit}`),
          },
        ]}
        hideLegend
        disableKeyboardNavigation
        aria-labelledby={titleId}
      />
    </Box>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { PACE_BANDS, type GamesInsights, type PaceBand } from '@golf/contract/api/insights';
import { csvFileName } from '../utils/csv';
import type { InsightFormat } from '../utils/format';
import { bandRounds, downloadsTable, gamesSeries, holesByCourse, paceCourses, paceHoles } from '../utils/games';
import { InsightSection } from './insight-section';

/** Colours of the charts (readable on white, told apart without colour by the legend and the table). */
export const CHART_COLOURS = ['#1f6f43', '#1565c0', '#ef6c00', '#6a1b9a', '#00838f', '#ad1457', '#5d4037', '#546e7a'];
export const WARN_COLOUR = '#c62828';

interface SectionProps {
  data: GamesInsights;
  format: InsightFormat;
}

const CHART_HEIGHT = 300;
const chartMargin = { left: 4, right: 12, top: 12, bottom: 4 };

/** Games per guide over time: bars per period, stacked by guide. */
export function GamesSection({ data, format }: SectionProps) {
  const { t } = useTranslation();
  const series = gamesSeries(data.games, data.guides);
  const labels = series.periods.map((p) => format.period(p, data.interval));
  const periodHeader = t(`insights.games.periodOf.${data.interval}`);
  const total = series.totals.reduce((a, b) => a + b, 0);
  return (
    <InsightSection
      testId="section-games"
      title={t('insights.games.gamesTitle')}
      description={t('insights.games.gamesHint', { count: total, rounds: format.integer(total) })}
      fileName={csvFileName('games', data.from, data.to, data.interval)}
      empty={total === 0 ? t('insights.games.noGames') : null}
      table={{
        header: [periodHeader, ...series.guides.map((g) => g.title), t('insights.games.total')],
        numeric: [false, ...series.guides.map(() => true), true],
        rows: series.periods.map((p, i) => ({
          key: p,
          shown: [labels[i], ...series.guides.map((g) => format.integer(g.rounds[i])), format.integer(series.totals[i])],
          raw: [p, ...series.guides.map((g) => g.rounds[i]), series.totals[i]],
        })),
      }}
      chart={(labelledBy) => (
        <BarChart
          height={CHART_HEIGHT}
          margin={chartMargin}
          xAxis={[{ scaleType: 'band', data: labels, label: periodHeader }]}
          yAxis={[{ label: t('insights.games.rounds'), width: 72, valueFormatter: (v: number) => format.tick(v) }]}
          series={series.guides.map((g, i) => ({
            data: g.rounds,
            label: g.title,
            stack: 'games',
            color: CHART_COLOURS[i % CHART_COLOURS.length],
            valueFormatter: (v: number | null) => (v === null ? '' : format.integer(v)),
          }))}
          disableKeyboardNavigation
          aria-labelledby={labelledBy}
        />
      )}
    />
  );
}

/** A course picker shown when the answer has more than one course. */
function CoursePicker({ courses, value, onChange }: { courses: { id: number; name: string }[]; value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  if (courses.length < 2) return null;
  return (
    <TextField select size="small" label={t('insights.games.course')} value={value} onChange={(e) => onChange(Number(e.target.value))} sx={{ maxWidth: 320 }}>
      {courses.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Average strokes per hole against par, per course. */
export function HolesSection({ data, format }: SectionProps) {
  const { t } = useTranslation();
  const courses = holesByCourse(data.holes);
  const [picked, setPicked] = useState<number | null>(null);
  const course = courses.find((c) => c.courseId === picked) ?? courses[0];
  const holes = course?.holes ?? [];
  const played = holes.filter((h) => h.overPar !== null);
  return (
    <InsightSection
      testId="section-holes"
      title={t('insights.games.holesTitle')}
      description={t('insights.games.holesHint')}
      controls={<CoursePicker courses={courses.map((c) => ({ id: c.courseId, name: c.courseName }))} value={course?.courseId ?? 0} onChange={setPicked} />}
      fileName={csvFileName('strokes', course?.courseName ?? '', data.from, data.to)}
      empty={played.length === 0 ? t('insights.games.noHoles') : null}
      table={{
        header: [t('insights.games.hole'), t('insights.games.par'), t('insights.games.averageStrokes'), t('insights.games.overPar'), t('insights.games.rounds')],
        numeric: [false, true, true, true, true],
        rows: holes.map((h) => ({
          key: String(h.number),
          shown: [
            String(h.number),
            format.integer(h.par),
            h.average === null ? '–' : format.decimal(h.average, 2),
            h.overPar === null ? '–' : format.signed(h.overPar, 2),
            format.integer(h.rounds),
          ],
          raw: [h.number, h.par, h.average, h.overPar, h.rounds],
        })),
      }}
      chart={(labelledBy) => (
        <BarChart
          height={CHART_HEIGHT}
          margin={chartMargin}
          xAxis={[{ scaleType: 'band', data: holes.map((h) => String(h.number)), label: t('insights.games.hole') }]}
          yAxis={[{ label: t('insights.games.overPar'), width: 72, valueFormatter: (v: number) => format.tick(v) }]}
          series={[
            {
              data: holes.map((h) => (h.overPar === null ? null : Math.round(h.overPar * 100) / 100)),
              label: t('insights.games.overPar'),
              color: CHART_COLOURS[0],
              valueFormatter: (v: number | null) => (v === null ? '' : format.signed(v, 2)),
            },
          ]}
          hideLegend
          disableKeyboardNavigation
          aria-labelledby={labelledBy}
        />
      )}
    />
  );
}

/** Pace of play per hole in a time-of-day band: minutes on the hole and the growth of the gap to the group ahead (bottlenecks highlighted). */
export function PaceSection({ data, format }: SectionProps) {
  const { t } = useTranslation();
  const courseIds = paceCourses(data.pace);
  const names = new Map(data.holes.map((h) => [h.course_id, h.course_name]));
  const [picked, setPicked] = useState<number | null>(null);
  const courseId = courseIds.includes(picked ?? -1) ? picked! : (courseIds[0] ?? 0);
  const counts = bandRounds(data.pace, courseId);
  const busiest = PACE_BANDS.reduce((a, b) => (counts[b] > counts[a] ? b : a), PACE_BANDS[0]);
  const [chosenBand, setBand] = useState<PaceBand | null>(null);
  const band = chosenBand ?? busiest;
  const holes = paceHoles(data.pace, courseId, band);
  const bottlenecks = holes.filter((h) => h.bottleneck).sort((a, b) => b.gapGrowth! - a.gapGrowth!);
  const courseName = names.get(courseId) ?? '';
  return (
    <InsightSection
      testId="section-pace"
      title={t('insights.games.paceTitle')}
      description={t('insights.games.paceHint')}
      controls={
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <CoursePicker courses={courseIds.map((id) => ({ id, name: names.get(id) ?? `#${id}` }))} value={courseId} onChange={setPicked} />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={band}
            onChange={(_e, v: PaceBand | null) => v && setBand(v)}
            aria-label={t('insights.games.band')}
            sx={{ flexWrap: 'wrap' }}
          >
            {PACE_BANDS.map((b) => (
              <ToggleButton key={b} value={b} sx={{ textTransform: 'none' }}>
                {t(`insights.games.bands.${b}`)} ({format.integer(counts[b])})
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      }
      summary={
        holes.length > 0 && (
          <Typography variant="body2" data-testid="bottlenecks" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {bottlenecks.length === 0
              ? t('insights.games.noBottlenecks')
              : (
                <>
                  <span>{t('insights.games.bottlenecks')}</span>
                  {bottlenecks.map((h) => (
                    <Chip
                      key={h.number}
                      size="small"
                      color="error"
                      variant="outlined"
                      label={t('insights.games.bottleneckHole', { hole: h.number, minutes: format.signed(h.gapGrowth!, 1) })}
                    />
                  ))}
                </>
              )}
          </Typography>
        )
      }
      fileName={csvFileName('pace', courseName, band, data.from, data.to)}
      empty={holes.every((h) => h.minutes === null) ? t('insights.games.noPace') : null}
      table={{
        header: [t('insights.games.hole'), t('insights.games.minutesOnHole'), t('insights.games.gapGrowth'), t('insights.games.rounds'), t('insights.games.bottleneck')],
        numeric: [false, true, true, true, false],
        rows: holes.map((h) => ({
          key: String(h.number),
          highlight: h.bottleneck,
          shown: [
            String(h.number),
            h.minutes === null ? '–' : format.decimal(h.minutes, 1),
            h.gapGrowth === null ? '–' : format.signed(h.gapGrowth, 1),
            format.integer(h.rounds),
            h.bottleneck ? t('insights.games.yes') : '',
          ],
          raw: [h.number, h.minutes, h.gapGrowth, h.rounds, h.bottleneck ? 1 : 0],
        })),
      }}
      chart={(labelledBy) => (
        <BarChart
          height={CHART_HEIGHT}
          margin={chartMargin}
          xAxis={[{ scaleType: 'band', data: holes.map((h) => String(h.number)), label: t('insights.games.hole') }]}
          yAxis={[{ label: t('insights.games.minutes'), width: 72, valueFormatter: (v: number) => format.tick(v) }]}
          series={[
            {
              data: holes.map((h) => (h.minutes === null ? null : Math.round(h.minutes * 10) / 10)),
              label: t('insights.games.minutesOnHole'),
              color: CHART_COLOURS[1],
              valueFormatter: (v: number | null) => (v === null ? '' : format.decimal(v, 1)),
            },
            {
              data: holes.map((h) => (h.bottleneck || h.gapGrowth === null ? null : Math.round(h.gapGrowth * 10) / 10)),
              label: t('insights.games.gapGrowth'),
              stack: 'gap',
              color: CHART_COLOURS[2],
              valueFormatter: (v: number | null) => (v === null ? '' : format.signed(v, 1)),
            },
            {
              data: holes.map((h) => (h.bottleneck ? Math.round(h.gapGrowth! * 10) / 10 : null)),
              label: t('insights.games.bottleneckSeries'),
              stack: 'gap',
              color: WARN_COLOUR,
              valueFormatter: (v: number | null) => (v === null ? '' : format.signed(v, 1)),
            },
          ]}
          disableKeyboardNavigation
          aria-labelledby={labelledBy}
        />
      )}
    />
  );
}

/** Downloads of the guides' products per product and year. */
export function DownloadsSection({ data, format }: SectionProps) {
  const { t } = useTranslation();
  const table = downloadsTable(data.downloads);
  const product = (p: string) => t(`products.product.${p}`, { defaultValue: p });
  return (
    <InsightSection
      testId="section-downloads"
      title={t('insights.games.downloadsTitle')}
      description={t('insights.games.downloadsHint')}
      fileName={csvFileName('downloads', data.from, data.to)}
      empty={table.years.length === 0 ? t('insights.games.noDownloads') : null}
      table={{
        header: [t('insights.games.year'), ...table.products.map(product), t('insights.games.total')],
        numeric: [false, ...table.products.map(() => true), true],
        rows: table.years.map((y, i) => ({
          key: String(y),
          shown: [String(y), ...table.counts[i].map((n) => format.integer(n)), format.integer(table.counts[i].reduce((a, b) => a + b, 0))],
          raw: [y, ...table.counts[i], table.counts[i].reduce((a, b) => a + b, 0)],
        })),
      }}
      chart={(labelledBy) => (
        <BarChart
          height={CHART_HEIGHT}
          margin={chartMargin}
          xAxis={[{ scaleType: 'band', data: table.years.map(String), label: t('insights.games.year') }]}
          yAxis={[{ label: t('insights.games.downloads'), width: 72, valueFormatter: (v: number) => format.tick(v) }]}
          series={table.products.map((p, i) => ({
            data: table.counts.map((row) => row[i]),
            label: product(p),
            color: CHART_COLOURS[i % CHART_COLOURS.length],
            valueFormatter: (v: number | null) => (v === null ? '' : format.integer(v)),
          }))}
          disableKeyboardNavigation
          aria-labelledby={labelledBy}
        />
      )}
    />
  );
}

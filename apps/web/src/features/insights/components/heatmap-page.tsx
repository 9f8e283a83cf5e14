import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  defaultHeatmapFilter,
  HEATMAP_MIN_PLAYERS,
  type HeatmapFilter,
  type HeatmapRequest,
  type HeatmapResponse,
  type SavedHeatmapFilter,
} from '@golf/contract/api/insights';
import { awaitQueries } from '../../../components/ui/query-gate';
import { EmptyState } from '../../../components/ui/empty-state';
import { useCourseDrawings } from '../../../lib/courses/course-drawings';
import { useCourses } from '../../../lib/courses/queries';
import { errorText } from '../../../lib/error-text';
import { useElementsForEdit } from '../../../lib/map/graphics-queries';
import { useClubId } from '../../../lib/use-club-id';
import { useGamesInsights, useHeatmap, useHeatmapCourses } from '../api/insights';
import { todayIso } from '../utils/dates';
import { insightFormat, type InsightFormat } from '../utils/format';
import { COMPARE_PRESETS, comparePreset, filterProblems, GRADIENTS, type ComparePreset } from '../utils/heatmap';
import type { HeatmapHole } from '../map/heatmap-controller';
import { HeatmapFilterForm } from './heatmap-filter-form';
import { SavedFilters } from './saved-filters';

const HeatmapMap = lazy(() => import('./heatmap-map'));

/** How long the filters rest before the map asks again (ms). */
export const HEATMAP_DEBOUNCE_MS = 400;

/** A value that follows `value` once it has not changed for `ms` (compared by content). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // The content decides, not the object's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return settled;
}

/**
 * /:clubId/insights/heatmap — where on the course the club's golfers hit their shots (and walk,
 * with the game tracks): the course map with the binned positions as a WebGL heatmap, every filter
 * of §3 with the §9 defaults, saved filters, and a compare mode that maps one filter set against
 * another as a difference.
 */
export function HeatmapPage() {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const courses = useHeatmapCourses(clubId);
  const gate = awaitQueries([courses], { rows: 8, errorTitle: t('insights.heatmap.coursesFailed') });
  if (gate.view) return gate.view;
  const [list] = gate.data;
  if (list.length === 0)
    return (
      <Card>
        <EmptyState title={t('insights.heatmap.noCourses')}>{t('insights.heatmap.noCoursesHint')}</EmptyState>
      </Card>
    );
  return <HeatmapScreen clubId={clubId} courses={list} language={i18n.language} />;
}

function HeatmapScreen({ clubId, courses, language }: { clubId: number; courses: { id: number; name: string; rounds: number; extent: [number, number, number, number] | null }[]; language: string }) {
  const { t } = useTranslation();
  const today = useMemo(() => todayIso(), []);
  const format = useMemo(() => insightFormat(language), [language]);
  const [courseId, setCourseId] = useState(() => [...courses].sort((a, b) => b.rounds - a.rounds)[0].id);
  const course = courses.find((c) => c.id === courseId) ?? courses[0];
  const [filter, setFilter] = useState<HeatmapFilter>(() => defaultHeatmapFilter(today));
  const [compareOn, setCompareOn] = useState(false);
  const [compareFilter, setCompareFilter] = useState<HeatmapFilter>(() => defaultHeatmapFilter(today));
  const [side, setSide] = useState<'a' | 'b'>('a');
  const [loadedId, setLoadedId] = useState<number | null>(null);
  // The map tells the cell size its scale asks for once it has fitted the course: nothing is asked before.
  const [cellMetres, setCellMetres] = useState<number | null>(null);
  const describedBy = useId();

  // The guides to filter by: the games answer of one day lists the club's guides.
  const guides = useGamesInsights(clubId, { from: today, to: today, interval: 'week', guideIds: [] });
  const guideList = guides.data?.guides ?? [];

  const problems = [...filterProblems(filter), ...(compareOn ? filterProblems(compareFilter) : [])];
  const wanted: HeatmapRequest | null =
    problems.length > 0 || cellMetres === null ? null : { course_id: course.id, cell_metres: cellMetres, filter, ...(compareOn ? { compare: compareFilter } : {}) };
  const request = useDebounced(wanted, HEATMAP_DEBOUNCE_MS);
  const heatmap = useHeatmap(clubId, request);

  // The holes under the heat: drawn when the user may read the course's drawings.
  const clubCourses = useCourses(clubId);
  const elements = useElementsForEdit(clubId);
  const drawnCourse = clubCourses.data?.find((c) => c.id === course.id);
  const drawings = useCourseDrawings(clubId, drawnCourse?.holes ?? []);
  const holes = useMemo<HeatmapHole[]>(
    () =>
      (drawnCourse?.holes ?? []).flatMap((h, i) => {
        const d = drawings.data[i];
        return d ? [{ id: h.id, number: h.order, features: d.drawing.features }] : [];
      }),
    [drawnCourse, drawings.data],
  );

  const applyPreset = (preset: ComparePreset) => {
    const next = comparePreset(preset, filter);
    setFilter(next.filter);
    setCompareFilter(next.compare);
    setCompareOn(true);
    setLoadedId(null);
  };
  const load = (saved: SavedHeatmapFilter | null) => {
    setLoadedId(saved?.id ?? null);
    if (saved) {
      setFilter(saved.filter);
      setSide('a');
    }
  };
  const editing = compareOn && side === 'b' ? compareFilter : filter;
  const setEditing = compareOn && side === 'b' ? setCompareFilter : setFilter;
  const waiting = heatmap.isFetching || JSON.stringify(wanted) !== JSON.stringify(request);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0, order: { xs: 1, md: 0 } }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField select size="small" label={t('insights.heatmap.course')} value={course.id} onChange={(e) => setCourseId(Number(e.target.value))} sx={{ minWidth: 220 }}>
            {courses.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {t('insights.heatmap.courseOption', { name: c.name, rounds: format.integer(c.rounds) })}
              </MenuItem>
            ))}
          </TextField>
          <Counts response={heatmap.data} compare={compareOn} format={format} />
        </Box>
        <Box sx={{ position: 'relative' }}>
          <Suspense fallback={<Box sx={{ height: { xs: 380, md: 480 } }} />}>
            <HeatmapMap
              extent={course.extent}
              courseId={course.id}
              holes={holes}
              elements={elements.data ?? []}
              cells={heatmap.data?.course_id === course.id ? heatmap.data.cells : []}
              compare={compareOn && heatmap.data?.compare_rounds !== null && heatmap.data?.compare_rounds !== undefined}
              onCellMetres={setCellMetres}
              describedBy={describedBy}
            />
          </Suspense>
          {waiting && problems.length === 0 && (
            <Box
              role="status"
              data-testid="heatmap-loading"
              sx={{ position: 'absolute', top: 8, left: '50%', transform: 'translateX(-50%)', display: 'flex', gap: 1, alignItems: 'center', bgcolor: 'background.paper', px: 1.5, py: 0.5, borderRadius: 4, boxShadow: 2 }}
            >
              <CircularProgress size={16} aria-hidden />
              <Typography variant="body2">{t('insights.heatmap.binning')}</Typography>
            </Box>
          )}
        </Box>
        <Box id={describedBy} sx={{ display: 'grid', gap: 1 }}>
          <Legend compare={compareOn} />
          <Typography variant="body2" color="text.secondary">
            {t('insights.heatmap.privacy', { min: HEATMAP_MIN_PLAYERS })} {cellMetres !== null && t('insights.heatmap.cellSize', { metres: cellMetres })}
          </Typography>
        </Box>
        {heatmap.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void heatmap.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('insights.heatmap.failed')} {errorText(heatmap.error, t)}
          </Alert>
        )}
        {problems.length > 0 && <Alert severity="warning">{t('insights.heatmap.invalid')}</Alert>}
        {heatmap.data?.truncated && <Alert severity="info">{t('insights.heatmap.truncated')}</Alert>}
      </Box>
      <Card component="section" aria-label={t('insights.heatmap.filters')} sx={{ order: { xs: 2, md: 1 } }}>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <SavedFilters clubId={clubId} filter={filter} loadedId={loadedId} onLoad={load} />
          <Box sx={{ display: 'grid', gap: 1 }}>
            <FormControlLabel
              control={<Switch checked={compareOn} onChange={(e) => setCompareOn(e.target.checked)} />}
              label={t('insights.heatmap.compare')}
            />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label={t('insights.heatmap.presets')}>
              {COMPARE_PRESETS.map((p) => (
                <Button key={p} size="small" variant="outlined" onClick={() => applyPreset(p)} sx={{ textTransform: 'none' }}>
                  {t(`insights.heatmap.preset.${p}`)}
                </Button>
              ))}
            </Box>
          </Box>
          {compareOn && (
            <Tabs value={side} onChange={(_e, v: 'a' | 'b') => setSide(v)} variant="fullWidth" aria-label={t('insights.heatmap.sets')}>
              <Tab value="a" label={t('insights.heatmap.setA')} />
              <Tab value="b" label={t('insights.heatmap.setB')} />
            </Tabs>
          )}
          <HeatmapFilterForm key={compareOn ? side : 'a'} value={editing} onChange={setEditing} guides={guideList} language={language} />
          <Button
            size="small"
            onClick={() => {
              setEditing(defaultHeatmapFilter(today));
              if (!compareOn || side === 'a') setLoadedId(null);
            }}
            sx={{ justifySelf: 'start' }}
          >
            {t('insights.heatmap.reset')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}

/** Rounds and positions the filter matched, and the cells hidden for privacy. */
function Counts({ response, compare, format }: { response: HeatmapResponse | undefined; compare: boolean; format: InsightFormat }) {
  const { t } = useTranslation();
  if (!response) return null;
  const bothSides = compare && response.compare_rounds !== null;
  return (
    <Box component="dl" data-testid="heatmap-counts" aria-live="polite" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', m: 0, '& dd': { m: 0, fontWeight: 600 }, '& dt': { color: 'text.secondary', fontSize: '0.8rem' } }}>
      <Box>
        <dt>{bothSides ? t('insights.heatmap.roundsA') : t('insights.heatmap.rounds')}</dt>
        <dd data-testid="count-rounds">{format.integer(response.rounds)}</dd>
      </Box>
      <Box>
        <dt>{bothSides ? t('insights.heatmap.positionsA') : t('insights.heatmap.positions')}</dt>
        <dd data-testid="count-positions">{format.integer(response.positions)}</dd>
      </Box>
      {bothSides && (
        <>
          <Box>
            <dt>{t('insights.heatmap.roundsB')}</dt>
            <dd data-testid="count-compare-rounds">{format.integer(response.compare_rounds ?? 0)}</dd>
          </Box>
          <Box>
            <dt>{t('insights.heatmap.positionsB')}</dt>
            <dd>{format.integer(response.compare_positions ?? 0)}</dd>
          </Box>
        </>
      )}
      <Box>
        <dt>{t('insights.heatmap.hidden')}</dt>
        <dd data-testid="count-hidden">{format.integer(response.hidden_cells)}</dd>
      </Box>
    </Box>
  );
}

/** The colours' meaning: fewer to more positions, or in compare mode which set has the larger share. */
function Legend({ compare }: { compare: boolean }) {
  const { t } = useTranslation();
  const bar = (colours: readonly string[], reverse = false) => (
    <Box aria-hidden sx={{ height: 10, flex: '1 1 80px', minWidth: 60, borderRadius: 1, background: `linear-gradient(to ${reverse ? 'left' : 'right'}, ${colours.join(', ')})` }} />
  );
  return (
    <Box data-testid="heatmap-legend" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', fontSize: '0.85rem' }}>
      {compare ? (
        <>
          <span>{t('insights.heatmap.legendMoreB')}</span>
          {bar(GRADIENTS.negative, true)}
          {bar(GRADIENTS.positive)}
          <span>{t('insights.heatmap.legendMoreA')}</span>
        </>
      ) : (
        <>
          <span>{t('insights.heatmap.legendFew')}</span>
          {bar(GRADIENTS.single)}
          <span>{t('insights.heatmap.legendMany')}</span>
        </>
      )}
    </Box>
  );
}

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { GAMES_MAX_DAYS, INSIGHT_INTERVALS, IsoDate, type InsightInterval } from '@golf/contract/api/insights';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { useClubId } from '../../../lib/use-club-id';
import { useGamesInsights, type GamesParams } from '../api/insights';
import { DATE_PRESETS, daysInRange, presetOf, presetRange, todayIso, type DateRange } from '../utils/dates';
import { insightFormat } from '../utils/format';
import { hasGames } from '../utils/games';
import { DownloadsSection, GamesSection, HolesSection, PaceSection } from './games-sections';
import { RoundTimeSection } from './round-time-section';

/** Why a typed range cannot be asked for, as a translation key with values; null when it can. */
function rangeProblem(range: DateRange): { key: string; values?: Record<string, number> } | null {
  if (!range.from || !range.to) return { key: 'insights.games.rangeMissing' };
  if (!IsoDate.safeParse(range.from).success || !IsoDate.safeParse(range.to).success) return { key: 'insights.games.dateFormat' };
  if (range.from > range.to) return { key: 'insights.games.rangeBackwards' };
  if (daysInRange(range) > GAMES_MAX_DAYS) return { key: 'insights.games.rangeTooLong', values: { max: GAMES_MAX_DAYS } };
  return null;
}

/**
 * /:clubId/insights/games — how the club's golfers play (§2 Insights): games per guide over time,
 * strokes against par per hole, round time against the club's goal, pace of play per hole by time
 * of day, downloads per product and year. Each section a chart with a table view and CSV export.
 */
export function GamesPage() {
  const { t, i18n } = useTranslation();
  const clubId = useClubId();
  const today = useMemo(() => todayIso(), []);
  const [range, setRange] = useState<DateRange>(() => presetRange('thisYear', today));
  const [interval, setInterval] = useState<InsightInterval>('week');
  const [guideIds, setGuideIds] = useState<number[]>([]);
  const problem = rangeProblem(range);
  // The last range that could be asked for stays asked while the typed one is incomplete.
  const [asked, setAsked] = useState<DateRange>(range);
  if (!problem && (asked.from !== range.from || asked.to !== range.to)) setAsked(range);
  const params: GamesParams = { ...asked, interval, guideIds };
  const games = useGamesInsights(clubId, params);
  const format = useMemo(() => insightFormat(i18n.language), [i18n.language]);
  const preset = presetOf(range, today) ?? 'custom';
  const guides = games.data?.guides ?? [];
  const guideLabel = t('insights.games.guides');

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)', maxWidth: 1200 }}>
      <Card component="section" aria-label={t('insights.games.filters')}>
        <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            label={t('insights.games.period')}
            value={preset}
            onChange={(e) => e.target.value !== 'custom' && setRange(presetRange(e.target.value as (typeof DATE_PRESETS)[number], today))}
            sx={{ minWidth: 180, flex: '1 1 180px' }}
          >
            {DATE_PRESETS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`insights.games.presets.${p}`)}
              </MenuItem>
            ))}
            <MenuItem value="custom">{t('insights.games.presets.custom')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            label={t('insights.games.from')}
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.target.value.trim() })}
            placeholder={t('insights.games.datePlaceholder')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            error={problem !== null}
            helperText={problem ? t(problem.key, problem.values) : undefined}
            sx={{ flex: '1 1 150px' }}
          />
          <TextField
            size="small"
            label={t('insights.games.to')}
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.target.value.trim() })}
            placeholder={t('insights.games.datePlaceholder')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            error={problem !== null}
            sx={{ flex: '1 1 150px' }}
          />
          <FormControl size="small" sx={{ minWidth: 200, flex: '2 1 200px' }}>
            <InputLabel id="insights-guides-label" shrink>{guideLabel}</InputLabel>
            <Select<number[]>
              multiple
              labelId="insights-guides-label"
              value={guideIds}
              onChange={(e) => setGuideIds(typeof e.target.value === 'string' ? [] : e.target.value)}
              input={<OutlinedInput label={guideLabel} />}
              displayEmpty
              renderValue={(ids) =>
                ids.length === 0 ? t('insights.games.allGuides') : ids.map((id) => guides.find((g) => g.id === id)?.title ?? `#${id}`).join(', ')
              }
              // The label floats over "All guides" when none is chosen.
              notched
            >
              {guides.map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  <Checkbox checked={guideIds.includes(g.id)} size="small" sx={{ p: 0, mr: 1 }} />
                  <ListItemText primary={g.title} />
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <ToggleButtonGroup size="small" exclusive value={interval} onChange={(_e, v: InsightInterval | null) => v && setInterval(v)} aria-label={t('insights.games.interval')}>
            {INSIGHT_INTERVALS.map((i) => (
              <ToggleButton key={i} value={i} sx={{ px: 2 }}>
                {t(`insights.games.intervals.${i}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </CardContent>
        {/* Another range or guide is loading while the last answer stays on screen. */}
        <Box sx={{ height: 4 }}>{games.isFetching && !games.isPending && <LinearProgress aria-label={t('insights.games.updating')} />}</Box>
      </Card>
      {games.isPending ? (
        <LoadingState rows={6} />
      ) : games.isError && !games.data ? (
        <ErrorState error={games.error} title={t('insights.games.loadFailed')} onRetry={() => void games.refetch()} />
      ) : !hasGames(games.data) ? (
        <Paper variant="outlined">
          <EmptyState title={t('insights.games.empty', { from: format.date(games.data.from), to: format.date(games.data.to) })}>{t('insights.games.emptyHint')}</EmptyState>
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="games-sections">
          {games.isError && <ErrorState error={games.error} title={t('insights.games.loadFailed')} onRetry={() => void games.refetch()} />}
          <GamesSection data={games.data} format={format} />
          <HolesSection data={games.data} format={format} />
          <RoundTimeSection clubId={clubId} data={games.data} format={format} />
          <PaceSection data={games.data} format={format} />
          <DownloadsSection data={games.data} format={format} />
        </Box>
      )}
    </Box>
  );
}

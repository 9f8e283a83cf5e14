import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { InsightSettings, type GamesInsights } from '@golf/contract/api/insights';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useInsightSettings, useSaveInsightSettings } from '../api/insights';
import { csvFileName } from '../utils/csv';
import { hoursMinutes, type InsightFormat } from '../utils/format';
import { histogramAtGoal } from '../utils/games';
import { CHART_COLOURS, WARN_COLOUR } from './games-sections';
import { InsightSection } from './insight-section';

/** Round time (18-hole rounds that ended): average, median, 90th percentile, the share over the club's goal, and the distribution. */
export function RoundTimeSection({ clubId, data, format }: { clubId: number; data: GamesInsights; format: InsightFormat }) {
  const { t } = useTranslation();
  const time = data.round_time;
  const settings = useInsightSettings(clubId);
  // The goal the answer was computed with; the form edits the club's stored one.
  const goal = data.round_goal_minutes;
  const storedGoal = settings.data?.round_goal_minutes ?? goal;
  const buckets = histogramAtGoal(time.histogram, goal);
  const duration = (minutes: number | null) => (minutes === null ? '–' : t('insights.games.duration', hoursMinutes(minutes)));
  const bucketLabel = (b: { start: number; end: number }) => `${b.start}–${b.end}`;
  const stats = [
    { key: 'rounds', label: t('insights.games.rounds'), value: format.integer(time.rounds) },
    { key: 'average', label: t('insights.games.average'), value: duration(time.average) },
    { key: 'median', label: t('insights.games.median'), value: duration(time.median) },
    { key: 'p90', label: t('insights.games.p90'), value: duration(time.p90) },
    { key: 'overGoal', label: t('insights.games.overGoal', { goal: duration(goal) }), value: time.over_goal === null ? '–' : format.percent(time.over_goal) },
  ];
  return (
    <InsightSection
      testId="section-round-time"
      title={t('insights.games.roundTimeTitle')}
      description={t('insights.games.roundTimeHint')}
      controls={<GoalForm key={storedGoal} clubId={clubId} goal={storedGoal} />}
      summary={
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))', gap: 1, m: 0 }} data-testid="round-time-stats">
          {stats.map((s) => (
            <Box key={s.key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {s.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontSize: '1.1rem' }}>
                {s.value}
              </Typography>
            </Box>
          ))}
        </Box>
      }
      fileName={csvFileName('round-time', data.from, data.to)}
      empty={time.rounds === 0 ? t('insights.games.noRoundTimes') : null}
      table={{
        header: [t('insights.games.minutesBucket'), t('insights.games.withinGoal'), t('insights.games.overGoalRounds')],
        numeric: [false, true, true],
        rows: buckets.map((b) => ({
          key: String(b.start),
          highlight: b.over > 0,
          shown: [bucketLabel(b), format.integer(b.within), format.integer(b.over)],
          raw: [bucketLabel(b), b.within, b.over],
        })),
      }}
      chart={(labelledBy) => (
        <BarChart
          height={300}
          margin={{ left: 4, right: 12, top: 12, bottom: 4 }}
          xAxis={[{ scaleType: 'band', data: buckets.map(bucketLabel), label: t('insights.games.minutesBucket') }]}
          yAxis={[{ label: t('insights.games.rounds'), width: 72, valueFormatter: (v: number) => format.tick(v) }]}
          series={[
            { data: buckets.map((b) => b.within), label: t('insights.games.withinGoal'), stack: 'time', color: CHART_COLOURS[0], valueFormatter: (v: number | null) => (v ? format.integer(v) : null) },
            { data: buckets.map((b) => b.over), label: t('insights.games.overGoalRounds'), stack: 'time', color: WARN_COLOUR, valueFormatter: (v: number | null) => (v ? format.integer(v) : null) },
          ]}
          disableKeyboardNavigation
          aria-labelledby={labelledBy}
        />
      )}
    />
  );
}

/** The club's goal round time in minutes (PUT insights/settings); saved with a snackbar. */
function GoalForm({ clubId, goal }: { clubId: number; goal: number }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const save = useSaveInsightSettings(clubId);
  const [value, setValue] = useState(String(goal));
  const parsed = InsightSettings.safeParse({ round_goal_minutes: value.trim() === '' ? NaN : Number(value) });
  const invalid = !parsed.success;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
      snackbar.confirm(t('insights.games.goalSaved', { minutes: parsed.data.round_goal_minutes }));
    } catch (error) {
      snackbar.error(t('insights.games.goalFailed'), errorText(error, t));
    }
  };
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        type="number"
        label={t('insights.games.goal')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={invalid}
        helperText={invalid ? t('insights.games.goalRange', { min: 60, max: 600 }) : t('insights.games.goalHelp')}
        slotProps={{ htmlInput: { min: 60, max: 600, step: 5 } }}
        sx={{ width: 220 }}
      />
      <Button type="submit" variant="outlined" disabled={invalid || save.isPending || Number(value) === goal}>
        {t('insights.games.saveGoal')}
      </Button>
    </Box>
  );
}

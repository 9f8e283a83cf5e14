import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { HANDICAP_RANGE, IsoDate, POINTS_RANGE, SHOTS_RANGE, type HeatmapFilter } from '@golf/contract/api/insights';
import { minutesToTime, timeToMinutes, WEEK_ORDER } from '../utils/heatmap';

/** A labelled group of the filter form. */
function Field({ label, children, id }: { label: string; children: ReactNode; id: string }) {
  return (
    <Box role="group" aria-labelledby={id} sx={{ display: 'grid', gap: 0.5 }}>
      <Typography id={id} variant="subtitle2" component="p">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/** A two-thumb slider of a numeric range, its values written beside the label. */
function RangeSlider({
  label,
  value,
  min,
  max,
  step,
  onChange,
  text,
  thumbs,
}: {
  label: string;
  value: [number, number];
  min: number;
  max: number;
  step: number;
  onChange: (v: [number, number]) => void;
  text: (n: number) => string;
  thumbs: [string, string];
}) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id} sx={{ display: 'grid', px: 1 }}>
      <Typography id={id} variant="subtitle2" component="p" sx={{ mx: -1 }}>
        {label}: {text(value[0])} – {text(value[1])}
      </Typography>
      <Slider
        size="small"
        value={value}
        min={min}
        max={max}
        step={step}
        onChange={(_e, v) => Array.isArray(v) && onChange([v[0], v[1]])}
        getAriaLabel={(i) => thumbs[i]}
        getAriaValueText={text}
        valueLabelDisplay="auto"
        valueLabelFormat={text}
        disableSwap
      />
    </Box>
  );
}

/**
 * Every filter of §3 over one filter set: sex, home or guest, handicap, date and time played,
 * weekdays, points, shots, guides, the shot-tracked share and which positions to show. Each change
 * is handed up at once (the page debounces the request).
 */
export function HeatmapFilterForm({
  value,
  onChange,
  guides,
  language,
}: {
  value: HeatmapFilter;
  onChange: (next: HeatmapFilter) => void;
  guides: { id: number; title: string }[];
  language: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = <K extends keyof HeatmapFilter>(key: K, v: HeatmapFilter[K]) => onChange({ ...value, [key]: v });
  const decimal = useMemo(() => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }), [language]);
  const percent = useMemo(() => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }), [language]);
  const weekdays = useMemo(() => {
    // 2023-01-01 was a Sunday: day d of the contract (0 = Sunday) is 1 January plus d days.
    const short = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
    return WEEK_ORDER.map((d) => {
      const date = new Date(Date.UTC(2023, 0, 1 + d));
      return { day: d, short: short.format(date), long: long.format(date) };
    });
  }, [language]);
  const [first, last] = value.datePlayed;
  const dateProblem =
    !first || !last ? 'missing' : !IsoDate.safeParse(first).success || !IsoDate.safeParse(last).success ? 'format' : first > last ? 'backwards' : null;
  const guideLabel = t('insights.heatmap.guides');

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="heatmap-filter-form">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
        <Field label={t('insights.heatmap.sex')} id={`${id}-sex`}>
          <FormGroup>
            <FormControlLabel control={<Checkbox size="small" checked={value.male} onChange={(e) => set('male', e.target.checked)} />} label={t('insights.heatmap.male')} />
            <FormControlLabel control={<Checkbox size="small" checked={value.female} onChange={(e) => set('female', e.target.checked)} />} label={t('insights.heatmap.female')} />
          </FormGroup>
        </Field>
        <Field label={t('insights.heatmap.players')} id={`${id}-players`}>
          <FormGroup>
            <FormControlLabel control={<Checkbox size="small" checked={value.home} onChange={(e) => set('home', e.target.checked)} />} label={t('insights.heatmap.home')} />
            <FormControlLabel control={<Checkbox size="small" checked={value.guest} onChange={(e) => set('guest', e.target.checked)} />} label={t('insights.heatmap.guest')} />
          </FormGroup>
        </Field>
      </Box>
      <RangeSlider
        label={t('insights.heatmap.handicap')}
        value={value.handicap}
        min={HANDICAP_RANGE[0]}
        max={HANDICAP_RANGE[1]}
        step={0.5}
        onChange={(v) => set('handicap', v)}
        text={(n) => decimal.format(n)}
        thumbs={[t('insights.heatmap.handicapFrom'), t('insights.heatmap.handicapTo')]}
      />
      <Field label={t('insights.heatmap.datePlayed')} id={`${id}-dates`}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1, pt: 1 }}>
          <TextField
            size="small"
            label={t('insights.heatmap.from')}
            placeholder={t('insights.games.datePlaceholder')}
            value={value.datePlayed[0]}
            onChange={(e) => set('datePlayed', [e.target.value.trim(), value.datePlayed[1]])}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            error={dateProblem !== null}
          />
          <TextField
            size="small"
            label={t('insights.heatmap.to')}
            placeholder={t('insights.games.datePlaceholder')}
            value={value.datePlayed[1]}
            onChange={(e) => set('datePlayed', [value.datePlayed[0], e.target.value.trim()])}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            error={dateProblem !== null}
          />
        </Box>
        {dateProblem && (
          <Typography variant="caption" color="error" role="alert">
            {t(`insights.heatmap.dates.${dateProblem}`)}
          </Typography>
        )}
      </Field>
      <RangeSlider
        label={t('insights.heatmap.timePlayed')}
        value={[timeToMinutes(value.timePlayed[0]), timeToMinutes(value.timePlayed[1])]}
        min={0}
        max={24 * 60}
        step={30}
        onChange={([a, b]) => set('timePlayed', [minutesToTime(a), minutesToTime(b)])}
        text={minutesToTime}
        thumbs={[t('insights.heatmap.timeFrom'), t('insights.heatmap.timeTo')]}
      />
      <Field label={t('insights.heatmap.weekdays')} id={`${id}-weekdays`}>
        <ToggleButtonGroup
          size="small"
          value={value.weekday}
          onChange={(_e, days: number[]) => set('weekday', [...days].sort((a, b) => a - b))}
          aria-labelledby={`${id}-weekdays`}
          sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { flex: '1 0 auto', px: 0.75, textTransform: 'none' } }}
        >
          {weekdays.map((d) => (
            <ToggleButton key={d.day} value={d.day} title={d.long}>
              {d.short}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Field>
      <RangeSlider
        label={t('insights.heatmap.points')}
        value={value.points}
        min={POINTS_RANGE[0]}
        max={POINTS_RANGE[1]}
        step={1}
        onChange={(v) => set('points', v)}
        text={(n) => decimal.format(n)}
        thumbs={[t('insights.heatmap.pointsFrom'), t('insights.heatmap.pointsTo')]}
      />
      <RangeSlider
        label={t('insights.heatmap.shots')}
        value={value.shots}
        min={SHOTS_RANGE[0]}
        max={SHOTS_RANGE[1]}
        step={1}
        onChange={(v) => set('shots', v)}
        text={(n) => decimal.format(n)}
        thumbs={[t('insights.heatmap.shotsFrom'), t('insights.heatmap.shotsTo')]}
      />
      <FormControl size="small">
        <InputLabel id={`${id}-guides`} shrink>{guideLabel}</InputLabel>
        <Select<number[]>
          multiple
          labelId={`${id}-guides`}
          value={value.guides}
          onChange={(e) => set('guides', typeof e.target.value === 'string' ? [] : e.target.value)}
          input={<OutlinedInput label={guideLabel} notched />}
          displayEmpty
          renderValue={(ids) => (ids.length === 0 ? t('insights.heatmap.allGuides') : ids.map((g) => guides.find((x) => x.id === g)?.title ?? `#${g}`).join(', '))}
        >
          {guides.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              <Checkbox checked={value.guides.includes(g.id)} size="small" sx={{ p: 0, mr: 1 }} />
              <ListItemText primary={g.title} />
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Box sx={{ display: 'grid', px: 1 }}>
        <Typography id={`${id}-tracked`} variant="subtitle2" component="p" sx={{ mx: -1 }}>
          {t('insights.heatmap.shottracked', { share: percent.format(value.shottracked) })}
        </Typography>
        <Slider
          size="small"
          value={value.shottracked}
          min={0}
          max={1}
          step={0.05}
          onChange={(_e, v) => typeof v === 'number' && set('shottracked', v)}
          aria-labelledby={`${id}-tracked`}
          getAriaValueText={(v) => percent.format(v)}
          valueLabelDisplay="auto"
          valueLabelFormat={(v) => percent.format(v)}
        />
      </Box>
      <FormGroup>
        <FormControlLabel control={<Switch checked={value.includeShots} onChange={(e) => set('includeShots', e.target.checked)} />} label={t('insights.heatmap.includeShots')} />
        <FormControlLabel
          control={<Switch checked={value.includeGametracks} onChange={(e) => set('includeGametracks', e.target.checked)} />}
          label={t('insights.heatmap.includeGametracks')}
        />
      </FormGroup>
      {!value.includeShots && !value.includeGametracks && (
        <Typography variant="caption" color="warning.dark">
          {t('insights.heatmap.nothingIncluded')}
        </Typography>
      )}
    </Box>
  );
}

import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Controller } from 'react-hook-form';
import { HOURS_LIMITS, WEEKDAYS, type Weekday } from '@golf/contract/api/hours';
import { FormTextField } from '../../../components/form/form-text-field';
import { messageOf, newSeason, type HoursFormValues } from '../utils/hours-form';

/** Weekday names in the interface language (2024-01-01 was a Monday). */
export function weekdayName(day: Weekday, language: string, style: 'long' | 'short' = 'long'): string {
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day)));
  return new Intl.DateTimeFormat(language, { weekday: style, timeZone: 'UTC' }).format(date);
}

interface SectionProps {
  control: Control<HoursFormValues>;
  errors: FieldErrors<HoursFormValues>;
  setValue: UseFormSetValue<HoursFormValues>;
}

/** Seasons: a name, a date range and the hours of each weekday, or closed. */
export function SeasonsSection({ control, errors, setValue }: SectionProps) {
  const { t } = useTranslation();
  const seasons = useFieldArray({ control, name: 'seasons' });
  const full = seasons.fields.length >= HOURS_LIMITS.seasons;

  return (
    <Card component="section" aria-labelledby="hours-seasons">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
        <Box>
          <Typography variant="h2" id="hours-seasons">
            {t('hours.seasons')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('hours.seasonsHint')}
          </Typography>
        </Box>
        {messageOf(errors.seasons) && <Typography color="error">{messageOf(errors.seasons)}</Typography>}
        {seasons.fields.length === 0 && (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {t('hours.noSeasons')}
          </Typography>
        )}
        {seasons.fields.map((field, index) => (
          <SeasonEditor key={field.id} index={index} control={control} setValue={setValue} onRemove={() => seasons.remove(index)} />
        ))}
        <Box>
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => seasons.append(newSeason())} disabled={full}>
            {t('hours.addSeason')}
          </Button>
          {full && (
            <Typography variant="caption" color="text.secondary" sx={{ ml: 1.5 }}>
              {t('hours.limitReached', { max: HOURS_LIMITS.seasons })}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function SeasonEditor({
  index,
  control,
  setValue,
  onRemove,
}: {
  index: number;
  control: Control<HoursFormValues>;
  setValue: UseFormSetValue<HoursFormValues>;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const name = useWatch({ control, name: `seasons.${index}.name` });
  const monday = useWatch({ control, name: `seasons.${index}.days.mon` });
  const label = name?.trim() || t('hours.seasonNumber', { number: index + 1 });

  const copyMonday = () => {
    for (const day of WEEKDAYS.slice(1)) {
      setValue(`seasons.${index}.days.${day}`, { ...monday }, { shouldDirty: true, shouldValidate: true });
    }
  };

  return (
    <Box
      role="group"
      aria-label={label}
      data-testid={`season-${index}`}
      sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <FormTextField control={control} name={`seasons.${index}.name`} label={t('hours.seasonName')} placeholder={t('hours.seasonNamePlaceholder')} />
        <FormTextField control={control} name={`seasons.${index}.from`} label={t('hours.from')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
        <FormTextField control={control} name={`seasons.${index}.to`} label={t('hours.to')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
      </Box>

      <Box role="table" aria-label={t('hours.weekHours', { season: label })} sx={{ display: 'grid', gap: { xs: 1.5, sm: 1 } }}>
        {WEEKDAYS.map((day) => (
          <DayRow key={day} index={index} day={day} control={control} dayName={weekdayName(day, i18n.language)} />
        ))}
      </Box>

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Button size="small" startIcon={<ContentCopyOutlinedIcon />} onClick={copyMonday}>
          {t('hours.copyMonday', { day: weekdayName('mon', i18n.language) })}
        </Button>
        <Button size="small" color="error" startIcon={<DeleteOutlinedIcon />} onClick={onRemove}>
          {t('hours.removeSeason', { name: label })}
        </Button>
      </Box>
    </Box>
  );
}

function DayRow({ index, day, control, dayName }: { index: number; day: Weekday; control: Control<HoursFormValues>; dayName: string }) {
  const { t } = useTranslation();
  const closed = useWatch({ control, name: `seasons.${index}.days.${day}.closed` });
  return (
    <Box
      role="row"
      sx={{
        display: 'grid',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        gridTemplateColumns: { xs: '1fr 1fr', sm: '130px 130px minmax(0, 1fr) minmax(0, 1fr)' },
      }}
    >
      <Typography role="rowheader" sx={{ fontWeight: 600, textTransform: 'capitalize' }}>
        {dayName}
      </Typography>
      <Box role="cell" sx={{ justifySelf: { xs: 'end', sm: 'start' } }}>
        <Controller
          control={control}
          name={`seasons.${index}.days.${day}.closed`}
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={!field.value}
                  onChange={(e) => field.onChange(!e.target.checked)}
                  slotProps={{ input: { 'aria-label': t('hours.openOn', { day: dayName }) } }}
                />
              }
              label={field.value ? t('hours.closed') : t('hours.open')}
            />
          )}
        />
      </Box>
      <Box role="cell">
        <FormTextField
          control={control}
          name={`seasons.${index}.days.${day}.open`}
          label={t('hours.opens')}
          type="time"
          size="small"
          disabled={closed}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': t('hours.opensOn', { day: dayName }) } }}
        />
      </Box>
      <Box role="cell">
        <FormTextField
          control={control}
          name={`seasons.${index}.days.${day}.close`}
          label={t('hours.closes')}
          type="time"
          size="small"
          disabled={closed}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': t('hours.closesOn', { day: dayName }) } }}
        />
      </Box>
    </Box>
  );
}

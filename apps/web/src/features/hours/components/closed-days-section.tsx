import { useFieldArray, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { HOURS_LIMITS } from '@golf/contract/api/hours';
import { FormTextField } from '../../../components/form/form-text-field';
import { messageOf, type HoursFormValues } from '../utils/hours-form';

/** Single days the club is closed, each with the reason golfers see (holiday, tournament...). */
export function ClosedDaysSection({ control, errors }: { control: Control<HoursFormValues>; errors: FieldErrors<HoursFormValues> }) {
  const { t } = useTranslation();
  const days = useFieldArray({ control, name: 'closed_days' });
  const full = days.fields.length >= HOURS_LIMITS.closedDays;
  return (
    <Card component="section" aria-labelledby="hours-closed-days">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h2" id="hours-closed-days">
            {t('hours.closedDays')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('hours.closedDaysHint')}
          </Typography>
        </Box>
        {messageOf(errors.closed_days) && <Typography color="error">{messageOf(errors.closed_days)}</Typography>}
        {days.fields.length === 0 && (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {t('hours.noClosedDays')}
          </Typography>
        )}
        {days.fields.map((field, index) => (
          <Box
            key={field.id}
            role="group"
            aria-label={t('hours.closedDayNumber', { number: index + 1 })}
            sx={{ display: 'grid', gap: 1.5, alignItems: 'start', gridTemplateColumns: { xs: '1fr auto', sm: '190px minmax(0, 1fr) auto' } }}
          >
            <FormTextField
              control={control}
              name={`closed_days.${index}.date`}
              label={t('hours.date')}
              type="date"
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Box sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
              <FormTextField control={control} name={`closed_days.${index}.reason`} label={t('hours.reason')} size="small" placeholder={t('hours.reasonPlaceholder')} />
            </Box>
            <IconButton aria-label={t('hours.removeClosedDay', { number: index + 1 })} onClick={() => days.remove(index)} sx={{ mt: 0.25 }}>
              <DeleteOutlinedIcon />
            </IconButton>
          </Box>
        ))}
        <Box>
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => days.append({ date: '', reason: '' })} disabled={full}>
            {t('hours.addClosedDay')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

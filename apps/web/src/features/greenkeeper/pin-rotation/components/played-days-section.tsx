import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import type { PinRotation, PlayedDay } from '@golf/contract/api/greenkeeper';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { errorText } from '../../../../lib/error-text';
import { useSnackbar } from '../../../../lib/snackbar/snackbar-context';
import { usePinSetups } from '../../../../lib/courses/queries';
import { visuallyHiddenSx } from '../../../../lib/visually-hidden';
import { usePlayedDayMutations } from '../api/pin-rotation';
import { formatDay, isDate, localDate } from '../utils/rotation';

/**
 * The days recorded as played (newest first) with the setup used; recording another setup as the
 * one played on a date (PUT days/{date}, replacing that date's), and removing a day after a confirmation.
 */
export function PlayedDaysSection({ clubId, courseId, rotation }: { clubId: number; courseId: number; rotation: PinRotation }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const setups = usePinSetups(clubId, courseId);
  const { record, remove } = usePlayedDayMutations(clubId, courseId);
  const [date, setDate] = useState(() => localDate());
  const [setupId, setSetupId] = useState<number | ''>('');
  const [touched, setTouched] = useState(false);
  const [removing, setRemoving] = useState<PlayedDay | null>(null);
  const setupList = [...(setups.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const dateValid = isDate(date);
  const replaces = rotation.days.find((d) => d.date === date);

  const submit = async () => {
    setTouched(true);
    if (!dateValid || setupId === '') return;
    try {
      await record.mutateAsync({ date, pinSetupId: setupId });
      const name = setupList.find((s) => s.id === setupId)?.name ?? '';
      snackbar.confirm(t('greenkeeper.pins.dayRecorded', { name, date: formatDay(date, i18n.language) }));
      setTouched(false);
    } catch (error) {
      snackbar.error(t('greenkeeper.pins.dayRecordFailed'), errorText(error, t));
    }
  };

  const removeDay = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.date);
      snackbar.confirm(t('greenkeeper.pins.dayRemoved', { date: formatDay(removing.date, i18n.language) }));
    } catch (error) {
      snackbar.error(t('greenkeeper.pins.dayRemoveFailed'), errorText(error, t));
    }
    setRemoving(null);
  };

  return (
    <Card component="section" aria-labelledby="played-days-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Typography variant="h2" id="played-days-title">
          {t('greenkeeper.pins.playedDays')}
        </Typography>
        {rotation.days.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('greenkeeper.pins.noDays')}
          </Typography>
        ) : (
          <Box
            sx={{ maxHeight: 360, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
            tabIndex={0} role="region" aria-labelledby="played-days-title">
            <Table size="small" stickyHeader aria-labelledby="played-days-title" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('greenkeeper.pins.date')}</TableCell>
                  <TableCell>{t('greenkeeper.pins.setup')}</TableCell>
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHiddenSx}>
                      {t('greenkeeper.pins.actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rotation.days.map((day) => (
                  <TableRow key={day.date}>
                    <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{formatDay(day.date, i18n.language)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'break-word' }}>{day.pinSetupName ?? <Typography component="span" variant="body2" color="text.secondary">{t('greenkeeper.pins.setupGone')}</Typography>}</TableCell>
                    <TableCell align="right" sx={{ py: 0 }}>
                      <Tooltip title={t('greenkeeper.pins.removeDay')}>
                        <IconButton aria-label={t('greenkeeper.pins.removeDayOf', { date: formatDay(day.date, i18n.language) })} onClick={() => setRemoving(day)} size="small">
                          <DeleteOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Box
          component="form"
          noValidate
          aria-labelledby="record-day-title"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}
        >
          <Typography variant="h3" id="record-day-title" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            {t('greenkeeper.pins.recordDay')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '180px minmax(0, 1fr)' }, alignItems: 'start' }}>
            <TextField
              type="date"
              size="small"
              label={t('greenkeeper.pins.playedOn')}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              error={!dateValid}
              helperText={!dateValid ? t('greenkeeper.pins.errors.date') : replaces ? t('greenkeeper.pins.replacesDay', { name: replaces.pinSetupName ?? t('greenkeeper.pins.setupGone') }) : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              size="small"
              label={t('greenkeeper.pins.setup')}
              value={setupId}
              onChange={(e) => setSetupId(e.target.value === '' ? '' : Number(e.target.value))}
              error={touched && setupId === ''}
              helperText={
                setups.isError
                  ? t('greenkeeper.pins.setupsFailed')
                  : setups.data && setupList.length === 0
                    ? t('greenkeeper.pins.noSetups')
                    : touched && setupId === ''
                      ? t('greenkeeper.pins.errors.setupRequired')
                      : undefined
              }
              disabled={!setups.data || setupList.length === 0}
            >
              {setupList.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="outlined" startIcon={<EventAvailableOutlinedIcon />} disabled={record.isPending}>
              {record.isPending ? t('common.saving') : t('greenkeeper.pins.recordPlayed')}
            </Button>
          </Box>
        </Box>
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        title={t('greenkeeper.pins.confirmRemoveTitle', { date: removing ? formatDay(removing.date, i18n.language) : '' })}
        confirmLabel={t('greenkeeper.pins.removeDay')}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void removeDay()}
      >
        {t('greenkeeper.pins.confirmRemoveText')}
      </ConfirmDialog>
    </Card>
  );
}

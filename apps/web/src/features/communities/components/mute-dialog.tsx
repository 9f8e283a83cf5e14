import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VolumeOffIcon from '@mui/icons-material/VolumeOffOutlined';
import { COMMUNITY_LIMITS, type CommunityMember } from '@golf/contract/api/communities';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { dateInputValue, MUTE_PRESETS, muteLimit, muteUntil, useMuteMember, type MuteChoice } from '../api/members';

const CHOICES: MuteChoice[] = [...(Object.keys(MUTE_PRESETS) as MuteChoice[]), 'date'];

/**
 * Mutes a member for a time that ends by itself: 1 day, 1 week, 30 days, or until a day at most
 * COMMUNITY_LIMITS.muteMaxDays ahead. The member still reads the community but cannot post,
 * comment or reply until then. Shows when the mute will end before it is set.
 */
export function MuteDialog({ clubId, communityId, member, onClose }: { clubId: number; communityId: number; member: CommunityMember; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const mute = useMuteMember(clubId, communityId);
  // The moment the dialog opened: the lengths count from it, and the day's limits follow it.
  const [now] = useState(() => new Date());
  const [choice, setChoice] = useState<MuteChoice>('day');
  const [date, setDate] = useState('');
  const until = muteUntil(choice, now, date);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' });
  const name = member.name || member.email;

  const submit = async () => {
    if (!until) return;
    try {
      await mute.mutateAsync({ id: member.id, until: until.toISOString() });
      snackbar.confirm(t('communities.members.mute.done', { name, date: format.format(until) }));
      onClose();
    } catch {
      // Shown in the dialog (the reason from the server), which stays open to choose again.
    }
  };

  return (
    <Dialog open onClose={mute.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="community-mute-title">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="community-mute-title">{t('communities.members.mute.title', { name })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{t('communities.members.mute.intro')}</DialogContentText>
          {mute.isError && <Alert severity="error">{errorText(mute.error, t)}</Alert>}
          <FormControl>
            <FormLabel id="community-mute-length">{t('communities.members.mute.length')}</FormLabel>
            <RadioGroup aria-labelledby="community-mute-length" value={choice} onChange={(event) => setChoice(event.target.value as MuteChoice)}>
              {CHOICES.map((c) => (
                <FormControlLabel key={c} value={c} control={<Radio />} label={t(`communities.members.mute.choices.${c}`)} />
              ))}
            </RadioGroup>
          </FormControl>
          {choice === 'date' && (
            <TextField
              type="date"
              label={t('communities.members.mute.date')}
              value={date}
              onChange={(event) => setDate(event.target.value)}
              error={date !== '' && !until}
              helperText={t('communities.members.mute.dateHint', { days: COMMUNITY_LIMITS.muteMaxDays })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dateInputValue(now), max: dateInputValue(muteLimit(now)) } }}
            />
          )}
          <Typography aria-live="polite" data-testid="mute-until" sx={{ fontWeight: 600 }}>
            {until ? t('communities.members.mute.until', { date: format.format(until) }) : t('communities.members.mute.chooseDate')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mute.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" startIcon={<VolumeOffIcon />} disabled={mute.isPending || !until}>
            {t('communities.members.mute.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import SendIcon from '@mui/icons-material/SendOutlined';
import { INVITABLE_LIST_MAX, INVITE_SKIP_REASONS, type InvitableMember, type InvitationsResult } from '@golf/contract/api/communities';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useInvitable, useInviteToCommunity } from '../api/members';

/** How many were skipped for each reason, in words ('2 have joined already, 1 was mailed in the last 24 hours'). */
export function skippedText(result: InvitationsResult, t: TFunction): string {
  return INVITE_SKIP_REASONS.map((reason) => ({ reason, count: result.skipped.filter((s) => s.reason === reason).length }))
    .filter(({ count }) => count > 0)
    .map(({ reason, count }) => t(`communities.members.invite.reasons.${reason}`, { count }))
    .join(', ');
}

/** The snack after mailing invited members again (§8: 'No mails were sent' when none went out). */
export function invitationSnack(result: InvitationsResult, t: TFunction): { type: 'confirmation' | 'warning'; message: string; detail?: string } {
  const skipped = result.skipped.length ? skippedText(result, t) : undefined;
  if (result.sent === 0) return { type: 'warning', message: t('communities.members.invite.noneSent'), detail: skipped ?? t('communities.members.invite.noneSentDetail') };
  return { type: 'confirmation', message: t('communities.members.invite.sent', { count: result.sent }), detail: skipped && t('communities.members.invite.skippedDetail', { reasons: skipped }) };
}

const memberLine = (m: InvitableMember) => [m.email, m.union_number].filter(Boolean).join(' · ');

/**
 * Invites imported members of the club: search them (the club's imported members who are not in
 * the community), choose several across searches, send. The dialog then says how many were added,
 * mailed and skipped, and why.
 */
export function InviteDialog({ clubId, communityId, onClose }: { clubId: number; communityId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const snackbar = useSnackbar();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [chosen, setChosen] = useState<ReadonlyMap<number, InvitableMember>>(new Map());
  const [result, setResult] = useState<InvitationsResult | null>(null);
  const invitable = useInvitable(clubId, communityId, deferred, result === null);
  const invite = useInviteToCommunity(clubId, communityId);
  const shown = invitable.data ?? [];
  const allShown = shown.length > 0 && shown.every((m) => chosen.has(m.club_member_id));

  const choose = (members: readonly InvitableMember[], checked: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      for (const m of members) {
        if (checked) next.set(m.club_member_id, m);
        else next.delete(m.club_member_id);
      }
      return next;
    });

  const send = async () => {
    try {
      setResult(await invite.mutateAsync({ club_member_ids: [...chosen.keys()] }));
    } catch (error) {
      snackbar.error(t('communities.members.invite.failed'), errorText(error, t));
    }
  };

  return (
    <Dialog open onClose={invite.isPending ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="community-invite-title">
      <DialogTitle id="community-invite-title">{t('communities.members.invite.title')}</DialogTitle>
      {result ? (
        <DialogContent>
          <InvitationsSummary result={result} />
        </DialogContent>
      ) : (
        <DialogContent sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
          <DialogContentText>{t('communities.members.invite.intro')}</DialogContentText>
          <TextField
            type="search"
            size="small"
            label={t('communities.members.invite.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoFocus
            sx={{ mt: 1 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 40 }}>
            <FormControlLabel
              control={<Checkbox checked={allShown} disabled={shown.length === 0} onChange={(event) => choose(shown, event.target.checked)} />}
              label={t('communities.members.invite.chooseShown')}
            />
            <Typography sx={{ ml: 'auto', fontWeight: 600 }} aria-live="polite" data-testid="invite-chosen">
              {t('communities.members.invite.chosen', { count: chosen.size })}
            </Typography>
            {chosen.size > 0 && (
              <Button size="small" onClick={() => setChosen(new Map())}>
                {t('communities.members.invite.clear')}
              </Button>
            )}
          </Box>
          <Box sx={{ minHeight: 4 }}>{(invitable.isFetching || invitable.isPending) && <LinearProgress aria-label={t('communities.members.invite.loading')} />}</Box>
          {invitable.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void invitable.refetch()}>
                  {t('common.retry')}
                </Button>
              }
            >
              {t('communities.members.invite.loadFailed')}
            </Alert>
          ) : invitable.data && shown.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
              {deferred.trim() ? t('communities.members.invite.noMatch', { query: deferred.trim() }) : t('communities.members.invite.noneLeft')}
            </Typography>
          ) : (
            <List dense aria-label={t('communities.members.invite.listLabel')} sx={{ maxHeight: 360, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {shown.map((m) => {
                const checked = chosen.has(m.club_member_id);
                const id = `invitable-${m.club_member_id}`;
                return (
                  <ListItem key={m.club_member_id} disablePadding data-testid="invitable-row">
                    <ListItemButton onClick={() => choose([m], !checked)} dense>
                      <ListItemIcon sx={{ minWidth: 40 }}>
                        <Checkbox edge="start" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-labelledby': id } }} />
                      </ListItemIcon>
                      <ListItemText id={id} primary={m.name || m.email} secondary={memberLine(m)} slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }} />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )}
          {shown.length >= INVITABLE_LIST_MAX && (
            <Typography variant="body2" color="text.secondary">
              {t('communities.members.invite.firstOnly', { count: INVITABLE_LIST_MAX })}
            </Typography>
          )}
        </DialogContent>
      )}
      <DialogActions>
        {result ? (
          <Button variant="contained" onClick={onClose} autoFocus>
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={invite.isPending}>
              {t('common.cancel')}
            </Button>
            <Button variant="contained" startIcon={<SendIcon />} onClick={() => void send()} disabled={invite.isPending || chosen.size === 0}>
              {t('communities.members.invite.send')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** What an invitation did: added, mailed, skipped (with the reasons). */
function InvitationsSummary({ result }: { result: InvitationsResult }) {
  const { t } = useTranslation();
  const none = result.sent === 0;
  return (
    <Alert severity={none ? 'warning' : 'success'} role="status" data-testid="invite-result">
      <AlertTitle>{none ? t('communities.members.invite.noneSent') : t('communities.members.invite.sent', { count: result.sent })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        <li>{t('communities.members.invite.added', { count: result.added })}</li>
        <li>{t('communities.members.invite.mailed', { count: result.sent })}</li>
        {result.skipped.length > 0 && <li>{t('communities.members.invite.skipped', { count: result.skipped.length, reasons: skippedText(result, t) })}</li>}
      </Box>
    </Alert>
  );
}

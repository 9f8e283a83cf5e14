import { useDeferredValue, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import RemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSendOutlined';
import SearchIcon from '@mui/icons-material/Search';
import SendIcon from '@mui/icons-material/SendOutlined';
import VolumeOffIcon from '@mui/icons-material/VolumeOffOutlined';
import VolumeUpIcon from '@mui/icons-material/VolumeUpOutlined';
import { COMMUNITY_MEMBER_FILTERS, mutedNow, type CommunityMember, type CommunityMemberFilter } from '@golf/contract/api/communities';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListStates } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { visuallyHiddenSx } from '../../../lib/visually-hidden';
import { useCommunityMembers, useInviteToCommunity, useRemoveCommunityMembers, useSetBanned, useUnmuteMember } from '../api/members';
import { invitationSnack, InviteDialog } from './invite-dialog';
import { MuteDialog } from './mute-dialog';

const PAGE_SIZES = [25, 50, 100];

type OpenDialog = { kind: 'invite' } | { kind: 'reinvite' } | { kind: 'remove' } | { kind: 'ban'; member: CommunityMember } | { kind: 'mute'; member: CommunityMember } | null;

interface ListState {
  filter: CommunityMemberFilter;
  search: string;
  /** Zero-based, as the table's pagination counts. */
  page: number;
  pageSize: number;
  /** The selected members by id; the selection outlives a change of page. */
  selected: ReadonlyMap<number, CommunityMember>;
  dialog: OpenDialog;
}

type ListAction =
  | { type: 'filter'; filter: CommunityMemberFilter }
  | { type: 'search'; search: string }
  | { type: 'page'; page: number }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'select'; members: readonly CommunityMember[]; checked: boolean }
  | { type: 'clearSelection' }
  | { type: 'open'; dialog: OpenDialog }
  /** A dialog's action went through: it closes, and a selection it used is spent. */
  | { type: 'done'; clearSelection?: boolean };

const initialState: ListState = { filter: 'all', search: '', page: 0, pageSize: PAGE_SIZES[0], selected: new Map(), dialog: null };

function reducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    // Another filter or search shows other members: back to the first page, nothing selected out of view.
    case 'filter':
      return { ...state, filter: action.filter, page: 0, selected: new Map() };
    case 'search':
      return { ...state, search: action.search, page: 0, selected: new Map() };
    case 'page':
      return { ...state, page: action.page };
    case 'pageSize':
      return { ...state, pageSize: action.pageSize, page: 0 };
    case 'select': {
      const selected = new Map(state.selected);
      for (const m of action.members) {
        if (action.checked) selected.set(m.id, m);
        else selected.delete(m.id);
      }
      return { ...state, selected };
    }
    case 'clearSelection':
      return { ...state, selected: new Map() };
    case 'open':
      return { ...state, dialog: action.dialog };
    case 'done':
      return { ...state, dialog: null, selected: action.clearSelection ? new Map() : state.selected };
  }
}

/** Invited imported members can be mailed the invitation again. */
const reinvitable = (m: CommunityMember) => m.status === 'invited' && m.kind === 'imported';
const memberName = (m: CommunityMember) => m.name || m.email;

/**
 * The community's members (issue 24): the golfers of the app who joined and the club's imported
 * members who were invited, filtered by all, members, invited or banned (with counts), searched
 * and paged; invite imported members, mail invited ones again (at most once in 24 hours), ban and
 * lift a ban, mute for a time and lift it, and remove, each with its dialog.
 */
export function MembersSection({ clubId, communityId }: { clubId: number; communityId: number }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const snackbar = useSnackbar();
  const [state, dispatch] = useReducer(reducer, initialState);
  const { filter, selected, dialog } = state;
  const search = useDeferredValue(state.search);
  const members = useCommunityMembers(clubId, communityId, { filter, search, page: state.page + 1, pageSize: state.pageSize });
  const invite = useInviteToCommunity(clubId, communityId);
  const setBanned = useSetBanned(clubId, communityId);
  const unmute = useUnmuteMember(clubId, communityId);
  const remove = useRemoveCommunityMembers(clubId, communityId);
  const items = members.data?.items ?? [];
  const counts = members.data?.counts;
  const allOnPage = items.length > 0 && items.every((m) => selected.has(m.id));
  const someOnPage = !allOnPage && items.some((m) => selected.has(m.id));
  const toReinvite = [...selected.values()].filter(reinvitable);
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const dateOnly = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const select = (list: readonly CommunityMember[], checked: boolean) => dispatch({ type: 'select', members: list, checked });
  const busy = setBanned.isPending || unmute.isPending;

  const sendAgain = async () => {
    try {
      const result = await invite.mutateAsync({ member_ids: toReinvite.map((m) => m.id) });
      const shown = invitationSnack(result, t);
      snackbar.show({ type: shown.type, message: shown.message, detail: shown.detail });
      dispatch({ type: 'done', clearSelection: true });
    } catch (error) {
      snackbar.error(t('communities.members.invite.failed'), errorText(error, t));
      dispatch({ type: 'done' });
    }
  };

  const removeSelected = async () => {
    try {
      const result = await remove.mutateAsync([...selected.keys()]);
      snackbar.confirm(t('communities.members.remove.done', { count: result.removed }));
      dispatch({ type: 'done', clearSelection: true });
    } catch (error) {
      snackbar.error(t('communities.members.remove.failed'), errorText(error, t));
      dispatch({ type: 'done' });
    }
  };

  const changeBan = async (member: CommunityMember, banned: boolean) => {
    try {
      await setBanned.mutateAsync({ id: member.id, banned });
      snackbar.confirm(t(banned ? 'communities.members.ban.done' : 'communities.members.ban.lifted', { name: memberName(member) }));
    } catch (error) {
      snackbar.error(t('communities.members.changeFailed'), errorText(error, t));
    }
    dispatch({ type: 'done' });
  };

  const liftMute = async (member: CommunityMember) => {
    try {
      await unmute.mutateAsync(member.id);
      snackbar.confirm(t('communities.members.mute.lifted', { name: memberName(member) }));
    } catch (error) {
      snackbar.error(t('communities.members.changeFailed'), errorText(error, t));
    }
  };

  const actions = (m: CommunityMember) => (
    <MemberActions
      member={m}
      busy={busy}
      onBan={() => dispatch({ type: 'open', dialog: { kind: 'ban', member: m } })}
      onUnban={() => void changeBan(m, false)}
      onMute={() => dispatch({ type: 'open', dialog: { kind: 'mute', member: m } })}
      onUnmute={() => void liftMute(m)}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={filter}
            onChange={(_event, next: CommunityMemberFilter | null) => {
              if (next) dispatch({ type: 'filter', filter: next });
            }}
            aria-label={t('communities.members.filterLabel')}
          >
            {COMMUNITY_MEMBER_FILTERS.map((f) => (
              <ToggleButton key={f} value={f} sx={{ whiteSpace: 'nowrap', px: 1.5 }} data-testid={`members-filter-${f}`}>
                {t(`communities.members.filters.${f}`)}
                {counts && ` (${counts[f]})`}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <TextField
          type="search"
          size="small"
          label={t('communities.members.search')}
          value={state.search}
          onChange={(event) => dispatch({ type: 'search', search: event.target.value })}
          sx={{ flex: '1 1 220px', maxWidth: { md: 360 } }}
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
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => dispatch({ type: 'open', dialog: { kind: 'invite' } })} sx={{ ml: { md: 'auto' } }}>
          {t('communities.members.invite.action')}
        </Button>
      </Box>

      {selected.size > 0 && (
        <Paper
          variant="outlined"
          sx={{ p: 1, pl: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', bgcolor: 'action.selected' }}
          role="region"
          aria-label={t('communities.members.selectionLabel')}
        >
          <Typography sx={{ fontWeight: 600, mr: 'auto' }} aria-live="polite">
            {t('communities.members.selected', { count: selected.size })}
          </Typography>
          <Button startIcon={<SendIcon />} size="small" disabled={toReinvite.length === 0} onClick={() => dispatch({ type: 'open', dialog: { kind: 'reinvite' } })}>
            {t('communities.members.reinvite.action')}
          </Button>
          <Button startIcon={<RemoveIcon />} color="error" size="small" onClick={() => dispatch({ type: 'open', dialog: { kind: 'remove' } })}>
            {t('communities.members.remove.action')}
          </Button>
          <Button size="small" onClick={() => dispatch({ type: 'clearSelection' })}>
            {t('communities.members.clearSelection')}
          </Button>
        </Paper>
      )}

      <ListStates
        query={members}
        errorTitle={t('communities.members.loadFailed')}
        loadingRows={5}
        empty={
          items.length > 0 ? null : counts?.all === 0 ? (
            <EmptyState title={t('communities.members.empty')}>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('communities.members.emptyHint')}
              </Typography>
            </EmptyState>
          ) : (
            <EmptyState title={search.trim() ? t('communities.members.noMatch', { query: search.trim() }) : t(`communities.members.emptyFilter.${filter}`)} />
          )
        }
      >
        {() => (
          <Paper variant="outlined" sx={{ minWidth: 0, opacity: members.isPlaceholderData ? 0.6 : 1 }}>
            {narrow ? (
              <List aria-label={t('communities.members.listLabel')} disablePadding>
                <ListItem divider dense>
                  <Checkbox
                    edge="start"
                    checked={allOnPage}
                    indeterminate={someOnPage}
                    onChange={(event) => select(items, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('communities.members.selectPage') } }}
                  />
                  <Typography variant="body2" color="text.secondary">
                    {t('communities.members.selectPage')}
                  </Typography>
                </ListItem>
                {items.map((m, index) => (
                  <ListItem key={m.id} divider={index < items.length - 1} data-testid="community-member-row" sx={{ alignItems: 'flex-start', gap: 1 }}>
                    <Checkbox
                      edge="start"
                      checked={selected.has(m.id)}
                      onChange={(event) => select([m], event.target.checked)}
                      slotProps={{ input: { 'aria-label': t('communities.members.selectMember', { name: memberName(m) }) } }}
                    />
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{memberName(m)}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {[t(`communities.members.kinds.${m.kind}`), m.union_number, m.email].filter(Boolean).join(' · ')}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {m.joined_at ? t('communities.members.joinedOn', { date: dateOnly.format(new Date(m.joined_at)) }) : null}
                      </Typography>
                      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                        <StatusChip member={m} />
                        <MutedChip member={m} format={dateTime} />
                        <MailedFlag member={m} format={dateTime} />
                      </Box>
                    </Box>
                    {actions(m)}
                  </ListItem>
                ))}
              </List>
            ) : (
              <TableContainer>
                <Table size="small" aria-label={t('communities.members.listLabel')}>
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={allOnPage}
                          indeterminate={someOnPage}
                          onChange={(event) => select(items, event.target.checked)}
                          slotProps={{ input: { 'aria-label': t('communities.members.selectPage') } }}
                        />
                      </TableCell>
                      <TableCell>{t('communities.members.columns.name')}</TableCell>
                      <TableCell>{t('communities.members.columns.contact')}</TableCell>
                      <TableCell>{t('communities.members.columns.status')}</TableCell>
                      <TableCell>{t('communities.members.columns.joined')}</TableCell>
                      <TableCell>{t('communities.members.columns.invited')}</TableCell>
                      <TableCell align="right">
                        <Box component="span" sx={visuallyHiddenSx}>
                          {t('communities.members.columns.actions')}
                        </Box>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {items.map((m) => (
                      <TableRow key={m.id} hover selected={selected.has(m.id)} data-testid="community-member-row">
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={selected.has(m.id)}
                            onChange={(event) => select([m], event.target.checked)}
                            slotProps={{ input: { 'aria-label': t('communities.members.selectMember', { name: memberName(m) }) } }}
                          />
                        </TableCell>
                        <TableCell>
                          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
                            {memberName(m)}
                          </Typography>
                          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                            {t(`communities.members.kinds.${m.kind}`)}
                          </Typography>
                        </TableCell>
                        <TableCell sx={{ maxWidth: 260 }}>
                          {m.email || m.union_number ? (
                            <>
                              <Typography variant="body2" sx={{ overflowWrap: 'break-word' }}>
                                {m.email}
                              </Typography>
                              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                                {m.union_number}
                              </Typography>
                            </>
                          ) : (
                            '—'
                          )}
                        </TableCell>
                        <TableCell>
                          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                            <StatusChip member={m} />
                            <MutedChip member={m} format={dateTime} />
                          </Box>
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{m.joined_at ? dateOnly.format(new Date(m.joined_at)) : '—'}</TableCell>
                        <TableCell>
                          <MailedFlag member={m} format={dateTime} showDate />
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {actions(m)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            <TablePagination
              component="div"
              count={members.data?.total ?? 0}
              page={state.page}
              onPageChange={(_event, next) => dispatch({ type: 'page', page: next })}
              rowsPerPage={state.pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onRowsPerPageChange={(event) => dispatch({ type: 'pageSize', pageSize: Number(event.target.value) })}
              labelRowsPerPage={t('communities.members.pageSize')}
              labelDisplayedRows={({ from, to, count }) => t('communities.members.displayedRows', { from, to, count })}
              getItemAriaLabel={(type) => t(`communities.members.page.${type}`)}
            />
          </Paper>
        )}
      </ListStates>

      {dialog?.kind === 'invite' && <InviteDialog clubId={clubId} communityId={communityId} onClose={() => dispatch({ type: 'done' })} />}
      {dialog?.kind === 'mute' && <MuteDialog clubId={clubId} communityId={communityId} member={dialog.member} onClose={() => dispatch({ type: 'done' })} />}

      <Dialog
        open={dialog?.kind === 'reinvite'}
        onClose={invite.isPending ? undefined : () => dispatch({ type: 'done' })}
        maxWidth="xs"
        fullWidth
        aria-labelledby="community-reinvite-title"
      >
        <DialogTitle id="community-reinvite-title">{t('communities.members.reinvite.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('communities.members.reinvite.text', { count: toReinvite.length })}</DialogContentText>
          {selected.size > toReinvite.length && (
            <DialogContentText sx={{ mt: 1 }}>{t('communities.members.reinvite.notInvited', { count: selected.size - toReinvite.length })}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => dispatch({ type: 'done' })} disabled={invite.isPending} autoFocus>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" startIcon={<SendIcon />} onClick={() => void sendAgain()} disabled={invite.isPending || toReinvite.length === 0}>
            {t('communities.members.reinvite.confirm')}
          </Button>
        </DialogActions>
      </Dialog>

      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title={t('communities.members.remove.title', { count: selected.size })}
        confirmLabel={t('communities.members.remove.confirm')}
        busy={remove.isPending}
        onCancel={() => dispatch({ type: 'done' })}
        onConfirm={() => void removeSelected()}
      >
        {t('communities.members.remove.text', { count: selected.size })}
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog?.kind === 'ban'}
        title={dialog?.kind === 'ban' ? t('communities.members.ban.title', { name: memberName(dialog.member) }) : ''}
        confirmLabel={t('communities.members.ban.confirm')}
        busy={setBanned.isPending}
        onCancel={() => dispatch({ type: 'done' })}
        onConfirm={() => {
          if (dialog?.kind === 'ban') void changeBan(dialog.member, true);
        }}
      >
        {t('communities.members.ban.text')}
      </ConfirmDialog>
    </Box>
  );
}

function StatusChip({ member }: { member: CommunityMember }) {
  const { t } = useTranslation();
  const color = member.status === 'member' ? 'success' : member.status === 'banned' ? 'error' : 'info';
  return <Chip size="small" color={color} label={t(`communities.members.status.${member.status}`)} data-testid="member-status" />;
}

function MutedChip({ member, format }: { member: CommunityMember; format: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  if (!mutedNow(member.muted_until)) return null;
  return <Chip size="small" variant="outlined" icon={<VolumeOffIcon />} label={t('communities.members.mutedUntil', { date: format.format(new Date(member.muted_until!)) })} />;
}

function MailedFlag({ member, format, showDate = false }: { member: CommunityMember; format: Intl.DateTimeFormat; showDate?: boolean }) {
  const { t } = useTranslation();
  if (!member.last_invited_at) return showDate ? <Typography variant="body2">—</Typography> : null;
  const date = format.format(new Date(member.last_invited_at));
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {showDate && (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {date}
        </Typography>
      )}
      {member.recently_mailed && (
        <Tooltip title={t('communities.members.recentlyMailedHint', { date })}>
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            icon={<ScheduleSendIcon />}
            label={t('communities.members.recentlyMailed')}
            data-testid="recently-mailed"
            // The label may wrap: the table then keeps its row actions in view on a laptop's screen.
            // Text in the body colour: the warning orange on white is 3.1:1, short of 4.5:1.
            sx={{ height: 'auto', py: 0.25, color: 'text.primary', '& .MuiChip-label': { whiteSpace: 'normal' }, '& .MuiChip-icon': { color: 'warning.dark' } }}
          />
        </Tooltip>
      )}
    </Box>
  );
}

/**
 * A member's row actions: ban or lift the ban; mute (members only) or lift the mute. A lift does
 * nothing while another change runs (the buttons stay focusable, so their tooltips keep working).
 */
function MemberActions({
  member,
  busy,
  onBan,
  onUnban,
  onMute,
  onUnmute,
}: {
  member: CommunityMember;
  busy: boolean;
  onBan: () => void;
  onUnban: () => void;
  onMute: () => void;
  onUnmute: () => void;
}) {
  const { t } = useTranslation();
  const name = memberName(member);
  const banned = member.status === 'banned';
  const muted = mutedNow(member.muted_until);
  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
      {member.status === 'member' &&
        (muted ? (
          <Tooltip title={t('communities.members.mute.lift')}>
            <IconButton size="small" aria-label={t('communities.members.mute.liftFor', { name })} onClick={busy ? undefined : onUnmute} aria-disabled={busy || undefined}>
              <VolumeUpIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : (
          <Tooltip title={t('communities.members.mute.action')}>
            <IconButton size="small" aria-label={t('communities.members.mute.actionFor', { name })} onClick={onMute}>
              <VolumeOffIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ))}
      <Tooltip title={banned ? t('communities.members.ban.lift') : t('communities.members.ban.action')}>
        <IconButton
          size="small"
          aria-label={banned ? t('communities.members.ban.liftFor', { name }) : t('communities.members.ban.actionFor', { name })}
          onClick={banned ? (busy ? undefined : onUnban) : onBan}
          aria-disabled={(banned && busy) || undefined}
        >
          {banned ? <CheckCircleIcon fontSize="small" /> : <BlockIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}

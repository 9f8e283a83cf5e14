import { useDeferredValue, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@golf/contract/api/members';
import { errorText } from '../../../lib/error-text';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context';
import { useMembers } from '../api/get-members';
import { downloadMembersCsv, useInviteMembers, useRemoveMembers, useSetMemberStatus } from '../api/member-actions';
import { initialMembersList, invitableCount, memberName, membersListReducer, pageSelection } from '../utils/members-list-state';

/**
 * The members list's state and actions (the component only renders): the view state of
 * utils/members-list-state, the page of members it asks for (the search as typed, deferred so
 * typing stays quick), and inviting, removing, banning and exporting with their messages.
 */
export function useMembersList(clubId: number) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const [state, dispatch] = useReducer(membersListReducer, initialMembersList);
  const search = useDeferredValue(state.search);
  const members = useMembers(clubId, { filter: state.filter, search, page: state.page + 1, pageSize: state.pageSize });
  const invite = useInviteMembers(clubId);
  const remove = useRemoveMembers(clubId);
  const setStatus = useSetMemberStatus(clubId);
  const items = members.data?.items ?? [];

  const sendInvitations = async () => {
    try {
      const result = await invite.mutateAsync([...state.selected.keys()]);
      if (result.sent === 0) {
        snackbar.warn(t('members.invite.noneSent'), t('members.invite.noneSentDetail'));
      } else {
        snackbar.confirm(t('members.invite.sent', { count: result.sent }), result.skipped.length ? t('members.invite.skipped', { count: result.skipped.length }) : undefined);
      }
      dispatch({ type: 'done' });
    } catch (error) {
      snackbar.error(t('members.invite.failed'), errorText(error, t));
      dispatch({ type: 'closeDialog' });
    }
  };

  const removeSelected = async () => {
    try {
      const result = await remove.mutateAsync([...state.selected.keys()]);
      snackbar.confirm(t('members.remove.done', { count: result.removed }));
      dispatch({ type: 'done' });
    } catch (error) {
      snackbar.error(t('members.remove.failed'), errorText(error, t));
      dispatch({ type: 'closeDialog' });
    }
  };

  /** Bans a member, or lifts the ban of a banned one (back to imported). */
  const changeStatus = async (member: Member) => {
    const banning = member.status !== 'banned';
    try {
      await setStatus.mutateAsync({ id: member.id, status: banning ? 'banned' : 'imported' });
      snackbar.confirm(banning ? t('members.ban.done', { name: memberName(member) }) : t('members.ban.lifted', { name: memberName(member) }));
    } catch (error) {
      snackbar.error(t('members.ban.failed'), errorText(error, t));
    }
  };

  /** The members of the filter and search shown, every page, as a CSV download. */
  const exportCsv = async () => {
    try {
      await downloadMembersCsv(clubId, { filter: state.filter, search });
    } catch (error) {
      snackbar.error(t('members.exportFailed'), errorText(error, t));
    }
  };

  return {
    state,
    dispatch,
    /** The search the shown page was asked with. */
    search,
    members,
    items,
    counts: members.data?.counts,
    pageSelection: pageSelection(state, items),
    invitable: invitableCount(state),
    inviting: invite.isPending,
    removing: remove.isPending,
    changingStatus: setStatus.isPending,
    sendInvitations,
    removeSelected,
    changeStatus,
    exportCsv,
  };
}

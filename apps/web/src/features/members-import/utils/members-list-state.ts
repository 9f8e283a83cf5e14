import { invitationRefusal, type Member, type MemberFilter } from '@golf/contract/api/members';

// The members list's view state as one reducer, without React: which members it shows (filter,
// search, page), which are selected across pages, and which question is open.

export const PAGE_SIZES = [25, 50, 100];

export interface MembersListState {
  filter: MemberFilter;
  search: string;
  /** Zero-based, as the table's pagination counts. */
  page: number;
  pageSize: number;
  /** The selected members by id; the selection outlives a change of page. */
  selected: ReadonlyMap<number, Member>;
  dialog: 'invite' | 'remove' | null;
}

export type MembersListAction =
  | { type: 'filter'; filter: MemberFilter }
  | { type: 'search'; search: string }
  | { type: 'page'; page: number }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'toggle'; member: Member; checked: boolean }
  /** Selects (or unselects) every member on the page shown. */
  | { type: 'togglePage'; members: readonly Member[]; checked: boolean }
  | { type: 'clearSelection' }
  | { type: 'ask'; dialog: 'invite' | 'remove' }
  | { type: 'closeDialog' }
  /** An invitation or removal went through: the question closes and the selection is spent. */
  | { type: 'done' };

export const initialMembersList: MembersListState = { filter: 'all', search: '', page: 0, pageSize: PAGE_SIZES[0], selected: new Map(), dialog: null };

function withSelected(selected: ReadonlyMap<number, Member>, members: readonly Member[], checked: boolean): Map<number, Member> {
  const next = new Map(selected);
  for (const m of members) {
    if (checked) next.set(m.id, m);
    else next.delete(m.id);
  }
  return next;
}

export function membersListReducer(state: MembersListState, action: MembersListAction): MembersListState {
  switch (action.type) {
    // Another filter or search shows other members: back to the first page, and nothing selected
    // that is no longer in view.
    case 'filter':
      return { ...state, filter: action.filter, page: 0, selected: new Map() };
    case 'search':
      return { ...state, search: action.search, page: 0, selected: new Map() };
    case 'page':
      return { ...state, page: action.page };
    // Another page size starts at the first page; the selection stays.
    case 'pageSize':
      return { ...state, pageSize: action.pageSize, page: 0 };
    case 'toggle':
      return { ...state, selected: withSelected(state.selected, [action.member], action.checked) };
    case 'togglePage':
      return { ...state, selected: withSelected(state.selected, action.members, action.checked) };
    case 'clearSelection':
      return { ...state, selected: new Map() };
    case 'ask':
      return { ...state, dialog: action.dialog };
    case 'closeDialog':
      return { ...state, dialog: null };
    case 'done':
      return { ...state, dialog: null, selected: new Map() };
  }
}

/** Whether every member on the page is selected, and whether some are (the page checkbox's indeterminate state). */
export function pageSelection(state: Pick<MembersListState, 'selected'>, items: readonly Member[]): { all: boolean; some: boolean } {
  const all = items.length > 0 && items.every((m) => state.selected.has(m.id));
  return { all, some: !all && items.some((m) => state.selected.has(m.id)) };
}

/** The members an invitation would reach, by the contract's rule (the server applies the same): not joined, not banned, not mailed in the last 24 hours. */
export const canInvite = (m: Member) => invitationRefusal(m) === null;

/** How many of the selected members an invitation would reach. */
export const invitableCount = (state: Pick<MembersListState, 'selected'>) => [...state.selected.values()].filter(canInvite).length;

/** A member's name as the list shows it; the e-mail address when there is no name. */
export const memberName = (m: Member) => `${m.first_name} ${m.last_name}`.trim() || m.email;

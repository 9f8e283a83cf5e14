import { describe, expect, it } from 'vitest';
import type { Member } from '@golf/contract/api/members';
import {
  canInvite,
  initialMembersList,
  invitableCount,
  memberName,
  membersListReducer,
  pageSelection,
  PAGE_SIZES,
  type MembersListAction,
  type MembersListState,
} from './members-list-state';

const member = (id: number, over: Partial<Member> = {}): Member => ({
  id,
  union_number: `U${id}`,
  email: `m${id}@example.com`,
  first_name: `First${id}`,
  last_name: `Last${id}`,
  phone: '',
  details: {},
  status: 'imported',
  last_invited_at: null,
  recently_mailed: false,
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

const reduce = (state: MembersListState, ...actions: MembersListAction[]) => actions.reduce(membersListReducer, state);
const [a, b, c] = [member(1), member(2), member(3)];

describe('membersListReducer', () => {
  it('starts on the first page of every member, the smallest page size, nothing selected, no question open', () => {
    expect(initialMembersList).toMatchObject({ filter: 'all', search: '', page: 0, pageSize: PAGE_SIZES[0], dialog: null });
    expect(initialMembersList.selected.size).toBe(0);
  });

  it('selects and unselects members one by one, across pages', () => {
    const state = reduce(initialMembersList, { type: 'toggle', member: a, checked: true }, { type: 'page', page: 2 }, { type: 'toggle', member: b, checked: true });
    expect([...state.selected.keys()]).toEqual([1, 2]);
    expect(state.page).toBe(2);
    expect([...reduce(state, { type: 'toggle', member: a, checked: false }).selected.keys()]).toEqual([2]);
  });

  it('selects and unselects a whole page, keeping the selection of other pages', () => {
    const state = reduce(initialMembersList, { type: 'toggle', member: c, checked: true }, { type: 'togglePage', members: [a, b], checked: true });
    expect([...state.selected.keys()].sort()).toEqual([1, 2, 3]);
    expect([...reduce(state, { type: 'togglePage', members: [a, b], checked: false }).selected.keys()]).toEqual([3]);
  });

  it('another filter or search goes back to the first page and empties the selection', () => {
    const busy = reduce(initialMembersList, { type: 'page', page: 3 }, { type: 'toggle', member: a, checked: true });
    const filtered = reduce(busy, { type: 'filter', filter: 'banned' });
    expect(filtered).toMatchObject({ filter: 'banned', page: 0 });
    expect(filtered.selected.size).toBe(0);
    const searched = reduce(busy, { type: 'search', search: 'jens' });
    expect(searched).toMatchObject({ search: 'jens', page: 0 });
    expect(searched.selected.size).toBe(0);
  });

  it('another page size goes back to the first page and keeps the selection', () => {
    const state = reduce(initialMembersList, { type: 'page', page: 3 }, { type: 'toggle', member: a, checked: true }, { type: 'pageSize', pageSize: 100 });
    expect(state).toMatchObject({ page: 0, pageSize: 100 });
    expect(state.selected.size).toBe(1);
  });

  it('a question opens and closes keeping the selection; once done the selection is spent', () => {
    const asking = reduce(initialMembersList, { type: 'toggle', member: a, checked: true }, { type: 'ask', dialog: 'remove' });
    expect(asking.dialog).toBe('remove');
    const closed = reduce(asking, { type: 'closeDialog' });
    expect(closed.dialog).toBeNull();
    expect(closed.selected.size).toBe(1);
    const done = reduce(asking, { type: 'done' });
    expect(done.dialog).toBeNull();
    expect(done.selected.size).toBe(0);
    expect(reduce(asking, { type: 'clearSelection' }).selected.size).toBe(0);
  });
});

describe('the selection read', () => {
  it('tells whether all or some members of the page are selected', () => {
    const one = reduce(initialMembersList, { type: 'toggle', member: a, checked: true });
    expect(pageSelection(one, [a, b])).toEqual({ all: false, some: true });
    expect(pageSelection(one, [a])).toEqual({ all: true, some: false });
    expect(pageSelection(one, [b, c])).toEqual({ all: false, some: false });
    // An empty page is never "all selected".
    expect(pageSelection(one, [])).toEqual({ all: false, some: false });
  });

  it('counts whom an invitation reaches: not joined, not banned, not mailed in the last 24 hours', () => {
    const joined = member(4, { status: 'member' });
    const banned = member(5, { status: 'banned' });
    const mailed = member(6, { status: 'invited', recently_mailed: true, last_invited_at: new Date().toISOString() });
    expect([a, joined, banned, mailed].map(canInvite)).toEqual([true, false, false, false]);
    const state = reduce(initialMembersList, { type: 'togglePage', members: [a, b, joined, banned, mailed], checked: true });
    expect(invitableCount(state)).toBe(2);
  });

  it('names a member by first and last name, or by e-mail without a name', () => {
    expect(memberName(a)).toBe('First1 Last1');
    expect(memberName(member(7, { first_name: '', last_name: '' }))).toBe('m7@example.com');
  });
});

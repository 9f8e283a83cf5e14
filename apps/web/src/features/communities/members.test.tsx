import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALES } from '@golf/contract/locales';
import {
  COMMUNITY_LIMITS,
  MODERATION_ACTIONS,
  type CommunityMember,
  type CommunityMembersResponse,
  type InvitableMember,
  type InvitationsResult,
  type ModerationLogEntry,
  type ModerationLogPage,
} from '@golf/contract/api/communities';
import { fakeApi, json, type Resolver } from '../../testing/api';
import { renderWithProviders } from '../../testing/render';
import { dateInputValue, muteLimit, muteUntil } from './api/members';
import { MembersSection } from './components/members-section';
import { ModerationSection } from './components/moderation-section';

const C = 'clubs/1/communities/7';
const DAY = 24 * 60 * 60 * 1000;
const soon = new Date(Date.now() + 3 * DAY).toISOString();

const member = (id: number, change: Partial<CommunityMember> = {}): CommunityMember => ({
  id,
  kind: 'golfer',
  name: `Golfer ${id}`,
  email: '',
  union_number: '',
  status: 'member',
  muted_until: null,
  joined_at: '2030-04-01T10:00:00.000Z',
  last_invited_at: null,
  recently_mailed: false,
  created_at: '2030-04-01T10:00:00.000Z',
  ...change,
});

const BIRTHE = member(1, { name: 'Birthe Holm' });
const OLE = member(2, { name: 'Ole Dahl', muted_until: soon });
const KIRSTEN = member(3, {
  kind: 'imported',
  name: 'Kirsten Lund',
  email: 'kirsten@example.com',
  union_number: '12-345',
  status: 'invited',
  joined_at: null,
  last_invited_at: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
  recently_mailed: true,
});
const JENS = member(4, { kind: 'imported', name: 'Jens Berg', email: 'jens@example.com', union_number: '12-346', status: 'invited', joined_at: null, last_invited_at: '2030-03-01T10:00:00.000Z' });
const PER = member(5, { name: 'Per Banned', status: 'banned' });
const EVERYONE = [BIRTHE, OLE, KIRSTEN, JENS, PER];

/** The members route as the server answers it: filtered, searched and counted. */
function fakeMembers(list: CommunityMember[] = EVERYONE) {
  const answer: Resolver = ({ query }) => {
    const filter = query.get('filter') ?? 'all';
    const search = (query.get('search') ?? '').toLowerCase();
    const status = { all: null, members: 'member', invited: 'invited', banned: 'banned' }[filter as 'all'];
    const items = list.filter((m) => (!status || m.status === status) && (!search || m.name.toLowerCase().includes(search)));
    return {
      items,
      total: items.length,
      counts: {
        all: list.length,
        members: list.filter((m) => m.status === 'member').length,
        invited: list.filter((m) => m.status === 'invited').length,
        banned: list.filter((m) => m.status === 'banned').length,
      },
    } satisfies CommunityMembersResponse;
  };
  fakeApi.get(`${C}/members`, answer);
}

const renderMembers = () => renderWithProviders(<MembersSection clubId={1} communityId={7} />);
const row = (name: string) => screen.getAllByTestId('community-member-row').find((r) => within(r).queryByText(name))!;
const snack = async (type: 'confirmation' | 'warning' | 'error') => {
  await waitFor(() => expect(document.querySelector(`[data-snack-type="${type}"]`)).not.toBeNull());
  return document.querySelector(`[data-snack-type="${type}"]`) as HTMLElement;
};

describe('members of a community', () => {
  it('lists members with their kind, status, mute, joining and invitation, filtered with counts and searched', async () => {
    fakeMembers();
    const user = userEvent.setup();
    renderMembers();

    await screen.findByText('Birthe Holm');
    expect(screen.getByRole('button', { name: 'All (5)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Members (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invited (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Banned (1)' })).toBeInTheDocument();
    expect(fakeApi.sent('GET')[0].url).toBe(`/api/${C}/members?filter=all&page=1&page_size=25`);

    const kirsten = row('Kirsten Lund');
    expect(within(kirsten).getByText('Imported member')).toBeInTheDocument();
    expect(within(kirsten).getByText('kirsten@example.com')).toBeInTheDocument();
    expect(within(kirsten).getByText('12-345')).toBeInTheDocument();
    expect(within(kirsten).getByText('Invited')).toBeInTheDocument();
    expect(within(kirsten).getByTestId('recently-mailed')).toHaveTextContent('Mailed in the last 24 hours');
    expect(within(row('Jens Berg')).queryByTestId('recently-mailed')).toBeNull();
    expect(within(row('Birthe Holm')).getByText('Golfer in the app')).toBeInTheDocument();
    // A muted member shows until when, and may be unmuted; a member who is not muted may be muted.
    expect(within(row('Ole Dahl')).getByRole('button', { name: 'Lift the mute of Ole Dahl' })).toBeInTheDocument();
    expect(within(row('Birthe Holm')).getByRole('button', { name: 'Mute Birthe Holm' })).toBeInTheDocument();
    // Invited and banned members are not muted; a banned one has the ban lifted.
    expect(within(kirsten).queryByRole('button', { name: /Mute/ })).toBeNull();
    expect(within(row('Per Banned')).getByRole('button', { name: 'Lift the ban of Per Banned' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Invited (2)' }));
    await waitFor(() => expect(screen.queryByText('Birthe Holm')).toBeNull());
    expect(screen.getAllByTestId('community-member-row')).toHaveLength(2);
    expect(fakeApi.sent('GET').at(-1)!.url).toBe(`/api/${C}/members?filter=invited&page=1&page_size=25`);

    await user.click(screen.getByRole('button', { name: 'Banned (1)' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search name, email or union ID' }), 'nobody');
    expect(await screen.findByText('No members match “nobody”')).toBeInTheDocument();
    expect(fakeApi.sent('GET').at(-1)!.url).toBe(`/api/${C}/members?filter=banned&page=1&page_size=25&search=nobody`);
  });

  it('says how golfers come in when the community has no members', async () => {
    fakeMembers([]);
    renderMembers();
    expect(await screen.findByText('The community has no members yet')).toBeInTheDocument();
    expect(screen.getByText(/invite the club's imported members by mail/)).toBeInTheDocument();
  });

  it('invites imported members chosen across searches and shows what was added, sent and skipped', async () => {
    fakeMembers();
    const KARIN: InvitableMember = { club_member_id: 40, name: 'Karin Friis', email: 'karin@example.com', union_number: '12-400' };
    const LARS: InvitableMember = { club_member_id: 41, name: 'Lars Bo', email: 'lars@example.com', union_number: '12-401' };
    fakeApi.get(`${C}/invitable`, ({ query }) => [KARIN, LARS].filter((m) => m.name.toLowerCase().includes((query.get('search') ?? '').toLowerCase())));
    const result: InvitationsResult = { added: 2, sent: 1, skipped: [{ id: 41, reason: 'recently_mailed' }] };
    fakeApi.post(`${C}/members/invitations`, result);
    const user = userEvent.setup();
    renderMembers();

    await user.click(await screen.findByRole('button', { name: 'Invite members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite members' });
    const send = within(dialog).getByRole('button', { name: 'Send invitations' });
    expect(send).toBeDisabled();
    await within(dialog).findByText('Karin Friis');
    await user.type(within(dialog).getByRole('searchbox'), 'karin');
    await waitFor(() => expect(within(dialog).queryByText('Lars Bo')).toBeNull());
    await user.click(within(dialog).getByRole('checkbox', { name: /Karin Friis/ }));
    await user.clear(within(dialog).getByRole('searchbox'));
    await user.type(within(dialog).getByRole('searchbox'), 'lars');
    await user.click(await within(dialog).findByText('Lars Bo'));
    expect(within(dialog).getByTestId('invite-chosen')).toHaveTextContent('2 chosen');
    expect(fakeApi.sent('GET', `/api/${C}/invitable?search=lars`)).toHaveLength(1);

    await user.click(send);
    const summary = await within(dialog).findByTestId('invite-result');
    expect(fakeApi.sent('POST')[0].body).toEqual({ club_member_ids: [40, 41] });
    expect(summary).toHaveTextContent('Invitation sent to 1 member');
    expect(summary).toHaveTextContent('2 members added to the community as invited');
    expect(summary).toHaveTextContent('1 invitation mail sent');
    expect(summary).toHaveTextContent('1 skipped: 1 was mailed in the last 24 hours');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says no mails were sent when every invitation was skipped, and that mails failed on an error', async () => {
    fakeMembers();
    const user = userEvent.setup();
    renderMembers();
    await screen.findByText('Kirsten Lund');

    fakeApi.post(`${C}/members/invitations`, { added: 0, sent: 0, skipped: [{ id: 3, reason: 'recently_mailed' }] } satisfies InvitationsResult);
    await user.click(screen.getByRole('checkbox', { name: 'Select Kirsten Lund' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Birthe Holm' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the invitation again' });
    expect(dialog).toHaveTextContent('1 invited member gets the invitation mail again.');
    expect(dialog).toHaveTextContent('1 selected member is not waiting for an invitation and is left out.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const warning = await snack('warning');
    expect(warning).toHaveTextContent('No mails were sent');
    expect(warning).toHaveTextContent('1 was mailed in the last 24 hours');
    expect(fakeApi.sent('POST')[0].body).toEqual({ member_ids: [3] });

    fakeApi.post(`${C}/members/invitations`, json({ error: 'Mail is not configured', code: 'mail.notConfigured' }, 503));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Jens Berg' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation again' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Send the invitation again' })).getByRole('button', { name: 'Send' }));
    expect(await snack('error')).toHaveTextContent('Failed to send mails');
  });

  it('the send-again action needs an invited member among the selected', async () => {
    fakeMembers();
    const user = userEvent.setup();
    renderMembers();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Birthe Holm' }));
    expect(screen.getByRole('region', { name: 'Selected members' })).toHaveTextContent('1 selected');
    expect(screen.getByRole('button', { name: 'Send invitation again' })).toBeDisabled();
  });

  it('bans after confirmation and lifts a ban at once', async () => {
    fakeMembers();
    fakeApi.post(`${C}/members/:id/ban`, ({ params }) => ({ ...BIRTHE, id: Number(params.id), status: 'banned' }));
    fakeApi.post(`${C}/members/:id/unban`, ({ params }) => ({ ...PER, id: Number(params.id), status: 'member' }));
    const user = userEvent.setup();
    renderMembers();

    await user.click(within(await screen.findByText('Birthe Holm').then(() => row('Birthe Holm'))).getByRole('button', { name: 'Ban Birthe Holm' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ban Birthe Holm?' });
    expect(confirm).toHaveTextContent('can no longer read or write anything in the community');
    await user.click(within(confirm).getByRole('button', { name: 'Ban' }));
    expect(await snack('confirmation')).toHaveTextContent('Birthe Holm is banned');
    expect(fakeApi.calls({ writes: true })).toEqual([`POST /api/${C}/members/1/ban`]);

    await user.click(await screen.findByRole('button', { name: 'Lift the ban of Per Banned' }));
    await waitFor(() => expect(fakeApi.calls({ writes: true })).toContain(`POST /api/${C}/members/5/unban`));
    expect(await screen.findByText('The ban of Per Banned was lifted')).toBeInTheDocument();
  });

  it('mutes for a week (showing until when), refuses a day too far ahead, and lifts a mute', async () => {
    fakeMembers();
    fakeApi.post(`${C}/members/:id/mute`, ({ body }) => ({ ...BIRTHE, muted_until: (body as { until: string }).until }));
    fakeApi.delete(`${C}/members/:id/mute`, { ...OLE, muted_until: null });
    const user = userEvent.setup();
    renderMembers();

    await screen.findByText('Birthe Holm');
    const opener = within(row('Birthe Holm')).getByRole('button', { name: 'Mute Birthe Holm' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Mute Birthe Holm' });
    expect(within(dialog).getByRole('radio', { name: '1 day' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: '1 week' }));
    expect(within(dialog).getByTestId('mute-until')).toHaveTextContent(/^Muted until /);

    await user.click(within(dialog).getByRole('radio', { name: 'Until a day' }));
    const day = within(dialog).getByLabelText('Last day of the mute');
    expect(day).toHaveAttribute('max', dateInputValue(muteLimit(new Date())));
    await user.type(day, dateInputValue(new Date(Date.now() + 120 * DAY)));
    expect(within(dialog).getByRole('button', { name: 'Mute' })).toBeDisabled();
    expect(within(dialog).getByTestId('mute-until')).toHaveTextContent('Choose a day from today up to the last day allowed');

    await user.click(within(dialog).getByRole('radio', { name: '1 week' }));
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(await snack('confirmation')).toHaveTextContent(/^Birthe Holm is muted until /);
    const until = Date.parse((fakeApi.sent('POST')[0].body as { until: string }).until);
    expect(until).toBeGreaterThan(before + 7 * DAY - 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Lift the mute of Ole Dahl' }));
    expect(await screen.findByText('Ole Dahl is no longer muted')).toBeInTheDocument();
    expect(fakeApi.calls({ writes: true }).at(-1)).toBe(`DELETE /api/${C}/members/2/mute`);
  });

  it('shows the server’s refusal of a mute in the dialog', async () => {
    fakeMembers();
    fakeApi.post(`${C}/members/:id/mute`, json({ error: 'A mute ends after now and at most 90 days ahead', code: 'communities.muteRange', params: { days: 90 } }, 400));
    const user = userEvent.setup();
    renderMembers();
    await screen.findByText('Birthe Holm');
    await user.click(within(row('Birthe Holm')).getByRole('button', { name: 'Mute Birthe Holm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mute Birthe Holm' });
    await user.click(within(dialog).getByRole('button', { name: 'Mute' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('90 days');
  });

  it('removes the selected members after confirmation, and says when it failed', async () => {
    fakeMembers();
    fakeApi.post(`${C}/members/removals`, ({ body }) => ({ removed: (body as { ids: number[] }).ids.length }));
    const user = userEvent.setup();
    renderMembers();

    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('region', { name: 'Selected members' })).toHaveTextContent('5 selected');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove 5 members?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await snack('confirmation')).toHaveTextContent('5 members were removed');
    expect(fakeApi.sent('POST')[0].body).toEqual({ ids: [1, 2, 3, 4, 5] });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected members' })).toBeNull());

    fakeApi.post(`${C}/members/removals`, json({ error: 'Member not found', code: 'communities.memberNotFound' }, 404));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ole Dahl' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove 1 member?' })).getByRole('button', { name: 'Remove' }));
    const error = await snack('error');
    expect(error).toHaveTextContent('Failed to remove members');
    expect(error).toHaveTextContent('Member not found');
  });
});

const entry = (id: number, change: Partial<ModerationLogEntry> = {}): ModerationLogEntry => ({
  id,
  at: '2030-05-01T10:00:00.000Z',
  action: 'post_pinned',
  actor: { kind: 'user', name: 'Olivia Owner' },
  target: `Post ${id}`,
  detail: null,
  ...change,
});

describe('moderation of a community', () => {
  it('shows the log newest first in words, with the reports that hid a post, and loads more', async () => {
    const first: ModerationLogPage = {
      items: [
        entry(60, { action: 'post_hidden', actor: { kind: 'reports', name: 'reports' }, target: 'Who took my umbrella?', detail: '2 reports' }),
        entry(59, { action: 'member_muted', target: 'Ole Dahl', detail: '2030-05-08T10:00:00.000Z' }),
        entry(58, { action: 'members_invited', target: 'Kirsten Lund', detail: '3' }),
      ],
      more: true,
    };
    const second: ModerationLogPage = { items: [entry(12, { action: 'comment_removed', target: 'Spam', detail: 'Bo Spammer' })], more: false };
    fakeApi.get(`${C}/moderation-log`, ({ query }) => (query.get('before') === '58' ? second : first));
    fakeApi.get('clubs/1/communities/settings', { report_threshold: 2 });
    const user = userEvent.setup();
    renderWithProviders(<ModerationSection clubId={1} communityId={7} administer={false} />);

    await screen.findByText('Who took my umbrella?');
    const rows = screen.getAllByTestId('moderation-entry');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Post hidden');
    expect(within(rows[0]).getByText('Reports')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('2 reports');
    expect(rows[1]).toHaveTextContent('Member muted');
    expect(rows[1]).toHaveTextContent(/until .*2030/);
    expect(rows[2]).toHaveTextContent('3 members');
    // A manager of the community reads the club's threshold; only the club's community managers set it.
    expect(await screen.findByText('Posts and comments are hidden after 2 reports (set by the club).')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Spam')).toBeInTheDocument();
    expect(screen.getAllByTestId('moderation-entry')).toHaveLength(4);
    expect(screen.getAllByTestId('moderation-entry')[3]).toHaveTextContent('Comment removed');
    expect(screen.getAllByTestId('moderation-entry')[3]).toHaveTextContent('written by Bo Spammer');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fakeApi.calls()).toContain(`GET /api/${C}/moderation-log?before=58`);
  });

  it('says when nothing was moderated yet', async () => {
    fakeApi.get(`${C}/moderation-log`, { items: [], more: false } satisfies ModerationLogPage);
    fakeApi.get('clubs/1/communities/settings', { report_threshold: 2 });
    renderWithProviders(<ModerationSection clubId={1} communityId={7} administer />);
    expect(await screen.findByText('Nothing has been moderated in this community yet')).toBeInTheDocument();
  });

  it('lets the club’s community managers set the report threshold within its limits', async () => {
    fakeApi.get(`${C}/moderation-log`, { items: [entry(1)], more: false } satisfies ModerationLogPage);
    fakeApi.get('clubs/1/communities/settings', { report_threshold: 2 });
    fakeApi.put('clubs/1/communities/settings', ({ body }) => body);
    const user = userEvent.setup();
    renderWithProviders(<ModerationSection clubId={1} communityId={7} administer />);

    const field = await screen.findByRole('spinbutton', { name: 'Reports before hiding' });
    expect(field).toHaveValue(2);
    expect(screen.getByText('Posts and comments are hidden after this many reports')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.clear(field);
    await user.type(field, String(COMMUNITY_LIMITS.reportThresholdMax + 1));
    expect(screen.getByText('Enter a whole number from 1 to 100')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(field);
    await user.type(field, '0');
    expect(save).toBeDisabled();

    await user.clear(field);
    await user.type(field, '3');
    await user.click(save);
    expect(await snack('confirmation')).toHaveTextContent('Posts and comments are now hidden after 3 reports');
    expect(fakeApi.sent('PUT')[0].body).toEqual({ report_threshold: 3 });
  });

  it('says when the threshold could not be saved', async () => {
    fakeApi.get(`${C}/moderation-log`, { items: [], more: false } satisfies ModerationLogPage);
    fakeApi.get('clubs/1/communities/settings', { report_threshold: 2 });
    fakeApi.put('clubs/1/communities/settings', json({ error: 'Forbidden' }, 403));
    const user = userEvent.setup();
    renderWithProviders(<ModerationSection clubId={1} communityId={7} administer />);
    const field = await screen.findByRole('spinbutton', { name: 'Reports before hiding' });
    await user.clear(field);
    await user.type(field, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await snack('error')).toHaveTextContent('The threshold could not be saved');
  });
});

describe('mute lengths', () => {
  const now = new Date(2030, 4, 10, 14, 30);

  it('counts the presets from now', () => {
    expect(muteUntil('day', now)!.getTime() - now.getTime()).toBe(DAY);
    expect(muteUntil('week', now)!.getTime() - now.getTime()).toBe(7 * DAY);
    expect(muteUntil('month', now)!.getTime() - now.getTime()).toBe(30 * DAY);
  });

  it('ends a chosen day at its end, within the longest mute', () => {
    expect(muteUntil('date', now, '2030-05-12')).toEqual(new Date(2030, 4, 12, 23, 59));
    // Today still counts (the rest of it); the last day allowed ends at the limit.
    expect(muteUntil('date', now, '2030-05-10')).toEqual(new Date(2030, 4, 10, 23, 59));
    const last = muteLimit(now);
    expect(muteUntil('date', now, dateInputValue(last))).toEqual(last);
    expect(last.getTime() - now.getTime()).toBe(COMMUNITY_LIMITS.muteMaxDays * DAY);
  });

  it('refuses a missing, impossible, past or too distant day', () => {
    expect(muteUntil('date', now, '')).toBeNull();
    expect(muteUntil('date', now, '2030-02-31')).toBeNull();
    expect(muteUntil('date', now, '2030-05-09')).toBeNull();
    expect(muteUntil('date', now, dateInputValue(new Date(muteLimit(now).getTime() + DAY)))).toBeNull();
  });
});

describe('texts', () => {
  it('has every moderation action in words in the three languages', () => {
    for (const language of ['en', 'da', 'sv'] as const) {
      const actions = (LOCALES[language] as unknown as { communities: { moderation: { actions: Record<string, string> } } }).communities.moderation.actions;
      expect(Object.keys(actions).sort(), language).toEqual([...MODERATION_ACTIONS].sort());
    }
  });
});

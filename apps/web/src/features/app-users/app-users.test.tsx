import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppUserDataCounts, AppUserDetail, AppUserErasure, AppUserSummary, AppUsersResponse } from '@golf/contract/api/app-users';
import { apiError, fakeApi } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { AppUserPage } from './components/app-user-page';
import { AppUsersPage } from './components/app-users-page';
import { appUsersCsvName, appUsersSearchParams, confirmMatches } from './utils/app-users';

const summary = (appId: string, change: Partial<AppUserSummary> = {}): AppUserSummary => ({
  app_id: appId,
  clubs: [
    { club_id: 1, name: 'Fjordvang Golfklub', following: true },
    { club_id: 2, name: 'Ljungbacka Golfklubb', following: false },
  ],
  downloads: 4,
  rounds: 2,
  first_seen: '2030-04-01T10:00:00.000Z',
  last_seen: '2030-06-01T10:00:00.000Z',
  ...change,
});

const COUNTS: AppUserDataCounts = {
  app_users: 2,
  rounds: 1,
  round_holes: 18,
  shots: 40,
  round_tracks: 1,
  download_links: 1,
  community_memberships: 1,
  community_posts: 3,
  community_comments: 5,
  community_reports: 0,
  push_subscriptions: 1,
};

const DETAIL: AppUserDetail = {
  app_id: 'golfer-42',
  clubs: [{ club_id: 1, name: 'Fjordvang Golfklub', language: 'da', following: true, followed_at: '2030-04-02T10:00:00.000Z', first_seen: '2030-04-01T10:00:00.000Z' }],
  downloads: [{ club_id: 1, club_name: 'Fjordvang Golfklub', guide_id: 3, guide_title: 'Fjordvang Links – Yardage book', product: 'json', downloaded_at: '2030-04-03T10:00:00.000Z' }],
  rounds: [
    {
      id: 9,
      app_round_id: 'r-1',
      club_id: 1,
      club_name: 'Fjordvang Golfklub',
      course_id: 5,
      course_name: 'Fjordvang Links',
      started_at: '2030-05-01T08:00:00.000Z',
      ended_at: '2030-05-01T12:00:00.000Z',
      holes_played: 18,
      strokes: 92,
      points: 33,
    },
  ],
  counts: COUNTS,
};

const routes = [
  { path: '/:clubId/admin/events/guide-users', element: <AppUsersPage /> },
  { path: '/:clubId/admin/events/guide-users/:userId', element: <AppUserPage /> },
];

describe('the app users list', () => {
  it('searches on the server, pages and opens a user', async () => {
    const all = [summary('golfer-42'), summary('golfer-7', { clubs: [{ club_id: 2, name: 'Ljungbacka Golfklubb', following: false }] })];
    fakeApi.get('admin/app-users', ({ query }) => {
      const search = query.get('search') ?? '';
      const items = all.filter((u) => u.app_id.includes(search));
      return { items, total: items.length, page: Number(query.get('page') ?? 1), page_size: Number(query.get('page_size') ?? 50) } satisfies AppUsersResponse;
    });
    fakeApi.get('admin/app-user-erasures', [] satisfies AppUserErasure[]);
    fakeApi.get('admin/app-users/:appId', DETAIL);
    const user = userEvent.setup();
    const router = renderRoutes(routes, '/1/admin/events/guide-users');

    expect(await screen.findByText('2 app users')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'App users' });
    expect(within(table).getByText('Fjordvang Golfklub, Ljungbacka Golfklubb')).toBeInTheDocument();
    // The clubs followed: one for golfer-42, none for golfer-7.
    expect(within(table).getByText('None')).toBeInTheDocument();
    expect(await screen.findByText('No app user has been erased.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by app id'), '42');
    await waitFor(() => expect(fakeApi.requests.some((r) => r.url.includes('search=42'))).toBe(true));
    expect(await screen.findByText('1 app user')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Open golfer-42' }));
    expect(router.state.location.pathname).toBe('/1/admin/events/guide-users/golfer-42');
    expect(await screen.findByText('Fjordvang Links')).toBeInTheDocument();
  });

  it('says when nothing matches and when loading fails', async () => {
    fakeApi.get('admin/app-users', { items: [], total: 0, page: 1, page_size: 25 } satisfies AppUsersResponse);
    fakeApi.get('admin/app-user-erasures', apiError(500, 'boom'));
    renderRoutes(routes, '/1/admin/events/guide-users');
    expect(await screen.findByText('No club knows any app user yet')).toBeInTheDocument();
    expect(await screen.findByText('Could not load the erasures')).toBeInTheDocument();
  });
});

describe('an app user', () => {
  it('shows clubs, counts, rounds and downloads, and erases only after the id is typed', async () => {
    fakeApi.get('admin/app-users/:appId', DETAIL);
    fakeApi.get('admin/app-users', { items: [], total: 0, page: 1, page_size: 25 } satisfies AppUsersResponse);
    fakeApi.get('admin/app-user-erasures', []);
    fakeApi.post('admin/app-users/:appId/erasure', ({ body }) =>
      (body as { confirm: string }).confirm === 'golfer-42'
        ? ({ id: 1, app_id_sha256: 'a'.repeat(64), erased_by: 'Admin', erased_at: '2030-06-02T10:00:00.000Z', counts: COUNTS } satisfies AppUserErasure)
        : apiError(400, 'Type the app id exactly as shown to confirm the erasure'),
    );
    const user = userEvent.setup();
    const router = renderRoutes(routes, '/1/admin/events/guide-users/golfer-42');

    expect(await screen.findByRole('heading', { name: 'golfer-42' })).toBeInTheDocument();
    expect(screen.getByText('Since', { exact: false })).toBeInTheDocument();
    const rounds = screen.getByRole('table', { name: 'Rounds played' });
    expect(within(rounds).getByText('92')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Downloads of guides' })).getByText('Digital guide')).toBeInTheDocument();
    expect(screen.getByText('Community comments').nextSibling).toHaveTextContent('5');

    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase golfer-42?' });
    const confirm = within(dialog).getByRole('button', { name: 'Erase for good' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type the app id to confirm'), 'golfer-4');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type the app id to confirm'), '2');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/1/admin/events/guide-users'));
    expect(fakeApi.sent('POST', '/api/admin/app-users/golfer-42/erasure').map((r) => r.body)).toEqual([{ confirm: 'golfer-42' }]);
    expect(await screen.findByText('golfer-42 was erased')).toBeInTheDocument();
  });

  it('says when no club knows the user', async () => {
    fakeApi.get('admin/app-users/:appId', apiError(404, 'No club knows an app user with this id'));
    renderRoutes(routes, '/1/admin/events/guide-users/gone-1');
    expect(await screen.findByText('No club knows an app user with the id gone-1')).toBeInTheDocument();
  });
});

describe('the app users’ helpers', () => {
  it('builds the query, the file name and the confirmation check', () => {
    expect(appUsersSearchParams({ search: '  ab ', page: 2, pageSize: 25 })).toBe('search=ab&page=2&page_size=25');
    expect(appUsersSearchParams({ search: '' })).toBe('');
    expect(appUsersCsvName(new Date('2030-06-01T10:00:00Z'))).toBe('guide-app-users-2030-06-01.csv');
    expect(confirmMatches(' golfer-42 ', 'golfer-42')).toBe(true);
    expect(confirmMatches('Golfer-42', 'golfer-42')).toBe(false);
  });
});

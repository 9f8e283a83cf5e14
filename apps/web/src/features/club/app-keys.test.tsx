import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppKey, CreatedAppKey } from '@golf/contract/api/app-keys';
import type { Profile } from '@golf/contract/api/session';
import { apiError, deferred, fakeApi, json } from '../../testing/api';
import { club as clubRecord, profile } from '../../testing/fixtures';
import { renderRoutes, renderWithProviders } from '../../testing/render';
import { AppKeysSection } from './components/app-keys-section';
import { ClubAppPage } from './components/club-app-page';

/** The signed-in profile the club app screen sees (the session module's hook, the rest of it real). */
const signedIn = vi.hoisted(() => ({ profile: null as Profile | null }));
vi.mock('../../lib/auth/session', async (original) => ({
  ...(await original<typeof import('../../lib/auth/session')>()),
  useSession: () => ({ status: 'signed-in', profile: signedIn.profile }),
}));

const KEY = 'gk_AbCdEf0123456789abcdefghijklmnopqrstuvwxyzAB';

function appKey(change: Partial<AppKey> = {}): AppKey {
  return { id: 1, name: 'iOS app', prefix: 'gk_Zx9Yw8', created_at: '2026-03-02T09:15:00.000Z', last_used_at: '2026-11-20T07:40:00.000Z', revoked_at: null, ...change };
}

/** The server holding the club's keys: GET, POST (answers the key once), DELETE (revokes). */
function keyServer(initial: AppKey[]) {
  let keys = [...initial];
  fakeApi.get('clubs/1/app-keys', () => keys);
  fakeApi.post('clubs/1/app-keys', ({ body }) => {
    const created: CreatedAppKey = { ...appKey({ id: 99, name: (body as { name: string }).name, prefix: KEY.slice(0, 9), last_used_at: null }), created_at: '2026-11-27T10:00:00.000Z', key: KEY };
    const { key: _key, ...row } = created;
    keys = [row, ...keys];
    return json(created, 201);
  });
  fakeApi.delete('clubs/1/app-keys/:id', ({ params }) => {
    keys = keys.map((k) => (k.id === Number(params.id) ? { ...k, revoked_at: '2026-11-27T11:00:00.000Z' } : k));
    return keys.find((k) => k.id === Number(params.id));
  });
  return { keys: () => keys };
}

const rows = () => screen.getAllByTestId('app-key-row');

describe('<AppKeysSection>', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the keys by name and first characters, with created, last used and revoked', async () => {
    const answer = deferred();
    fakeApi.get('clubs/1/app-keys', async () => {
      await answer.promise;
      return [appKey(), appKey({ id: 2, name: 'Old Android app', prefix: 'gk_Old123', last_used_at: null, revoked_at: '2026-06-01T12:00:00.000Z' })];
    });
    renderWithProviders(<AppKeysSection clubId={1} />);
    expect(screen.getByRole('heading', { name: 'App keys' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
    answer.resolve();
    const list = await screen.findByRole('list', { name: 'App keys' });
    const [ios, android] = within(list).getAllByTestId('app-key-row');
    expect(ios).toHaveTextContent('iOS app');
    expect(ios).toHaveTextContent('In use');
    expect(ios).toHaveTextContent('Starts with gk_Zx9Yw8…');
    expect(ios).toHaveTextContent(/Created .*2026/);
    expect(ios).toHaveTextContent(/Last used .*2026/);
    expect(within(ios).getByRole('button', { name: 'Revoke iOS app' })).toBeEnabled();
    expect(android).toHaveTextContent('Old Android app');
    expect(android).toHaveTextContent('Never used');
    expect(android).toHaveTextContent(/Revoked .*2026/);
    // A revoked key cannot be revoked again.
    expect(within(android).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create key' })).toBeEnabled();
  });

  it('shows the empty state, and the error state with Retry', async () => {
    fakeApi.get('clubs/1/app-keys', json({ error: 'Only administrators can do this', code: 'auth.adminOnly' }, 403), { once: true });
    renderWithProviders(<AppKeysSection clubId={1} />);
    expect(await screen.findByText('The app keys could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Only administrators can do this')).toBeInTheDocument();
    fakeApi.get('clubs/1/app-keys', []);
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('No app keys yet. Create one for the club’s app.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'App keys' })).not.toBeInTheDocument();
  });

  it('creates a key after a name is given, shows it once with Copy, and lists only its prefix', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const server = keyServer([appKey()]);
    renderWithProviders(<AppKeysSection clubId={1} />);
    await screen.findByRole('list', { name: 'App keys' });

    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an app key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'x'.repeat(81));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('The name may be at most 80 characters')).toBeInTheDocument();
    expect(fakeApi.sent('POST')).toEqual([]);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Android app  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'The key “Android app”' });
    expect(fakeApi.sent('POST').map((r) => [r.url, r.body])).toEqual([['/api/clubs/1/app-keys', { name: 'Android app' }]]);
    expect(screen.queryByRole('dialog', { name: 'Create an app key' })).not.toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: 'App key' })).toHaveValue(KEY);
    expect(within(shown).getByText(/It will not be shown again/)).toBeInTheDocument();
    expect(await screen.findByText('Key “Android app” created')).toBeInTheDocument();

    await userEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // Escape does not lose the key; Done closes it and the key is gone from the page.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'The key “Android app”' })).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.textContent).not.toContain(KEY);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('Android app');
    expect(rows()[0]).toHaveTextContent(`Starts with ${KEY.slice(0, 9)}…`);
    expect(server.keys()).toHaveLength(2);
  });

  it('says why when the copy fails, and the key stays to select', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    keyServer([]);
    renderWithProviders(<AppKeysSection clubId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Web');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'The key “Web”' });
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('The key could not be copied. Select it and copy it yourself.')).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: 'App key' })).toHaveValue(KEY);
  });

  it('says the server\'s refusal in the dialog (the cap) and keeps it open', async () => {
    keyServer([appKey()]);
    fakeApi.post('clubs/1/app-keys', json({ error: 'capped', code: 'appKeys.capReached', params: { max: 10 } }, 400));
    renderWithProviders(<AppKeysSection clubId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Eleventh');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A club can have at most 10 app keys in use. Revoke one before creating another.');
    expect(screen.getByRole('dialog', { name: 'Create an app key' })).toBeInTheDocument();
  });

  it('turns Create off at the cap of live keys', async () => {
    keyServer([...Array.from({ length: 10 }, (_, i) => appKey({ id: i + 1, name: `Key ${i + 1}` })), appKey({ id: 11, name: 'Gone', revoked_at: '2026-01-01T00:00:00.000Z' })]);
    renderWithProviders(<AppKeysSection clubId={1} />);
    await screen.findByRole('list', { name: 'App keys' });
    expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
    expect(screen.getByText('At most 10 keys in use. Revoke one to create another.')).toBeInTheDocument();
  });

  it('revokes a key only after the confirmation, and shows it revoked', async () => {
    keyServer([appKey(), appKey({ id: 2, name: 'Web app', prefix: 'gk_Web000' })]);
    renderWithProviders(<AppKeysSection clubId={1} />);
    await screen.findByRole('list', { name: 'App keys' });

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Web app' }));
    let confirm = screen.getByRole('dialog', { name: 'Revoke “Web app”?' });
    expect(confirm).toHaveTextContent('This cannot be undone');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.sent('DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Revoke Web app' }));
    confirm = screen.getByRole('dialog', { name: 'Revoke “Web app”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Key “Web app” revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.sent('DELETE').map((r) => r.url)).toEqual(['/api/clubs/1/app-keys/2']);
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Revoked'));
    expect(screen.queryByRole('button', { name: 'Revoke Web app' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke iOS app' })).toBeInTheDocument();
  });

  it('says when revoking failed, and keeps the key listed as in use', async () => {
    keyServer([appKey()]);
    fakeApi.delete('clubs/1/app-keys/:id', apiError(503, 'Service unavailable'));
    renderWithProviders(<AppKeysSection clubId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke iOS app' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The key “iOS app” could not be revoked')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('In use');
  });
});

describe('the club app screen', { timeout: 20_000 }, () => {
  const renderPage = () => {
    fakeApi.get('clubs/1/club', clubRecord());
    renderRoutes([{ path: '/:clubId/club/club-app', element: <ClubAppPage /> }], '/1/club/club-app');
  };

  it('shows the app keys to a platform admin', async () => {
    signedIn.profile = profile({ admin: true });
    keyServer([appKey()]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'App keys' })).toBeInTheDocument();
    expect(await screen.findByText('iOS app')).toBeInTheDocument();
  });

  it('shows no app keys to anyone else, and does not ask for them', async () => {
    signedIn.profile = profile({ admin: false, roles: { '1': ['club-info'] } });
    renderPage();
    expect(await screen.findByText('Teaser text', { selector: 'label' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'App keys' })).not.toBeInTheDocument();
    expect(fakeApi.sent('GET', '/api/clubs/1/app-keys')).toEqual([]);
  });
});

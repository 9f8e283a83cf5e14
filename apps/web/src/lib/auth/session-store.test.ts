import { describe, expect, it, vi } from 'vitest';
import { apiError, deferred, fakeApi } from '../../testing/api';
import { profile as profileRecord } from '../../testing/fixtures';
import { createApiClient } from '../api-client';
import { createSessionStore, type SessionDeps } from './session-store';

const KEY = 'test.session';
const profile = profileRecord({ id: 7, email: 'owner@example.com', firstName: 'Ole', lastName: 'Ejer', roles: { '1': ['club-info'] }, language: 'da' });

/** The requests of one method and path, e.g. `sent('POST', 'token')`. */
const sent = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string) => fakeApi.sent(method, `/api/${path}`);

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

function setup(options: { stored?: { token: string; expiresAt: string }; now?: number } = {}) {
  let now = options.now ?? Date.parse('2030-01-01T12:00:00Z');
  const timers: { fn: () => void; at: number }[] = [];
  const storage = memoryStorage(options.stored ? { [KEY]: JSON.stringify(options.stored) } : {});
  // The store talks to the fake API through a real client; revoking a token always succeeds.
  let token: string | null = null;
  fakeApi.delete('token', { ok: true });
  const deps: SessionDeps = {
    api: createApiClient({ getToken: () => token }),
    storage,
    storageKey: KEY,
    setToken: vi.fn((next: string | null) => {
      token = next;
    }),
    switchLanguage: vi.fn(),
    clearCache: vi.fn(),
    now: () => now,
    setTimer: (fn, ms) => {
      const timer = { fn, at: now + ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (id) => {
      const i = timers.indexOf(id as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  const store = createSessionStore(deps);
  const advance = async (ms: number) => {
    now += ms;
    for (const timer of [...timers].filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.fn();
    }
    await new Promise((r) => setTimeout(r, 0));
  };
  return { store, deps, storage, timers, advance, setNow: (n: number) => (now = n), getNow: () => now };
}

const inHours = (now: number, h: number) => new Date(now + h * 3600_000).toISOString();

describe('session store', () => {
  it('without a stored session is signed out at once', async () => {
    const { store } = setup();
    expect(store.getState().status).toBe('signed-out');
    await store.bootstrap();
    expect(store.getState().status).toBe('signed-out');
    expect(fakeApi.requests).toEqual([]);
  });

  it('bootstraps a stored token by fetching the profile and switching language', async () => {
    const now = Date.parse('2030-01-01T12:00:00Z');
    const { store, deps } = setup({ now, stored: { token: 'tok', expiresAt: inHours(now, 10) } });
    fakeApi.put('authenticated', profile);
    expect(store.getState().status).toBe('bootstrapping');
    await store.bootstrap();
    expect(sent('PUT', 'authenticated')).toHaveLength(1);
    expect(sent('PUT', 'authenticated')[0].headers.get('authorization')).toBe('Bearer tok');
    expect(deps.setToken).toHaveBeenCalledWith('tok');
    expect(deps.switchLanguage).toHaveBeenCalledWith('da');
    expect(store.getState()).toMatchObject({ status: 'signed-in', profile });
  });

  it('signs out when the stored token no longer works', async () => {
    const now = Date.parse('2030-01-01T12:00:00Z');
    const { store, storage } = setup({ now, stored: { token: 'tok', expiresAt: inHours(now, 10) } });
    fakeApi.put('authenticated', apiError(401, 'gone'));
    await store.bootstrap();
    expect(store.getState().status).toBe('signed-out');
    expect(storage.data.has(KEY)).toBe(false);
  });

  it('signs in, stores token and expiry, and lowercases the email', async () => {
    const { store, storage, getNow } = setup();
    const expiresAt = inHours(getNow(), 12);
    fakeApi.post('authenticate', { token: 'new-token', expired_at: expiresAt });
    fakeApi.put('authenticated', profile);
    await store.signIn('  Owner@Example.COM ', 'pw');
    expect(sent('POST', 'authenticate').map((r) => r.body)).toEqual([{ username: 'owner@example.com', password: 'pw' }]);
    expect(JSON.parse(storage.data.get(KEY)!)).toEqual({ token: 'new-token', expiresAt });
    expect(store.getState()).toMatchObject({ status: 'signed-in', expiresAt });
  });

  it('leaves the user signed out when sign-in fails', async () => {
    const { store, storage } = setup();
    fakeApi.post('authenticate', apiError(401, 'Could not login.'));
    await expect(store.signIn('a@b.dk', 'x')).rejects.toMatchObject({ status: 401 });
    expect(store.getState().status).toBe('signed-out');
    expect(storage.data.has(KEY)).toBe(false);
  });

  it('renews the token at 80% of the remaining time and stores the new expiry', async () => {
    const { store, storage, advance, getNow } = setup();
    fakeApi.post('authenticate', { token: 't', expired_at: inHours(getNow(), 10) });
    fakeApi.put('authenticated', profile);
    await store.signIn('a@b.dk', 'x');
    expect(store.renewalDueIn).toBe(8 * 3600_000);
    const renewed = inHours(getNow(), 20);
    fakeApi.post('token', { expired_at: renewed });
    await advance(8 * 3600_000 - 1);
    expect(fakeApi.sent('POST')).toHaveLength(1);
    await advance(1);
    await vi.waitFor(() => expect(store.getState().expiresAt).toBe(renewed));
    expect(fakeApi.sent('POST').at(-1)?.url).toBe('/api/token');
    expect(JSON.parse(storage.data.get(KEY)!).expiresAt).toBe(renewed);
  });

  it('signs out when renewal fails', async () => {
    const { store, advance, getNow, deps } = setup();
    fakeApi.post('authenticate', { token: 't', expired_at: inHours(getNow(), 1) });
    fakeApi.put('authenticated', profile);
    await store.signIn('a@b.dk', 'x');
    fakeApi.post('token', apiError(401, 'Unauthorized'));
    await advance(3600_000);
    await vi.waitFor(() => expect(store.getState()).toMatchObject({ status: 'signed-out', signOutReason: 'expired' }));
    expect(deps.clearCache).toHaveBeenCalled();
  });

  it('renews on focus once the renewal time has passed (timers sleep in hidden tabs)', async () => {
    const { store, getNow, setNow } = setup();
    fakeApi.post('authenticate', { token: 't', expired_at: inHours(getNow(), 10) });
    fakeApi.put('authenticated', profile);
    await store.signIn('a@b.dk', 'x');
    store.checkRenewal();
    await new Promise((r) => setTimeout(r, 20));
    expect(fakeApi.sent('POST')).toHaveLength(1);
    setNow(getNow() + 9 * 3600_000);
    const renewed = inHours(getNow(), 10);
    fakeApi.post('token', { expired_at: renewed });
    store.checkRenewal();
    await vi.waitFor(() => expect(fakeApi.sent('POST').at(-1)?.url).toBe('/api/token'));
    await vi.waitFor(() => expect(store.getState().expiresAt).toBe(renewed));
    setNow(getNow() + 48 * 3600_000);
    store.checkRenewal();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().status).toBe('signed-out');
  });

  it('logout revokes the token, clears storage, profile and cache', async () => {
    const { store, storage, deps, getNow, timers } = setup();
    fakeApi.post('authenticate', { token: 'tok-9', expired_at: inHours(getNow(), 10) });
    fakeApi.put('authenticated', profile);
    await store.signIn('a@b.dk', 'x');
    store.logout('user');
    await vi.waitFor(() => expect(sent('DELETE', 'token').map((r) => r.headers.get('authorization'))).toEqual(['Bearer tok-9']));
    expect(storage.data.has(KEY)).toBe(false);
    expect(deps.setToken).toHaveBeenLastCalledWith(null);
    expect(deps.clearCache).toHaveBeenCalled();
    expect(timers).toHaveLength(0);
    expect(store.getState()).toMatchObject({ status: 'signed-out', profile: null, signOutReason: 'user' });
  });

  it('drops a sign-in that a logout raced', async () => {
    const { store, getNow } = setup();
    const answer = deferred<unknown>();
    fakeApi.post('authenticate', () => answer.promise);
    const signing = store.signIn('a@b.dk', 'x');
    store.logout('user');
    answer.resolve({ token: 'late', expired_at: inHours(getNow(), 1) });
    await expect(signing).resolves.toBeNull();
    expect(store.getState().status).toBe('signed-out');
    await vi.waitFor(() => expect(sent('DELETE', 'token').map((r) => r.headers.get('authorization'))).toEqual(['Bearer late']));
  });

  it('reloads the profile and switches language', async () => {
    const { store, deps, getNow } = setup();
    fakeApi.post('authenticate', { token: 't', expired_at: inHours(getNow(), 10) });
    const profiles = [profile, { ...profile, language: 'sv', firstName: 'Olle' }];
    fakeApi.put('authenticated', () => profiles.shift());
    await store.signIn('a@b.dk', 'x');
    await store.reloadProfile();
    expect(deps.switchLanguage).toHaveBeenLastCalledWith('sv');
    expect(store.getState().profile?.firstName).toBe('Olle');
  });
});

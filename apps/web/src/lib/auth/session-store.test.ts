import { describe, expect, it, vi } from 'vitest';
import type { Profile } from '@golf/contract/api/session';
import { ApiError } from '../api-client';
import { createSessionStore, type SessionDeps } from './session-store';

const KEY = 'test.session';
const profile: Profile = {
  id: 7,
  email: 'owner@example.com',
  firstName: 'Ole',
  lastName: 'Ejer',
  admin: false,
  roles: { '1': ['club-info'] },
  regionRoles: {},
  photoFileName: null,
  language: 'da',
  defaultClubId: 1,
};

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
  const api = { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(async () => ({ ok: true })) };
  const deps: SessionDeps = {
    api: api as unknown as SessionDeps['api'],
    storage,
    storageKey: KEY,
    setToken: vi.fn(),
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
  return { store, deps, api, storage, timers, advance, setNow: (n: number) => (now = n), getNow: () => now };
}

const inHours = (now: number, h: number) => new Date(now + h * 3600_000).toISOString();

describe('session store', () => {
  it('without a stored session is signed out at once', async () => {
    const { store, api } = setup();
    expect(store.getState().status).toBe('signed-out');
    await store.bootstrap();
    expect(store.getState().status).toBe('signed-out');
    expect(api.put).not.toHaveBeenCalled();
  });

  it('bootstraps a stored token by fetching the profile and switching language', async () => {
    const now = Date.parse('2030-01-01T12:00:00Z');
    const { store, api, deps } = setup({ now, stored: { token: 'tok', expiresAt: inHours(now, 10) } });
    api.put.mockResolvedValue(profile);
    expect(store.getState().status).toBe('bootstrapping');
    await store.bootstrap();
    expect(api.put).toHaveBeenCalledWith('authenticated');
    expect(deps.setToken).toHaveBeenCalledWith('tok');
    expect(deps.switchLanguage).toHaveBeenCalledWith('da');
    expect(store.getState()).toMatchObject({ status: 'signed-in', profile });
  });

  it('signs out when the stored token no longer works', async () => {
    const now = Date.parse('2030-01-01T12:00:00Z');
    const { store, api, storage } = setup({ now, stored: { token: 'tok', expiresAt: inHours(now, 10) } });
    api.put.mockRejectedValue(new ApiError(401, 'Unauthorized', { error: 'gone' }));
    await store.bootstrap();
    expect(store.getState().status).toBe('signed-out');
    expect(storage.data.has(KEY)).toBe(false);
  });

  it('signs in, stores token and expiry, and lowercases the email', async () => {
    const { store, api, storage, getNow } = setup();
    const expiresAt = inHours(getNow(), 12);
    api.post.mockResolvedValue({ token: 'new-token', expired_at: expiresAt });
    api.put.mockResolvedValue(profile);
    await store.signIn('  Owner@Example.COM ', 'pw');
    expect(api.post).toHaveBeenCalledWith('authenticate', { username: 'owner@example.com', password: 'pw' });
    expect(JSON.parse(storage.data.get(KEY)!)).toEqual({ token: 'new-token', expiresAt });
    expect(store.getState()).toMatchObject({ status: 'signed-in', expiresAt });
  });

  it('leaves the user signed out when sign-in fails', async () => {
    const { store, api, storage } = setup();
    api.post.mockRejectedValue(new ApiError(401, 'Unauthorized', { error: 'Could not login.' }));
    await expect(store.signIn('a@b.dk', 'x')).rejects.toMatchObject({ status: 401 });
    expect(store.getState().status).toBe('signed-out');
    expect(storage.data.has(KEY)).toBe(false);
  });

  it('renews the token at 80% of the remaining time and stores the new expiry', async () => {
    const { store, api, storage, advance, getNow } = setup();
    api.post.mockResolvedValueOnce({ token: 't', expired_at: inHours(getNow(), 10) });
    api.put.mockResolvedValue(profile);
    await store.signIn('a@b.dk', 'x');
    expect(store.renewalDueIn).toBe(8 * 3600_000);
    const renewed = inHours(getNow(), 20);
    api.post.mockResolvedValueOnce({ expired_at: renewed });
    await advance(8 * 3600_000 - 1);
    expect(api.post).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(api.post).toHaveBeenLastCalledWith('token');
    expect(store.getState().expiresAt).toBe(renewed);
    expect(JSON.parse(storage.data.get(KEY)!).expiresAt).toBe(renewed);
  });

  it('signs out when renewal fails', async () => {
    const { store, api, advance, getNow, deps } = setup();
    api.post.mockResolvedValueOnce({ token: 't', expired_at: inHours(getNow(), 1) });
    api.put.mockResolvedValue(profile);
    await store.signIn('a@b.dk', 'x');
    api.post.mockRejectedValueOnce(new ApiError(401, 'Unauthorized'));
    await advance(3600_000);
    expect(store.getState()).toMatchObject({ status: 'signed-out', signOutReason: 'expired' });
    expect(deps.clearCache).toHaveBeenCalled();
  });

  it('renews on focus once the renewal time has passed (timers sleep in hidden tabs)', async () => {
    const { store, api, getNow, setNow } = setup();
    api.post.mockResolvedValueOnce({ token: 't', expired_at: inHours(getNow(), 10) });
    api.put.mockResolvedValue(profile);
    await store.signIn('a@b.dk', 'x');
    store.checkRenewal();
    expect(api.post).toHaveBeenCalledTimes(1);
    setNow(getNow() + 9 * 3600_000);
    api.post.mockResolvedValueOnce({ expired_at: inHours(getNow(), 10) });
    store.checkRenewal();
    expect(api.post).toHaveBeenLastCalledWith('token');
    setNow(getNow() + 48 * 3600_000);
    store.checkRenewal();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().status).toBe('signed-out');
  });

  it('logout revokes the token, clears storage, profile and cache', async () => {
    const { store, api, storage, deps, getNow, timers } = setup();
    api.post.mockResolvedValueOnce({ token: 'tok-9', expired_at: inHours(getNow(), 10) });
    api.put.mockResolvedValue(profile);
    await store.signIn('a@b.dk', 'x');
    store.logout('user');
    expect(api.delete).toHaveBeenCalledWith('token', { headers: { Authorization: 'Bearer tok-9' } });
    expect(storage.data.has(KEY)).toBe(false);
    expect(deps.setToken).toHaveBeenLastCalledWith(null);
    expect(deps.clearCache).toHaveBeenCalled();
    expect(timers).toHaveLength(0);
    expect(store.getState()).toMatchObject({ status: 'signed-out', profile: null, signOutReason: 'user' });
  });

  it('drops a sign-in that a logout raced', async () => {
    const { store, api, getNow } = setup();
    let answer!: (v: unknown) => void;
    api.post.mockReturnValueOnce(new Promise((r) => (answer = r)));
    const signing = store.signIn('a@b.dk', 'x');
    store.logout('user');
    answer({ token: 'late', expired_at: inHours(getNow(), 1) });
    await expect(signing).resolves.toBeNull();
    expect(store.getState().status).toBe('signed-out');
    expect(api.delete).toHaveBeenCalledWith('token', { headers: { Authorization: 'Bearer late' } });
  });

  it('reloads the profile and switches language', async () => {
    const { store, api, deps, getNow } = setup();
    api.post.mockResolvedValueOnce({ token: 't', expired_at: inHours(getNow(), 10) });
    api.put.mockResolvedValueOnce(profile).mockResolvedValueOnce({ ...profile, language: 'sv', firstName: 'Olle' });
    await store.signIn('a@b.dk', 'x');
    await store.reloadProfile();
    expect(deps.switchLanguage).toHaveBeenLastCalledWith('sv');
    expect(store.getState().profile?.firstName).toBe('Olle');
  });
});

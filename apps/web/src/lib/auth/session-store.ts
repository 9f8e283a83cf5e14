import type { AuthenticateResponse, Profile } from '@golf/contract/api/session';
import type { Language } from '@golf/contract/constants';
import type { ApiClient } from '../api-client';

export type SessionStatus = 'bootstrapping' | 'signed-out' | 'signed-in';

/** Why the last sign-out happened: the user asked, or the session ended on its own. */
export type SignOutReason = 'user' | 'expired';

export interface SessionState {
  status: SessionStatus;
  profile: Profile | null;
  /** ISO time the token expires. */
  expiresAt: string | null;
  signOutReason: SignOutReason | null;
  /** Set after a successful password reset, shown once on the sign-in page. */
  resetDone: boolean;
}

export interface StoredSession {
  token: string;
  expiresAt: string;
}

export interface SessionDeps {
  api: Pick<ApiClient, 'get' | 'post' | 'put' | 'delete'>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  storageKey: string;
  setToken: (token: string | null) => void;
  switchLanguage: (language: Language) => void | Promise<void>;
  clearCache: () => void;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

/** Renew when this share of the remaining lifetime has passed. */
const RENEW_AT = 0.8;
const MAX_TIMER_MS = 2_147_483_647;

export function readStoredSession(storage: SessionDeps['storage'], key: string): StoredSession | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof parsed.token !== 'string' || typeof parsed.expiresAt !== 'string') return null;
    return { token: parsed.token, expiresAt: parsed.expiresAt };
  } catch {
    return null;
  }
}

/**
 * The session of §4: bootstrap from local storage, sign-in, profile reload, renewal before
 * expiry, and sign-out. A plain store (subscribe / getState) so the API client and React share it.
 */
export function createSessionStore(deps: SessionDeps) {
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>));

  let token: string | null = null;
  let state: SessionState = {
    status: readStoredSession(deps.storage, deps.storageKey) ? 'bootstrapping' : 'signed-out',
    profile: null,
    expiresAt: null,
    signOutReason: null,
    resetDone: false,
  };
  const listeners = new Set<() => void>();
  let renewTimer: unknown = null;
  let renewAt = 0;
  let renewing: Promise<void> | null = null;
  /** Bumped by every sign-out, so a sign-in or renewal that was under way is dropped. */
  let generation = 0;

  function set(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  }

  function store(session: StoredSession | null) {
    try {
      if (session) deps.storage?.setItem(deps.storageKey, JSON.stringify(session));
      else deps.storage?.removeItem(deps.storageKey);
    } catch {
      // storage full or unavailable: the session still lives in memory
    }
  }

  function schedule(expiresAt: string) {
    if (renewTimer !== null) clearTimer(renewTimer);
    const remaining = Date.parse(expiresAt) - now();
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, remaining * RENEW_AT));
    renewAt = now() + delay;
    renewTimer = setTimer(() => {
      renewTimer = null;
      void renew();
    }, delay);
  }

  function unschedule() {
    if (renewTimer !== null) clearTimer(renewTimer);
    renewTimer = null;
    renewAt = 0;
  }

  async function fetchProfile(): Promise<Profile> {
    const profile = await deps.api.put<Profile>('authenticated');
    await deps.switchLanguage(profile.language);
    return profile;
  }

  function adopt(newToken: string, expiresAt: string) {
    token = newToken;
    deps.setToken(newToken);
    store({ token: newToken, expiresAt });
    schedule(expiresAt);
  }

  /** Reads the stored session; with a live token the profile is fetched, otherwise signed out. */
  async function bootstrap(): Promise<void> {
    const stored = readStoredSession(deps.storage, deps.storageKey);
    if (!stored || Date.parse(stored.expiresAt) <= now()) {
      if (stored) store(null);
      set({ status: 'signed-out' });
      return;
    }
    const started = generation;
    token = stored.token;
    deps.setToken(stored.token);
    set({ status: 'bootstrapping' });
    try {
      const profile = await fetchProfile();
      if (started !== generation) return;
      schedule(stored.expiresAt);
      set({ status: 'signed-in', profile, expiresAt: stored.expiresAt, signOutReason: null });
    } catch {
      if (started !== generation) return;
      logout('expired');
    }
  }

  /** Signs in; resolves with the profile or rejects with the ApiError of the failed call. */
  async function signIn(username: string, password: string): Promise<Profile | null> {
    const started = generation;
    const body = { username: username.trim().toLowerCase(), password };
    const response = await deps.api.post<AuthenticateResponse>('authenticate', body);
    if (started !== generation) {
      // A sign-out raced this sign-in: drop the new session.
      void revoke(response.token);
      return null;
    }
    token = response.token;
    deps.setToken(response.token);
    try {
      const profile = await fetchProfile();
      if (started !== generation) return null;
      adopt(response.token, response.expired_at);
      set({ status: 'signed-in', profile, expiresAt: response.expired_at, signOutReason: null, resetDone: false });
      return profile;
    } catch (error) {
      if (started === generation) {
        token = null;
        deps.setToken(null);
      }
      throw error;
    }
  }

  async function reloadProfile(): Promise<Profile | null> {
    if (!token) return null;
    const started = generation;
    const profile = await fetchProfile();
    if (started !== generation) return null;
    set({ profile });
    return profile;
  }

  /** Asks the server for a longer life of the token; a failure ends the session. */
  function renew(): Promise<void> {
    if (!token) return Promise.resolve();
    if (renewing) return renewing;
    const started = generation;
    const current = token;
    renewing = deps.api
      .post<{ expired_at: string }>('token')
      .then(({ expired_at }) => {
        if (started !== generation || token !== current) return;
        store({ token: current, expiresAt: expired_at });
        schedule(expired_at);
        set({ expiresAt: expired_at });
      })
      .catch(() => {
        if (started === generation) logout('expired');
      })
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  /** On tab focus: renew when the renewal time has passed (timers sleep in hidden tabs). */
  function checkRenewal(): void {
    if (state.status !== 'signed-in' || !token || !state.expiresAt) return;
    if (Date.parse(state.expiresAt) <= now()) {
      logout('expired');
      return;
    }
    if (renewAt && now() >= renewAt) void renew();
  }

  async function revoke(oldToken: string) {
    try {
      await deps.api.delete('token', { headers: { Authorization: `Bearer ${oldToken}` } });
    } catch {
      // the token may already be gone; nothing to do
    }
  }

  /** Signs out: revokes the token on the server (errors ignored), clears memory, storage and cache. */
  function logout(reason: SignOutReason = 'user', options: { revoke?: boolean } = {}): void {
    generation += 1;
    const oldToken = token;
    token = null;
    unschedule();
    if (oldToken && options.revoke !== false) void revoke(oldToken);
    deps.setToken(null);
    store(null);
    deps.clearCache();
    set({ status: 'signed-out', profile: null, expiresAt: null, signOutReason: reason });
  }

  /** Another tab changed the stored session. */
  function onStorageChange(newValue: string | null): void {
    if (newValue === null) {
      if (token) logout('expired', { revoke: false });
      return;
    }
    const stored = readStoredSession({ getItem: () => newValue, setItem: () => {}, removeItem: () => {} }, deps.storageKey);
    if (!stored) return;
    if (stored.token === token) {
      schedule(stored.expiresAt);
      set({ expiresAt: stored.expiresAt });
    } else if (state.status !== 'bootstrapping') {
      generation += 1;
      void bootstrap();
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    bootstrap,
    signIn,
    reloadProfile,
    renew,
    checkRenewal,
    logout,
    onStorageChange,
    setResetDone: (resetDone: boolean) => set({ resetDone }),
    /** Milliseconds from now until the scheduled renewal (for tests and diagnostics). */
    get renewalDueIn() {
      return renewAt ? renewAt - now() : null;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

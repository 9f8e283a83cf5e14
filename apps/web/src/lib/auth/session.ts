import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEY } from '@golf/contract/constants';
import type { Profile } from '@golf/contract/api/session';
import { api, authToken } from '../api-client';
import { switchLanguage } from '../i18n';
import { createSessionStore, type SessionState } from './session-store';

function localStorageOrNull(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The query cache, connected by lib/query-provider.tsx when the signed-in screens load, so the
 * public pages do without the query library (issue 9).
 */
export interface QueryCache {
  clear(): void;
  loadRegions(): void;
}

let cache: QueryCache | null = null;

/** The app's one session. */
export const session = createSessionStore({
  api,
  storage: localStorageOrNull(),
  storageKey: SESSION_STORAGE_KEY,
  setToken: authToken.set,
  switchLanguage,
  clearCache: () => cache?.clear(),
});

authToken.onUnauthorized(() => session.logout('expired', { revoke: false }));

let started = false;
// Regions load when bootstrap (or a sign-in) finishes (§4), or when the cache connects after that.
let regionsLoadedFor: number | null = null;

function loadRegions(): void {
  const { profile } = session.getState();
  if (!profile) regionsLoadedFor = null;
  else if (cache && regionsLoadedFor !== profile.id) {
    regionsLoadedFor = profile.id;
    cache.loadRegions();
  }
}

/** Connects the query cache (once, from lib/query-provider.tsx). */
export function connectQueryCache(queries: QueryCache): void {
  cache = queries;
  loadRegions();
}

/** Bootstraps the session once and keeps it renewed while the app runs. */
export function startSession(): void {
  if (started) return;
  started = true;
  session.subscribe(loadRegions);
  void session.bootstrap();
  const check = () => {
    if (document.visibilityState === 'visible') session.checkRenewal();
  };
  document.addEventListener('visibilitychange', check);
  window.addEventListener('focus', check);
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY) session.onStorageChange(event.newValue);
  });
}

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/** The signed-in profile; only for screens behind the sign-in guard. */
export function useProfile(): Profile {
  const { profile } = useSession();
  if (!profile) throw new Error('useProfile needs a signed-in session');
  return profile;
}

import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEY } from '@golf/contract/constants';
import type { Profile } from '@golf/contract/api/session';
import { api, authToken } from '../api-client';
import { switchLanguage } from '../i18n';
import { queryClient } from '../query-client';
import { regionsQueryOptions } from '../reference-data';
import { createSessionStore, type SessionState } from './session-store';

function localStorageOrNull(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The app's one session. */
export const session = createSessionStore({
  api,
  storage: localStorageOrNull(),
  storageKey: SESSION_STORAGE_KEY,
  setToken: authToken.set,
  switchLanguage,
  clearCache: () => queryClient.clear(),
});

authToken.onUnauthorized(() => session.logout('expired', { revoke: false }));

let started = false;

/** Bootstraps the session once and keeps it renewed while the app runs. */
export function startSession(): void {
  if (started) return;
  started = true;
  // Regions load when bootstrap (or a sign-in) finishes (§4).
  let regionsLoadedFor: number | null = null;
  session.subscribe(() => {
    const { profile } = session.getState();
    if (profile && regionsLoadedFor !== profile.id) {
      regionsLoadedFor = profile.id;
      void queryClient.prefetchQuery(regionsQueryOptions());
    }
    if (!profile) regionsLoadedFor = null;
  });
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

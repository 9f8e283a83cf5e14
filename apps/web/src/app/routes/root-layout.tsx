import { createContext, useContext, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { titleKeyForPath } from '../route-table';

/** Sets (or, with null, gives back) a title shown in place of the path's while a screen asks for it. */
const TitleInPlace = createContext<(title: string | null) => void>(() => undefined);

/**
 * Shows `title` as the page's title while the calling screen is shown with it non-null, in place
 * of the one derived from the path: a club handle being looked up (/{handle}/…) is "Loading…", not
 * the unknown route its path is until the club's id is known.
 */
export function useTitleInPlace(title: string | null): void {
  const set = useContext(TitleInPlace);
  useEffect(() => {
    set(title);
    return () => set(null);
  }, [set, title]);
}

/** Keeps document.title in step with the path (§1: titles are derived from the path). */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [inPlace, setInPlace] = useState<string | null>(null);
  const title = inPlace ?? t(titleKeyForPath(pathname));
  const product = t('app.name');
  useEffect(() => {
    document.title = title === product ? product : `${title} · ${product}`;
  }, [title, product]);
  return (
    <TitleInPlace.Provider value={setInPlace}>
      <Outlet />
    </TitleInPlace.Provider>
  );
}

import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { titleKeyForPath } from '../route-table';

/** Keeps document.title in step with the path (§1: titles are derived from the path). */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = t(titleKeyForPath(pathname));
  const product = t('app.name');
  useEffect(() => {
    document.title = title === product ? product : `${title} · ${product}`;
  }, [title, product]);
  return <Outlet />;
}

import { matchPath } from 'react-router';
import type { HelpKey, RouteAccess } from '@golf/contract/menu';
import { paths } from '../config/paths';
import { SCREENS, type ScreenName } from '../config/screens';

/** A screen of this build below /:clubId (from its one entry in config/screens.ts). */
export interface ClubRouteDef {
  name: ScreenName;
  /** Path below /:clubId (no leading slash), as in the contract's menu. */
  path: string;
  /** Translation key of the page title. */
  titleKey: string;
  help?: HelpKey;
  /** Who may open it; absent means any member of the club. */
  access?: RouteAccess;
}

/** The guarded screens that exist in this build. */
export const CLUB_ROUTES: readonly ClubRouteDef[] = (Object.keys(SCREENS) as ScreenName[]).map((name) => ({ name, ...SCREENS[name] }));

export const PUBLIC_ROUTES = [
  { pattern: paths.signIn.pattern, titleKey: 'routes.signin' },
  { pattern: paths.resetPassword.pattern, titleKey: 'routes.resetPassword' },
  { pattern: paths.landing.pattern, titleKey: 'routes.landing' },
] as const;

export const UNKNOWN_ROUTE_KEY = 'routes.unknown';

/** True for menu paths that have a screen in this build (the `available` filter of the menu). */
export function isAvailable(menuPath: string): boolean {
  return CLUB_ROUTES.some((r) => r.path === menuPath);
}

/** The guarded route a path shows, or null. */
export function matchClubRoute(pathname: string): ClubRouteDef | null {
  for (const route of CLUB_ROUTES) {
    if (matchPath({ path: `/:clubId/${route.path}`, end: true }, pathname)) {
      const clubId = pathname.split('/')[1];
      if (/^\d+$/.test(clubId)) return route;
    }
  }
  return null;
}

/** The translation key of a path's title; 'UNKNOWN ROUTE' for a path with no name. */
export function titleKeyForPath(pathname: string): string {
  const club = matchClubRoute(pathname);
  if (club) return club.titleKey;
  const open = PUBLIC_ROUTES.find((r) => matchPath({ path: r.pattern, end: true }, pathname));
  return open ? open.titleKey : UNKNOWN_ROUTE_KEY;
}

/** The section (path below the club id) of a guarded path, when it is a screen of this build. */
export function sectionOfPath(pathname: string): string | null {
  return matchClubRoute(pathname)?.path ?? null;
}

import { matchPath } from 'react-router';
import { MENU, type HelpKey, type RouteAccess } from '@golf/contract/menu';
import { clubSections, paths } from '../config/paths';

/** A screen of this build below /:clubId. */
export interface ClubRouteDef {
  /** Path below /:clubId (no leading slash), as in the contract's menu. */
  path: string;
  /** Translation key of the page title. */
  titleKey: string;
  help?: HelpKey;
  /** Who may open it; absent means any member of the club. */
  access?: RouteAccess;
}

const menuEntry = (path: string) => MENU.flatMap((g) => g.entries).find((e) => e.path === path);

function fromMenu(path: string, titleKey: string): ClubRouteDef {
  const entry = menuEntry(path);
  return { path, titleKey, help: entry?.help, access: entry?.access };
}

const COURSES: RouteAccess = { kind: 'roles', roles: ['courses'] };

/** The guarded screens that exist in this build. */
export const CLUB_ROUTES: readonly ClubRouteDef[] = [
  fromMenu(clubSections.home, 'routes.home'),
  { path: clubSections.clubs, titleKey: 'routes.clubs' },
  fromMenu(clubSections.information, 'routes.club'),
  fromMenu(clubSections.clubApp, 'clubApp.title'),
  fromMenu(clubSections.gallery, 'gallery.title'),
  fromMenu(clubSections.hours, 'hours.title'),
  fromMenu(clubSections.users, 'users.title'),
  fromMenu(clubSections.membersImport, 'membersImport.title'),
  { path: clubSections.settings, titleKey: 'routes.settings' },
  fromMenu(clubSections.newCourse, 'courses.newTitle'),
  { path: clubSections.importCourse, titleKey: 'courseImport.title', access: { kind: 'management' } },
  { path: clubSections.course, titleKey: 'courses.title', access: COURSES },
  { path: clubSections.manageAllHoles, titleKey: 'courses.manageAllHoles', access: COURSES },
  { path: clubSections.pinPositions, titleKey: 'pins.title', access: COURSES },
  { path: clubSections.pinSheet, titleKey: 'pins.printTitle', access: COURSES },
  { path: clubSections.heightProfiles, titleKey: 'heightProfiles.title', access: COURSES },
  { path: clubSections.hole, titleKey: 'holeEditor.titles.edit', access: COURSES },
  { path: clubSections.holeEdit, titleKey: 'holeEditor.titles.edit', access: COURSES },
  { path: clubSections.holeEditPinChart, titleKey: 'holeEditor.titles.edit-pin-chart', access: COURSES },
  { path: clubSections.holeEditElevation, titleKey: 'holeEditor.titles.edit-elevation', access: COURSES },
  { path: clubSections.holeEditPlayLines, titleKey: 'holeEditor.titles.edit-play-lines', access: COURSES },
  { path: clubSections.holeEditLabels, titleKey: 'holeEditor.titles.edit-labels', access: COURSES },
];

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

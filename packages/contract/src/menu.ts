import { canSeeManagement, hasAnyClubRole, isAdmin, type PermissionSubject } from './permissions';
import type { ClubRole } from './roles';

/** Keys of the external help articles (§2: help exists for these). */
export const HELP_KEYS = [
  'filters',
  'information',
  'status',
  'new-course',
  'opening-hours',
  'users',
  'gallery',
  'sponsors',
  'sponsor-setups',
  'new-product',
  'templates',
  'areas',
  'communication',
  'communities',
  'game-insights',
  'tech-overview',
  'heatmap',
] as const;
export type HelpKey = (typeof HELP_KEYS)[number];

/**
 * Who may open a route: any of `roles` in the active club (an empty list means any member),
 * or a special rule. Admin passes every rule.
 */
export type RouteAccess =
  | { kind: 'roles'; roles: readonly ClubRole[] }
  | { kind: 'admin' }
  | { kind: 'management' };

export interface MenuEntry {
  /** Path below /:clubId, without a leading slash; also the translation key suffix. */
  path: string;
  access: RouteAccess;
  help?: HelpKey;
}

export interface MenuGroupDef {
  key: string;
  entries: readonly MenuEntry[];
  /** The courses group also lists the club's courses (admin or the courses role). */
  listsCourses?: boolean;
}

const roles = (...r: ClubRole[]): RouteAccess => ({ kind: 'roles', roles: r });
const admin: RouteAccess = { kind: 'admin' };
const management: RouteAccess = { kind: 'management' };

/** The side menu (§2): its groups and entries, each entry with the role it needs (§6; an admin sees every entry). */
export const MENU: readonly MenuGroupDef[] = [
  { key: 'home', entries: [{ path: 'home', access: roles() }] },
  {
    key: 'club',
    entries: [
      { path: 'club', access: roles('club-info'), help: 'information' },
      { path: 'club/club-app', access: roles('club-info') },
      { path: 'club/gallery', access: roles('club-gallery'), help: 'gallery' },
      { path: 'club/hours', access: roles('opening-hours'), help: 'opening-hours' },
      { path: 'club/import', access: roles('user-management'), help: 'users' },
    ],
  },
  {
    key: 'courses',
    entries: [{ path: 'courses/new', access: management, help: 'new-course' }],
    listsCourses: true,
  },
  { key: 'communities', entries: [{ path: 'communities', access: roles('communities'), help: 'communities' }] },
  {
    key: 'communication',
    entries: [
      { path: 'some/status', access: roles('club-status'), help: 'status' },
      { path: 'some/feed', access: roles('communication'), help: 'communication' },
      { path: 'some/connections', access: roles('communication') },
    ],
  },
  {
    key: 'promotion',
    entries: [
      { path: 'promotion/sponsors', access: roles('promotion'), help: 'sponsors' },
      { path: 'promotion/sponsor-setups', access: roles('promotion'), help: 'sponsor-setups' },
    ],
  },
  { key: 'products', entries: [{ path: 'products', access: roles('products'), help: 'new-product' }] },
  {
    key: 'greenkeeper',
    entries: [
      { path: 'greenkeeper/areas', access: roles('areas'), help: 'areas' },
      { path: 'greenkeeper/techmap', access: roles('tech-map'), help: 'tech-overview' },
    ],
  },
  {
    key: 'insights',
    entries: [
      { path: 'insights/games', access: roles('insights'), help: 'game-insights' },
      { path: 'insights/heatmap', access: roles('insights'), help: 'heatmap' },
    ],
  },
  { key: 'users', entries: [{ path: 'users', access: roles('user-management'), help: 'users' }] },
  {
    key: 'management',
    entries: [
      { path: 'admin/club-info', access: management },
      { path: 'admin/club-status', access: management },
      { path: 'admin/trackmap', access: management },
    ],
  },
  {
    key: 'admin',
    entries: [
      { path: 'admin/elements', access: admin },
      { path: 'admin/themes', access: admin },
      { path: 'admin/regions', access: admin },
      { path: 'admin/assets', access: admin },
      { path: 'admin/events/jobs', access: admin },
      // §2 'events/{product}-users': the users of the digital guide's app, the one app product (issue 26).
      { path: 'admin/events/guide-users', access: admin },
      { path: 'admin/mismatches', access: admin },
      { path: 'admin/atla', access: admin },
    ],
  },
];

export function canOpen(
  subject: PermissionSubject | null | undefined,
  clubId: number | string | null | undefined,
  access: RouteAccess,
): boolean {
  if (!subject) return false;
  if (isAdmin(subject)) return true;
  switch (access.kind) {
    case 'admin':
      return false;
    case 'management':
      return canSeeManagement(subject);
    case 'roles':
      return hasAnyClubRole(subject, clubId, access.roles);
  }
}

/** The course list under Courses needs admin or the courses role (§6). */
export function canListCourses(
  subject: PermissionSubject | null | undefined,
  clubId: number | string | null | undefined,
): boolean {
  return hasAnyClubRole(subject, clubId, ['courses']) && (isAdmin(subject) || clubId != null);
}

export interface CourseLink {
  id: number;
  name: string;
}

export interface VisibleGroup {
  key: string;
  entries: MenuEntry[];
  courses: CourseLink[];
  /** One visible route and no children: the group is a direct link (§2). */
  direct: boolean;
}

/**
 * The groups a user sees. `available` says which paths have a screen in this build: entries of
 * areas not built yet are left out rather than shown as placeholders.
 */
export function visibleMenu(
  subject: PermissionSubject | null | undefined,
  clubId: number | string | null | undefined,
  available: (path: string) => boolean,
  courses: readonly CourseLink[] = [],
): VisibleGroup[] {
  const groups: VisibleGroup[] = [];
  for (const group of MENU) {
    const entries = group.entries.filter((e) => available(e.path) && canOpen(subject, clubId, e.access));
    const courseLinks =
      group.listsCourses && available('courses/:courseId') && canListCourses(subject, clubId)
        ? [...courses]
        : [];
    if (entries.length === 0 && courseLinks.length === 0) continue;
    groups.push({
      key: group.key,
      entries,
      courses: courseLinks,
      direct: entries.length === 1 && courseLinks.length === 0,
    });
  }
  return groups;
}

/** Support (admin only): external links. */
export function canSeeSupport(subject: PermissionSubject | null | undefined): boolean {
  return isAdmin(subject);
}

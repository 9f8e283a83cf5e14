import { MENU, type HelpKey, type RouteAccess } from '@golf/contract/menu';

/**
 * Every signed-in screen of this build, once: its path below /:clubId, the translation key of its
 * title, its help article and who may open it (the contract's RouteAccess; absent means any member
 * of the club). The route table, the router, page titles, the side menu's `available` filter and
 * every link (config/paths.ts, `screenHref`) derive from this table; the router gives each name
 * its lazily loaded component (app/router.tsx). A new screen is one entry here and one loader
 * there (docs/adding-an-area.md).
 */
export interface ScreenDef {
  /** Path below /:clubId without a leading slash; `:name` segments are parameters. */
  path: string;
  titleKey: string;
  help?: HelpKey;
  access?: RouteAccess;
}

/** Help and access of a screen that the side menu lists (§2, the contract's MENU). */
function menu(path: string): Pick<ScreenDef, 'help' | 'access'> {
  const entry = MENU.flatMap((g) => g.entries).find((e) => e.path === path);
  if (!entry) throw new Error(`${path} is not in the menu`);
  return { help: entry.help, access: entry.access };
}

const COURSES: RouteAccess = { kind: 'roles', roles: ['courses'] };
const PRODUCTS: RouteAccess = { kind: 'roles', roles: ['products'] };
const PROMOTION: RouteAccess = { kind: 'roles', roles: ['promotion'] };
const ADMIN: RouteAccess = { kind: 'admin' };

export const SCREENS = {
  home: { path: 'home', titleKey: 'routes.home', ...menu('home') },
  clubs: { path: 'clubs', titleKey: 'routes.clubs' },
  information: { path: 'club', titleKey: 'routes.club', ...menu('club') },
  clubApp: { path: 'club/club-app', titleKey: 'clubApp.title', ...menu('club/club-app') },
  gallery: { path: 'club/gallery', titleKey: 'gallery.title', ...menu('club/gallery') },
  hours: { path: 'club/hours', titleKey: 'hours.title', ...menu('club/hours') },
  users: { path: 'users', titleKey: 'users.title', ...menu('users') },
  membersImport: { path: 'club/import', titleKey: 'membersImport.title', ...menu('club/import') },
  settings: { path: 'settings', titleKey: 'routes.settings' },
  newCourse: { path: 'courses/new', titleKey: 'courses.newTitle', ...menu('courses/new') },
  importCourse: { path: 'courses/import', titleKey: 'courseImport.title', access: { kind: 'management' } },
  course: { path: 'courses/:courseId', titleKey: 'courses.title', access: COURSES },
  manageAllHoles: { path: 'courses/:courseId/manage-all-holes', titleKey: 'courses.manageAllHoles', access: COURSES },
  pinPositions: { path: 'courses/:courseId/pin-positions', titleKey: 'pins.title', access: COURSES },
  pinSheet: { path: 'courses/:courseId/pin-positions/:pinCourseId/:setupId/print', titleKey: 'pins.printTitle', access: COURSES },
  heightProfiles: { path: 'courses/:courseId/height-profiles', titleKey: 'heightProfiles.title', access: COURSES },
  hole: { path: 'courses/:courseId/holes/:holeId', titleKey: 'holeEditor.titles.edit', access: COURSES },
  holeEdit: { path: 'courses/:courseId/holes/:holeId/edit', titleKey: 'holeEditor.titles.edit', access: COURSES },
  holeEditPinChart: { path: 'courses/:courseId/holes/:holeId/edit-pin-chart', titleKey: 'holeEditor.titles.edit-pin-chart', access: COURSES },
  holeEditElevation: { path: 'courses/:courseId/holes/:holeId/edit-elevation', titleKey: 'holeEditor.titles.edit-elevation', access: COURSES },
  holeEditPlayLines: { path: 'courses/:courseId/holes/:holeId/edit-play-lines', titleKey: 'holeEditor.titles.edit-play-lines', access: COURSES },
  holeEditLabels: { path: 'courses/:courseId/holes/:holeId/edit-labels', titleKey: 'holeEditor.titles.edit-labels', access: COURSES },
  products: { path: 'products', titleKey: 'products.title', ...menu('products') },
  guide: { path: 'products/:guideId', titleKey: 'products.guideTitle', help: 'new-product', access: PRODUCTS },
  guideSetupCourses: { path: 'products/:guideId/setup-courses', titleKey: 'products.setupCoursesTitle', help: 'new-product', access: PRODUCTS },
  guideSetupRatings: { path: 'products/:guideId/setup-ratings', titleKey: 'products.setupRatingsTitle', help: 'new-product', access: PRODUCTS },
  guideSetupTees: { path: 'products/:guideId/setup-tees', titleKey: 'products.setupTeesTitle', help: 'new-product', access: PRODUCTS },
  guideSetupDistanceMarkers: { path: 'products/:guideId/setup-distance-markers', titleKey: 'products.setupDistanceMarkersTitle', help: 'new-product', access: PRODUCTS },
  guideFrontpage: { path: 'products/:guideId/frontpage', titleKey: 'products.frontpageTitle', help: 'templates', access: PRODUCTS },
  guideBackpage: { path: 'products/:guideId/backpage', titleKey: 'products.backpageTitle', help: 'templates', access: PRODUCTS },
  guideWelcome: { path: 'products/:guideId/welcome', titleKey: 'products.welcomeTitle', help: 'templates', access: PRODUCTS },
  guideLocalRules: { path: 'products/:guideId/local-rules', titleKey: 'products.localRulesTitle', help: 'templates', access: PRODUCTS },
  guideHoles: { path: 'products/:guideId/holes', titleKey: 'products.holesTitle', help: 'templates', access: PRODUCTS },
  guideCustom: { path: 'products/:guideId/custom/:type', titleKey: 'products.customTitle', help: 'templates', access: PRODUCTS },
  guideSponsorReport: { path: 'products/:guideId/sponsor-report', titleKey: 'products.sponsorReportTitle', help: 'sponsors', access: PRODUCTS },
  jobs: { path: 'admin/events/jobs', titleKey: 'jobs.title', ...menu('admin/events/jobs') },
  sponsors: { path: 'promotion/sponsors', titleKey: 'sponsors.title', ...menu('promotion/sponsors') },
  sponsorSetups: { path: 'promotion/sponsor-setups', titleKey: 'sponsorSetups.title', ...menu('promotion/sponsor-setups') },
  newSponsorSetup: { path: 'promotion/sponsor-setups/:courseId/new', titleKey: 'sponsorSetups.newTitle', help: 'sponsor-setups', access: PROMOTION },
  sponsorSetup: { path: 'promotion/sponsor-setups/:courseId/:sponsorSetupId', titleKey: 'sponsorSetups.editTitle', help: 'sponsor-setups', access: PROMOTION },
  insightsGames: { path: 'insights/games', titleKey: 'insights.games.title', ...menu('insights/games') },
  insightsHeatmap: { path: 'insights/heatmap', titleKey: 'insights.heatmap.title', ...menu('insights/heatmap') },
  someStatus: { path: 'some/status', titleKey: 'social.status.title', ...menu('some/status') },
  someFeed: { path: 'some/feed', titleKey: 'communication.feed.title', ...menu('some/feed') },
  someConnections: { path: 'some/connections', titleKey: 'social.connections.title', ...menu('some/connections') },
  communities: { path: 'communities', titleKey: 'communities.title', ...menu('communities') },
  // §2: /communities/:communityId, the community's posts, members and moderation (?view=).
  community: { path: 'communities/:communityId', titleKey: 'communities.communityTitle', help: 'communities', access: { kind: 'roles', roles: ['communities'] } },
  greenkeeperAreas: { path: 'greenkeeper/areas', titleKey: 'greenkeeper.areas.title', ...menu('greenkeeper/areas') },
  techMap: { path: 'greenkeeper/techmap', titleKey: 'greenkeeper.techmap.title', ...menu('greenkeeper/techmap') },
  // Pin rotation (issue 25): the history of every green's pin spots and a suggested next setup.
  pinRotation: { path: 'courses/:courseId/pin-rotation', titleKey: 'greenkeeper.pins.title', access: COURSES },
  // Administration (issue 26): admins only.
  adminElements: { path: 'admin/elements', titleKey: 'adminElements.title', ...menu('admin/elements') },
  themes: { path: 'admin/themes', titleKey: 'adminThemes.title', ...menu('admin/themes') },
  regions: { path: 'admin/regions', titleKey: 'regions.title', ...menu('admin/regions') },
  assets: { path: 'admin/assets', titleKey: 'assets.title', ...menu('admin/assets') },
  queue: { path: 'admin/queue', titleKey: 'jobs.queue.title', access: ADMIN },
  mismatches: { path: 'admin/mismatches', titleKey: 'mismatches.title', ...menu('admin/mismatches') },
  guideMismatches: { path: 'admin/mismatches/:guideId', titleKey: 'mismatches.guideTitle', access: ADMIN },
  appUsers: { path: 'admin/events/guide-users', titleKey: 'appUsers.title', ...menu('admin/events/guide-users') },
  appUser: { path: 'admin/events/guide-users/:userId', titleKey: 'appUsers.userTitle', access: ADMIN },
  // Management and course-wide mapping (issue 27): admins and the owners of the club's regions; mapping with the courses role.
  managementClubInfo: { path: 'admin/club-info', titleKey: 'management.clubInfo.title', ...menu('admin/club-info') },
  clubStatus: { path: 'admin/club-status', titleKey: 'management.clubStatus.title', ...menu('admin/club-status') },
  trackMap: { path: 'admin/trackmap', titleKey: 'management.trackmap.title', ...menu('admin/trackmap') },
  atla: { path: 'admin/atla', titleKey: 'courseMapping.atla.title', ...menu('admin/atla') },
  metamap: { path: 'metamap', titleKey: 'courseMapping.title', access: COURSES },
  metamapCourse: { path: 'metamap/:courseId', titleKey: 'courseMapping.title', access: COURSES },
  meatmap: { path: 'meatmap', titleKey: 'courseMapping.title', access: COURSES },
  meatmapCourse: { path: 'meatmap/:courseId', titleKey: 'courseMapping.title', access: COURSES },
} as const satisfies Record<string, ScreenDef>;

export type ScreenName = keyof typeof SCREENS;

type Id = number | string;

/** The parameter names of a path, e.g. 'courses/:courseId/holes/:holeId' → 'courseId' | 'holeId'. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type ScreenParams<N extends ScreenName> = Record<ParamsOf<(typeof SCREENS)[N]['path']>, Id>;

/** The URL of a screen in a club: `screenHref('course', 4, { courseId: 7 })` → /4/courses/7. */
export function screenHref<N extends ScreenName>(name: N, clubId: Id, ...[params]: ParamsOf<(typeof SCREENS)[N]['path']> extends never ? [] : [ScreenParams<N>]): string {
  const values = (params ?? {}) as Record<string, Id>;
  const path = SCREENS[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`${name}: missing ${key}`);
    return encodeURIComponent(String(value));
  });
  return `/${clubId}/${path}`;
}

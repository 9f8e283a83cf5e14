import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { SCREENS, type ScreenName } from '../config/screens';
import { Splash } from '../components/ui/splash';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/**
 * A signed-in screen's frame with the query client around it: the query library loads with the
 * screens that use it, not on the public pages (issue 9).
 */
async function withQueries(load: Promise<ComponentType>): Promise<{ Component: ComponentType }> {
  const [Screen, { QueryProvider }] = await Promise.all([load, import('../lib/query-provider')]);
  return {
    Component: function WithQueries() {
      return (
        <QueryProvider>
          <Screen />
        </QueryProvider>
      );
    },
  };
}

type Loader = () => Promise<ComponentType>;

const lazyScreen = (load: Loader) => async () => ({ Component: await load() });
const holeEditor: Loader = async () => (await import('../features/hole-editor/components/hole-editor-page')).HoleEditorPage;
const guidePage: Loader = async () => (await import('../features/products/components/guide-page')).GuidePage;
const courseMapping: Loader = async () => (await import('../features/hole-editor/components/course-mapping-page')).CourseMappingPage;
const sponsorSetupPage: Loader = async () => (await import('../features/sponsor-setups/components/sponsor-setup-page')).SponsorSetupPage;

/**
 * The component of every screen of config/screens.ts, each a chunk of its own loaded when first
 * opened. A Record over the screen names: a screen without a loader does not compile.
 */
const SCREEN_LOADERS: Record<ScreenName, Loader> = {
  home: async () => (await import('../features/home/components/home-page')).HomePage,
  clubs: async () => (await import('../features/clubs/components/clubs-page')).ClubsPage,
  information: async () => (await import('../features/club/components/club-information-page')).ClubInformationPage,
  clubApp: async () => (await import('../features/club/components/club-app-page')).ClubAppPage,
  gallery: async () => (await import('../features/gallery/components/gallery-page')).GalleryPage,
  hours: async () => (await import('../features/hours/components/hours-page')).HoursPage,
  users: async () => (await import('../features/users/components/users-page')).UsersPage,
  membersImport: async () => (await import('../features/members-import/components/members-import-page')).MembersImportPage,
  settings: async () => (await import('../features/settings/components/settings-page')).SettingsPage,
  newCourse: async () => (await import('../features/courses/components/course-page')).CoursePage,
  importCourse: async () => (await import('../features/course-import/components/course-import-page')).CourseImportPage,
  course: async () => (await import('../features/courses/components/course-page')).CoursePage,
  manageAllHoles: async () => (await import('../features/courses/components/manage-all-holes-page')).ManageAllHolesPage,
  pinPositions: async () => (await import('../features/courses/components/pin-positions-page')).PinPositionsPage,
  pinSheet: async () => (await import('../features/courses/components/pin-sheet-print-page')).PinSheetPrintPage,
  heightProfiles: async () => (await import('../features/courses/components/height-profiles-page')).HeightProfilesPage,
  hole: async () => (await import('./routes/hole-redirect')).HoleRedirect,
  holeEdit: holeEditor,
  holeEditPinChart: holeEditor,
  holeEditElevation: holeEditor,
  holeEditPlayLines: holeEditor,
  holeEditLabels: holeEditor,
  products: async () => (await import('../features/products/components/products-page')).ProductsPage,
  guide: guidePage,
  guideSetupCourses: guidePage,
  guideSetupRatings: guidePage,
  guideSetupTees: guidePage,
  guideSetupDistanceMarkers: guidePage,
  guideFrontpage: guidePage,
  guideBackpage: guidePage,
  guideWelcome: guidePage,
  guideLocalRules: guidePage,
  guideHoles: guidePage,
  guideCustom: guidePage,
  guideSponsorReport: async () => (await import('../features/products/components/sponsor-report-page')).SponsorReportPage,
  jobs: async () => (await import('../features/jobs/components/jobs-page')).JobsPage,
  sponsors: async () => (await import('../features/sponsors/components/sponsors-page')).SponsorsPage,
  sponsorSetups: async () => (await import('../features/sponsor-setups/components/sponsor-setups-page')).SponsorSetupsPage,
  newSponsorSetup: sponsorSetupPage,
  sponsorSetup: sponsorSetupPage,
  insightsGames: async () => (await import('../features/insights/components/games-page')).GamesPage,
  insightsHeatmap: async () => (await import('../features/insights/components/heatmap-page')).HeatmapPage,
  someStatus: async () => (await import('../features/social/components/status-page')).StatusPage,
  someFeed: async () => (await import('../features/communication/components/feed-page')).FeedPage,
  someConnections: async () => (await import('../features/social/components/connections-page')).ConnectionsPage,
  communities: async () => (await import('../features/communities/components/communities-page')).CommunitiesPage,
  community: async () => (await import('../features/communities/components/community-page')).CommunityPage,
  greenkeeperAreas: async () => (await import('../features/greenkeeper/areas/areas-page')).AreasPage,
  techMap: async () => (await import('../features/greenkeeper/techmap/tech-map-page')).TechMapPage,
  pinRotation: async () => (await import('../features/greenkeeper/pin-rotation/pin-rotation-page')).PinRotationPage,
  adminElements: async () => (await import('../features/admin-elements/components/elements-page')).ElementsPage,
  themes: async () => (await import('../features/admin-themes/components/themes-page')).ThemesPage,
  regions: async () => (await import('../features/regions/components/regions-page')).RegionsPage,
  assets: async () => (await import('../features/assets/components/assets-page')).AssetsPage,
  queue: async () => (await import('../features/jobs/components/queue-page')).QueuePage,
  mismatches: async () => (await import('../features/mismatches/components/mismatches-page')).MismatchesPage,
  guideMismatches: async () => (await import('../features/mismatches/components/mismatches-page')).MismatchesPage,
  appUsers: async () => (await import('../features/app-users/components/app-users-page')).AppUsersPage,
  appUser: async () => (await import('../features/app-users/components/app-user-page')).AppUserPage,
  managementClubInfo: async () => (await import('../features/management/components/club-info-page')).ManagementClubInfoPage,
  clubStatus: async () => (await import('../features/management/components/club-status-page')).ClubStatusPage,
  trackMap: async () => (await import('../features/management/components/trackmap-page')).TrackMapPage,
  atla: async () => (await import('../features/hole-editor/components/atla-page')).AtlaPage,
  metamap: courseMapping,
  metamapCourse: courseMapping,
  meatmap: courseMapping,
  meatmapCourse: courseMapping,
};

/** The route table of §2; every screen is a chunk of its own, loaded when first opened. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: () => <Splash />,
    ErrorBoundary: RouteError,
    children: [
      {
        index: true,
        lazy: () => withQueries(import('./routes/landing').then((m) => m.Landing)),
      },
      {
        path: paths.signIn.pattern,
        lazy: async () => ({ Component: (await import('../features/auth/components/sign-in-page')).SignInPage }),
      },
      {
        path: paths.resetPassword.pattern,
        lazy: async () => ({ Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage }),
      },
      {
        path: paths.club.pattern,
        lazy: () => withQueries(import('./routes/club-layout').then((m) => m.ClubLayout)),
        children: [
          { index: true, element: <Navigate replace to={SCREENS.home.path} /> },
          ...(Object.keys(SCREENS) as ScreenName[]).map((name) => ({ path: SCREENS[name].path, lazy: lazyScreen(SCREEN_LOADERS[name]) })),
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/unknown-route')).UnknownRoute }),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

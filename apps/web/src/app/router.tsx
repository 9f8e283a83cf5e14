import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { clubSections, paths } from '../config/paths';
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
          { index: true, element: <Navigate replace to={clubSections.home} /> },
          {
            path: clubSections.home,
            lazy: async () => ({ Component: (await import('../features/home/components/home-page')).HomePage }),
          },
          {
            path: clubSections.clubs,
            lazy: async () => ({ Component: (await import('../features/clubs/components/clubs-page')).ClubsPage }),
          },
          {
            path: clubSections.information,
            lazy: async () => ({
              Component: (await import('../features/club/components/club-information-page')).ClubInformationPage,
            }),
          },
          {
            path: clubSections.clubApp,
            lazy: async () => ({ Component: (await import('../features/club/components/club-app-page')).ClubAppPage }),
          },
          {
            path: clubSections.gallery,
            lazy: async () => ({ Component: (await import('../features/gallery/components/gallery-page')).GalleryPage }),
          },
          {
            path: clubSections.hours,
            lazy: async () => ({ Component: (await import('../features/hours/components/hours-page')).HoursPage }),
          },
          {
            path: clubSections.users,
            lazy: async () => ({ Component: (await import('../features/users/components/users-page')).UsersPage }),
          },
          {
            path: clubSections.membersImport,
            lazy: async () => ({ Component: (await import('../features/members-import/components/members-import-page')).MembersImportPage }),
          },
          {
            path: clubSections.settings,
            lazy: async () => ({ Component: (await import('../features/settings/components/settings-page')).SettingsPage }),
          },
          {
            path: clubSections.newCourse,
            lazy: async () => ({ Component: (await import('../features/courses/components/course-page')).CoursePage }),
          },
          {
            path: clubSections.importCourse,
            lazy: async () => ({ Component: (await import('../features/course-import/components/course-import-page')).CourseImportPage }),
          },
          {
            path: clubSections.course,
            lazy: async () => ({ Component: (await import('../features/courses/components/course-page')).CoursePage }),
          },
          {
            path: clubSections.manageAllHoles,
            lazy: async () => ({ Component: (await import('../features/courses/components/manage-all-holes-page')).ManageAllHolesPage }),
          },
          {
            path: clubSections.pinPositions,
            lazy: async () => ({ Component: (await import('../features/courses/components/pin-positions-page')).PinPositionsPage }),
          },
          {
            path: clubSections.pinSheet,
            lazy: async () => ({ Component: (await import('../features/courses/components/pin-sheet-print-page')).PinSheetPrintPage }),
          },
          {
            path: clubSections.heightProfiles,
            lazy: async () => ({ Component: (await import('../features/courses/components/height-profiles-page')).HeightProfilesPage }),
          },
          {
            path: clubSections.hole,
            lazy: async () => ({ Component: (await import('./routes/hole-redirect')).HoleRedirect }),
          },
          {
            path: clubSections.holeEdit,
            lazy: async () => ({ Component: (await import('../features/hole-editor/components/hole-editor-page')).HoleEditorPage }),
          },
          {
            path: clubSections.holeEditPinChart,
            lazy: async () => ({ Component: (await import('../features/hole-editor/components/hole-editor-page')).HoleEditorPage }),
          },
          {
            path: clubSections.holeEditElevation,
            lazy: async () => ({ Component: (await import('../features/hole-editor/components/hole-editor-page')).HoleEditorPage }),
          },
          {
            path: clubSections.holeEditPlayLines,
            lazy: async () => ({ Component: (await import('../features/hole-editor/components/hole-editor-page')).HoleEditorPage }),
          },
          {
            path: clubSections.holeEditLabels,
            lazy: async () => ({ Component: (await import('../features/hole-editor/components/hole-editor-page')).HoleEditorPage }),
          },
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

import { screenHref, type ScreenName } from './screens';

/**
 * Every URL of the app comes from here; components never type a path themselves. The signed-in
 * screens' URLs are built from their one entry in config/screens.ts.
 */

type ClubId = number | string;

export const NEXT_PATH_PARAM = 'nextPathName';

export const paths = {
  landing: {
    pattern: '/',
    build: () => '/',
  },
  signIn: {
    pattern: '/signin',
    build: (nextPathName?: string | null) =>
      nextPathName ? `/signin?${NEXT_PATH_PARAM}=${encodeURIComponent(nextPathName)}` : '/signin',
  },
  resetPassword: {
    pattern: '/reset_password/:token/:email',
    prefix: '/reset_password',
    build: (token: string, email: string) =>
      `/reset_password/${encodeURIComponent(token)}/${encodeURIComponent(email)}`,
  },
  club: {
    pattern: '/:clubId',
    root: (clubId: ClubId) => `/${clubId}`,
    /** Any section below the club, e.g. section(4, 'club') → /4/club. */
    section: (clubId: ClubId, section: string) => `/${clubId}/${section.replace(/^\/+/, '')}`,
    home: (clubId: ClubId) => screenHref('home', clubId),
    clubs: (clubId: ClubId) => screenHref('clubs', clubId),
    information: (clubId: ClubId) => screenHref('information', clubId),
    clubApp: (clubId: ClubId) => screenHref('clubApp', clubId),
    gallery: (clubId: ClubId) => screenHref('gallery', clubId),
    hours: (clubId: ClubId) => screenHref('hours', clubId),
    users: (clubId: ClubId) => screenHref('users', clubId),
    membersImport: (clubId: ClubId) => screenHref('membersImport', clubId),
    settings: (clubId: ClubId) => screenHref('settings', clubId),
    newCourse: (clubId: ClubId) => screenHref('newCourse', clubId),
    course: (clubId: ClubId, courseId: ClubId) => screenHref('course', clubId, { courseId }),
    manageAllHoles: (clubId: ClubId, courseId: ClubId) => screenHref('manageAllHoles', clubId, { courseId }),
    pinPositions: (clubId: ClubId, courseId: ClubId) => screenHref('pinPositions', clubId, { courseId }),
    pinSheet: (clubId: ClubId, courseId: ClubId, setupId: ClubId) =>
      screenHref('pinSheet', clubId, { courseId, pinCourseId: courseId, setupId }),
    heightProfiles: (clubId: ClubId, courseId: ClubId) => screenHref('heightProfiles', clubId, { courseId }),
    importCourse: (clubId: ClubId) => screenHref('importCourse', clubId),
    hole: (clubId: ClubId, courseId: ClubId, holeId: ClubId) => screenHref('hole', clubId, { courseId, holeId }),
    /** A hole editor: edit, edit-pin-chart, edit-elevation, edit-play-lines, edit-labels. */
    holeEditor: (clubId: ClubId, courseId: ClubId, holeId: ClubId, editor: HoleEditorKind) =>
      screenHref(HOLE_EDITOR_SCREENS[editor], clubId, { courseId, holeId }),
  },
} as const;

export const HOLE_EDITORS = ['edit', 'edit-pin-chart', 'edit-elevation', 'edit-play-lines', 'edit-labels'] as const;
export type HoleEditorKind = (typeof HOLE_EDITORS)[number];

/** The screen of each hole editor. */
export const HOLE_EDITOR_SCREENS = {
  edit: 'holeEdit',
  'edit-pin-chart': 'holeEditPinChart',
  'edit-elevation': 'holeEditElevation',
  'edit-play-lines': 'holeEditPlayLines',
  'edit-labels': 'holeEditLabels',
} as const satisfies Record<HoleEditorKind, ScreenName>;

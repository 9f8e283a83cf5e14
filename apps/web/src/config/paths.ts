/** Every URL of the app comes from here; components never type a path themselves. */

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
    home: (clubId: ClubId) => `/${clubId}/home`,
    clubs: (clubId: ClubId) => `/${clubId}/clubs`,
    information: (clubId: ClubId) => `/${clubId}/club`,
    clubApp: (clubId: ClubId) => `/${clubId}/club/club-app`,
    gallery: (clubId: ClubId) => `/${clubId}/club/gallery`,
    hours: (clubId: ClubId) => `/${clubId}/club/hours`,
    users: (clubId: ClubId) => `/${clubId}/users`,
    membersImport: (clubId: ClubId) => `/${clubId}/club/import`,
    settings: (clubId: ClubId) => `/${clubId}/settings`,
    newCourse: (clubId: ClubId) => `/${clubId}/courses/new`,
    course: (clubId: ClubId, courseId: ClubId) => `/${clubId}/courses/${courseId}`,
    manageAllHoles: (clubId: ClubId, courseId: ClubId) => `/${clubId}/courses/${courseId}/manage-all-holes`,
    pinPositions: (clubId: ClubId, courseId: ClubId) => `/${clubId}/courses/${courseId}/pin-positions`,
    pinSheet: (clubId: ClubId, courseId: ClubId, setupId: ClubId) =>
      `/${clubId}/courses/${courseId}/pin-positions/${courseId}/${setupId}/print`,
    heightProfiles: (clubId: ClubId, courseId: ClubId) => `/${clubId}/courses/${courseId}/height-profiles`,
    importCourse: (clubId: ClubId) => `/${clubId}/courses/import`,
    hole: (clubId: ClubId, courseId: ClubId, holeId: ClubId) => `/${clubId}/courses/${courseId}/holes/${holeId}`,
    /** A hole editor: edit, edit-pin-chart, edit-elevation, edit-play-lines, edit-labels. */
    holeEditor: (clubId: ClubId, courseId: ClubId, holeId: ClubId, editor: HoleEditorKind) =>
      `/${clubId}/courses/${courseId}/holes/${holeId}/${editor}`,
  },
} as const;

/** Route paths below /:clubId, as the router and the route table use them. */
export const clubSections = {
  home: 'home',
  clubs: 'clubs',
  information: 'club',
  clubApp: 'club/club-app',
  gallery: 'club/gallery',
  hours: 'club/hours',
  users: 'users',
  membersImport: 'club/import',
  settings: 'settings',
  newCourse: 'courses/new',
  importCourse: 'courses/import',
  course: 'courses/:courseId',
  manageAllHoles: 'courses/:courseId/manage-all-holes',
  pinPositions: 'courses/:courseId/pin-positions',
  pinSheet: 'courses/:courseId/pin-positions/:pinCourseId/:setupId/print',
  heightProfiles: 'courses/:courseId/height-profiles',
  hole: 'courses/:courseId/holes/:holeId',
  holeEdit: 'courses/:courseId/holes/:holeId/edit',
  holeEditPinChart: 'courses/:courseId/holes/:holeId/edit-pin-chart',
  holeEditElevation: 'courses/:courseId/holes/:holeId/edit-elevation',
  holeEditPlayLines: 'courses/:courseId/holes/:holeId/edit-play-lines',
  holeEditLabels: 'courses/:courseId/holes/:holeId/edit-labels',
} as const;

export const HOLE_EDITORS = ['edit', 'edit-pin-chart', 'edit-elevation', 'edit-play-lines', 'edit-labels'] as const;
export type HoleEditorKind = (typeof HOLE_EDITORS)[number];

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
} as const;

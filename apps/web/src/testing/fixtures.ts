/**
 * Records as the server answers them, shared by the web tests: each gives a complete, valid
 * record, and `change` replaces fields.
 */
import type { Club } from '@golf/contract/api/clubs';
import type { Job } from '@golf/contract/api/jobs';
import type { Profile } from '@golf/contract/api/session';
import type { ClubUser } from '@golf/contract/api/users';

/** A signed-in staff member of club 1 with no roles; give the roles the test needs. */
export function profile(change: Partial<Profile> = {}): Profile {
  return {
    id: 2,
    email: 'staff@example.com',
    firstName: 'Sam',
    lastName: 'Staff',
    admin: false,
    roles: {},
    regionRoles: {},
    photoFileName: null,
    language: 'en',
    defaultClubId: 1,
    ...change,
  };
}

/** A member of a club's staff as the users list shows it: user 9 with the club-info role, signed up, never logged in. */
export function clubUser(change: Partial<ClubUser> = {}): ClubUser {
  return {
    id: 9,
    email: 'person@example.com',
    first_name: 'Per',
    last_name: 'Son',
    language: 'en',
    roles: ['club-info'],
    admin: false,
    pending: false,
    last_login: null,
    ...change,
  };
}

/** Club 1, Fjordvang Golfklub in Vejle, without logo, links or teaser. */
export function club(change: Partial<Club> = {}): Club {
  return {
    id: 1,
    name: 'Fjordvang Golfklub',
    handle: 'fjordvang',
    srid: 4326,
    region_ids: [1],
    position: { longitude: 9.5357, latitude: 55.7113 },
    active: true,
    admin_id: 0,
    address: { street: 'Fjordvej 12', city: 'Vejle', zip: '7100', country_code: 'dk' },
    drawing_style_id: 6,
    logo_file_name: null,
    logo_url: null,
    logo_shape: null,
    phone: '',
    homepage: '',
    booking_url: '',
    app_teaser: '',
    plan: 'standard',
    updated_at: '2030-01-01T00:00:00.000Z',
    ...change,
  };
}

/** A PDF job of guide 7 in club 1, running at 40 %. */
export function job(change: Partial<Job> = {}): Job {
  return {
    id: '3f0b8a9e-2c1d-4e5f-8a7b-1c2d3e4f5a6b',
    kind: 'guide.pdf',
    state: 'active',
    percent: 40,
    message: 'Generating PDF Guide',
    attempts: 1,
    createdAt: '2030-05-01T10:00:00.000Z',
    startedAt: '2030-05-01T10:00:01.000Z',
    finishedAt: null,
    result: null,
    error: null,
    clubId: 1,
    guideId: 7,
    guideTitle: 'Fjordvang Links – Yardage book',
    requestId: null,
    ...change,
  };
}

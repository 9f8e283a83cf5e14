import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  createUser,
  DEMO,
  demoIds,
  signIn,
  testDatabaseKind,
  type DemoIds,
  type TestApp,
} from '../../../test/test-app';
import { signInActors } from '../../../test/actors';
import { defaultHeatmapFilter } from '@golf/contract/api/insights';
import { asc, eq } from 'drizzle-orm';
import * as schema from '../../db/schema/index';

/**
 * Who may do what. 'owner' owns the Danish club's region (Region Syddanmark); 'swede' holds
 * club-info, courses and user-management in the Swedish club only; 'skane' owns the Swedish
 * club's region (Skåne) and holds club-info, courses and user-management in the Danish club,
 * which gives no management there (§6 per club); 'anonymous' sends no token. Each row is one
 * call and the status each actor gets.
 */
const ACTORS = ['admin', 'owner', 'staff', 'swede', 'skane', 'anonymous'] as const;
type Actor = (typeof ACTORS)[number];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The demo's ids, the users made here, and rows of the greenkeeper area (issue 25): the Danish
 * demo course and its first hole, and a tracking group of the Swedish club with a comment and an
 * image (the other club's rows that the Danish path must not reach).
 */
type Ids = DemoIds & {
  swedeId: number;
  skaneId: number;
  bothId: number;
  dkCourseId: number;
  dkHoleId: number;
  seTrackingGroupId: number;
  seTrackingCommentId: number;
  seTrackingImageId: number;
};

/** An id no row has. */
const NONE = 2147483000;

interface Row {
  name: string;
  method: Method;
  url: (ids: Ids, actor: Actor) => string;
  body?: (ids: Ids, actor: Actor) => unknown;
  expected: Record<Actor, number>;
}

const all = (signedIn: number, anonymous = 401): Record<Actor, number> => ({
  admin: signedIn,
  owner: signedIn,
  staff: signedIn,
  swede: signedIn,
  skane: signedIn,
  anonymous,
});

const ROWS: Row[] = [
  { name: 'profile', method: 'PUT', url: () => '/api/authenticated', expected: all(200) },
  { name: 'renew session', method: 'POST', url: () => '/api/token', expected: all(200) },
  { name: 'list clubs', method: 'GET', url: () => '/api/clubs', expected: all(200) },
  { name: 'list club names', method: 'GET', url: () => '/api/clubs-list', expected: all(200) },
  // Administration (issue 26): admins only; a region owner (owner, skane) is refused like a club user.
  { name: 'the catalogue with its usage (administration)', method: 'GET', url: () => '/api/graphics/elements/usage', expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 } },
  { name: 'the themes with what uses them', method: 'GET', url: () => '/api/graphics/themes/details', expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 } },
  { name: 'the regions with clubs and owners', method: 'GET', url: () => '/api/admin/regions', expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 } },
  { name: 'the queue per kind', method: 'GET', url: () => '/api/events/queue', expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 } },
  { name: 'the asset categories', method: 'GET', url: () => '/api/assets/categories', expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 } },
  { name: 'the mismatches', method: 'GET', url: () => '/api/admin/mismatches', expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 } },
  { name: 'the app users', method: 'GET', url: () => '/api/admin/app-users', expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 } },
  {
    name: 'read the Danish club',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/club`,
    expected: { admin: 200, owner: 200, staff: 200, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'read the Swedish club',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/club`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 200, skane: 200, anonymous: 401 },
  },
  {
    name: 'read the Swedish club as 000<id>',
    method: 'GET',
    url: (ids) => `/api/clubs/000${ids.seClubId}/club`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 200, skane: 200, anonymous: 401 },
  },
  {
    name: 'read an unknown club',
    method: 'GET',
    url: () => '/api/clubs/99999/club',
    expected: { admin: 404, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'rename the Danish club',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}`,
    body: () => ({ name: 'Fjordvang Golfklub' }),
    expected: { admin: 200, owner: 200, staff: 200, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'rename the Swedish club',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.seClubId}`,
    body: () => ({ name: 'Ljungbacka Golfklubb' }),
    expected: { admin: 200, owner: 403, staff: 403, swede: 200, skane: 200, anonymous: 401 },
  },
  {
    // Management (§6) per club: the owner of the club's region; skane's roles in the club and
    // ownership of another region give none.
    name: 'change the handle of the Danish club',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}`,
    body: () => ({ handle: 'fjordvang' }),
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'change the drawing style of the Danish club',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}`,
    body: () => ({ drawing_style_id: 6 }),
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'change the handle of the Swedish club',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.seClubId}`,
    body: () => ({ handle: 'ljungbacka' }),
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  // Management (issue 27): the management kind per club (admin, the owner of the club's region).
  {
    name: 'check a handle for the Danish club',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/handle-check?handle=fjordvang-gk`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'check a handle for the Swedish club',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/handle-check?handle=ljungbacka-gk`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    // Any signed-in user, for a club they may open; another club's handle is not revealed (404).
    name: 'the club of the Danish handle',
    method: 'GET',
    url: () => '/api/club-handles/fjordvang',
    expected: { admin: 200, owner: 200, staff: 200, swede: 404, skane: 200, anonymous: 401 },
  },
  {
    name: 'the club of the Swedish handle',
    method: 'GET',
    url: () => '/api/club-handles/ljungbacka',
    expected: { admin: 200, owner: 404, staff: 404, swede: 200, skane: 200, anonymous: 401 },
  },
  {
    name: 'the former handles of the Danish club',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/former-handles`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'the admin candidates of the Swedish club',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/admin-candidates`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'the mapping status of the Danish club',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/mapping-status`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'the mapping status of the Swedish club',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/mapping-status`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    // Admins and region owners; a club user is refused.
    name: 'the clubs table of management',
    method: 'GET',
    url: () => '/api/management/clubs-status',
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    // The course-wide save (issue 27): role courses. Version 0 of a drawn hole is answered as a conflict: nothing is written.
    name: 'save the drawings of a Danish course at once',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/courses/${ids.dkCourseId}/drawings`,
    body: (ids) => ({ holes: [{ hole_id: ids.dkHoleId, drawing: { type: 'FeatureCollection', features: [] }, version: 0 }] }),
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'activate the Danish club',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}`,
    body: () => ({ active: true }),
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'set the regions of the Danish club',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}`,
    body: (ids) => ({ region_ids: [ids.dkRegionId] }),
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'set srid and admin of the Swedish club',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.seClubId}`,
    body: () => ({ srid: 3006, admin_id: 0 }),
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'create a club',
    method: 'POST',
    url: () => '/api/clubs',
    body: (_ids, actor) => ({ name: `Matrix club of ${actor}`, handle: `matrix-${actor}` }),
    expected: { admin: 201, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'read the Danish gallery',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/gallery`,
    expected: { admin: 200, owner: 200, staff: 200, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'read the Swedish gallery (the Swede lacks club-gallery)',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/gallery`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'save the Danish opening hours',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}/hours`,
    body: () => ({ seasons: [], closed_days: [], details: '', price_groups: [] }),
    expected: { admin: 200, owner: 200, staff: 200, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'remove the Danish logo',
    method: 'DELETE',
    url: (ids) => `/api/clubs/${ids.dkClubId}/logo`,
    expected: { admin: 200, owner: 200, staff: 200, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'remove the Swedish logo',
    method: 'DELETE',
    url: (ids) => `/api/clubs/${ids.seClubId}/logo`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 200, skane: 200, anonymous: 401 },
  },
  {
    name: 'list the Danish courses',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/courses`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'list the Swedish courses (the Swede holds courses)',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/courses`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 200, skane: 200, anonymous: 401 },
  },
  {
    name: 'create a Danish course (management: admin or the owner of its region)',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/courses`,
    body: (_ids, actor) => ({ name: `Matrix course of ${actor}`, holes: [{ par: 4 }] }),
    expected: { admin: 201, owner: 201, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'create a Swedish course (the courses role alone may not; the owner of Skåne may)',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.seClubId}/courses`,
    body: (_ids, actor) => ({ name: `Matrix course of ${actor}`, holes: [{ par: 4 }] }),
    expected: { admin: 201, owner: 403, staff: 403, swede: 403, skane: 201, anonymous: 401 },
  },
  {
    name: 'list the Danish tees',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tees`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'list the Danish pin setups',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/pin-setups`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'status checks of the Danish drawings',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/status/self-intersections`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  { name: 'graphics catalogue', method: 'GET', url: () => '/api/graphics', expected: all(200) },
  {
    name: 'elements for editing in the Danish club',
    method: 'GET',
    url: (ids) => `/api/graphics/elements-for-edit?club_id=${ids.dkClubId}`,
    expected: { admin: 200, owner: 200, staff: 200, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'add a graphics element (admin only)',
    method: 'POST',
    url: () => '/api/graphics/elements',
    body: () => ({ name: 'matrix marker', groupName: 'Markers', layerName: 'Markers', geometryType: 'point', shorthand: 'MX' }),
    expected: { admin: 201, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'list the Danish guides (products role)',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/guides`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'list the Swedish guides (the owner of Skåne holds every role of its clubs)',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/guides`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'read the app order of the Danish guides',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/app-orders`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'create a Danish guide on an unknown course (the role is checked before the course)',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/guides`,
    body: () => ({ title: 'Matrix guide', course_ids: [999999] }),
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  // Promotion (issue 11): role promotion; the lists also for role products (a guide chooses its
  // sponsor setup). The owner holds every role of the Danish club, skane of the Swedish one.
  {
    name: 'list the Danish sponsors',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/sponsors`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'list the Swedish sponsors (the owner of Skåne holds every role of its clubs)',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/sponsors`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'create a Danish sponsor',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/sponsors`,
    body: (_ids, actor) => ({ name: `Matrix sponsor of ${actor}`, url: 'https://example.com/matrix' }),
    expected: { admin: 201, owner: 201, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'upload a logo for a Danish sponsor that does not exist (the role is checked before the sponsor)',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/sponsors/999999/logo`,
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'list the Danish sponsor setups',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/sponsor-setups`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'read a Danish sponsor setup that does not exist',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/sponsor-setups/999999`,
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'create a Danish sponsor setup on an unknown course',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/sponsor-setups`,
    body: () => ({ name: 'Matrix setup', course_id: 999999 }),
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'create a Swedish sponsor setup on an unknown course',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.seClubId}/sponsor-setups`,
    body: () => ({ name: 'Matrix setup', course_id: 999999 }),
    expected: { admin: 404, owner: 403, staff: 403, swede: 403, skane: 404, anonymous: 401 },
  },
  // Insights (issue 22): role insights. The owner holds every role of the Danish club, skane of the Swedish one.
  {
    name: 'read the Danish game insights',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/insights/games?from=2026-01-01&to=2026-12-31`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'read the Swedish game insights',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/insights/games?from=2026-01-01&to=2026-12-31`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: "save the Danish club's goal round time",
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}/insights/settings`,
    body: () => ({ round_goal_minutes: 240 }),
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'list the Danish heatmap courses',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/insights/heatmap-courses`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'a Danish heatmap of a course that does not exist (the role is checked before the course)',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/insights/heatmap`,
    body: () => ({ course_id: 999999, cell_metres: 8, filter: defaultHeatmapFilter('2026-06-01') }),
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'save a Danish heatmap filter',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/insights/heatmap-filters`,
    body: (_ids, actor) => ({ name: `Matrix filter of ${actor}`, filter: defaultHeatmapFilter('2026-06-01') }),
    expected: { admin: 201, owner: 201, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'list the own Danish heatmap filters',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/insights/heatmap-filters`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'delete a Swedish heatmap filter that does not exist',
    method: 'DELETE',
    url: (ids) => `/api/clubs/${ids.seClubId}/insights/heatmap-filters/999999`,
    expected: { admin: 404, owner: 403, staff: 403, swede: 403, skane: 404, anonymous: 401 },
  },
  // The clubs' app keys (issue 22): platform admins only; an admin's unknown club is 404.
  {
    name: "list the Danish club's app keys",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/app-keys`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'list the app keys of a club that does not exist',
    method: 'GET',
    url: () => '/api/clubs/999999/app-keys',
    expected: { admin: 404, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'revoke a Swedish app key that does not exist',
    method: 'DELETE',
    url: (ids) => `/api/clubs/${ids.seClubId}/app-keys/999999`,
    expected: { admin: 404, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  { name: 'rating organisations', method: 'GET', url: () => '/api/orgs', expected: all(200) },
  { name: 'rated tees of the organisations', method: 'GET', url: () => '/api/orgs-courses-tees', expected: all(200) },
  { name: 'countries', method: 'GET', url: () => '/api/countries', expected: all(200) },
  { name: 'drawing styles', method: 'GET', url: () => '/api/drawing_styles', expected: all(200) },
  { name: 'roles', method: 'GET', url: () => '/api/roles', expected: all(200) },
  { name: 'regions', method: 'GET', url: () => '/api/regions', expected: all(200) },
  {
    name: 'update the own profile',
    method: 'PUT',
    url: (ids, actor) => `/api/users/${ownId(ids, actor)}`,
    body: (ids, actor) => ({ id: ownId(ids, actor), firstName: 'Same', lastName: 'Name', language: 'en' }),
    expected: all(200),
  },
  {
    name: "update the staff member's profile",
    method: 'PUT',
    url: (ids) => `/api/users/${ids.staffId}`,
    body: (ids) => ({ id: ids.staffId, firstName: 'Sam', lastName: 'Staff', language: 'en' }),
    // The admin, and the owner as user manager of the staff member's club, may edit it.
    expected: { admin: 200, owner: 200, staff: 200, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: "update the admin's profile",
    method: 'PUT',
    url: (ids) => `/api/users/${ids.adminId}`,
    body: (ids) => ({ id: ids.adminId, firstName: 'Ada', lastName: 'Admin', language: 'en' }),
    // Nobody manages an admin but the admin.
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'list the Danish users',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/users`,
    // The Swede's user-management is in the Swedish club: it gives nothing in the Danish one.
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'list the Swedish users',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/users`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 200, skane: 200, anonymous: 401 },
  },
  {
    name: 'add a user to the Danish club',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/users`,
    body: (_ids, actor) => ({ email: `matrix-user-of-${actor}@example.com`, first_name: 'Matrix', roles: ['club-info'] }),
    expected: { admin: 201, owner: 201, staff: 403, swede: 403, skane: 201, anonymous: 401 },
  },
  {
    name: 'change the Danish roles of a member of both clubs',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}/users/${ids.bothId}/roles`,
    body: () => ({ roles: ['club-info'] }),
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'change the Swedish roles of a member of both clubs',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.seClubId}/users/${ids.bothId}/roles`,
    body: () => ({ roles: ['club-info'] }),
    expected: { admin: 200, owner: 403, staff: 403, swede: 200, skane: 200, anonymous: 401 },
  },
  {
    name: 'update the profile of a member of both clubs',
    method: 'PUT',
    url: (ids) => `/api/users/${ids.bothId}`,
    body: (ids) => ({ id: ids.bothId, firstName: 'Bo', lastName: 'Both', language: 'en' }),
    // Only a user manager of every club the person belongs to (or the admin) changes their name:
    // skane manages users in both clubs, the owner and the Swede each in one.
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  // Jobs: every job for admins; a club's jobs for its products users (the owner holds every role of
  // the Danish club through its region; staff, the Swede and skane do not hold products there).
  { name: 'list every job', method: 'GET', url: () => '/api/events/jobs', expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 403, anonymous: 401 } },
  {
    name: "list the Danish club's jobs",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/events/jobs`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'read a job the Danish club does not have',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/events/jobs/00000000-0000-4000-8000-000000000000`,
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'ask for a job of a kind nobody may ask for',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/events/jobs`,
    body: () => ({ kind: 'uploads.sweep', guideId: 1 }),
    expected: { admin: 400, owner: 400, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  // Communication (issue 23): the status needs club-status, the connections communication, in the
  // path's club (the owner holds every role of the Danish club, skane of the Swedish one).
  {
    name: "read the Danish club's status",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/announcement`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "post the Swedish club's status",
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.seClubId}/announcement`,
    body: () => ({
      header: 'Banan öppen',
      priority: 'normal',
      body: '',
      start: new Date().toISOString(),
      end: null,
      channels: { rss: false, notification: false, facebook: false, national: false },
    }),
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    // The one the row above posted: the admin deletes it, skane then finds none.
    name: "delete the Swedish club's status",
    method: 'DELETE',
    url: (ids) => `/api/clubs/${ids.seClubId}/announcement`,
    expected: { admin: 204, owner: 403, staff: 403, swede: 403, skane: 404, anonymous: 401 },
  },
  {
    name: "list the Danish club's connections",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/connections`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "list the Swedish club's connections",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/connections`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'connect the Danish club to the national app (not configured here)',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}/connections/national`,
    body: () => ({ account_id: 'dgu-1', token: 'a-token-of-the-club' }),
    expected: { admin: 400, owner: 400, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'disconnect the Swedish club from Facebook (not connected)',
    method: 'DELETE',
    url: (ids) => `/api/clubs/${ids.seClubId}/connections/facebook`,
    expected: { admin: 404, owner: 403, staff: 403, swede: 403, skane: 404, anonymous: 401 },
  },
  {
    name: "list the Danish club's messages to followers",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/notifications`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "count the Swedish club's followers of a guide it does not have",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/notifications/subscribers?guides=2147483000`,
    expected: { admin: 400, owner: 403, staff: 403, swede: 403, skane: 400, anonymous: 401 },
  },
  {
    name: "list the Danish club's feed posts",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/feed/posts`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "the Swedish club's feed stats",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/feed/stats`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: "follow a feed at a loopback address for the Danish club",
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/feed/subscriptions`,
    body: () => ({ url: 'http://127.0.0.1:9/feed.rss' }),
    expected: { admin: 400, owner: 400, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    // The guides' list is read by the messages' recipients too (products or communication).
    name: "list the Swedish club's guides",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/guides`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  // Communities (issue 24): role `communities` in the path's club; creating, deleting, choosing
  // managers and the report threshold are the club's community managers' (admin, region owner).
  {
    name: "list the Danish club's communities",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/communities`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "list the Swedish club's communities",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/communities`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    // The admin creates it; skane then meets the name.
    name: 'create a community in the Swedish club',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.seClubId}/communities`,
    body: () => ({ name: 'Matrix community' }),
    expected: { admin: 201, owner: 403, staff: 403, swede: 403, skane: 409, anonymous: 401 },
  },
  {
    name: "the Danish club's community manager candidates",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/communities/manager-candidates`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "the Swedish club's community settings",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/communities/settings`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: "set the Danish club's report threshold",
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}/communities/settings`,
    body: () => ({ report_threshold: 3 }),
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'read a community the Danish club does not have',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/communities/2147483000`,
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'rename a community the Danish club does not have',
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}/communities/2147483000`,
    body: () => ({ name: 'Renamed' }),
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'delete a community the Swedish club does not have',
    method: 'DELETE',
    url: (ids) => `/api/clubs/${ids.seClubId}/communities/2147483000`,
    expected: { admin: 404, owner: 403, staff: 403, swede: 403, skane: 404, anonymous: 401 },
  },
  {
    name: 'upload the image of a community the Danish club does not have',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/communities/2147483000/image`,
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  // Greenkeeper (issue 25). Tech map: role `tech-map` in the path's club; another club's group,
  // comment, image or course through the path or the body answers 404 (never its data).
  {
    name: "list the Danish club's tracking groups",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "list the Swedish club's tracking groups",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/tracking-groups`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    // The admin creates it; skane then meets the name.
    name: 'create a tracking group in the Swedish club',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.seClubId}/tracking-groups`,
    body: () => ({ name: 'Matrix tracking group' }),
    expected: { admin: 201, owner: 403, staff: 403, swede: 403, skane: 409, anonymous: 401 },
  },
  {
    name: "the courses of the Danish club's tracking groups",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/courses`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'the trackings of the Danish demo course',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/trackings?courseId=${ids.dkCourseId}`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'the trackings of the Danish course through the Swedish club',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/tracking-groups/trackings?courseId=${ids.dkCourseId}`,
    expected: { admin: 404, owner: 403, staff: 403, swede: 403, skane: 404, anonymous: 401 },
  },
  {
    name: "rename the Swedish club's tracking group through the Danish club",
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/${ids.seTrackingGroupId}`,
    body: () => ({ name: 'Taken over' }),
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "delete the Swedish club's tracking group through the Danish club",
    method: 'DELETE',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/${ids.seTrackingGroupId}`,
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "add a Danish hole's element to the Swedish club's tracking group",
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.seClubId}/tracking-groups/${ids.seTrackingGroupId}/trackings`,
    body: (ids) => ({ add: [{ holeId: ids.dkHoleId, featureId: 'green' }] }),
    expected: { admin: 404, owner: 403, staff: 403, swede: 403, skane: 404, anonymous: 401 },
  },
  {
    name: "the log book of the Swedish club's tracking group through the Danish club",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/comments?trackingGroupId=${ids.seTrackingGroupId}`,
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "comment in the Swedish club's tracking group through the Danish club (body)",
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/comments`,
    body: (ids) => ({ trackingGroupId: ids.seTrackingGroupId, text: 'Intruder' }),
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "edit the Swedish club's tracking comment through the Danish club",
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/comments/${ids.seTrackingCommentId}`,
    body: () => ({ text: 'Taken over' }),
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "delete the Swedish club's tracking comment through the Danish club",
    method: 'DELETE',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/comments/${ids.seTrackingCommentId}`,
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "delete the Swedish club's comment image through the Danish club",
    method: 'DELETE',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/comments/${ids.seTrackingCommentId}/images/${ids.seTrackingImageId}`,
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "upload an image to the Swedish club's tracking comment through the Danish club",
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/comments/${ids.seTrackingCommentId}/images`,
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "the Danish club's tracking descriptions",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/descriptions`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "describe the Swedish club's tracking group through the Danish club",
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/${ids.seTrackingGroupId}/descriptions`,
    body: () => ({ name: 'Intruder', description: '' }),
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "edit a description the Danish club's groups do not have",
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.dkClubId}/tracking-groups/${NONE}/descriptions/${NONE}`,
    body: () => ({ name: 'Nothing', description: '' }),
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "the texts of the Danish demo course's first hole",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/holes/${ids.dkHoleId}/texts`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "a Danish hole's text for the Swedish club's tracking group",
    method: 'PUT',
    url: (ids) => `/api/clubs/${ids.seClubId}/holes/${ids.dkHoleId}/texts/${ids.seTrackingGroupId}`,
    body: () => ({ groupText: 'Intruder' }),
    expected: { admin: 404, owner: 403, staff: 403, swede: 403, skane: 404, anonymous: 401 },
  },
  // Area statistics: role `areas`.
  {
    name: "the Danish club's area statistics",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/greenkeeper/areas`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: "the Swedish club's area statistics",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/greenkeeper/areas`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'the area history of the Danish demo course',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/greenkeeper/areas/history?courseId=${ids.dkCourseId}`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  {
    name: 'the area history of the Danish course through the Swedish club',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/greenkeeper/areas/history?courseId=${ids.dkCourseId}`,
    expected: { admin: 404, owner: 403, staff: 403, swede: 403, skane: 404, anonymous: 401 },
  },
  {
    name: "the Danish club's areas as CSV",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/greenkeeper/areas/export?format=csv&unit=ha`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 403, anonymous: 401 },
  },
  // Pin rotation: role `courses` (it makes pin setups).
  {
    name: "the Danish club's pin rotation settings",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/pin-rotation/settings`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: "the Swedish club's pin rotation settings",
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/pin-rotation/settings`,
    expected: { admin: 200, owner: 403, staff: 403, swede: 200, skane: 200, anonymous: 401 },
  },
  {
    name: 'the pin rotation of the Danish demo course',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.dkClubId}/courses/${ids.dkCourseId}/pin-rotation`,
    expected: { admin: 200, owner: 200, staff: 403, swede: 403, skane: 200, anonymous: 401 },
  },
  {
    name: 'the pin rotation of the Danish course through the Swedish club',
    method: 'GET',
    url: (ids) => `/api/clubs/${ids.seClubId}/courses/${ids.dkCourseId}/pin-rotation`,
    expected: { admin: 404, owner: 403, staff: 403, swede: 404, skane: 404, anonymous: 401 },
  },
  {
    name: 'suggest pins for the Danish course through the Swedish club',
    method: 'POST',
    url: (ids) => `/api/clubs/${ids.seClubId}/courses/${ids.dkCourseId}/pin-rotation/suggestion`,
    body: () => ({ date: '2026-06-01' }),
    expected: { admin: 404, owner: 403, staff: 403, swede: 404, skane: 404, anonymous: 401 },
  },
  {
    name: 'forget a played day of a course the Danish club does not have',
    method: 'DELETE',
    url: (ids) => `/api/clubs/${ids.dkClubId}/courses/${NONE}/pin-rotation/days/2026-06-01`,
    expected: { admin: 404, owner: 404, staff: 403, swede: 403, skane: 404, anonymous: 401 },
  },
  { name: 'the public RSS of the Danish club', method: 'GET', url: (ids) => `/api/public/clubs/${ids.dkClubId}/feed.rss`, expected: all(200, 200) },
  { name: 'translations', method: 'GET', url: () => '/api/translations/da', expected: all(200, 200) },
  { name: 'sign out', method: 'DELETE', url: () => '/api/token', expected: all(200) },
];

function ownId(ids: Ids, actor: Actor): number {
  const map: Record<Actor, number> = {
    admin: ids.adminId,
    owner: ids.ownerId,
    staff: ids.staffId,
    swede: ids.swedeId,
    skane: ids.skaneId,
    anonymous: 1,
  };
  return map[actor];
}

describe(`permission matrix (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: Ids;
  let tokens: Partial<Record<Actor, string>>;

  beforeAll(async () => {
    t = await buildTestApp();
    const demo = await demoIds(t);
    const swedeId = await createUser(t, {
      email: 'swede@example.com',
      password: 'swede-password',
      clubRoles: { [demo.seClubId]: ['club-info', 'courses', 'user-management'] },
    });
    const skaneId = await createUser(t, {
      email: 'skane@example.com',
      password: 'skane-password',
      clubRoles: { [demo.dkClubId]: ['club-info', 'courses', 'user-management'] },
      regionRoles: { [demo.seRegionId]: ['owner'] },
    });
    const bothId = await createUser(t, {
      email: 'both@example.com',
      password: 'both-password',
      clubRoles: { [demo.dkClubId]: ['club-info'], [demo.seClubId]: ['club-info'] },
    });
    const db = t.database.db;
    const [dkCourse] = await db.select({ id: schema.courses.id }).from(schema.courses).where(eq(schema.courses.clubId, demo.dkClubId)).orderBy(asc(schema.courses.id)).limit(1);
    const [dkHole] = await db.select({ id: schema.holes.id }).from(schema.holes).where(eq(schema.holes.courseId, dkCourse.id)).orderBy(asc(schema.holes.order)).limit(1);
    const [seGroup] = await db.insert(schema.trackingGroups).values({ clubId: demo.seClubId, name: 'Matrix greens' }).returning({ id: schema.trackingGroups.id });
    const [seComment] = await db.insert(schema.trackingComments).values({ trackingGroupId: seGroup.id, text: 'Klippt' }).returning({ id: schema.trackingComments.id });
    const [seImage] = await db
      .insert(schema.trackingCommentImages)
      .values({ commentId: seComment.id, fileKey: `public/clubs/${demo.seClubId}/greenkeeper/matrix.png`, width: 10, height: 10 })
      .returning({ id: schema.trackingCommentImages.id });
    ids = {
      ...demo,
      swedeId,
      skaneId,
      bothId,
      dkCourseId: dkCourse.id,
      dkHoleId: dkHole.id,
      seTrackingGroupId: seGroup.id,
      seTrackingCommentId: seComment.id,
      seTrackingImageId: seImage.id,
    };
    tokens = await signInActors(t, ['admin', 'owner', 'staff'], {
      swede: ['swede@example.com', 'swede-password'],
      skane: ['skane@example.com', 'skane-password'],
    });
  });
  afterAll(() => t?.close());

  // The rows run in order; the last one signs everybody out.
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const actual = {} as Record<Actor, number>;
    for (const actor of ACTORS) {
      const res = await call(t.app, row.method, row.url(ids, actor), { token: tokens[actor] ?? null, payload: row.body?.(ids, actor) });
      actual[actor] = res.statusCode;
      if (res.statusCode >= 400) expect(typeof res.json().error, `${actor}: error message`).toBe('string');
    }
    expect(actual).toEqual(row.expected);
  });

  it('left the refused calls without effect', async () => {
    const admin = await signIn(t.app, ...DEMO.admin);
    const clubs = (await call(t.app, 'GET', '/api/clubs', { token: admin })).json() as { handle: string; name: string; active: boolean }[];
    expect(clubs.map((c) => c.handle).sort()).toEqual(['augusta-national', 'fjordvang', 'ljungbacka', 'matrix-admin']);
    expect(clubs.find((c) => c.handle === 'fjordvang')).toMatchObject({ name: 'Fjordvang Golfklub', active: true });
    // The Swedish club's tracking group, its comment and image, as they were.
    const db = t.database.db;
    expect(await db.select({ name: schema.trackingGroups.name }).from(schema.trackingGroups).where(eq(schema.trackingGroups.id, ids.seTrackingGroupId))).toEqual([{ name: 'Matrix greens' }]);
    expect(await db.select({ text: schema.trackingComments.text }).from(schema.trackingComments).where(eq(schema.trackingComments.trackingGroupId, ids.seTrackingGroupId))).toEqual([{ text: 'Klippt' }]);
    expect(await db.select({ id: schema.trackingCommentImages.id }).from(schema.trackingCommentImages).where(eq(schema.trackingCommentImages.commentId, ids.seTrackingCommentId))).toEqual([{ id: ids.seTrackingImageId }]);
    expect(await db.select().from(schema.trackingGroupElements).where(eq(schema.trackingGroupElements.trackingGroupId, ids.seTrackingGroupId))).toEqual([]);
    expect(await db.select().from(schema.holeGroupTexts).where(eq(schema.holeGroupTexts.trackingGroupId, ids.seTrackingGroupId))).toEqual([]);
    // The demo hole's drawing, untouched by the course-wide saves (each answered as a conflict).
    const drawn = await db.select({ version: schema.holeDrawings.version, updatedBy: schema.holeDrawings.updatedBy }).from(schema.holeDrawings).where(eq(schema.holeDrawings.holeId, ids.dkHoleId));
    expect(drawn).toEqual([{ version: 1, updatedBy: null }]);
    // Signed out by the last row.
    expect((await call(t.app, 'PUT', '/api/authenticated', { token: tokens.staff })).statusCode).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import core from '@golf/contract/locales/en/core.json';
import { isAvailable, matchClubRoute, sectionOfPath, titleKeyForPath, UNKNOWN_ROUTE_KEY } from './route-table';
import { i18n } from '../lib/i18n';

describe('route table', () => {
  it('names the guarded screens of this build from their paths', () => {
    expect(titleKeyForPath('/12/home')).toBe('routes.home');
    expect(titleKeyForPath('/12/clubs')).toBe('routes.clubs');
    expect(titleKeyForPath('/12/club')).toBe('routes.club');
    expect(titleKeyForPath('/12/settings')).toBe('routes.settings');
    expect(titleKeyForPath('/12/club/club-app')).toBe('clubApp.title');
    expect(titleKeyForPath('/12/club/gallery')).toBe('gallery.title');
    expect(titleKeyForPath('/12/club/hours')).toBe('hours.title');
    expect(titleKeyForPath('/12/home/')).toBe('routes.home');
  });

  it('names the course screens, with new and import before a course id', () => {
    expect(matchClubRoute('/12/courses/new')?.path).toBe('courses/new');
    expect(matchClubRoute('/12/courses/new')?.access).toEqual({ kind: 'management' });
    expect(matchClubRoute('/12/courses/import')?.path).toBe('courses/import');
    expect(matchClubRoute('/12/courses/5')?.access).toEqual({ kind: 'roles', roles: ['courses'] });
    expect(titleKeyForPath('/12/courses/5/manage-all-holes')).toBe('courses.manageAllHoles');
    expect(titleKeyForPath('/12/courses/5/pin-positions')).toBe('pins.title');
    expect(titleKeyForPath('/12/courses/5/pin-positions/5/9/print')).toBe('pins.printTitle');
    expect(titleKeyForPath('/12/courses/5/height-profiles')).toBe('heightProfiles.title');
    for (const editor of ['edit', 'edit-pin-chart', 'edit-elevation', 'edit-play-lines', 'edit-labels']) {
      expect(titleKeyForPath(`/12/courses/5/holes/3/${editor}`)).toBe(`holeEditor.titles.${editor}`);
    }
  });

  it('names the public screens', () => {
    expect(titleKeyForPath('/signin')).toBe('routes.signin');
    expect(titleKeyForPath('/reset_password/abc/a%40b.dk')).toBe('routes.resetPassword');
    expect(titleKeyForPath('/')).toBe('routes.landing');
  });

  it("gives 'UNKNOWN ROUTE' to a path with no name", () => {
    for (const path of ['/12/courses/5/holes', '/12/courses/5/holes/3/draw', '/12/club/gallery/3', '/12/nowhere', '/abc/home', '/12', '/signin/extra']) {
      expect(titleKeyForPath(path)).toBe(UNKNOWN_ROUTE_KEY);
    }
    expect(i18n.t(titleKeyForPath('/12/does-not-exist'))).toBe('UNKNOWN ROUTE');
    expect(core.routes.unknown).toBe('UNKNOWN ROUTE');
  });

  it('translates titles to English', () => {
    expect(i18n.t(titleKeyForPath('/3/club'))).toBe('Club information');
    expect(i18n.t(titleKeyForPath('/3/home'))).toBe('Home');
  });

  it('matches exactly and only under a numeric club id', () => {
    expect(matchClubRoute('/7/club')?.path).toBe('club');
    expect(matchClubRoute('/7/club')?.help).toBe('information');
    expect(matchClubRoute('/7/club')?.access).toEqual({ kind: 'roles', roles: ['club-info'] });
    expect(matchClubRoute('/7/club/hours')?.help).toBe('opening-hours');
    expect(matchClubRoute('/7/club/gallery')?.access).toEqual({ kind: 'roles', roles: ['club-gallery'] });
    expect(matchClubRoute('/7/club/club-app')?.access).toEqual({ kind: 'roles', roles: ['club-info'] });
    expect(matchClubRoute('/7/club/hours/extra')).toBeNull();
    expect(matchClubRoute('/x7/club')).toBeNull();
    expect(sectionOfPath('/7/settings')).toBe('settings');
    expect(sectionOfPath('/7/unknown')).toBeNull();
  });

  it('marks only built screens as available to the menu', () => {
    expect(isAvailable('home')).toBe(true);
    expect(isAvailable('club')).toBe(true);
    expect(isAvailable('club/gallery')).toBe(true);
    expect(isAvailable('club/hours')).toBe(true);
    expect(isAvailable('club/club-app')).toBe(true);
    expect(isAvailable('courses/:courseId')).toBe(true);
    expect(isAvailable('courses/new')).toBe(true);
    expect(isAvailable('admin/atla')).toBe(true);
    expect(isAvailable('admin/nothing-here')).toBe(false);
  });
});

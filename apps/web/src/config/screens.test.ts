import { describe, expect, it } from 'vitest';
import { matchClubRoute } from '../app/route-table';
import { HOLE_EDITORS, paths } from './paths';
import { SCREENS, screenHref, type ScreenName } from './screens';

describe('screens', () => {
  it('builds every link from the one entry of its screen', () => {
    expect(screenHref('home', 4)).toBe('/4/home');
    expect(screenHref('course', 4, { courseId: 7 })).toBe('/4/courses/7');
    expect(screenHref('pinSheet', 4, { courseId: 7, pinCourseId: 7, setupId: 9 })).toBe('/4/courses/7/pin-positions/7/9/print');
    expect(() => screenHref('course', 4, {} as { courseId: number })).toThrow('missing courseId');
  });

  it('opens each screen from the links the app builds', () => {
    const cases: [string, ScreenName][] = [
      [paths.club.home(3), 'home'],
      [paths.club.information(3), 'information'],
      [paths.club.membersImport(3), 'membersImport'],
      [paths.club.course(3, 8), 'course'],
      [paths.club.pinSheet(3, 8, 2), 'pinSheet'],
      [paths.club.hole(3, 8, 5), 'hole'],
      [paths.club.importCourse(3), 'importCourse'],
    ];
    for (const editor of HOLE_EDITORS) cases.push([paths.club.holeEditor(3, 8, 5, editor), matchClubRoute(paths.club.holeEditor(3, 8, 5, editor))!.name]);
    for (const [href, name] of cases) expect(matchClubRoute(href)?.name, href).toBe(name);
    expect(new Set(HOLE_EDITORS.map((e) => matchClubRoute(paths.club.holeEditor(3, 8, 5, e))?.titleKey)).size).toBe(HOLE_EDITORS.length);
  });

  it('gives every screen a path of its own and a title', () => {
    const all = Object.values(SCREENS);
    expect(new Set(all.map((s) => s.path)).size).toBe(all.length);
    for (const screen of all) expect(screen.titleKey).toMatch(/^[\w-]+\.[\w.-]+$/);
  });
});

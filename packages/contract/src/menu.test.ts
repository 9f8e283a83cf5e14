import { describe, expect, it } from 'vitest';
import { canListCourses, canOpen, canSeeSupport, HELP_KEYS, MENU, visibleMenu, type VisibleGroup } from './menu';
import type { PermissionSubject } from './permissions';
import { CLUB_ROLES, type ClubRole } from './roles';

const DK = 1;
const SE = 2;
const everything = () => true;
const COURSES = [
  { id: 11, name: 'Fjord course' },
  { id: 12, name: 'Forest loop' },
];

const admin: PermissionSubject = { admin: true, roles: {}, regionRoles: {} };
const owner: PermissionSubject = { admin: false, roles: { [DK]: [...CLUB_ROLES] }, regionRoles: { 10: ['owner'] } };
const staff: PermissionSubject = { admin: false, roles: { [DK]: ['club-info', 'club-gallery', 'opening-hours'] }, regionRoles: {} };
const nobody: PermissionSubject = { admin: false, roles: {}, regionRoles: {} };
const only = (...roles: ClubRole[]): PermissionSubject => ({ admin: false, roles: { [DK]: roles }, regionRoles: {} });

const keys = (groups: VisibleGroup[]) => groups.map((g) => g.key);
const group = (groups: VisibleGroup[], key: string) => groups.find((g) => g.key === key);
const paths = (g: VisibleGroup | undefined) => g?.entries.map((e) => e.path);

describe('MENU', () => {
  it('has the groups of the side menu in order', () => {
    expect(MENU.map((g) => g.key)).toEqual([
      'home',
      'club',
      'courses',
      'communities',
      'communication',
      'promotion',
      'products',
      'greenkeeper',
      'insights',
      'users',
      'management',
      'admin',
    ]);
  });

  it('only refers to known help articles and club roles', () => {
    for (const g of MENU) {
      for (const e of g.entries) {
        if (e.help) expect(HELP_KEYS).toContain(e.help);
        if (e.access.kind === 'roles') for (const r of e.access.roles) expect(CLUB_ROLES).toContain(r);
      }
    }
  });
});

describe('visibleMenu', () => {
  it('shows the admin every group and every entry', () => {
    const groups = visibleMenu(admin, DK, everything, COURSES);
    expect(keys(groups)).toEqual(MENU.map((g) => g.key));
    for (const g of MENU) expect(paths(group(groups, g.key))).toEqual(g.entries.map((e) => e.path));
    expect(group(groups, 'courses')?.courses).toEqual(COURSES);
  });

  it('shows the admin every group even in a club without roles', () => {
    expect(keys(visibleMenu(admin, 999, everything))).toEqual(MENU.map((g) => g.key));
  });

  it('shows staff only the groups of the roles they hold', () => {
    const groups = visibleMenu(staff, DK, everything, COURSES);
    expect(keys(groups)).toEqual(['home', 'club']);
    expect(paths(group(groups, 'club'))).toEqual(['club', 'club/club-app', 'club/gallery', 'club/hours']);
  });

  it('shows a group when a role of at least one of its routes is held', () => {
    const groups = visibleMenu(only('tech-map'), DK, everything);
    expect(keys(groups)).toEqual(['home', 'greenkeeper']);
    expect(paths(group(groups, 'greenkeeper'))).toEqual(['greenkeeper/techmap']);
    expect(keys(visibleMenu(only('user-management'), DK, everything))).toEqual(['home', 'club', 'users']);
    expect(paths(group(visibleMenu(only('user-management'), DK, everything), 'club'))).toEqual(['club/import']);
  });

  it.each([
    ['insights', ['insights']],
    ['products', ['products']],
    ['promotion', ['promotion']],
    ['areas', ['greenkeeper']],
    ['communities', ['communities']],
    ['communication', ['communication']],
    ['opening-hours', ['club']],
  ] as [ClubRole, string[]][])('maps the role %s to the groups %j', (role, groups) => {
    expect(keys(visibleMenu(only(role), DK, everything))).toEqual(['home', ...groups]);
  });

  it('shows nothing in a club where the user holds no role, and nothing without a subject', () => {
    expect(visibleMenu(staff, SE, everything, COURSES)).toEqual([]);
    expect(visibleMenu(nobody, DK, everything)).toEqual([]);
    expect(visibleMenu(null, DK, everything)).toEqual([]);
    expect(visibleMenu(staff, null, everything)).toEqual([]);
  });

  it('makes a group with one visible route and no children a direct link', () => {
    const groups = visibleMenu(owner, DK, everything);
    expect(group(groups, 'home')?.direct).toBe(true);
    expect(group(groups, 'users')?.direct).toBe(true);
    expect(group(groups, 'products')?.direct).toBe(true);
    expect(group(groups, 'communities')?.direct).toBe(true);
    expect(group(groups, 'club')?.direct).toBe(false);
    expect(group(groups, 'insights')?.direct).toBe(false);
    // A group cut down to one route by the roles is a direct link too.
    expect(group(visibleMenu(only('areas'), DK, everything), 'greenkeeper')).toMatchObject({ direct: true, entries: [{ path: 'greenkeeper/areas' }] });
  });

  it('makes the courses group a direct link only while it lists no courses', () => {
    expect(group(visibleMenu(owner, DK, everything, []), 'courses')).toMatchObject({ direct: true, courses: [] });
    expect(group(visibleMenu(owner, DK, everything, COURSES), 'courses')).toMatchObject({ direct: false, courses: COURSES });
  });

  it('leaves out paths without a screen in this build, and groups left empty', () => {
    const built = new Set(['home', 'club', 'club/gallery', 'users']);
    const groups = visibleMenu(admin, DK, (p) => built.has(p), COURSES);
    expect(keys(groups)).toEqual(['home', 'club', 'users']);
    expect(paths(group(groups, 'club'))).toEqual(['club', 'club/gallery']);
    expect(group(groups, 'club')?.direct).toBe(false);
    expect(visibleMenu(admin, DK, () => false, COURSES)).toEqual([]);
  });

  it('lists the courses only where the course screen is built', () => {
    const built = new Set(['home', 'courses/:courseId']);
    const groups = visibleMenu(only('courses'), DK, (p) => built.has(p), COURSES);
    expect(group(groups, 'courses')).toEqual({ key: 'courses', entries: [], courses: COURSES, direct: false });
    expect(group(visibleMenu(only('courses'), DK, (p) => p === 'home', COURSES), 'courses')).toBeUndefined();
  });

  describe('courses', () => {
    it('lists the courses to the admin and to holders of the courses role', () => {
      expect(group(visibleMenu(admin, DK, everything, COURSES), 'courses')?.courses).toEqual(COURSES);
      expect(group(visibleMenu(only('courses'), DK, everything, COURSES), 'courses')).toMatchObject({ entries: [], courses: COURSES });
    });

    it('does not list them to others', () => {
      expect(group(visibleMenu(staff, DK, everything, COURSES), 'courses')).toBeUndefined();
      // A region owner without the courses role sees 'new course' but no list.
      const regionOwner: PermissionSubject = { admin: false, roles: { [DK]: ['club-info'] }, regionRoles: { 10: ['owner'] } };
      expect(group(visibleMenu(regionOwner, DK, everything, COURSES), 'courses')).toMatchObject({
        entries: [{ path: 'courses/new' }],
        courses: [],
        direct: true,
      });
    });

    it('follows canListCourses', () => {
      expect(canListCourses(admin, DK)).toBe(true);
      expect(canListCourses(admin, null)).toBe(true);
      expect(canListCourses(only('courses'), DK)).toBe(true);
      expect(canListCourses(only('courses'), SE)).toBe(false);
      expect(canListCourses(only('courses'), null)).toBe(false);
      expect(canListCourses(staff, DK)).toBe(false);
      expect(canListCourses(null, DK)).toBe(false);
    });

    it('offers a new course to managers only', () => {
      expect(paths(group(visibleMenu(owner, DK, everything), 'courses'))).toEqual(['courses/new']);
      expect(paths(group(visibleMenu(only('courses'), DK, everything, COURSES), 'courses'))).toEqual([]);
    });
  });

  describe('admin and management', () => {
    it('shows the admin group to admins only', () => {
      expect(group(visibleMenu(admin, DK, everything), 'admin')).toBeDefined();
      const allRoles: PermissionSubject = { admin: false, roles: { [DK]: [...CLUB_ROLES] }, regionRoles: {} };
      for (const s of [owner, staff, allRoles]) expect(group(visibleMenu(s, DK, everything), 'admin')).toBeUndefined();
      expect(canSeeSupport(admin)).toBe(true);
      for (const s of [owner, staff, nobody, null]) expect(canSeeSupport(s)).toBe(false);
    });

    it('shows management to the admin and region owners only', () => {
      expect(paths(group(visibleMenu(admin, DK, everything), 'management'))).toEqual(['admin/club-info', 'admin/club-status', 'admin/trackmap']);
      expect(paths(group(visibleMenu(owner, DK, everything), 'management'))).toEqual(['admin/club-info', 'admin/club-status', 'admin/trackmap']);
      const allRoles: PermissionSubject = { admin: false, roles: { [DK]: [...CLUB_ROLES] }, regionRoles: {} };
      expect(group(visibleMenu(allRoles, DK, everything), 'management')).toBeUndefined();
      const viewer: PermissionSubject = { admin: false, roles: { [DK]: ['club-info'] }, regionRoles: { 10: ['viewer'] } };
      expect(group(visibleMenu(viewer, DK, everything), 'management')).toBeUndefined();
      expect(group(visibleMenu(staff, DK, everything), 'management')).toBeUndefined();
    });
  });
});

describe('canOpen', () => {
  it('applies the access rules of a route', () => {
    expect(canOpen(admin, DK, { kind: 'admin' })).toBe(true);
    expect(canOpen(owner, DK, { kind: 'admin' })).toBe(false);
    expect(canOpen(owner, DK, { kind: 'management' })).toBe(true);
    expect(canOpen(staff, DK, { kind: 'management' })).toBe(false);
    expect(canOpen(staff, DK, { kind: 'roles', roles: ['club-gallery'] })).toBe(true);
    expect(canOpen(staff, DK, { kind: 'roles', roles: ['products'] })).toBe(false);
    expect(canOpen(staff, DK, { kind: 'roles', roles: [] })).toBe(true);
    expect(canOpen(staff, SE, { kind: 'roles', roles: [] })).toBe(false);
    expect(canOpen(null, DK, { kind: 'roles', roles: [] })).toBe(false);
  });
});

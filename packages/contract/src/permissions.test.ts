import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canAccessClub,
  canCreateClub,
  canCreateCourses,
  canEditClubFields,
  canSeeManagement,
  clubRoles,
  effectiveClubRoles,
  hasAnyClubRole,
  hasClubRole,
  isAdmin,
  isRegionOwner,
  managesClub,
  type ClubFieldGroup,
  type PermissionSubject,
} from './permissions';
import { CLUB_ROLES, isClubRole } from './roles';
import { CLUB_FIELD_GROUPS } from './api/clubs';

const DK = 1;
const SE = 2;

const admin: PermissionSubject = { admin: true, roles: {}, regionRoles: {} };
/** Owns region 10, to which the Danish club belongs. */
const owner: PermissionSubject = { admin: false, roles: { [DK]: [...CLUB_ROLES] }, regionRoles: { 10: ['owner'] }, managedClubIds: [DK] };
const staff: PermissionSubject = {
  admin: false,
  roles: { [DK]: ['club-info', 'club-gallery', 'opening-hours'] },
  regionRoles: {},
};
const swede: PermissionSubject = { admin: false, roles: { [SE]: ['club-info', 'courses'] }, regionRoles: {} };
const nobody: PermissionSubject = { admin: false, roles: {}, regionRoles: {} };
/** Owns a region with the Swedish club in it, and holds roles in the Danish club too. */
const ownerElsewhere: PermissionSubject = {
  admin: false,
  roles: { [DK]: ['club-info', 'courses'], [SE]: [...CLUB_ROLES] },
  regionRoles: { 20: ['owner'] },
  managedClubIds: [SE],
};
/** Holds a region role that is not 'owner'. */
const regionViewer: PermissionSubject = { admin: false, roles: { [DK]: ['insights'] }, regionRoles: { 10: ['viewer'] } };

describe('isAdmin', () => {
  it('is true only for the admin flag', () => {
    expect(isAdmin(admin)).toBe(true);
    for (const s of [owner, staff, swede, nobody]) expect(isAdmin(s)).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
    expect(isAdmin({ ...nobody, admin: 'true' as unknown as boolean })).toBe(false);
  });
});

describe('roles', () => {
  it('knows the club roles of the menu and the course role', () => {
    for (const role of ['club-info', 'club-gallery', 'opening-hours', 'insights', 'products', 'promotion', 'user-management', 'areas', 'tech-map', 'communities', 'communication', 'club-status', 'courses']) {
      expect(isClubRole(role), role).toBe(true);
    }
    expect(isClubRole('owner')).toBe(false);
    expect(isClubRole('admin')).toBe(false);
    expect(isClubRole('')).toBe(false);
  });

  it('reads the roles of a club by number or string id', () => {
    expect(clubRoles(staff, DK)).toEqual(['club-info', 'club-gallery', 'opening-hours']);
    expect(clubRoles(staff, String(DK))).toEqual(['club-info', 'club-gallery', 'opening-hours']);
    expect(clubRoles(staff, SE)).toEqual([]);
  });
});

describe('hasClubRole', () => {
  it('is true for a role held in that club', () => {
    expect(hasClubRole(staff, DK, 'club-info')).toBe(true);
    expect(hasClubRole(staff, String(DK), 'opening-hours')).toBe(true);
  });

  it('is false for a role not held, or held in another club', () => {
    expect(hasClubRole(staff, DK, 'insights')).toBe(false);
    expect(hasClubRole(staff, SE, 'club-info')).toBe(false);
    expect(hasClubRole(swede, DK, 'club-info')).toBe(false);
    expect(hasClubRole(nobody, DK, 'club-info')).toBe(false);
  });

  it('is always true for the admin, even without a club', () => {
    expect(hasClubRole(admin, DK, 'courses')).toBe(true);
    expect(hasClubRole(admin, 999, 'club-status')).toBe(true);
    expect(hasClubRole(admin, null, 'club-info')).toBe(true);
  });

  it('is false without a subject or a club', () => {
    expect(hasClubRole(null, DK, 'club-info')).toBe(false);
    expect(hasClubRole(undefined, DK, 'club-info')).toBe(false);
    expect(hasClubRole(staff, null, 'club-info')).toBe(false);
    expect(hasClubRole(staff, undefined, 'club-info')).toBe(false);
  });

  it('does not treat a region role as a club role', () => {
    // Club roles of owned regions come through effectiveClubRoles, never from regionRoles itself.
    expect(hasClubRole({ admin: false, roles: {}, regionRoles: { 20: ['owner'] }, managedClubIds: [SE] }, SE, 'club-info')).toBe(false);
  });
});

describe('hasAnyClubRole', () => {
  it('needs one of the roles, or club access for an empty list', () => {
    expect(hasAnyClubRole(staff, DK, ['insights', 'club-gallery'])).toBe(true);
    expect(hasAnyClubRole(staff, DK, ['insights', 'products'])).toBe(false);
    expect(hasAnyClubRole(staff, DK, [])).toBe(true);
    expect(hasAnyClubRole(staff, SE, [])).toBe(false);
    expect(hasAnyClubRole(admin, SE, ['products'])).toBe(true);
    expect(hasAnyClubRole(null, DK, [])).toBe(false);
    expect(hasAnyClubRole(staff, null, [])).toBe(false);
  });
});

describe('canAccessClub', () => {
  it('lets a user open a club where they hold a role', () => {
    expect(canAccessClub(staff, DK)).toBe(true);
    expect(canAccessClub(owner, DK)).toBe(true);
    expect(canAccessClub(swede, SE)).toBe(true);
    expect(canAccessClub(swede, String(SE))).toBe(true);
  });

  it('refuses the other club, a club with an empty role list, and no subject', () => {
    expect(canAccessClub(staff, SE)).toBe(false);
    expect(canAccessClub(swede, DK)).toBe(false);
    expect(canAccessClub(nobody, DK)).toBe(false);
    expect(canAccessClub({ ...nobody, roles: { [DK]: [] } }, DK)).toBe(false);
    expect(canAccessClub(null, DK)).toBe(false);
  });

  it('lets the admin open any club', () => {
    expect(canAccessClub(admin, DK)).toBe(true);
    expect(canAccessClub(admin, 12345)).toBe(true);
  });
});

describe('canSeeManagement', () => {
  it('is for the admin and owners of a region', () => {
    expect(canSeeManagement(admin)).toBe(true);
    expect(canSeeManagement(owner)).toBe(true);
    expect(canSeeManagement(ownerElsewhere)).toBe(true);
    expect(isRegionOwner(owner)).toBe(true);
  });

  it('is not for club staff, holders of other region roles, or nobody', () => {
    expect(canSeeManagement(staff)).toBe(false);
    expect(canSeeManagement(swede)).toBe(false);
    expect(canSeeManagement(regionViewer)).toBe(false);
    expect(canSeeManagement(nobody)).toBe(false);
    expect(canSeeManagement(null)).toBe(false);
    expect(isRegionOwner(undefined)).toBe(false);
  });

  it('does not follow from holding every club role', () => {
    expect(canSeeManagement({ admin: false, roles: { [DK]: [...CLUB_ROLES] }, regionRoles: {} })).toBe(false);
  });
});

describe('managesClub and canCreateCourses (§6, per club)', () => {
  it('are for the admin and the owner of a region the club belongs to', () => {
    for (const check of [managesClub, canCreateCourses]) {
      expect(check(admin, DK)).toBe(true);
      expect(check(admin, 999)).toBe(true);
      expect(check(owner, DK)).toBe(true);
      expect(check(owner, String(DK))).toBe(true);
      expect(check(ownerElsewhere, SE)).toBe(true);
    }
  });

  it('do not follow from owning another region, nor from roles held in the club', () => {
    for (const check of [managesClub, canCreateCourses]) {
      // ownerElsewhere holds 'courses' in the Danish club and owns a region, just not Denmark's.
      expect(check(ownerElsewhere, DK)).toBe(false);
      expect(check(owner, SE)).toBe(false);
      expect(check(swede, SE)).toBe(false);
      expect(check({ admin: false, roles: { [DK]: [...CLUB_ROLES] }, regionRoles: {} }, DK)).toBe(false);
      expect(check(regionViewer, DK)).toBe(false);
      expect(check(null, DK)).toBe(false);
      expect(check(owner, 'not-a-club')).toBe(false);
    }
  });
});

describe('canCreateClub', () => {
  it('is for the admin only', () => {
    expect(canCreateClub(admin)).toBe(true);
    for (const s of [owner, staff, swede, nobody, null]) expect(canCreateClub(s)).toBe(false);
  });
});

describe('canEditClubFields', () => {
  const table: [string, PermissionSubject | null, number, Record<ClubFieldGroup, boolean>][] = [
    ['admin, any club', admin, SE, { details: true, management: true, admin: true }],
    ['owner, own club', owner, DK, { details: true, management: true, admin: false }],
    ['owner, other club', owner, SE, { details: false, management: false, admin: false }],
    ['staff with club-info', staff, DK, { details: true, management: false, admin: false }],
    ['staff, other club', staff, SE, { details: false, management: false, admin: false }],
    ['swede, own club', swede, SE, { details: true, management: false, admin: false }],
    // A role in a club outside the owned regions gives no management there (§6, per club).
    ['owner of another region, with club-info here', ownerElsewhere, DK, { details: true, management: false, admin: false }],
    ['owner of another region, in the owned club', ownerElsewhere, SE, { details: true, management: true, admin: false }],
    ['region owner, club without roles', owner, 3, { details: false, management: false, admin: false }],
    ['region viewer without club-info', regionViewer, DK, { details: false, management: false, admin: false }],
    ['nobody', nobody, DK, { details: false, management: false, admin: false }],
    ['no subject', null, DK, { details: false, management: false, admin: false }],
  ];
  it.each(table)('%s', (_label, subject, clubId, expected) => {
    const actual = {
      details: canEditClubFields(subject, clubId, 'details'),
      management: canEditClubFields(subject, clubId, 'management'),
      admin: canEditClubFields(subject, clubId, 'admin'),
    };
    expect(actual).toEqual(expected);
  });

  it('puts every club field in the group the spec gives it', () => {
    expect(CLUB_FIELD_GROUPS).toMatchObject({
      name: 'details',
      address: 'details',
      position: 'details',
      handle: 'management',
      drawing_style_id: 'management',
      srid: 'admin',
      region_ids: 'admin',
      active: 'admin',
      admin_id: 'admin',
    });
    for (const group of Object.values(CLUB_FIELD_GROUPS)) expect(['details', 'management', 'admin']).toContain(group);
  });
});

describe('assignableRoles', () => {
  it('lets the admin assign any club role', () => {
    expect(assignableRoles(admin, DK)).toEqual(CLUB_ROLES);
    expect(assignableRoles(admin, 999)).toEqual(CLUB_ROLES);
  });

  it('lets others assign only roles they hold in the active club, in catalogue order', () => {
    expect(assignableRoles(staff, DK)).toEqual(['club-info', 'club-gallery', 'opening-hours']);
    expect(assignableRoles({ ...nobody, roles: { [DK]: ['opening-hours', 'club-info'] } }, DK)).toEqual(['club-info', 'opening-hours']);
    expect(assignableRoles(owner, DK)).toEqual([...CLUB_ROLES]);
    expect(assignableRoles(swede, SE)).toEqual(['club-info', 'courses']);
  });

  it('gives nothing in a club where the user holds no role', () => {
    expect(assignableRoles(staff, SE)).toEqual([]);
    expect(assignableRoles(owner, SE)).toEqual([]);
    expect(assignableRoles(nobody, DK)).toEqual([]);
    expect(assignableRoles(null, DK)).toEqual([]);
  });

  it('never offers a role that is no club role', () => {
    expect(assignableRoles({ ...nobody, roles: { [DK]: ['owner', 'admin', 'club-info'] } }, DK)).toEqual(['club-info']);
  });
});

describe('effectiveClubRoles', () => {
  it('keeps direct roles, in catalogue order', () => {
    expect(effectiveClubRoles({ [DK]: ['opening-hours', 'club-info'] }, [])).toEqual({ [DK]: ['club-info', 'opening-hours'] });
  });

  it('gives every club role in the clubs of an owned region', () => {
    expect(effectiveClubRoles({}, [DK, SE])).toEqual({ [DK]: [...CLUB_ROLES], [SE]: [...CLUB_ROLES] });
    expect(effectiveClubRoles({ [DK]: ['club-info'] }, [DK])).toEqual({ [DK]: [...CLUB_ROLES] });
  });

  it('leaves other clubs with their direct roles', () => {
    expect(effectiveClubRoles({ [DK]: ['insights'], [SE]: ['club-info'] }, [DK])).toEqual({
      [DK]: [...CLUB_ROLES],
      [SE]: ['club-info'],
    });
  });

  it('drops names that are no club role and duplicates', () => {
    expect(effectiveClubRoles({ [DK]: ['club-info', 'owner', 'club-info', 'legacy'] }, [])).toEqual({ [DK]: ['club-info'] });
  });

  it('does not change its input', () => {
    const direct = { [DK]: ['club-info'] };
    const result = effectiveClubRoles(direct, [DK]);
    result[DK].pop();
    expect(direct).toEqual({ [DK]: ['club-info'] });
  });

  it('is empty without roles and regions', () => {
    expect(effectiveClubRoles({}, [])).toEqual({});
  });
});

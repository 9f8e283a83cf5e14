import { CLUB_ROLES, type ClubRole } from './roles';

/**
 * The part of a profile the permission rules read. `roles` maps club id to the club roles the
 * user holds there (region owners receive every club role of the clubs in their regions, see
 * effectiveClubRoles); `regionRoles` maps region id to region roles; `managedClubIds` lists the
 * clubs of the regions the user owns, the clubs they manage (§6). Absent means none.
 */
export interface PermissionSubject {
  admin: boolean;
  roles: Record<string, readonly string[]>;
  regionRoles: Record<string, readonly string[]>;
  managedClubIds?: readonly number[];
}

export function isAdmin(subject: PermissionSubject | null | undefined): boolean {
  return subject?.admin === true;
}

export function clubRoles(subject: PermissionSubject, clubId: number | string): readonly string[] {
  return subject.roles[String(clubId)] ?? [];
}

export function hasClubRole(
  subject: PermissionSubject | null | undefined,
  clubId: number | string | null | undefined,
  role: ClubRole,
): boolean {
  if (!subject) return false;
  if (subject.admin) return true;
  if (clubId === null || clubId === undefined) return false;
  return clubRoles(subject, clubId).includes(role);
}

/** Any of the roles, or admin. An empty role list means "any signed-in user of the club". */
export function hasAnyClubRole(
  subject: PermissionSubject | null | undefined,
  clubId: number | string | null | undefined,
  roles: readonly ClubRole[],
): boolean {
  if (!subject) return false;
  if (subject.admin) return true;
  if (clubId === null || clubId === undefined) return false;
  if (roles.length === 0) return canAccessClub(subject, clubId);
  return roles.some((r) => clubRoles(subject, clubId).includes(r));
}

/** A user may open a club when admin or holding at least one role there. */
export function canAccessClub(
  subject: PermissionSubject | null | undefined,
  clubId: number | string,
): boolean {
  if (!subject) return false;
  if (subject.admin) return true;
  return clubRoles(subject, clubId).length > 0;
}

export function isRegionOwner(subject: PermissionSubject | null | undefined): boolean {
  if (!subject) return false;
  return Object.values(subject.regionRoles).some((roles) => roles.includes('owner'));
}

/**
 * 'Can see management' (§6): admin, or owner of at least one region. This only decides whether
 * the Management screens are offered at all; what management allows is decided per club by
 * managesClub.
 */
export function canSeeManagement(subject: PermissionSubject | null | undefined): boolean {
  return isAdmin(subject) || isRegionOwner(subject);
}

/**
 * Management of one club (§6, per club): the admin, or the owner of a region the club belongs
 * to. Owning another region does not give it, nor does any role held in the club itself.
 */
export function managesClub(subject: PermissionSubject | null | undefined, clubId: number | string): boolean {
  if (!subject) return false;
  if (subject.admin) return true;
  const id = Number(clubId);
  return Number.isInteger(id) && (subject.managedClubIds ?? []).includes(id);
}

export function canCreateClub(subject: PermissionSubject | null | undefined): boolean {
  return isAdmin(subject);
}

/** Club fields a user may change in PUT clubs/{id}. */
export type ClubFieldGroup = 'details' | 'management' | 'admin';

export function canEditClubFields(
  subject: PermissionSubject | null | undefined,
  clubId: number | string,
  group: ClubFieldGroup,
): boolean {
  if (!subject) return false;
  if (subject.admin) return true;
  if (group === 'admin') return false;
  if (group === 'management') return managesClub(subject, clubId);
  return hasClubRole(subject, clubId, 'club-info');
}

/**
 * Role assignment (§6): an admin may select any role; others only roles they hold in the
 * active club.
 */
export function assignableRoles(
  subject: PermissionSubject | null | undefined,
  clubId: number | string,
): readonly ClubRole[] {
  if (!subject) return [];
  if (subject.admin) return CLUB_ROLES;
  const held = clubRoles(subject, clubId);
  return CLUB_ROLES.filter((r) => held.includes(r));
}

/**
 * Effective club roles: the roles held directly, plus every club role in the clubs of a region
 * the user owns. Computed on the server and sent in the profile.
 */
export function effectiveClubRoles(
  direct: Record<string, readonly string[]>,
  ownedRegionClubIds: readonly number[],
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [clubId, roles] of Object.entries(direct)) result[clubId] = [...roles];
  for (const clubId of ownedRegionClubIds) result[String(clubId)] = [...CLUB_ROLES];
  for (const clubId of Object.keys(result)) {
    result[clubId] = CLUB_ROLES.filter((r) => result[clubId].includes(r));
  }
  return result;
}

/** Courses are read and edited with the 'courses' role in the club, or as admin (§6). */
export function canEditCourses(subject: PermissionSubject | null | undefined, clubId: number | string): boolean {
  return hasClubRole(subject, clubId, 'courses');
}

/**
 * Creating, importing and deleting a course needs management of this club (§6, managesClub):
 * the admin, or the owner of a region the club belongs to. The courses role in the club, or
 * owning another region, is not enough.
 */
export function canCreateCourses(subject: PermissionSubject | null | undefined, clubId: number | string): boolean {
  return managesClub(subject, clubId);
}

/**
 * What a club-scoped API route asks of the caller, in the club its path (or query) names. The
 * server declares one on every such route (apps/server/src/platform/authorize.ts) and enforces it
 * with clubRuleRefusal before the handler runs.
 * - no fields: any member of the club (a role there, or managing it, or admin);
 * - `roles`: any one of these roles there (or admin);
 * - `management`: management of this club (managesClub: admin or an owner of its region).
 */
export interface ClubRule {
  roles?: readonly ClubRole[];
  management?: boolean;
}

/** Why a club rule refuses: 'club' (no access to the club at all), 'role', 'management'; null when it allows. */
export type ClubRefusal = 'club' | 'role' | 'management' | null;

export function clubRuleRefusal(
  subject: PermissionSubject | null | undefined,
  clubId: number | string,
  rule: ClubRule,
): ClubRefusal {
  if (!subject) return 'club';
  if (subject.admin) return null;
  if (!canAccessClub(subject, clubId) && !managesClub(subject, clubId)) return 'club';
  if (rule.roles && rule.roles.length > 0 && !hasAnyClubRole(subject, clubId, rule.roles)) return 'role';
  if (rule.management && !managesClub(subject, clubId)) return 'management';
  return null;
}

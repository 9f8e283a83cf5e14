/**
 * Role names. Club roles are held per club (profile.roles[clubId]); region roles per region.
 * The spec names the menu roles (§6) and 'owner' for regions; 'courses' guards the course list.
 */
export const CLUB_ROLES = [
  'club-info',
  'club-gallery',
  'opening-hours',
  'insights',
  'products',
  'promotion',
  'user-management',
  'areas',
  'tech-map',
  'communities',
  'communication',
  'club-status',
  'courses',
] as const;
export type ClubRole = (typeof CLUB_ROLES)[number];

export const REGION_ROLES = ['owner'] as const;
export type RegionRole = (typeof REGION_ROLES)[number];

export function isClubRole(value: string): value is ClubRole {
  return (CLUB_ROLES as readonly string[]).includes(value);
}

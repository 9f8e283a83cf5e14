import { z } from 'zod';
import { IdParam, Text } from './common';

/**
 * Regions for administrators (issue 26, §2 /admin/regions, §3 Region): a region groups clubs, and
 * its owners manage those clubs (§6: an owner of a region receives every club role of its clubs
 * and management of them). Admins create, rename and delete regions, and add and remove their
 * clubs and owners; a change of the clubs or owners gives or takes the rights at the owners' next
 * request. `GET regions` (modules/reference) stays the signed-in user's own view.
 */
export const REGION_LIMITS = {
  name: 100,
  /** Regions in all. */
  regions: 500,
  clubsPerRegion: 2_000,
  ownersPerRegion: 100,
  /** The user search for a new owner: the shortest and longest text, and the most answers. */
  searchMin: 2,
  search: 100,
  searchResults: 20,
} as const;

export const RegionClub = z.object({ id: z.number().int(), name: z.string() });
export type RegionClub = z.infer<typeof RegionClub>;

export const RegionOwner = z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() });
export type RegionOwner = z.infer<typeof RegionOwner>;

/** GET admin/regions: a region with its clubs and owners, by name. */
export const AdminRegion = z.object({
  id: z.number().int(),
  name: z.string(),
  clubs: z.array(RegionClub),
  owners: z.array(RegionOwner),
});
export type AdminRegion = z.infer<typeof AdminRegion>;

/** The name of a region: trimmed, 1 to 100 characters; unique without regard to case. */
export const RegionName = Text.trim().min(1, 'Enter a name').max(REGION_LIMITS.name, `At most ${REGION_LIMITS.name} characters`);

/** POST admin/regions and PUT admin/regions/{id}. */
export const RegionBody = z.object({ name: RegionName });
export type RegionBody = z.infer<typeof RegionBody>;

export const RegionParams = z.object({ id: IdParam });
export const RegionClubParams = z.object({ id: IdParam, clubId: IdParam });
export const RegionOwnerParams = z.object({ id: IdParam, userId: IdParam });

/** GET admin/regions/owner-candidates?q=: existing users whose e-mail or name contains `q`. */
export const OwnerCandidatesQuery = z.object({
  q: Text.trim().min(REGION_LIMITS.searchMin, `At least ${REGION_LIMITS.searchMin} characters`).max(REGION_LIMITS.search),
});
export const OwnerCandidate = RegionOwner.extend({ admin: z.boolean() });
export type OwnerCandidate = z.infer<typeof OwnerCandidate>;

/** Names compared as the uniqueness rule compares them: trimmed, without regard to case. */
export function sameRegionName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');
}

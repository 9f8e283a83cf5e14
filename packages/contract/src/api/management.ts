import { z } from 'zod';
import { IdParam, Text } from './common';

/**
 * Management (issue 27, §1 Management, §2 /admin/club-info, /admin/club-status, /admin/trackmap,
 * §6): an admin, or an owner of a region the club belongs to, sets the club's handle (used in the
 * console's URLs: /{handle}/home opens the club; a former handle keeps working and leads to the
 * club), its default theme (drawing_style_id), and — admins only — its active flag and admin user,
 * through PUT clubs/{id} (the clubs area's field groups). The mapping status shows, per course and
 * hole, the stored status checks and the graphics catalogue's rules (issue 26).
 *
 * Wire casing: snake_case, like the clubs area.
 */

export const MANAGEMENT_LIMITS = {
  /** Former handles kept per club (the oldest is let go beyond it). */
  formerHandles: 20,
  /** Clubs in one answer of GET management/clubs-status. */
  clubsStatus: 2_000,
} as const;

/** GET clubs/{clubId}/handle-check?handle= : may this club take the handle? (checked as it is typed). */
export const HandleCheckQuery = z.object({ handle: Text.max(200) });
export const HandleCheck = z.object({
  /** The handle as it would be stored (trimmed, lower case). */
  handle: z.string(),
  available: z.boolean(),
  /** Why not: not URL-safe, another club's handle, or another club's former handle (its old URLs lead there). */
  reason: z.enum(['invalid', 'taken', 'former']).nullable(),
});
export type HandleCheck = z.infer<typeof HandleCheck>;

/** GET club-handles/{handle}: the club a handle (current or former) names, for a user who may open it. */
export const ClubHandleParams = z.object({ handle: Text.min(1).max(200) });
export const ClubHandleTarget = z.object({
  club_id: z.number().int(),
  /** The club's handle now. */
  handle: z.string(),
  /** The asked handle is one the club had before. */
  former: z.boolean(),
});
export type ClubHandleTarget = z.infer<typeof ClubHandleTarget>;

/** GET clubs/{clubId}/former-handles: the club's earlier handles, newest first. */
export const FormerHandle = z.object({ handle: z.string(), changed_at: z.iso.datetime() });
export type FormerHandle = z.infer<typeof FormerHandle>;

/** GET clubs/{clubId}/admin-candidates: users who may be the club's admin (a user of the club, or an admin). */
export const AdminCandidate = z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() });
export type AdminCandidate = z.infer<typeof AdminCandidate>;

/** One broken catalogue rule of a drawn element (contract geo/catalogue-rules RuleBreach, snake_case). */
export const RuleBreachRow = z.object({
  feature: z.string(),
  element: z.string(),
  rule: z.enum(['requiredAttribute', 'mustLieInside', 'areaTooSmall', 'areaTooLarge']),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type RuleBreachRow = z.infer<typeof RuleBreachRow>;

/** The mapping status of one hole: the stored status checks and the catalogue's rules. */
export const HoleMappingStatus = z.object({
  id: z.number().int(),
  order: z.number().int(),
  name: z.string().nullable(),
  par: z.number().int().nullable(),
  has_drawing: z.boolean(),
  /** Features that cross themselves: element and number of crossings. */
  self_intersections: z.array(z.object({ feature: z.string(), element: z.string(), count: z.number().int() })),
  /** Crossings of the hole boundary with itself. */
  boundary_self_intersections: z.number().int(),
  /** Every green inside the hole boundary; null when there is no boundary or no green. */
  greens_within_boundary: z.boolean().nullable(),
  rule_breaches: z.array(RuleBreachRow),
  /** Drawn, and none of the above found. */
  ok: z.boolean(),
});
export type HoleMappingStatus = z.infer<typeof HoleMappingStatus>;

export const CourseMappingStatus = z.object({
  id: z.number().int(),
  name: z.string(),
  holes: z.array(HoleMappingStatus),
  holes_drawn: z.number().int(),
  holes_failing: z.number().int(),
});
export type CourseMappingStatus = z.infer<typeof CourseMappingStatus>;

/** GET clubs/{clubId}/mapping-status[?course_id=]: every course of the club (or the one asked). */
export const MappingStatusQuery = z.object({ course_id: IdParam.optional() });
export const ClubMappingStatus = z.object({
  club_id: z.number().int(),
  courses: z.array(CourseMappingStatus),
  /** When the answer was computed (ISO). */
  computed_at: z.iso.datetime(),
});
export type ClubMappingStatus = z.infer<typeof ClubMappingStatus>;

/**
 * GET management/clubs-status: for an admin every club, for a region owner the clubs of their
 * regions; per club its counts from the stored status checks (the catalogue's rules are shown per
 * club, on its own status screen). Others get 403.
 */
export const ClubStatusRow = z.object({
  club_id: z.number().int(),
  name: z.string(),
  handle: z.string(),
  active: z.boolean(),
  region_ids: z.array(z.number().int()),
  courses: z.number().int(),
  holes: z.number().int(),
  holes_drawn: z.number().int(),
  /** Drawn holes whose stored checks found a crossing or a green outside the boundary. */
  holes_failing: z.number().int(),
  /** Last drawing saved in the club (ISO), or null. */
  last_drawing_at: z.iso.datetime().nullable(),
});
export type ClubStatusRow = z.infer<typeof ClubStatusRow>;
export const ClubsStatusResponse = z.object({ clubs: z.array(ClubStatusRow), truncated: z.boolean() });
export type ClubsStatusResponse = z.infer<typeof ClubsStatusResponse>;

import { z } from 'zod';
import { IdParam } from './common';

/** Status checks of the saved drawings (§3 "Status checks", §7), keyed by hole id. */

export const StatusQuery = z.object({ course_id: IdParam.optional() });

/** One self-intersection: the feature, its element and where its edges cross. */
export const Intersection = z.object({
  feature: z.string(),
  element: z.string(),
  points: z.array(z.tuple([z.number(), z.number()])),
});
export type Intersection = z.infer<typeof Intersection>;

/** GET status/self-intersections: every feature of each hole's drawing that crosses itself. */
export const SelfIntersectionsResponse = z.record(z.string(), z.array(Intersection));
/** GET status/boundary-self-intersections: the hole boundary's own crossings. */
export const BoundarySelfIntersectionsResponse = z.record(z.string(), z.array(Intersection));
/**
 * GET status/greens-within-boundary: true when every green lies inside the hole boundary, false
 * when one does not, null when the hole has no boundary or no green to check.
 */
export const GreensWithinBoundaryResponse = z.record(z.string(), z.boolean().nullable());

import { z } from 'zod';
import type { Drawing } from '@golf/contract/api/drawings';
import { Intersection } from '@golf/contract/api/status';
import * as geo from '@golf/contract/geo/status';

/**
 * The three status checks of one saved drawing version (§3 "Status checks"), stored with the
 * drawing in `hole_drawings.checks` so the status calls read them instead of recomputing.
 */
export const DrawingChecks = z.object({
  selfIntersections: z.array(Intersection),
  boundarySelfIntersections: z.array(Intersection),
  greensWithinBoundary: z.boolean().nullable(),
});
export type DrawingChecks = z.infer<typeof DrawingChecks>;

/**
 * Computes the status checks of a drawing (done once per saved version). `cache` carries what
 * was found for geometry objects shared by several drawings checked together (geo.IntersectionCache).
 */
export function drawingChecks(drawing: Drawing, cache?: geo.IntersectionCache): DrawingChecks {
  return {
    selfIntersections: geo.selfIntersections(drawing, cache),
    boundarySelfIntersections: geo.boundarySelfIntersections(drawing, cache),
    greensWithinBoundary: geo.greensWithinBoundary(drawing),
  };
}

/** Stored checks as read back from the database; null when missing or not in the current shape. */
export function storedChecks(value: unknown): DrawingChecks | null {
  if (value === null || value === undefined) return null;
  const parsed = DrawingChecks.safeParse(value);
  return parsed.success ? parsed.data : null;
}

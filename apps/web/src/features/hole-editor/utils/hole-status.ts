import type { CourseStatus } from '../../../lib/courses/queries';

/** How many problems the stored checks found in a hole: crossings of its features and of its boundary, and a green outside the boundary. */
export function holeCheckProblems(status: CourseStatus, holeId: number): number {
  const key = String(holeId);
  const crossings = status.selfIntersections[key]?.length ?? 0;
  const boundary = status.boundarySelfIntersections[key]?.length ?? 0;
  const green = status.greensWithinBoundary[key] === false ? 1 : 0;
  return crossings + boundary + green;
}

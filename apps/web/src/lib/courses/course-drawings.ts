import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Hole } from '@golf/contract/api/courses';
import type { DrawingResponse } from '@golf/contract/api/drawings';
import { drawingQueryOptions } from './queries';

/** The drawings of a course's holes, in the holes' order, as one result. */
export interface CourseDrawings {
  /** Per hole (same order as the holes given): its drawing, or undefined (not drawn, or not loaded yet). */
  data: (DrawingResponse | undefined)[];
  pending: boolean;
  error: unknown;
  retry: () => void;
}

/** A stable result while the queries do not change. */
function combineDrawings(results: UseQueryResult<DrawingResponse>[]): CourseDrawings {
  return {
    data: results.map((r) => r.data),
    // A hole without a drawing has a disabled query, pending for ever: only fetching ones count.
    pending: results.some((r) => r.isLoading),
    error: results.find((r) => r.isError)?.error ?? null,
    retry: () => results.forEach((r) => r.isError && void r.refetch()),
  };
}

/** GET the drawing of every drawn hole of a course (the course map, the sponsor setup editor). */
export function useCourseDrawings(clubId: number, holes: readonly Hole[]): CourseDrawings {
  return useQueries({
    queries: holes.map((h) => ({ ...drawingQueryOptions(clubId, h.id), enabled: h.has_drawing })),
    combine: combineDrawings,
  });
}

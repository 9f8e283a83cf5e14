import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Course, HoleTee, Tee } from '@golf/contract/api/courses';
import { EDIT_DRAWING_STYLE, type DrawingResponse } from '@golf/contract/api/drawings';
import type { PinPosition, PinSetup } from '@golf/contract/api/pins';
import type { BoundarySelfIntersectionsResponse, GreensWithinBoundaryResponse, SelfIntersectionsResponse } from '@golf/contract/api/status';
import { api, clubPath } from '../api-client';

/** Query keys of the courses area; the side menu, the course screens and the editors share them. */
export const courseKeys = {
  courses: (clubId: number) => ['clubs', clubId, 'courses'] as const,
  tees: (clubId: number) => ['clubs', clubId, 'tees'] as const,
  holesTees: (clubId: number, courseId: number) => ['clubs', clubId, 'holes_tees', courseId] as const,
  drawing: (clubId: number, holeId: number) => ['clubs', clubId, 'drawing', holeId] as const,
  pinSetups: (clubId: number) => ['clubs', clubId, 'pin-setups'] as const,
  pinPositions: (clubId: number, setupId: number) => ['clubs', clubId, 'pin-setups', setupId] as const,
  status: (clubId: number, courseId: number) => ['clubs', clubId, 'status', courseId] as const,
};

export function coursesQueryOptions(clubId: number) {
  return queryOptions({
    queryKey: courseKeys.courses(clubId),
    queryFn: ({ signal }) => api.get<Course[]>(clubPath('courses', clubId), { signal }),
  });
}

/** GET clubs/{clubId}/courses: the club's courses with their holes in order. */
export function useCourses(clubId: number, enabled = true) {
  return useQuery({ ...coursesQueryOptions(clubId), enabled });
}

export function teesQueryOptions(clubId: number) {
  return queryOptions({
    queryKey: courseKeys.tees(clubId),
    queryFn: ({ signal }) => api.get<Tee[]>(clubPath('tees', clubId), { signal }),
  });
}

/** GET clubs/{clubId}/tees: every tee of the club's courses. */
export function useTees(clubId: number) {
  return useQuery(teesQueryOptions(clubId));
}

/** GET clubs/{clubId}/holes_tees?course_id=: the distances of a course. */
export function useHolesTees(clubId: number, courseId: number) {
  return useQuery({
    queryKey: courseKeys.holesTees(clubId, courseId),
    queryFn: ({ signal }) => api.get<HoleTee[]>(clubPath(`holes_tees?course_id=${courseId}`, clubId), { signal }),
  });
}

/** GET clubs/{clubId}/holes/{holeId}/drawing/1: the hole's drawing in the console's style, style 1 (§9). */
export function drawingQueryOptions(clubId: number, holeId: number) {
  return queryOptions({
    queryKey: courseKeys.drawing(clubId, holeId),
    queryFn: ({ signal }) => api.get<DrawingResponse>(clubPath(`holes/${holeId}/drawing/${EDIT_DRAWING_STYLE}`, clubId), { signal }),
  });
}

/** GET clubs/{clubId}/pin-setups?course_id=: the pin setups of a course. */
export function usePinSetups(clubId: number, courseId: number) {
  return useQuery({
    queryKey: [...courseKeys.pinSetups(clubId), 'course', courseId],
    queryFn: ({ signal }) => api.get<PinSetup[]>(clubPath(`pin-setups?course_id=${courseId}`, clubId), { signal }),
  });
}

/** GET clubs/{clubId}/pin-setups/{id}: the pin positions of a setup. */
export function usePinPositions(clubId: number, setupId: number | null) {
  return useQuery({
    queryKey: courseKeys.pinPositions(clubId, setupId ?? 0),
    queryFn: ({ signal }) => api.get<PinPosition[]>(clubPath(`pin-setups/${setupId}`, clubId), { signal }),
    enabled: setupId !== null,
  });
}

/** The three status checks of a course's saved drawings (§3), keyed by hole id. */
export interface CourseStatus {
  selfIntersections: z.infer<typeof SelfIntersectionsResponse>;
  boundarySelfIntersections: z.infer<typeof BoundarySelfIntersectionsResponse>;
  greensWithinBoundary: z.infer<typeof GreensWithinBoundaryResponse>;
}

/** GET status/self-intersections, status/boundary-self-intersections and status/greens-within-boundary of a course. */
export function useCourseStatus(clubId: number, courseId: number) {
  return useQuery({
    queryKey: courseKeys.status(clubId, courseId),
    queryFn: async ({ signal }): Promise<CourseStatus> => {
      const get = <T,>(check: string) => api.get<T>(clubPath(`status/${check}?course_id=${courseId}`, clubId), { signal });
      const [selfIntersections, boundarySelfIntersections, greensWithinBoundary] = await Promise.all([
        get<CourseStatus['selfIntersections']>('self-intersections'),
        get<CourseStatus['boundarySelfIntersections']>('boundary-self-intersections'),
        get<CourseStatus['greensWithinBoundary']>('greens-within-boundary'),
      ]);
      return { selfIntersections, boundarySelfIntersections, greensWithinBoundary };
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveCourseDrawingsBody, SaveCourseDrawingsResponse } from '@golf/contract/api/drawings';
import { api, clubPath } from '../../../lib/api-client';
import { courseKeys } from '../../../lib/courses/queries';

/**
 * POST clubs/{clubId}/courses/{courseId}/drawings: the changed holes of the course-wide mapping,
 * each with the version it was loaded at. Each hole is saved or refused on its own (the answer
 * names the holes saved, changed meanwhile and refused); the courses (has_drawing) and the
 * course's status checks are read again afterwards.
 */
export function useSaveCourseDrawings(clubId: number, courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCourseDrawingsBody) => api.post<SaveCourseDrawingsResponse>(clubPath(`courses/${courseId}/drawings`, clubId), body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.courses(clubId) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.status(clubId, courseId) }),
      ]);
    },
  });
}

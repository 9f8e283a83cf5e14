import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course, CreateCourseBody, CreateTeeBody, Tee, TeeInput, UpdateCourseBody } from '@golf/contract/api/courses';
import { api, clubPath } from '../../../lib/api-client';
import { courseKeys, coursesQueryOptions, teesQueryOptions } from '../../../lib/courses/queries';

/** How a course create ended (§4): the new course's id once courses and tees reloaded, else 'home'. */
export type CreateOutcome = { course: Course; next: 'course' | 'home' };

/**
 * POST clubs/{clubId}/courses, then (§4) load courses, then tees. When both loads succeed the
 * caller goes to the new course; when one fails it goes home and the failure is logged.
 */
export function useCreateCourse(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCourseBody): Promise<CreateOutcome> => {
      const course = await api.post<Course>(clubPath('courses', clubId), body);
      try {
        await queryClient.fetchQuery({ ...coursesQueryOptions(clubId), staleTime: 0 });
        await queryClient.fetchQuery({ ...teesQueryOptions(clubId), staleTime: 0 });
        return { course, next: 'course' };
      } catch (error) {
        console.warn('Course created, but reloading courses or tees failed', error);
        return { course, next: 'home' };
      }
    },
  });
}

/** PUT clubs/{clubId}/courses/{id}: name and every hole with its distances (added and left-out holes too); courses reload after (§4). */
export function useUpdateCourse(clubId: number, courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCourseBody) => api.put<Course>(clubPath(`courses/${courseId}`, clubId), body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.courses(clubId) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.tees(clubId) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.holesTees(clubId, courseId) }),
        // Removed holes take their pin positions and drawings (status checks) with them.
        queryClient.invalidateQueries({ queryKey: courseKeys.pinSetups(clubId) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.status(clubId, courseId) }),
      ]);
    },
  });
}

/** DELETE clubs/{clubId}/courses/{id}; then (§4) `onDeleted` (the caller goes home), then courses reload. */
export function useDeleteCourse(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId }: { courseId: number; onDeleted: () => void }) => api.delete<void>(clubPath(`courses/${courseId}`, clubId)),
    onSuccess: async (_answer, { onDeleted }) => {
      onDeleted();
      await queryClient.invalidateQueries({ queryKey: courseKeys.courses(clubId) });
    },
  });
}

/** POST tees, PUT tees/{id} and DELETE tees/{id} of a saved course; tees and distances reload after. */
export function useTeeMutations(clubId: number, courseId: number) {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: courseKeys.tees(clubId) }),
      queryClient.invalidateQueries({ queryKey: courseKeys.holesTees(clubId, courseId) }),
    ]);
  const create = useMutation({
    mutationFn: (tee: TeeInput) => api.post<Tee>(clubPath('tees', clubId), { ...tee, course_id: courseId } satisfies CreateTeeBody),
    onSuccess: reload,
  });
  const update = useMutation({
    mutationFn: ({ id, ...tee }: TeeInput & { id: number }) => api.put<Tee>(clubPath(`tees/${id}`, clubId), tee),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<void>(clubPath(`tees/${id}`, clubId)),
    onSuccess: reload,
  });
  return { create, update, remove };
}

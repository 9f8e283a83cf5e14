import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PinRotation, PinRotationSettings, PinSuggestion, PlayedDay, SaveSuggestionBody, SavedRotationSetup } from '@golf/contract/api/greenkeeper';
import { api, clubPath } from '../../../../lib/api-client';
import { courseKeys } from '../../../../lib/courses/queries';

export type SavedSetup = z.infer<typeof SavedRotationSetup>;

/** Query keys of pin rotation: everything of a club sits under `all`, so saving the rules reloads every course's rotation. */
export const rotationKeys = {
  all: (clubId: number) => ['clubs', clubId, 'pin-rotation'] as const,
  course: (clubId: number, courseId: number) => ['clubs', clubId, 'pin-rotation', 'course', courseId] as const,
};

const coursePath = (courseId: number, rest = '') => `courses/${courseId}/pin-rotation${rest ? `/${rest}` : ''}`;

/** GET clubs/{clubId}/courses/{courseId}/pin-rotation: the club's rules, every green with its played spots, the played days. */
export function usePinRotation(clubId: number, courseId: number) {
  return useQuery({
    queryKey: rotationKeys.course(clubId, courseId),
    queryFn: ({ signal }) => api.get<PinRotation>(clubPath(coursePath(courseId), clubId), { signal }),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

/** PUT clubs/{clubId}/pin-rotation/settings: the club's rotation rules; every rotation reloads after. */
export function useSaveRotationSettings(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PinRotationSettings) => api.put<PinRotationSettings>(clubPath('pin-rotation/settings', clubId), settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rotationKeys.all(clubId) }),
  });
}

/** POST …/pin-rotation/suggestion: a suggested pin per green for the date (nothing is stored). */
export function useSuggestPins(clubId: number, courseId: number) {
  return useMutation({
    mutationFn: (date: string) => api.post<PinSuggestion>(clubPath(coursePath(courseId, 'suggestion'), clubId), { date }),
  });
}

/** POST …/pin-rotation/setups: saves the pins as a normal pin setup (and records it as played when asked); the setups and the rotation reload. */
export function useSaveRotationSetup(clubId: number, courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSuggestionBody) => api.post<SavedSetup>(clubPath(coursePath(courseId, 'setups'), clubId), body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.pinSetups(clubId) }),
        queryClient.invalidateQueries({ queryKey: rotationKeys.course(clubId, courseId) }),
      ]),
  });
}

/** PUT …/pin-rotation/days/{date} records a setup as the one played that day; DELETE removes the day. The rotation reloads after either. */
export function usePlayedDayMutations(clubId: number, courseId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: rotationKeys.course(clubId, courseId) });
  const record = useMutation({
    mutationFn: ({ date, pinSetupId }: { date: string; pinSetupId: number }) =>
      api.put<PlayedDay>(clubPath(coursePath(courseId, `days/${date}`), clubId), { pinSetupId }),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (date: string) => api.delete<void>(clubPath(coursePath(courseId, `days/${date}`), clubId)),
    onSuccess: reload,
  });
  return { record, remove };
}

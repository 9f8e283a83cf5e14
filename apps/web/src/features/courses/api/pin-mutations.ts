import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PinPosition, PinSetup, SavePinPositionBody, SavePinSetupBody } from '@golf/contract/api/pins';
import { api, clubPath } from '../../../lib/api-client';
import { courseKeys } from '../../../lib/courses/queries';

/** The answer of saving a setup's positions: how many calls gave a position back, and the failures. */
export interface SavePositionsResult {
  saved: PinPosition[];
  failed: unknown[];
}

/** True when a call's answer is a pin position object. */
function isPosition(value: unknown): value is PinPosition {
  return !!value && typeof value === 'object' && typeof (value as PinPosition).holeId === 'number';
}

/** Pin setup create/rename (POST pin-setups) and delete; the setups reload after (§4). */
export function usePinSetupMutations(clubId: number, courseId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: courseKeys.pinSetups(clubId) });
  const save = useMutation({
    mutationFn: ({ id, name }: { id: number | null; name: string }) =>
      api.post<PinSetup>(clubPath('pin-setups', clubId), { id, name, courseId, clubId } satisfies SavePinSetupBody),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<void>(clubPath(`pin-setups/${id}`, clubId)),
    onSuccess: reload,
  });
  return { save, remove };
}

/**
 * POST pin-setups/{pinSetupId} once per hole (§4: one call per hole per setup); the api client
 * runs ten at a time. Every call is awaited; the positions reload after.
 */
export function useSavePinPositions(clubId: number, setupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (positions: SavePinPositionBody[]): Promise<SavePositionsResult> => {
      const results = await Promise.allSettled(positions.map((p) => api.post<PinPosition>(clubPath(`pin-setups/${setupId}`, clubId), p)));
      const saved: PinPosition[] = [];
      const failed: unknown[] = [];
      for (const result of results) {
        if (result.status === 'fulfilled' && isPosition(result.value)) saved.push(result.value);
        else failed.push(result.status === 'rejected' ? result.reason : result.value);
      }
      return { saved, failed };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: courseKeys.pinPositions(clubId, setupId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HoursDocument, HoursResponse } from '@golf/contract/api/hours';
import { api, clubPath } from '../../../lib/api-client';
import { hoursKeys } from './get-hours';

/** PUT clubs/{clubId}/hours: the whole document; the answer replaces the cached one. */
export function useUpdateHours(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doc: HoursDocument) => api.put<HoursResponse>(clubPath('hours', clubId), doc),
    onSuccess: (saved) => queryClient.setQueryData(hoursKeys.detail(clubId), saved),
  });
}

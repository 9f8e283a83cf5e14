import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Club, UpdateClubBody } from '@golf/contract/api/clubs';
import { api } from '../../../lib/api-client';
import { clubKeys } from '../../../lib/current-club';

/** PUT clubs/{id}: the answer replaces the cached club; the club list reloads. */
export function useUpdateClub(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateClubBody) => api.put<Club>(`clubs/${clubId}`, body),
    onSuccess: (club) => {
      queryClient.setQueryData(clubKeys.detail(clubId), club);
      return queryClient.invalidateQueries({ queryKey: clubKeys.list() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Club, CreateClubBody } from '@golf/contract/api/clubs';
import { api } from '../../../lib/api-client';
import { clubKeys } from '../../../lib/current-club';

/** POST clubs (admin): the club is created inactive; the club list reloads. */
export function useCreateClub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClubBody) => api.post<Club>('clubs', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clubKeys.list() }),
  });
}

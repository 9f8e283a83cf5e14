import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Club } from '@golf/contract/api/clubs';
import { api, clubPath } from '../../../lib/api-client';
import { clubKeys } from '../../../lib/current-club';

/** DELETE clubs/{clubId}/logo; the answer is the club without a logo. */
export function useDeleteLogo(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<Club>(clubPath('logo', clubId)),
    onSuccess: (club) => queryClient.setQueryData(clubKeys.detail(clubId), club),
  });
}

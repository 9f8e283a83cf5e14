import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, clubPath } from '../../../lib/api-client';
import { userKeys } from './get-users';

/** DELETE clubs/{clubId}/users/{id}; the list reloads after (§4). */
export function useDeleteUser(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ ok: true; account_deleted: boolean }>(clubPath(`users/${id}`, clubId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list(clubId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBody } from '@golf/contract/api/session';
import type { UserSummary } from '@golf/contract/api/users';
import { api } from '../../../lib/api-client';
import { userKeys } from './get-users';

/** PUT users/{id} (no club prefix, §7) with the profile's id, name and language. */
export function useUpdateUser(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api.put<UserSummary>(`users/${body.id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list(clubId) }),
  });
}

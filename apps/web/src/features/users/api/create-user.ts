import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, CreateUserResponse } from '@golf/contract/api/users';
import { api, clubPath } from '../../../lib/api-client';
import { userKeys } from './get-users';

/** POST clubs/{clubId}/users; the list reloads after (§4). */
export function useCreateUser(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => api.post<CreateUserResponse>(clubPath('users', clubId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list(clubId) }),
  });
}

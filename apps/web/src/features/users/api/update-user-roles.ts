import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClubUser, UpdateRolesBody } from '@golf/contract/api/users';
import { api, clubPath, isApiError } from '../../../lib/api-client';
import { userKeys } from './get-users';

/** 403: the caller may not make this change (only an admin gives any role; others only roles they hold; §6). */
export function isRolesRefused(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}

/**
 * PUT clubs/{clubId}/users/{id}/roles. The mutation settles after the users have reloaded, so
 * success is announced on fresh data (§4).
 */
export function useUpdateUserRoles(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roles }: { id: number } & UpdateRolesBody) =>
      api.put<ClubUser>(clubPath(`users/${id}/roles`, clubId), { roles } satisfies UpdateRolesBody),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list(clubId) }),
  });
}

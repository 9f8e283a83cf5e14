import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppKey, CreateAppKeyBody, CreatedAppKey } from '@golf/contract/api/app-keys';
import { api, clubPath } from '../../../lib/api-client';

export const appKeyKeys = {
  all: (clubId: number) => ['clubs', clubId, 'app-keys'] as const,
};

/** GET clubs/{clubId}/app-keys (admins): the club's keys for the golfers' app, newest first, revoked ones too. */
export function useAppKeys(clubId: number) {
  return useQuery({
    queryKey: appKeyKeys.all(clubId),
    queryFn: ({ signal }) => api.get<AppKey[]>(clubPath('app-keys', clubId), { signal }),
  });
}

/** POST clubs/{clubId}/app-keys: the answer holds the key itself, this once; the list keeps only its prefix. */
export function useCreateAppKey(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppKeyBody) => api.post<CreatedAppKey>(clubPath('app-keys', clubId), body),
    onSuccess: ({ key: _key, ...row }) => {
      // The key itself never goes into the query cache.
      queryClient.setQueryData<AppKey[]>(appKeyKeys.all(clubId), (list) => (list ? [row, ...list.filter((k) => k.id !== row.id)] : list));
      return queryClient.invalidateQueries({ queryKey: appKeyKeys.all(clubId) });
    },
  });
}

/** DELETE clubs/{clubId}/app-keys/{id}: refused by the server at once; the key stays listed as revoked. */
export function useRevokeAppKey(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<AppKey>(clubPath(`app-keys/${id}`, clubId)),
    onSuccess: (revoked) => {
      queryClient.setQueryData<AppKey[]>(appKeyKeys.all(clubId), (list) => list?.map((k) => (k.id === revoked.id ? revoked : k)));
      return queryClient.invalidateQueries({ queryKey: appKeyKeys.all(clubId) });
    },
  });
}

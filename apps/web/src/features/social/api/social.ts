import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Announcement, AnnouncementBody, ConnectBody, Connection, ConnectionKind } from '@golf/contract/api/communication';
import { api, clubPath } from '../../../lib/api-client';
import { hasPendingDelivery } from '../utils/status';

/** Milliseconds between reloads of the status while a channel's delivery is still pending. */
export const PENDING_REFETCH_MS = 3000;

export const socialKeys = {
  announcement: (clubId: number) => ['clubs', clubId, 'announcement'] as const,
  connections: (clubId: number) => ['clubs', clubId, 'connections'] as const,
};

/** GET clubs/{clubId}/announcement: the club's one status (null without one), reloaded every few seconds while a delivery is pending. */
export function useAnnouncement(clubId: number) {
  return useQuery({
    queryKey: socialKeys.announcement(clubId),
    queryFn: async ({ signal }) => (await api.get<Announcement | null>(clubPath('announcement', clubId), { signal })) ?? null,
    refetchInterval: (query) => (hasPendingDelivery(query.state.data ?? null) ? PENDING_REFETCH_MS : false),
  });
}

/** POST clubs/{clubId}/announcement: replaces the club's status; the answer is the new one. */
export function usePostAnnouncement(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementBody) => api.post<Announcement>(clubPath('announcement', clubId), body),
    onSuccess: (announcement) => {
      queryClient.setQueryData(socialKeys.announcement(clubId), announcement);
      // A failed Facebook post is stored as the connection's last error.
      return queryClient.invalidateQueries({ queryKey: socialKeys.connections(clubId) });
    },
  });
}

/** DELETE clubs/{clubId}/announcement. */
export function useDeleteAnnouncement(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>(clubPath('announcement', clubId)),
    onSuccess: () => {
      queryClient.setQueryData(socialKeys.announcement(clubId), null);
      return queryClient.invalidateQueries({ queryKey: socialKeys.announcement(clubId) });
    },
  });
}

/** GET clubs/{clubId}/connections: Facebook and the national golf app (never a token). */
export function useConnections(clubId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: socialKeys.connections(clubId),
    queryFn: ({ signal }) => api.get<Connection[]>(clubPath('connections', clubId), { signal }),
    enabled,
  });
}

function useConnectionsChanged(clubId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: socialKeys.connections(clubId) });
}

/** PUT clubs/{clubId}/connections/{kind}: connects (the server checks the account and token with the service). */
export function useConnect(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: ConnectionKind; body: ConnectBody }) => api.put<Connection>(clubPath(`connections/${kind}`, clubId), body),
    onSuccess: (connection) => {
      queryClient.setQueryData<Connection[]>(socialKeys.connections(clubId), (list) => list?.map((c) => (c.kind === connection.kind ? connection : c)));
      return queryClient.invalidateQueries({ queryKey: socialKeys.connections(clubId) });
    },
  });
}

/** DELETE clubs/{clubId}/connections/{kind}. */
export function useDisconnect(clubId: number) {
  const changed = useConnectionsChanged(clubId);
  return useMutation({
    mutationFn: (kind: ConnectionKind) => api.delete<null>(clubPath(`connections/${kind}`, clubId)),
    onSettled: changed,
  });
}

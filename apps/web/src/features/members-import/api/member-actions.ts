import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationsResponse, Member, MemberIdsBody, MemberStatusBody } from '@golf/contract/api/members';
import { api, clubPath } from '../../../lib/api-client';
import { memberKeys, membersSearchParams, type MembersParams } from './get-members';

/** POST clubs/{clubId}/members/invitations: mails those who have not joined and were not mailed in 24 hours. */
export function useInviteMembers(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<InvitationsResponse>(clubPath('members/invitations', clubId), { ids } satisfies MemberIdsBody),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.club(clubId) }),
  });
}

/** POST clubs/{clubId}/members/removals. */
export function useRemoveMembers(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<{ removed: number }>(clubPath('members/removals', clubId), { ids } satisfies MemberIdsBody),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.club(clubId) }),
  });
}

/** PUT clubs/{clubId}/members/{id}: ban, or lift a ban. */
export function useSetMemberStatus(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number } & MemberStatusBody) => api.put<Member>(clubPath(`members/${id}`, clubId), { status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.club(clubId) }),
  });
}

/** GET clubs/{clubId}/members/export as a file download. */
export async function downloadMembersCsv(clubId: number, params: Pick<MembersParams, 'filter' | 'search'>): Promise<void> {
  const text = await api.get<string>(clubPath(`members/export?${membersSearchParams(params)}`, clubId), { headers: { Accept: 'text/csv' } });
  // The byte order mark tells spreadsheet programs the file is UTF-8 (fetch drops it when decoding).
  const body = text.startsWith('\uFEFF') ? text : `\uFEFF${text}`;
  const url = URL.createObjectURL(new Blob([body], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `members-${clubId}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

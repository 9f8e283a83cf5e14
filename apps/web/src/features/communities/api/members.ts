import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMMUNITY_LIMITS,
  type CommunityMember,
  type CommunityMemberFilter,
  type CommunityMembersResponse,
  type CommunitySettings,
  type InvitableMember,
  type InvitationsResult,
  type InviteBody,
  type ModerationLogPage,
  type MuteBody,
} from '@golf/contract/api/communities';
import { api, clubPath } from '../../../lib/api-client';

// The members and moderation tabs of a community (issue 24): the members list, invitations, bans,
// mutes and removals, the moderation log, and the club's report threshold. Every change reloads the
// community's data (its counts show in the header and the communities list).

export interface CommunityMembersParams {
  filter: CommunityMemberFilter;
  search: string;
  /** One-based, as the server counts. */
  page: number;
  pageSize: number;
}

export const communityMemberKeys = {
  /** Everything of the club's communities (lists, counts, posts, members): reloaded after a member changes. */
  communities: (clubId: number) => ['clubs', clubId, 'communities'] as const,
  members: (clubId: number, communityId: number) => ['clubs', clubId, 'communities', communityId, 'members'] as const,
  list: (clubId: number, communityId: number, params: CommunityMembersParams) => ['clubs', clubId, 'communities', communityId, 'members', params] as const,
  invitable: (clubId: number, communityId: number, search: string) => ['clubs', clubId, 'communities', communityId, 'invitable', search] as const,
  log: (clubId: number, communityId: number) => ['clubs', clubId, 'communities', communityId, 'moderation-log'] as const,
  settings: (clubId: number) => ['clubs', clubId, 'communities', 'settings'] as const,
};

const communityPath = (clubId: number, communityId: number, rest: string) => clubPath(`communities/${communityId}/${rest}`, clubId);

export function communityMembersSearch(params: CommunityMembersParams): string {
  const query = new URLSearchParams({ filter: params.filter, page: String(params.page), page_size: String(params.pageSize) });
  if (params.search.trim()) query.set('search', params.search.trim());
  return query.toString();
}

/** GET C/members: one page of the community's members, filtered by all, members, invited or banned, with the counts of each. */
export function useCommunityMembers(clubId: number, communityId: number, params: CommunityMembersParams) {
  return useQuery({
    queryKey: communityMemberKeys.list(clubId, communityId, params),
    queryFn: ({ signal }) => api.get<CommunityMembersResponse>(communityPath(clubId, communityId, `members?${communityMembersSearch(params)}`), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET C/invitable?search=: the club's imported members who are not in the community yet. */
export function useInvitable(clubId: number, communityId: number, search: string, enabled = true) {
  const trimmed = search.trim();
  return useQuery({
    enabled,
    queryKey: communityMemberKeys.invitable(clubId, communityId, trimmed),
    queryFn: ({ signal }) =>
      api.get<InvitableMember[]>(communityPath(clubId, communityId, trimmed ? `invitable?${new URLSearchParams({ search: trimmed })}` : 'invitable'), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** After a change of members: the community's lists and counts load again. */
function useMembersChanged(clubId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: communityMemberKeys.communities(clubId) });
}

/**
 * POST C/members/invitations: adds imported members as invited and mails them (`club_member_ids`),
 * or mails invited ones again (`member_ids`); a member mailed in the last 24 hours is skipped.
 */
export function useInviteToCommunity(clubId: number, communityId: number) {
  const changed = useMembersChanged(clubId);
  return useMutation({
    mutationFn: (body: InviteBody) => api.post<InvitationsResult>(communityPath(clubId, communityId, 'members/invitations'), body),
    onSettled: changed,
  });
}

/** POST C/members/{id}/ban, or …/unban. */
export function useSetBanned(clubId: number, communityId: number) {
  const changed = useMembersChanged(clubId);
  return useMutation({
    mutationFn: ({ id, banned }: { id: number; banned: boolean }) =>
      api.post<CommunityMember>(communityPath(clubId, communityId, `members/${id}/${banned ? 'ban' : 'unban'}`)),
    onSettled: changed,
  });
}

/** POST C/members/{id}/mute { until }: the member reads but cannot post or comment until then. */
export function useMuteMember(clubId: number, communityId: number) {
  const changed = useMembersChanged(clubId);
  return useMutation({
    mutationFn: ({ id, until }: { id: number; until: string }) =>
      api.post<CommunityMember>(communityPath(clubId, communityId, `members/${id}/mute`), { until } satisfies MuteBody),
    onSettled: changed,
  });
}

/** DELETE C/members/{id}/mute: the mute ends now. */
export function useUnmuteMember(clubId: number, communityId: number) {
  const changed = useMembersChanged(clubId);
  return useMutation({
    mutationFn: (id: number) => api.delete<CommunityMember>(communityPath(clubId, communityId, `members/${id}/mute`)),
    onSettled: changed,
  });
}

/** POST C/members/removals { ids }. */
export function useRemoveCommunityMembers(clubId: number, communityId: number) {
  const changed = useMembersChanged(clubId);
  return useMutation({
    mutationFn: (ids: number[]) => api.post<{ removed: number }>(communityPath(clubId, communityId, 'members/removals'), { ids }),
    onSettled: changed,
  });
}

/** GET C/moderation-log?before=: newest first, a page at a time ('Load more' asks for the entries before the last one shown). */
export function useModerationLog(clubId: number, communityId: number) {
  return useInfiniteQuery({
    queryKey: communityMemberKeys.log(clubId, communityId),
    queryFn: ({ signal, pageParam }) =>
      api.get<ModerationLogPage>(communityPath(clubId, communityId, pageParam ? `moderation-log?before=${pageParam}` : 'moderation-log'), { signal }),
    // Always asked again when the tab opens: moderation on the posts tab writes to it.
    staleTime: 0,
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.more && last.items.length > 0 ? last.items[last.items.length - 1].id : undefined),
  });
}

/** GET communities/settings: the club's report threshold. */
export function useCommunitySettings(clubId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: communityMemberKeys.settings(clubId),
    queryFn: ({ signal }) => api.get<CommunitySettings>(clubPath('communities/settings', clubId), { signal }),
  });
}

/** PUT communities/settings (the club's community managers only). */
export function useSaveCommunitySettings(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommunitySettings) => api.put<CommunitySettings>(clubPath('communities/settings', clubId), body),
    onSuccess: (saved) => queryClient.setQueryData(communityMemberKeys.settings(clubId), saved),
  });
}

// Mutes: a few lengths to choose from, or a day up to COMMUNITY_LIMITS.muteMaxDays ahead.

const DAY_MS = 24 * 60 * 60 * 1000;
export const MUTE_PRESETS = { day: 1, week: 7, month: 30 } as const;
export type MutePreset = keyof typeof MUTE_PRESETS;
export type MuteChoice = MutePreset | 'date';

/** The latest end of a mute from `now` (the server refuses a later one). */
export const muteLimit = (now: Date) => new Date(now.getTime() + COMMUNITY_LIMITS.muteMaxDays * DAY_MS);

/** A date of an `<input type="date">` (YYYY-MM-DD) in local time. */
export function dateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * When a mute chosen at `now` ends: a preset's days from now, or the end of the chosen day (local
 * time), kept within the longest mute (on its last day, the mute ends at the limit). Null when the
 * chosen day is missing, not a date, already over or after the last day allowed.
 */
export function muteUntil(choice: MuteChoice, now: Date, date = ''): Date | null {
  if (choice !== 'date') return new Date(now.getTime() + MUTE_PRESETS[choice] * DAY_MS);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const end = new Date(year, month, day, 23, 59, 0, 0);
  // Not a day of the calendar (2030-02-31 would roll over), over already, or after the last day allowed.
  if (end.getFullYear() !== year || end.getMonth() !== month || end.getDate() !== day) return null;
  if (end.getTime() <= now.getTime() || date > dateInputValue(muteLimit(now))) return null;
  const limit = muteLimit(now);
  return end > limit ? limit : end;
}

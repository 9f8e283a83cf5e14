import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberFilter, MembersResponse } from '@golf/contract/api/members';
import { api, clubPath } from '../../../lib/api-client';

export interface MembersParams {
  filter: MemberFilter;
  search: string;
  page: number;
  pageSize: number;
}

export const memberKeys = {
  club: (clubId: number) => ['members', clubId] as const,
  list: (clubId: number, params: MembersParams) => ['members', clubId, params] as const,
};

export function membersSearchParams(params: Pick<MembersParams, 'filter' | 'search'> & Partial<MembersParams>): string {
  const query = new URLSearchParams({ filter: params.filter });
  if (params.search.trim()) query.set('search', params.search.trim());
  if (params.page) query.set('page', String(params.page));
  if (params.pageSize) query.set('page_size', String(params.pageSize));
  return query.toString();
}

/** GET clubs/{clubId}/members: one page of imported members, filtered by all, members, invited or banned. */
export const membersQueryOptions = (clubId: number, params: MembersParams) =>
  queryOptions({
    queryKey: memberKeys.list(clubId, params),
    queryFn: ({ signal }) => api.get<MembersResponse>(clubPath(`members?${membersSearchParams(params)}`, clubId), { signal }),
    placeholderData: keepPreviousData,
  });

export function useMembers(clubId: number, params: MembersParams) {
  return useQuery(membersQueryOptions(clubId, params));
}

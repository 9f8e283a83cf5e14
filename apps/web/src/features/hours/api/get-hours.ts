import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HoursResponse } from '@golf/contract/api/hours';
import { api, clubPath } from '../../../lib/api-client';

export const hoursKeys = {
  all: ['hours'] as const,
  detail: (clubId: number) => [...hoursKeys.all, clubId] as const,
};

export function hoursQueryOptions(clubId: number) {
  return queryOptions({
    queryKey: hoursKeys.detail(clubId),
    queryFn: ({ signal }) => api.get<HoursResponse>(clubPath('hours', clubId), { signal }),
  });
}

/** GET clubs/{clubId}/hours */
export function useHours(clubId: number) {
  return useQuery(hoursQueryOptions(clubId));
}

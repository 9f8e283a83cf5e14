import { useQuery } from '@tanstack/react-query';
import type { ClubListItem } from '@golf/contract/api/clubs';
import { api } from '../../../lib/api-client';

/** GET clubs-list: every club's id and name (all clubs for an admin), for the club filter. */
export function useClubNames() {
  return useQuery({
    queryKey: ['clubs-list'],
    queryFn: ({ signal }) => api.get<ClubListItem[]>('clubs-list', { signal }),
    select: (clubs) => [...clubs].sort((a, b) => a.name.localeCompare(b.name)),
  });
}

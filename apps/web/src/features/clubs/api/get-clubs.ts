import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Club } from '@golf/contract/api/clubs';
import { api } from '../../../lib/api-client';
import { clubKeys } from '../../../lib/current-club';
import { fuzzySearch } from '../../../lib/fuzzy-search';

/** GET clubs: the clubs the user may see. */
export const clubsQueryOptions = () =>
  queryOptions({
    queryKey: clubKeys.list(),
    queryFn: ({ signal }) => api.get<Club[]>('clubs', { signal }),
  });

export function useClubs() {
  return useQuery(clubsQueryOptions());
}

/** Clubs matching any of the comma-separated terms, fuzzily, by name, handle or city (§5). */
export function filterClubs(clubs: readonly Club[], query: string): Club[] {
  return fuzzySearch(clubs, query, (club) => ({ name: club.name, handle: club.handle, city: club.address.city }));
}

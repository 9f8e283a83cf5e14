import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Club } from '@golf/contract/api/clubs';
import { api } from '../../../lib/api-client';
import { clubKeys } from '../../../lib/current-club';

/** GET clubs: the clubs the user may see. */
export const clubsQueryOptions = () =>
  queryOptions({
    queryKey: clubKeys.list(),
    queryFn: ({ signal }) => api.get<Club[]>('clubs', { signal }),
  });

export function useClubs() {
  return useQuery(clubsQueryOptions());
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Comma-separated terms; a club matches when any term is found in its name, handle or city. */
export function filterClubs(clubs: readonly Club[], query: string): Club[] {
  const terms = query
    .split(',')
    .map((term) => fold(term.trim()))
    .filter(Boolean);
  if (terms.length === 0) return [...clubs];
  return clubs.filter((club) => {
    const haystack = fold([club.name, club.handle, club.address.city].join(' '));
    return terms.some((term) => haystack.includes(term));
  });
}

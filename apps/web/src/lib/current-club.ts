import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Club } from '@golf/contract/api/clubs';
import { api, clubPath } from './api-client';

/** Query keys of club data shared by the shell and several areas. */
export const clubKeys = {
  all: ['clubs'] as const,
  list: () => [...clubKeys.all, 'list'] as const,
  detail: (clubId: number) => [...clubKeys.all, 'detail', clubId] as const,
};

export function clubQueryOptions(clubId: number) {
  return queryOptions({
    queryKey: clubKeys.detail(clubId),
    queryFn: ({ signal }) => api.get<Club>(clubPath('club', clubId), { signal }),
    enabled: Number.isInteger(clubId) && clubId > 0,
  });
}

/** GET clubs/{clubId}/club */
export function useClub(clubId: number) {
  return useQuery(clubQueryOptions(clubId));
}

/** One line of an address: street, zip and city. */
export function formatAddress(address: Club['address']): string {
  const cityLine = [address.zip, address.city].filter(Boolean).join(' ');
  return [address.street, cityLine].filter(Boolean).join(', ');
}

/** A country's name in the interface language, from its two-letter code. */
export function countryName(code: string, language: string, fallback?: string): string {
  if (!code) return '';
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return names.of(code.toUpperCase()) ?? fallback ?? code.toUpperCase();
  } catch {
    return fallback ?? code.toUpperCase();
  }
}

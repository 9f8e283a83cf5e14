import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Country, Region } from '@golf/contract/api/clubs';
import { api } from './api-client';

export type CountryItem = z.infer<typeof Country>;

/** Reference data changes rarely: fetched once per session. */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'countries'] as const,
    queryFn: ({ signal }) => api.get<CountryItem[]>('countries', { signal }),
    staleTime: Infinity,
  });

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'regions'] as const,
    queryFn: ({ signal }) => api.get<Region[]>('regions', { signal }),
    staleTime: 5 * 60_000,
  });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}

export function useRegions() {
  return useQuery(regionsQueryOptions());
}

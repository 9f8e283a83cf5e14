import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClubListItem } from '@golf/contract/api/clubs';
import { REGION_LIMITS, type AdminRegion, type OwnerCandidate, type RegionBody } from '@golf/contract/api/regions';
import { api } from '../../../lib/api-client';

export const regionKeys = {
  all: ['admin', 'regions'] as const,
  candidates: (q: string) => ['admin', 'regions', 'owner-candidates', q] as const,
};

/** GET admin/regions: every region with its clubs and owners. */
export function useAdminRegions() {
  return useQuery({ queryKey: regionKeys.all, queryFn: ({ signal }) => api.get<AdminRegion[]>('admin/regions', { signal }) });
}

/** GET clubs-list: every club (an admin's), to add to a region. */
export function useAllClubs() {
  return useQuery({
    queryKey: ['clubs-list'],
    queryFn: ({ signal }) => api.get<ClubListItem[]>('clubs-list', { signal }),
    select: (clubs) => [...clubs].sort((a, b) => a.name.localeCompare(b.name)),
  });
}

/** GET admin/regions/owner-candidates?q=: users matching the text (asked once it is long enough). */
export function useOwnerCandidates(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: regionKeys.candidates(text),
    queryFn: ({ signal }) => api.get<OwnerCandidate[]>(`admin/regions/owner-candidates?${new URLSearchParams({ q: text })}`, { signal }),
    enabled: text.length >= REGION_LIMITS.searchMin && text.length <= REGION_LIMITS.search,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** Every change answers the region (or nothing, for a delete); the lists are asked again. */
function useRegionChange<V, R>(send: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: regionKeys.all }),
        // The signed-in user's own view of regions and the club list show the change too.
        queryClient.invalidateQueries({ queryKey: ['reference', 'regions'] }),
      ]),
  });
}

export const useCreateRegion = () => useRegionChange((body: RegionBody) => api.post<AdminRegion>('admin/regions', body));
export const useRenameRegion = () => useRegionChange(({ id, body }: { id: number; body: RegionBody }) => api.put<AdminRegion>(`admin/regions/${id}`, body));
export const useDeleteRegion = () => useRegionChange((id: number) => api.delete<null>(`admin/regions/${id}`));
export const useRegionClub = () =>
  useRegionChange(({ id, clubId, add }: { id: number; clubId: number; add: boolean }) =>
    add ? api.put<AdminRegion>(`admin/regions/${id}/clubs/${clubId}`) : api.delete<AdminRegion>(`admin/regions/${id}/clubs/${clubId}`),
  );
export const useRegionOwner = () =>
  useRegionChange(({ id, userId, add }: { id: number; userId: number; add: boolean }) =>
    add ? api.put<AdminRegion>(`admin/regions/${id}/owners/${userId}`) : api.delete<AdminRegion>(`admin/regions/${id}/owners/${userId}`),
  );

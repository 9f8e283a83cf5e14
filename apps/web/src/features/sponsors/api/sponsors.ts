import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SPONSOR_LOGO_FIELD, type SaveSponsorBody, type Sponsor, type SponsorUsage } from '@golf/contract/api/sponsors';
import { api, clubPath, type UploadProgress } from '../../../lib/api-client';
import { sortSponsors } from '../utils/sponsors';

export const sponsorKeys = {
  all: (clubId: number) => ['clubs', clubId, 'sponsors'] as const,
  usage: (clubId: number, id: number) => ['clubs', clubId, 'sponsors', id, 'usage'] as const,
};

export function sponsorsQueryOptions(clubId: number) {
  return queryOptions({
    queryKey: sponsorKeys.all(clubId),
    queryFn: ({ signal }) => api.get<Sponsor[]>(clubPath('sponsors', clubId), { signal }),
    select: sortSponsors,
  });
}

/** GET clubs/{clubId}/sponsors: the club's sponsors, by name. */
export function useSponsors(clubId: number) {
  return useQuery(sponsorsQueryOptions(clubId));
}

/** GET clubs/{clubId}/sponsors/{id}/usage: what deleting the sponsor takes with it (asked afresh each time). */
export function useSponsorUsage(clubId: number, id: number | null) {
  return useQuery({
    queryKey: sponsorKeys.usage(clubId, id ?? 0),
    queryFn: ({ signal }) => api.get<SponsorUsage>(clubPath(`sponsors/${id}/usage`, clubId), { signal }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The list reloads after every change (its usage answers with it). */
function useSponsorsChanged(clubId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sponsorKeys.all(clubId) });
}

/** POST clubs/{clubId}/sponsors (§4: the sponsor first; its logo is uploaded after). */
export function useCreateSponsor(clubId: number) {
  const changed = useSponsorsChanged(clubId);
  return useMutation({
    mutationFn: (body: SaveSponsorBody) => api.post<Sponsor>(clubPath('sponsors', clubId), body),
    onSuccess: changed,
  });
}

/** PUT clubs/{clubId}/sponsors/{id}: name and web address. */
export function useUpdateSponsor(clubId: number) {
  const changed = useSponsorsChanged(clubId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SaveSponsorBody }) => api.put<Sponsor>(clubPath(`sponsors/${id}`, clubId), body),
    onSuccess: changed,
  });
}

/** DELETE clubs/{clubId}/sponsors/{id}: the sponsor and its places in the setups (one transaction on the server). */
export function useDeleteSponsor(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(clubPath(`sponsors/${id}`, clubId)),
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<Sponsor[]>(sponsorKeys.all(clubId), (list) => list?.filter((s) => s.id !== id));
      await queryClient.invalidateQueries({ queryKey: sponsorKeys.all(clubId) });
    },
  });
}

/** POST clubs/{clubId}/sponsors/{id}/logo (multipart field `data`) with progress. */
export function useUploadSponsorLogo(clubId: number) {
  const changed = useSponsorsChanged(clubId);
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: number; file: Blob; onProgress?: UploadProgress }) =>
      api.upload<Sponsor>(clubPath(`sponsors/${id}/logo`, clubId), file, onProgress, { fieldName: SPONSOR_LOGO_FIELD }),
    onSettled: changed,
  });
}

/** DELETE clubs/{clubId}/sponsors/{id}/logo. */
export function useRemoveSponsorLogo(clubId: number) {
  const changed = useSponsorsChanged(clubId);
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(clubPath(`sponsors/${id}/logo`, clubId)),
    onSettled: changed,
  });
}

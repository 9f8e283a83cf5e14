import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveSponsorSetupBody, Sponsor, SponsorSetup } from '@golf/contract/api/sponsors';
import { api, clubPath } from '../../../lib/api-client';

/** Query keys: the setups (all of the club) and one setup; the club's sponsors under the key the sponsors screen uses too. */
export const sponsorSetupKeys = {
  all: (clubId: number) => ['clubs', clubId, 'sponsor-setups'] as const,
  detail: (clubId: number, id: number) => ['clubs', clubId, 'sponsor-setups', id] as const,
  sponsors: (clubId: number) => ['clubs', clubId, 'sponsors'] as const,
};

/** GET clubs/{clubId}/sponsor-setups: every setup of the club (each names its course). */
export function useSponsorSetups(clubId: number) {
  return useQuery({
    queryKey: sponsorSetupKeys.all(clubId),
    queryFn: ({ signal }) => api.get<SponsorSetup[]>(clubPath('sponsor-setups', clubId), { signal }),
  });
}

/** GET clubs/{clubId}/sponsor-setups/{id}; not asked for a new setup (null). */
export function useSponsorSetup(clubId: number, id: number | null) {
  return useQuery({
    queryKey: sponsorSetupKeys.detail(clubId, id ?? 0),
    queryFn: ({ signal }) => api.get<SponsorSetup>(clubPath(`sponsor-setups/${id}`, clubId), { signal }),
    enabled: id !== null,
  });
}

/** GET clubs/{clubId}/sponsors: the sponsors a setup can place. */
export function useSponsors(clubId: number) {
  return useQuery({
    queryKey: sponsorSetupKeys.sponsors(clubId),
    queryFn: ({ signal }) => api.get<Sponsor[]>(clubPath('sponsors', clubId), { signal }),
  });
}

/** A save that failed: the error, and the id of the setup when it was created before the failure (the next save updates it). */
export class SetupSaveError extends Error {
  readonly reason: unknown;
  readonly setupId: number | null;
  constructor(reason: unknown, setupId: number | null) {
    super(reason instanceof Error ? reason.message : 'Save failed');
    this.name = 'SetupSaveError';
    this.reason = reason;
    this.setupId = setupId;
  }
}

/**
 * §4 sponsor setup save. Without an id: POST with no positions, then PUT to the new id with the
 * positions; with an id: PUT. Then the setups reload. The answer is the saved setup.
 */
export function useSaveSponsorSetup(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: SaveSponsorSetupBody }): Promise<SponsorSetup> => {
      let setupId = id;
      if (setupId === null) {
        try {
          setupId = (await api.post<SponsorSetup>(clubPath('sponsor-setups', clubId), { ...body, sponsor_positions: [] })).id;
        } catch (error) {
          throw new SetupSaveError(error, null);
        }
      }
      try {
        return await api.put<SponsorSetup>(clubPath(`sponsor-setups/${setupId}`, clubId), body);
      } catch (error) {
        throw new SetupSaveError(error, setupId);
      }
    },
    onSuccess: (setup) => queryClient.setQueryData(sponsorSetupKeys.detail(clubId, setup.id), setup),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sponsorSetupKeys.all(clubId) }),
  });
}

/** DELETE clubs/{clubId}/sponsor-setups/{id}; the list reloads. */
export function useDeleteSponsorSetup(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(clubPath(`sponsor-setups/${id}`, clubId)),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: sponsorSetupKeys.detail(clubId, id) });
      return queryClient.invalidateQueries({ queryKey: sponsorSetupKeys.all(clubId), exact: true });
    },
  });
}

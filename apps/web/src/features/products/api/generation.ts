import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Guide, GuideProduct } from '@golf/contract/api/guides';
import { GENERATE_CALLS, type GenerateResponse, type GuideFilesResponse, type ReleaseBody, type ReleaseResponse } from '@golf/contract/api/guide-generation';
import type { Job } from '@golf/contract/api/jobs';
import type { GuideRenderInput } from '@golf/contract/print/input';
import { api, clubPath } from '../../../lib/api-client';
import { JOB_POLL_MS, jobKeys } from '../../../lib/jobs/use-job';
import { guideKeys } from './guides';

/**
 * Making a guide's products (§4, §7 Guides): the generate calls, the files made, release of one
 * guide or of all, and the printed guide's render input for the live preview.
 */
export const generationKeys = {
  files: (clubId: number, guideId: number) => ['clubs', clubId, 'guides', guideId, 'files'] as const,
  printInput: (clubId: number, guideId: number) => ['clubs', clubId, 'guides', guideId, 'print-input'] as const,
};

/**
 * The files' signed links work for at least an hour after they are given (docs/decisions/0017):
 * asked for again this often while the page is open, and when the window is back in front, so a
 * link on a page left open stays valid.
 */
const SIGNED_LINKS_REFRESH_MS = 20 * 60_000;

/** GET clubs/{clubId}/guides/{id}/files: every product's files (with their cache-busting, signed URLs). */
export function useGuideFiles(clubId: number, guideId: number) {
  return useQuery({
    queryKey: generationKeys.files(clubId, guideId),
    queryFn: ({ signal }) => api.get<GuideFilesResponse>(clubPath(`guides/${guideId}/files`, clubId), { signal }),
    refetchInterval: SIGNED_LINKS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** GET clubs/{clubId}/guides/{id}/print-input: exactly what the PDF job renders. */
export function usePrintInput(clubId: number, guideId: number) {
  return useQuery({
    queryKey: generationKeys.printInput(clubId, guideId),
    queryFn: ({ signal }) => api.get<GuideRenderInput>(clubPath(`guides/${guideId}/print-input`, clubId), { signal }),
  });
}

/**
 * GET clubs/{clubId}/events/jobs, only while `enabled`: after a reload the guide says a product is
 * being made, and the screen finds the job that makes it (polled until one shows).
 */
export function useClubJobs(clubId: number, enabled: boolean) {
  return useQuery({
    queryKey: jobKeys.club(clubId),
    queryFn: ({ signal }) => api.get<Job[]>(clubPath('events/jobs', clubId), { signal }),
    enabled,
    refetchInterval: enabled ? JOB_POLL_MS * 2 : false,
  });
}

/** The newest job of the club's list that makes `product` of the guide. */
export function jobOfProduct(jobs: readonly Job[] | undefined, guideId: number, product: GuideProduct): Job | null {
  const kind = `guide.${product}`;
  const mine = (jobs ?? []).filter((j) => j.guideId === guideId && j.kind === kind);
  mine.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return mine[0] ?? null;
}

/** The guide, its list and its files are asked for again (a product was made or failed). */
export function useReloadGuide(clubId: number) {
  const queryClient = useQueryClient();
  return (guideId: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: guideKeys.all(clubId), exact: true }),
      queryClient.invalidateQueries({ queryKey: guideKeys.detail(clubId, guideId), exact: true }),
      queryClient.invalidateQueries({ queryKey: generationKeys.files(clubId, guideId) }),
    ]);
}

/**
 * POST clubs/{clubId}/guides/{id}/generate_<product>: the job answers at once (the running one
 * when `existing`); the guide's request time is set in the cache so the screen shows it running.
 */
export function useGenerate(clubId: number, guideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: GuideProduct) => api.post<GenerateResponse>(clubPath(`guides/${guideId}/${GENERATE_CALLS[product]}`, clubId)),
    onSuccess: async (answer, product) => {
      queryClient.setQueryData<Guide>(guideKeys.detail(clubId, guideId), (guide) => (guide ? { ...guide, [`requested_at_${product}`]: answer.requested_at } : guide));
      await queryClient.invalidateQueries({ queryKey: guideKeys.all(clubId), exact: true });
    },
  });
}

/** POST clubs/{clubId}/guides/release-all: the chosen products of every guide of the club. */
export function useReleaseAll(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseBody) => api.post<ReleaseResponse>(clubPath('guides/release-all', clubId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.all(clubId) }),
  });
}

/** POST clubs/{clubId}/guides/{id}/drawing_style/0/release: the chosen products of one guide. */
export function useReleaseGuide(clubId: number, guideId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseBody) => api.post<ReleaseResponse>(clubPath(`guides/${guideId}/drawing_style/0/release`, clubId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guideKeys.all(clubId) }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobRunning } from '@golf/contract/api/jobs';
import type { ComputeMismatchesResponse, MismatchComputation, MismatchGuide, MismatchList, MismatchSeverity } from '@golf/contract/api/mismatches';
import { api } from '../../../lib/api-client';
import { JOB_POLL_MS } from '../../../lib/jobs/use-job';

export interface MismatchFilter {
  guideId: number | null;
  severity: MismatchSeverity | null;
}

export const mismatchKeys = {
  all: ['admin', 'mismatches'] as const,
  list: (filter: MismatchFilter) => ['admin', 'mismatches', 'list', filter.guideId ?? 'all', filter.severity ?? 'all'] as const,
  guides: ['admin', 'mismatches', 'guides'] as const,
  computation: (jobId: string) => ['admin', 'mismatches', 'computation', jobId] as const,
};

/** How many findings the screen shows at most (the server's list cap). */
export const MISMATCH_PAGE = 500;

/** GET admin/mismatches: the latest computation's findings, for a guide or for all. */
export function useMismatches(filter: MismatchFilter) {
  const params = new URLSearchParams({ limit: String(MISMATCH_PAGE) });
  if (filter.guideId !== null) params.set('guide_id', String(filter.guideId));
  if (filter.severity !== null) params.set('severity', filter.severity);
  return useQuery({
    queryKey: mismatchKeys.list(filter),
    queryFn: ({ signal }) => api.get<MismatchList>(`admin/mismatches?${params.toString()}`, { signal }),
  });
}

/** GET admin/mismatches/guides: every guide with its club, for the picker. */
export function useMismatchGuides() {
  return useQuery({
    queryKey: mismatchKeys.guides,
    queryFn: ({ signal }) => api.get<MismatchGuide[]>('admin/mismatches/guides', { signal }),
    staleTime: 60_000,
  });
}

/** POST admin/mismatches/compute: queue a computation now (a second click answers the queued one). */
export function useComputeMismatches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ComputeMismatchesResponse>('admin/mismatches/compute', {}),
    onSuccess: (answer) => queryClient.setQueryData(mismatchKeys.computation(answer.computation.job_id), answer.computation),
  });
}

/** GET admin/mismatches/compute/{jobId}: polled while the computation is queued or running. */
export function useComputation(jobId: string | null) {
  return useQuery({
    queryKey: mismatchKeys.computation(jobId ?? ''),
    queryFn: ({ signal }) => api.get<MismatchComputation>(`admin/mismatches/compute/${jobId}`, { signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && jobRunning(query.state.data.state) ? JOB_POLL_MS : false),
  });
}

/** POST admin/mismatches/{id}/dismiss: 'not an error', for good; the lists reload. */
export function useDismissMismatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<null>(`admin/mismatches/${id}/dismiss`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'mismatches', 'list'] }),
  });
}

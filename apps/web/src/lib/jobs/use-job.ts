import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobRunning, type Job, type RequestJobBody, type RequestJobResponse } from '@golf/contract/api/jobs';
import { api, clubPath } from '../api-client';

/** How often a running job is asked for again. */
export const JOB_POLL_MS = 1_000;

export const jobKeys = {
  all: ['jobs'] as const,
  one: (clubId: number, jobId: string) => ['jobs', 'club', clubId, jobId] as const,
  club: (clubId: number) => ['jobs', 'club', clubId] as const,
  admin: (clubId: number | null) => ['jobs', 'admin', clubId ?? 'all'] as const,
};

/** Poll while the job (or any of the jobs) still runs; stop once all are done. */
export function pollWhileRunning(query: { state: { data?: Job | Job[] } }): number | false {
  const data = query.state.data;
  const jobs = data === undefined ? [] : Array.isArray(data) ? data : [data];
  return jobs.some((j) => jobRunning(j.state)) ? JOB_POLL_MS : false;
}

/**
 * GET clubs/{clubId}/events/jobs/{jobId}: one job of the club, polled while it is queued or
 * running (the products screens' 'Generating PDF Guide' bars). No job id: nothing is fetched.
 */
export function useJob(clubId: number, jobId: string | null | undefined) {
  return useQuery({
    queryKey: jobKeys.one(clubId, jobId ?? ''),
    queryFn: ({ signal }) => api.get<Job>(clubPath(`events/jobs/${jobId}`, clubId), { signal }),
    enabled: !!jobId,
    refetchInterval: pollWhileRunning,
  });
}

/**
 * POST clubs/{clubId}/events/jobs: asks for a job for a guide. The answer is the job (the one
 * already queued or running when `existing`); its query is filled, so `useJob(clubId, job.id)` shows
 * it at once.
 */
export function useRequestJob(clubId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestJobBody) => api.post<RequestJobResponse>(clubPath('events/jobs', clubId), body),
    onSuccess: ({ job }) => {
      queryClient.setQueryData(jobKeys.one(clubId, job.id), job);
      return queryClient.invalidateQueries({ queryKey: jobKeys.club(clubId), exact: true });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOB_LIMITS, type Job, type JobState, type QueueResponse } from '@golf/contract/api/jobs';
import { api } from '../../../lib/api-client';
import { jobKeys, pollWhileRunning } from '../../../lib/jobs/use-job';

/** The admin list's filters (kept in the address by the jobs screen). */
export interface JobFilter {
  clubId: number | null;
  kind: string | null;
  state: JobState | null;
  /** Show the periodic maintenance kinds too (hidden by default: they run every minute). */
  periodic: boolean;
}

/** The query string of GET events/jobs for a filter. */
export function jobListQuery(filter: JobFilter): string {
  const query = new URLSearchParams({ limit: String(JOB_LIMITS.list) });
  if (filter.clubId !== null) query.set('clubId', String(filter.clubId));
  if (filter.kind !== null) query.set('kind', filter.kind);
  if (filter.state !== null) query.set('state', filter.state);
  if (filter.periodic) query.set('periodic', 'true');
  return query.toString();
}

/** GET events/jobs (admins): the newest jobs matching the filter; polled while any is queued or running. */
export function useAdminJobs(filter: JobFilter) {
  const query = jobListQuery(filter);
  return useQuery({
    queryKey: [...jobKeys.admin(filter.clubId), query],
    queryFn: ({ signal }) => api.get<Job[]>(`events/jobs?${query}`, { signal }),
    refetchInterval: pollWhileRunning,
  });
}

/** How often the queue's depth is asked for again. */
export const QUEUE_POLL_MS = 3_000;

/** GET events/queue (admins): per kind, what waits and runs now; refreshed every few seconds. */
export function useQueueDepth(options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: ['jobs', 'queue'],
    queryFn: ({ signal }) => api.get<QueueResponse>('events/queue', { signal }),
    refetchInterval: options.poll === false ? false : QUEUE_POLL_MS,
  });
}

/** POST events/jobs/{id}/retry or /cancel (admins): the job as it is after; the lists are asked again. */
export function useJobAction(action: 'retry' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Job>(`events/jobs/${encodeURIComponent(id)}/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

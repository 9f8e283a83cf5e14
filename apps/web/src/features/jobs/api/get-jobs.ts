import { useQuery } from '@tanstack/react-query';
import { JOB_LIMITS, type Job } from '@golf/contract/api/jobs';
import { api } from '../../../lib/api-client';
import { jobKeys, pollWhileRunning } from '../../../lib/jobs/use-job';

/** GET events/jobs (admins): the newest jobs, all clubs or one; polled while any is queued or running. */
export function useAdminJobs(clubId: number | null) {
  const query = new URLSearchParams({ limit: String(JOB_LIMITS.list) });
  if (clubId !== null) query.set('clubId', String(clubId));
  return useQuery({
    queryKey: jobKeys.admin(clubId),
    queryFn: ({ signal }) => api.get<Job[]>(`events/jobs?${query}`, { signal }),
    refetchInterval: pollWhileRunning,
  });
}

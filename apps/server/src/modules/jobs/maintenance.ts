import type { AppDeps } from '../../platform/app-types';
import type { JobQueue } from '../../platform/jobs';
import { purgeExpiredUploads } from '../members';

/** Every six hours: member-import uploads older than a day go, with their files. */
export const SWEEP_UPLOADS = 'uploads.sweep';

/** The platform's own jobs, queued by the queue itself. */
export function registerMaintenanceJobs(jobs: JobQueue, deps: Pick<AppDeps, 'db' | 'storage'>): void {
  jobs.register(
    SWEEP_UPLOADS,
    async (job) => {
      await job.progress(0, 'Removing expired member-import uploads');
      const removed = await purgeExpiredUploads(deps);
      await job.progress(100, `Removed ${removed} expired upload${removed === 1 ? '' : 's'}`);
      return { removed };
    },
    { everyMs: 6 * 3_600_000, timeLimitMs: 5 * 60_000 },
  );
}

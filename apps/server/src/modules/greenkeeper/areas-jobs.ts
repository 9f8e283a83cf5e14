import type { AppDeps } from '../../platform/app-types';
import { jobQueue } from '../../platform/jobs';
import { snapshotChangedCourses } from './areas-service';

/** The job kind that keeps the courses' area statistics by date (label `jobs.kinds.greenkeeper_area-snapshots`). */
export const AREA_SNAPSHOTS_JOB = 'greenkeeper.area-snapshots';

/**
 * Every hour: a snapshot of the areas of each course whose drawings changed since its last one,
 * dated the day of the change (a later change the same day replaces that day's snapshot).
 */
export function registerAreaJobs(deps: AppDeps): void {
  const { db } = deps;
  jobQueue(db).register(AREA_SNAPSHOTS_JOB, async (job) => snapshotChangedCourses(db, job.signal), { everyMs: 60 * 60_000, timeLimitMs: 15 * 60_000 });
}

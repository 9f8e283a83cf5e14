import type { AppDeps } from '../../platform/app-types';
import { jobQueue } from '../../platform/jobs';
import { REFRESH_FEEDS_JOB, refreshAllFeeds } from './external-feeds-service';
import { PUBLISH_DUE_JOB, PUBLISH_POST_JOB, publishDuePosts, publishPost } from './feed-service';

/**
 * The news feed's jobs (issue 23): publishing a post's channels (queued after a post is saved,
 * one at a time per post), finding scheduled posts whose time has come (every minute), and
 * fetching every club's external feeds again (every 30 minutes).
 */
export function registerFeedJobs(deps: AppDeps): void {
  const { db, config } = deps;
  const jobs = jobQueue(db);
  jobs.register<{ postId?: unknown }>(
    PUBLISH_POST_JOB,
    async (job) => {
      const postId = Number(job.data.postId);
      if (!Number.isSafeInteger(postId)) throw new Error('The job names no post');
      return publishPost(db, config, postId);
    },
    { timeLimitMs: 2 * 60_000 },
  );
  jobs.register(PUBLISH_DUE_JOB, async () => publishDuePosts(db), { everyMs: 60_000, timeLimitMs: 60_000 });
  jobs.register(REFRESH_FEEDS_JOB, async (job) => refreshAllFeeds(db, config, job.signal), { everyMs: 30 * 60_000, timeLimitMs: 25 * 60_000 });
}

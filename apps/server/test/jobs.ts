import { expect } from 'vitest';
import { Job } from '@golf/contract/api/jobs';
import { call, type TestApp } from './test-app';

/**
 * Waits for a club's job through the jobs API, as the screen does: GET
 * clubs/{clubId}/events/jobs/{jobId} every 100 ms until the job has completed or failed; every
 * answer must be a 200 with a valid job. Throws when it has not finished after 600 tries (a minute
 * and more).
 */
export async function finishedJob(t: TestApp, clubId: number, token: string, jobId: string): Promise<Job> {
  for (let i = 0; i < 600; i++) {
    const res = await call(t.app, 'GET', `/api/clubs/${clubId}/events/jobs/${jobId}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const job = Job.parse(res.json());
    if (job.state === 'completed' || job.state === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${jobId} did not finish`);
}

import { describe, expect, it } from 'vitest';
import { defaultJobQueueOptions } from './jobs';

describe('the job queue options from the environment', () => {
  it('defaults: one worker, a job taken as dead after 45 s without its heartbeat, the heartbeat every 10 s', () => {
    const options = defaultJobQueueOptions({});
    expect(options).toMatchObject({ concurrency: 1, staleMs: 45_000, heartbeatMs: 10_000 });
  });

  it('JOB_STALE_SECONDS sets the span, with the heartbeat at least three times within it', () => {
    expect(defaultJobQueueOptions({ JOB_STALE_SECONDS: '6' })).toMatchObject({ staleMs: 6_000, heartbeatMs: 2_000 });
    expect(defaultJobQueueOptions({ JOB_STALE_SECONDS: '600' })).toMatchObject({ staleMs: 600_000, heartbeatMs: 10_000 });
  });

  it.each(['4', '3601', '7.5', 'soon', '-1'])('refuses JOB_STALE_SECONDS=%s with the variable named', (value) => {
    expect(() => defaultJobQueueOptions({ JOB_STALE_SECONDS: value })).toThrow(/JOB_STALE_SECONDS must be a whole number from 5 to 3600/);
  });

  it.each(['33', '-1', 'two'])('refuses JOB_WORKERS=%s', (value) => {
    expect(() => defaultJobQueueOptions({ JOB_WORKERS: value })).toThrow(/JOB_WORKERS must be a whole number from 0 to 32/);
  });
});

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createScratchDatabase, demoIds, testDatabaseKind, type TestApp } from '../../test/test-app';
import { createJobQueue, INTERRUPTED_MESSAGE, type JobInfo, type JobQueue, type JobQueueOptions } from './jobs';

const QUICK: Partial<JobQueueOptions> = { pollMs: 500, heartbeatMs: 300, staleMs: 1_500, stopGraceMs: 300, log: () => {} };

/** A promise the test resolves: a job waits on it (or on its signal). */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const waitForAbort = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));

async function until(jobs: JobQueue, id: string, done: (job: JobInfo) => boolean, what: string, timeoutMs = 20_000): Promise<JobInfo> {
  const end = Date.now() + timeoutMs;
  let last: JobInfo | null = null;
  while (Date.now() < end) {
    last = await jobs.get(id);
    if (last && done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} never became ${what}; last seen ${JSON.stringify(last)}`);
}

describe(`job queue (${testDatabaseKind})`, () => {
  let t: TestApp;
  let jobs: JobQueue;
  let clubId: number;
  const gates = new Map<string, ReturnType<typeof gate>>();

  beforeAll(async () => {
    t = await buildTestApp();
    clubId = (await demoIds(t)).dkClubId;
    jobs = createJobQueue(t.database.db, QUICK);
    jobs.register('test.steps', async (job) => {
      for (let step = 1; step <= 5; step++) {
        await job.progress(step * 20, `Step ${step} of 5`);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      return { steps: 5, data: job.data };
    });
    jobs.register('test.gate', async (job) => {
      await job.progress(50, 'Waiting for the test');
      await Promise.race([gates.get((job.data as { gate: string }).gate)!.opened, waitForAbort(job.signal)]);
      return { opened: true };
    });
    jobs.register('test.broken', async () => {
      throw new Error('The drawing of hole 7 is missing');
    });
    jobs.register('test.slow', async (job) => waitForAbort(job.signal), { timeLimitMs: 1_000 });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  it('only reads while idle: no statement that writes (the embedded read cache lasts until a write)', async () => {
    const statements: string[] = [];
    const pool = t.database.pool;
    const connect = pool.connect.bind(pool);
    const recording = (async () => {
      const client = await connect();
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const config = args[0] as string | { text?: string };
        statements.push(typeof config === 'string' ? config : (config.text ?? ''));
        return query(...args);
      }) as typeof client.query;
      return client;
    }) as typeof pool.connect;
    pool.connect = recording;
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      pool.connect = connect;
    }
    expect(statements.length).toBeGreaterThan(2);
    expect(statements.filter((text) => !/^\s*select\b/i.test(text) || /\b(insert|update|delete|pg_advisory\w*)\b/i.test(text))).toEqual([]);
  });

  it('runs a job, storing its progress and result', async () => {
    const { id, existing } = await jobs.enqueue('test.steps', { guide: 'Links' }, { clubId, guideId: 12, requestId: 'click-1' });
    expect(existing).toBe(false);
    const done = await until(jobs, id, (j) => j.state === 'completed', 'completed');
    expect(done).toMatchObject({ kind: 'test.steps', percent: 100, message: 'Step 5 of 5', attempts: 1, error: null, clubId, guideId: 12, requestId: 'click-1' });
    expect(done.result).toEqual({ steps: 5, data: { guide: 'Links' } });
    expect(done.startedAt!.getTime()).toBeGreaterThanOrEqual(done.createdAt.getTime());
    expect(done.finishedAt!.getTime()).toBeGreaterThanOrEqual(done.startedAt!.getTime());
    // The progress is a row of its own, for any process to read.
    const { rows } = await t.database.pool.query('select percent, message, club_id from jobs where id = $1', [id]);
    expect(rows).toEqual([{ percent: 100, message: 'Step 5 of 5', club_id: clubId }]);
  });

  it('answers the queued or running job to a second enqueue with the same key, and runs the work once', async () => {
    gates.set('a', gate());
    const [first, second] = await Promise.all([
      jobs.enqueue('test.gate', { gate: 'a' }, { singletonKey: 'guide-1', clubId }),
      jobs.enqueue('test.gate', { gate: 'a' }, { singletonKey: 'guide-1', clubId }),
    ]);
    expect(second.id).toBe(first.id);
    expect([first.existing, second.existing].sort()).toEqual([false, true]);
    const running = await until(jobs, first.id, (j) => j.state === 'active' && j.percent === 50, 'active');
    expect(running.message).toBe('Waiting for the test');
    expect(await jobs.enqueue('test.gate', { gate: 'a' }, { singletonKey: 'guide-1' })).toEqual({ id: first.id, existing: true });
    // Another key is other work.
    gates.set('b', gate());
    const other = await jobs.enqueue('test.gate', { gate: 'b' }, { singletonKey: 'guide-2' });
    expect(other.id).not.toBe(first.id);
    gates.get('a')!.open();
    gates.get('b')!.open();
    await until(jobs, first.id, (j) => j.state === 'completed', 'completed');
    await until(jobs, other.id, (j) => j.state === 'completed', 'completed');
    const { rows } = await t.database.pool.query("select count(*)::int as n from pgboss.job where name = 'test.gate' and singleton_key = 'guide-1'");
    expect(rows[0].n).toBe(1);
    // Once it is done, the same key queues new work.
    gates.set('c', gate());
    gates.get('c')!.open();
    const again = await jobs.enqueue('test.gate', { gate: 'c' }, { singletonKey: 'guide-1' });
    expect(again.existing).toBe(false);
    expect(again.id).not.toBe(first.id);
    await until(jobs, again.id, (j) => j.state === 'completed', 'completed');
  });

  it('records a failure with its message, and does not run it again', async () => {
    const { id } = await jobs.enqueue('test.broken', {});
    const failed = await until(jobs, id, (j) => j.state === 'failed', 'failed');
    expect(failed).toMatchObject({ error: 'The drawing of hole 7 is missing', attempts: 1, result: null });
    expect(failed.finishedAt).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await jobs.get(id))!.attempts).toBe(1);
  });

  it('stops a job at its time limit, through its signal', async () => {
    const { id } = await jobs.enqueue('test.slow', {});
    const failed = await until(jobs, id, (j) => j.state === 'failed', 'failed');
    expect(failed.error).toBe('Stopped after the time limit of 1 s');
    expect(failed.finishedAt!.getTime() - failed.startedAt!.getTime()).toBeGreaterThanOrEqual(900);
  });

  it('lists jobs newest first, all or one club', async () => {
    const a = await jobs.enqueue('test.steps', { n: 1 }, { clubId });
    const b = await jobs.enqueue('test.steps', { n: 2 });
    const all = await jobs.list({ limit: 2 });
    expect(all.map((j) => j.id)).toEqual([b.id, a.id]);
    const club = await jobs.list({ clubId, limit: 100 });
    expect(club.length).toBeGreaterThan(1);
    expect(club.every((j) => j.clubId === clubId)).toBe(true);
    expect(club.map((j) => j.id)).toContain(a.id);
    expect(club.map((j) => j.id)).not.toContain(b.id);
    expect(await jobs.get('not-a-uuid')).toBeNull();
    expect(await jobs.get('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('refuses kinds it does not know', async () => {
    await expect(jobs.enqueue('test.unknown', {})).rejects.toThrow('Unknown job kind "test.unknown"');
    expect(() => jobs.register('Bad Kind', async () => null)).toThrow('lower-case');
  });

  it('on stop, puts a running job back in the queue; the next start runs it again', async () => {
    const handback = gate();
    const register = (queue: JobQueue) =>
      queue.register('test.handback', async (job) => {
        await job.progress(10, `Attempt ${job.attempt}`);
        if (job.attempt === 1) await Promise.race([handback.opened, waitForAbort(job.signal)]);
        return { attempt: job.attempt };
      });
    const first = createJobQueue(t.database.db, QUICK);
    register(first);
    await first.start();
    const { id } = await first.enqueue('test.handback', {});
    await until(first, id, (j) => j.state === 'active' && j.percent === 10, 'active');
    const stopping = Date.now();
    await first.stop();
    expect(Date.now() - stopping).toBeLessThan(3_000);
    const queued = await jobs.get(id);
    expect(queued).toMatchObject({ state: 'queued', error: INTERRUPTED_MESSAGE, attempts: 1 });
    const second = createJobQueue(t.database.db, QUICK);
    register(second);
    await second.start();
    try {
      const done = await until(second, id, (j) => j.state === 'completed', 'completed');
      expect(done).toMatchObject({ attempts: 2, result: { attempt: 2 }, message: 'Attempt 2' });
    } finally {
      await second.stop();
    }
  });

  it('stops a run that another process took over (this one stalled past its heartbeat), writing nothing', async () => {
    const release = gate();
    let aborted: unknown = null;
    const first = createJobQueue(t.database.db, QUICK);
    first.register('test.takeover', async (job) => {
      await job.progress(10, 'Sending');
      try {
        await Promise.race([release.opened, waitForAbort(job.signal)]);
      } catch (reason) {
        aborted = reason;
        throw reason;
      }
      return { sent: 'twice' };
    });
    await first.start();
    try {
      const { id } = await first.enqueue('test.takeover', {});
      await until(first, id, (j) => j.state === 'active' && j.percent === 10, 'active');
      // What a rescue in another process does once this one's heartbeat is stale: the job goes back
      // to the queue and another worker writes its id on it when it runs it.
      await t.database.pool.query("update jobs set worker_id = 'another-host:1:elsewhere' where id = $1", [id]);
      const end = Date.now() + 5_000;
      while (aborted === null && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(String(aborted)).toContain('Another process took this job over');
      release.open();
      await new Promise((resolve) => setTimeout(resolve, 2 * QUICK.heartbeatMs!));
      // The stopped run wrote no outcome: the job is the other process's (running, or queued again
      // by a rescue once no heartbeat came), never completed by the run that was taken over.
      const job = await jobs.get(id);
      expect(['active', 'queued']).toContain(job?.state);
      expect(job?.result ?? null).toBeNull();
      await t.database.pool.query("update pgboss.job set state = 'cancelled', completed_on = now() where id = $1", [id]);
    } finally {
      await first.stop();
    }
  });

  it('finishes a job whose process was killed with SIGKILL half-way, after a restart', async () => {
    const child = fileURLToPath(new URL('./jobs-test-child.ts', import.meta.url));
    const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL) : null;
    const folder = scratch ? null : mkdtempSync(join(tmpdir(), 'golf-jobs-kill-'));
    const target = scratch?.url ?? folder!;
    const start = (...args: string[]) => {
      const proc = spawn(process.execPath, ['--import', 'tsx', child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      const lines: Record<string, unknown>[] = [];
      const waiters: { test: (line: Record<string, unknown>) => boolean; resolve: (line: Record<string, unknown>) => void }[] = [];
      let buffered = '';
      let errors = '';
      proc.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      proc.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const parts = buffered.split('\n');
        buffered = parts.pop()!;
        for (const part of parts.filter(Boolean)) {
          const line = JSON.parse(part) as Record<string, unknown>;
          lines.push(line);
          for (const w of waiters.filter((w) => w.test(line))) w.resolve(line);
        }
      });
      const exited = new Promise<number | string | null>((resolve) => proc.on('exit', (code, signal) => resolve(code ?? signal)));
      const line = (test: (line: Record<string, unknown>) => boolean, what: string) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          const seen = lines.find(test);
          if (seen) return resolve(seen);
          waiters.push({ test, resolve });
          void exited.then((how) => reject(new Error(`the child exited (${how}) before ${what}: ${errors}`)));
        });
      return { proc, lines, line, exited };
    };
    try {
      const first = start('enqueue', target);
      const { id } = (await first.line((l) => typeof l.id === 'string', 'queueing the job')) as { id: string };
      await first.line((l) => typeof l.progress === 'number' && l.progress >= 30, 'step 3');
      first.proc.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      const reached = Math.max(...first.lines.map((l) => (typeof l.progress === 'number' ? l.progress : 0)));
      expect(reached).toBeLessThan(100);

      const second = start('await', target, id);
      const { job } = (await second.line((l) => typeof l.job === 'object', 'the job finished')) as { job: JobInfo };
      expect(await second.exited).toBe(0);
      expect(job, JSON.stringify(second.lines)).toMatchObject({ id, state: 'completed', attempts: 2, percent: 100, message: 'Step 10 of 10', result: { steps: 10, attempt: 2 } });
      // The second process ran it from the start, as its second attempt.
      expect(second.lines.filter((l) => typeof l.progress === 'number').map((l) => l.attempt)).toEqual(Array(10).fill(2));
      expect(second.lines.some((l) => typeof l.log === 'string' && l.log.includes('its process stopped while it ran'))).toBe(true);
    } finally {
      await scratch?.drop();
      if (folder) rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demoIds, testDatabaseKind, type TestApp } from '../../test/test-app';
import { createJobQueue, type JobInfo, type JobQueue, type JobQueueOptions } from './jobs';

/**
 * Clubs take turns in the job queue: one club's hundreds of queued jobs do not keep another
 * club's job waiting behind all of them (issue 19: a release-all of 660 jobs made another club's
 * small job wait over a minute). Jobs of one kind, so only the order of starting them differs.
 */
const QUICK: Partial<JobQueueOptions> = { pollMs: 200, heartbeatMs: 300, staleMs: 5_000, stopGraceMs: 300, log: () => {} };

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function allFinished(jobs: JobQueue, ids: string[], timeoutMs = 60_000): Promise<JobInfo[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const infos = await Promise.all(ids.map((id) => jobs.get(id)));
    if (infos.every((j) => j && (j.state === 'completed' || j.state === 'failed'))) return infos as JobInfo[];
    if (Date.now() > end) throw new Error(`jobs still running: ${JSON.stringify(infos.filter((j) => j?.state !== 'completed').map((j) => [j?.id, j?.state]))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`job queue: clubs take turns (${testDatabaseKind})`, () => {
  let t: TestApp;
  let clubA: number;
  let clubB: number;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const ids = await demoIds(t);
    clubA = ids.dkClubId;
    clubB = ids.seClubId;
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await t?.close();
  });

  /** A queue running `kind`: each job waits for `held`, then records its start and takes a moment. */
  function queueOf(kind: string, concurrency: number, started: string[], held: Promise<void>): JobQueue {
    const jobs = createJobQueue(t.database.db, { ...QUICK, concurrency });
    queues.push(jobs);
    jobs.register(kind, async (job) => {
      started.push((job.data as { label: string }).label);
      await held;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return null;
    });
    return jobs;
  }

  it("starts another club's job next, not after the first club's queued jobs", async () => {
    const started: string[] = [];
    const held = gate();
    const jobs = queueOf('test.turns', 1, started, held.opened);
    const ids: string[] = [];
    // Club A queues 30 jobs (its first starts at once and waits), then club B 3, then a job of no club.
    for (let i = 1; i <= 30; i++) ids.push((await jobs.enqueue('test.turns', { label: `A${i}` }, { clubId: clubA })).id);
    for (let i = 1; i <= 3; i++) ids.push((await jobs.enqueue('test.turns', { label: `B${i}` }, { clubId: clubB })).id);
    ids.push((await jobs.enqueue('test.turns', { label: 'N1' })).id);
    held.open();
    const infos = await allFinished(jobs, ids);
    expect(infos.every((j) => j.state === 'completed' && j.attempts === 1)).toBe(true);
    // First queued first would start B1 as the 31st; taking turns starts it second. A club that
    // ran nothing yet goes before one that did; then whoever started longest ago.
    expect(started.slice(0, 8)).toEqual(['A1', 'B1', 'N1', 'A2', 'B2', 'A3', 'B3', 'A4']);
    // Within a club, first queued first.
    expect(started.filter((l) => l.startsWith('A'))).toEqual(Array.from({ length: 30 }, (_, i) => `A${i + 1}`));
  });

  it('takes turns across several worker processes too, starting every job once', async () => {
    const started: string[] = [];
    const held = gate();
    // Two queues on one database behave as two worker processes, two jobs at once each.
    const first = queueOf('test.turns2', 2, started, held.opened);
    const second = queueOf('test.turns2', 2, started, held.opened);
    await Promise.all([first.start(), second.start()]);
    const ids: string[] = [];
    for (let i = 1; i <= 16; i++) ids.push((await first.enqueue('test.turns2', { label: `A${i}` }, { clubId: clubA })).id);
    for (let i = 1; i <= 2; i++) ids.push((await second.enqueue('test.turns2', { label: `B${i}` }, { clubId: clubB })).id);
    // Let the four places fill with club A's jobs (queued first), then let the jobs go on.
    const end = Date.now() + 20_000;
    while (started.length < 4 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    held.open();
    const infos = await allFinished(first, ids);
    expect(infos.every((j) => j.state === 'completed' && j.attempts === 1)).toBe(true);
    expect([...started].sort()).toEqual(ids.map((_, i) => (i < 16 ? `A${i + 1}` : `B${i - 15}`)).sort());
    // Club B has nothing running and club A has up to four: B's two jobs take the next places
    // that come free (first queued first would start them last, 17th and 18th).
    const positions = ['B1', 'B2'].map((l) => started.indexOf(l));
    expect(Math.max(...positions)).toBeLessThan(8);
  });
});

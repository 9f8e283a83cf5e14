import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { testDatabaseKind } from '../../test/test-app';
import { demoOwnerSuite } from '../../test/signed-in-app';
import { fileForm, postForm } from '../../test/images';
import { BusyError, HEAVY_TASKS, heavyTasks, taskRunner } from './worker-tasks';

// Hand-made OSM XML: two holes (the course import's fixture).
const TWO_HOLES = readFileSync(join(import.meta.dirname, '../modules/course-import/fixtures/two-holes.osm'));
const MEMBERS_CSV = Buffer.from('Name;Email\nAnna;anna@example.dk\n');

type Input = { kind: 'busy'; ms: number };
type Output = { text: string; bytes: Uint8Array };

/**
 * At most HEAVY_TASKS.running (2) heavy reads run at once per server (course import planning,
 * spreadsheet parsing, anything in worker-tasks.ts): another waits its turn, an upload only in a
 * short line, else it is answered 503 with Retry-After; the server answers throughout.
 */
describe('heavy reads at most two at once', () => {
  it('runs three tasks of different runners two at a time: the third starts when one ends', async () => {
    const runner = (entry: string) =>
      taskRunner<Input, Output>({
        entry,
        from: new URL('../../test/task-worker.ts', import.meta.url).href,
        timeoutMs: 30_000,
        maxHeapMb: 64,
        maxWorkers: 3,
        timeoutMessage: { code: 'render.timeout', params: { seconds: 4 } },
        memoryMessage: { code: 'render.outOfMemory' },
      });
    const runners = [runner('task-worker'), runner('task-worker')];
    try {
      // Workers started and warm, so the tasks below start together.
      await Promise.all([0, 1, 2].map((i) => runners[i % 2].run({ kind: 'busy', ms: 0 })));
      const spans = (await Promise.all([0, 1, 2].map((i) => runners[i % 2].run({ kind: 'busy', ms: 1500 })))).map(
        (out) => JSON.parse(out.text) as { started: number; ended: number },
      );
      // At no start of a task were two others running.
      for (const s of spans) expect(spans.filter((o) => o !== s && o.started <= s.started && o.ended > s.started).length).toBeLessThan(2);
      const first = Math.min(...spans.map((s) => s.started));
      const last = Math.max(...spans.map((s) => s.ended));
      expect(last - first).toBeGreaterThanOrEqual(2 * 1500 - 50);
    } finally {
      await Promise.all(runners.map((r) => r.close()));
    }
  });

  it('lets an upload wait at most HEAVY_TASKS.waitMs for its turn, then answers 503 with Retry-After', async () => {
    vi.useFakeTimers();
    try {
      const held = [await heavyTasks.acquire(), await heavyTasks.acquire()];
      const waiting = heavyTasks.acquire({ code: 'members.busy' });
      const outcome = waiting.then(
        () => 'ran',
        (err: unknown) => err,
      );
      await vi.advanceTimersByTimeAsync(HEAVY_TASKS.waitMs - 1);
      expect(heavyTasks.waiting).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(BusyError);
      expect(error).toMatchObject({ statusCode: 503, code: 'members.busy', message: 'The server is reading other files at the moment. Upload the file again in a few seconds.', retryAfterSeconds: HEAVY_TASKS.retryAfterSeconds });
      expect(heavyTasks.waiting).toBe(0);
      for (const release of held) release();
      expect(heavyTasks.running).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  describe(`over HTTP (${testDatabaseKind})`, () => {
    const suite = demoOwnerSuite();

    const preview = () => postForm(suite.t.app, `/api/clubs/${suite.club}/courses/import/preview`, suite.owner, fileForm('data', TWO_HOLES, 'two-holes.osm', 'application/octet-stream'));
    const membersUpload = () => postForm(suite.t.app, `/api/clubs/${suite.club}/members/uploads`, suite.owner, fileForm('file', MEMBERS_CSV, 'members.csv', 'text/csv'));
    const health = async () => (await suite.t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(done()).toBe(true);
    };

    it('makes a third read wait while two run, answering /api/health meanwhile, and runs it when one ends', async () => {
      // Two heavy reads in progress (their places held here).
      const held = [await heavyTasks.acquire(), await heavyTasks.acquire()];
      heavyTasks.peak = heavyTasks.running;
      let answered = false;
      const third = preview().then((res) => {
        answered = true;
        return res;
      });
      try {
        await until(() => heavyTasks.waiting === 1);
        await new Promise((r) => setTimeout(r, 300));
        expect(answered).toBe(false);
        expect(await health()).toBe(200);
      } finally {
        held[0]();
      }
      const res = await third;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().holes).toHaveLength(2);
      held[1]();
      expect(heavyTasks.peak).toBe(HEAVY_TASKS.running);
      expect(heavyTasks.running).toBe(0);
    });

    it('answers 503 with Retry-After once the line of waiting uploads is full, and the waiting ones run later', async () => {
      const held = [await heavyTasks.acquire(), await heavyTasks.acquire()];
      const line = Array.from({ length: HEAVY_TASKS.waiting }, () => preview());
      try {
        await until(() => heavyTasks.waiting === HEAVY_TASKS.waiting);
        const refused = await membersUpload();
        expect(refused.statusCode, refused.body).toBe(503);
        expect(refused.headers['retry-after']).toBe(String(HEAVY_TASKS.retryAfterSeconds));
        expect(refused.json().error).toMatch(/reading other files at the moment/);
        expect(await health()).toBe(200);
      } finally {
        for (const release of held) release();
      }
      for (const res of await Promise.all(line)) expect(res.statusCode, res.body).toBe(200);
      // With the places free, the same upload goes through.
      expect((await membersUpload()).statusCode).toBe(201);
    });
  });
});

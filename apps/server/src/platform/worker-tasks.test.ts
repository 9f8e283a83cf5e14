import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { taskRunner } from './worker-tasks';

type Input = { kind: 'echo' | 'refuse' | 'crash' | 'spin' | 'hog'; text?: string };
type Output = { text: string; bytes: Uint8Array };

describe('taskRunner', () => {
  const runner = taskRunner<Input, Output>({
    entry: 'task-worker',
    from: new URL('../../test/task-worker.ts', import.meta.url).href,
    // Long enough for a worker started from TypeScript on a busy machine.
    timeoutMs: 15_000,
    maxHeapMb: 64,
    maxWorkers: 1,
    idleMs: 60_000,
    timeoutMessage: { code: 'render.timeout', params: { seconds: 4 } },
    memoryMessage: { code: 'render.outOfMemory' },
  });
  afterAll(() => runner.close());

  it('runs a task in a worker and hands back its output and transferred bytes', async () => {
    const out = await runner.run({ kind: 'echo', text: 'hello' });
    expect(out.text).toBe('HELLO');
    expect(Buffer.from(out.bytes).toString()).toBe('hello');
  });

  it("keeps an HttpError's status and message, and turns any other error into a plain Error", async () => {
    await expect(runner.run({ kind: 'refuse' })).rejects.toEqual(new HttpError(422, 'images.unreadable'));
    const crash = await runner.run({ kind: 'crash' }).catch((err: unknown) => err);
    expect(crash).not.toBeInstanceOf(HttpError);
    expect((crash as Error).message).toMatch(/a bug/);
  });

  it('stops a task past its time with 413 while the event loop stays free, and runs the next in a fresh worker', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const started = performance.now();
    // A shorter limit for this task: a second runner on the same entry.
    const quick = taskRunner<Input, Output>({
      entry: 'task-worker',
      from: new URL('../../test/task-worker.ts', import.meta.url).href,
      timeoutMs: 4000,
      maxHeapMb: 64,
      maxWorkers: 1,
      timeoutMessage: { code: 'render.timeout', params: { seconds: 4 } },
      memoryMessage: { code: 'render.outOfMemory' },
    });
    try {
      await expect(quick.run({ kind: 'spin' })).rejects.toEqual(new HttpError(413, 'render.timeout', { seconds: 4 }));
      const elapsed = performance.now() - started;
      clearInterval(ticker);
      expect(elapsed).toBeGreaterThanOrEqual(3900);
      // The main thread kept ticking while the worker spun.
      expect(ticks).toBeGreaterThan(elapsed / 50 / 3);
      expect((await quick.run({ kind: 'echo', text: 'again' })).text).toBe('AGAIN');
    } finally {
      clearInterval(ticker);
      await quick.close();
    }
  });

  it('answers 413 when a task runs out of its heap; the process lives on', async () => {
    const rss = process.memoryUsage().rss;
    await expect(runner.run({ kind: 'hog' })).rejects.toEqual(new HttpError(413, 'render.outOfMemory'));
    expect((await runner.run({ kind: 'echo', text: 'still here' })).text).toBe('STILL HERE');
    expect(process.memoryUsage().rss - rss).toBeLessThan(300 * 1024 * 1024);
  });
});

import { isMainThread, parentPort, Worker, type TransferListItem } from 'node:worker_threads';
import type { ServerErrorCode, ServerErrorMessage } from '@golf/contract/api/errors';
import { HttpError, type ErrorDetail } from './errors';

/**
 * Heavy parsing of uploaded files runs here, off the event loop: in worker threads with a time
 * limit and a heap limit of their own. A task past its time is stopped (the worker terminated)
 * and answers `timeoutMessage`; a task that runs out of heap kills only its worker and answers
 * `memoryMessage`. Either way the server keeps answering, and the next task gets a fresh worker.
 *
 * Workers are kept for `idleMs` (2 s unless set) after a task, so a burst of uploads does not start
 * one each; then they end, which gives their memory back (a worker kept alive would hold tens of MB
 * through the import that follows an upload: the members import benchmark peaked 75 MB higher).
 * A worker entry module calls `serveTasks`; the caller names it by its file name without
 * extension, beside the calling module (source, run through tsx) or in dist/ (the build bundles
 * each worker entry next to main.js).
 *
 * However many runners there are, at most HEAVY_TASKS.running tasks run at once in one process
 * (each may take a core and a few hundred MB). A task that finds them all busy waits its turn;
 * a runner with `whenBusy` (an upload, whose user is waiting) waits only while at most
 * HEAVY_TASKS.waiting tasks wait and at most HEAVY_TASKS.waitMs, else it is answered 503 with
 * Retry-After (decision 0009).
 */
export interface TaskRunnerOptions {
  /** File name of the worker entry without extension, e.g. 'sheet-worker'. */
  entry: string;
  /** `import.meta.url` of the module beside which the entry lives. */
  from: string;
  timeoutMs: number;
  /** Heap (old generation) of one worker. */
  maxHeapMb: number;
  maxWorkers: number;
  /** How long a worker waits for another task before it ends (default 2 s). */
  idleMs?: number;
  timeoutMessage: ServerErrorMessage;
  memoryMessage: ServerErrorMessage;
  /** The answer (503) when the heavy tasks are busy and the wait is full or too long; without it a task waits its turn. */
  whenBusy?: ServerErrorMessage;
}

/** The heavy tasks of one process: at most `running` at once; uploads wait at most `waitMs` among at most `waiting`. */
export const HEAVY_TASKS = { running: 2, waiting: 4, waitMs: 10_000, retryAfterSeconds: 5 } as const;

/** 503 with Retry-After: the server is busy with other files. */
export class BusyError extends HttpError {
  constructor(message: ServerErrorMessage) {
    super(503, message.code, message.params);
    this.retryAfterSeconds = HEAVY_TASKS.retryAfterSeconds;
  }
}

interface Waiter {
  start: () => void;
  /** Uploads: counted against HEAVY_TASKS.waiting. */
  bounded: boolean;
}

/**
 * The process-wide gate of heavy tasks. `acquire` resolves with the function that gives the
 * place back; with `busyMessage` it rejects with a BusyError instead of waiting longer than
 * HEAVY_TASKS allows.
 */
export const heavyTasks = {
  running: 0,
  /** The most that ever ran at once (for tests). */
  peak: 0,
  queue: [] as Waiter[],

  get waiting(): number {
    return this.queue.length;
  },

  acquire(busyMessage?: ServerErrorMessage): Promise<() => void> {
    const granted = (): (() => void) => {
      this.running++;
      this.peak = Math.max(this.peak, this.running);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        this.running--;
        this.queue.shift()?.start();
      };
    };
    if (this.running < HEAVY_TASKS.running && this.queue.length === 0) return Promise.resolve(granted());
    const bounded = busyMessage !== undefined;
    const busy = () => new BusyError(busyMessage ?? { code: 'server.busy' });
    if (bounded && this.queue.filter((w) => w.bounded).length >= HEAVY_TASKS.waiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        bounded,
        start: () => {
          clearTimeout(timer);
          resolve(granted());
        },
      };
      const timer = bounded
        ? setTimeout(() => {
            const at = this.queue.indexOf(waiter);
            if (at >= 0) this.queue.splice(at, 1);
            reject(busy());
          }, HEAVY_TASKS.waitMs)
        : undefined;
      this.queue.push(waiter);
    });
  },
};

interface Reply<O> {
  ok: boolean;
  output?: O;
  error?: { status?: number; message: string; code?: ServerErrorCode; params?: ServerErrorMessage['params']; details?: ErrorDetail[] };
}

export interface TaskRunner<I, O> {
  run(input: I, transfer?: readonly TransferListItem[]): Promise<O>;
  /** Stops the idle workers (a running task finishes first). */
  close(): Promise<void>;
}

export function taskRunner<I, O>(opts: TaskRunnerOptions): TaskRunner<I, O> {
  const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  const waiting: (() => void)[] = [];
  let running = 0;

  const spawn = (): Worker => {
    const source = opts.from.endsWith('.ts');
    const url = new URL(`./${opts.entry}.${source ? 'ts' : 'js'}`, opts.from);
    const resourceLimits = { maxOldGenerationSizeMb: opts.maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
    if (!source) return new Worker(url, { resourceLimits });
    // Running from source (tests, development): TypeScript through tsx's loader.
    const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
    return new Worker(code, { eval: true, resourceLimits });
  };

  const acquire = async (): Promise<Worker> => {
    while (running >= opts.maxWorkers) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    const kept = idle.pop();
    if (kept) {
      clearTimeout(kept.timer);
      kept.worker.ref();
      return kept.worker;
    }
    return spawn();
  };

  const release = (worker: Worker | null) => {
    running--;
    waiting.shift()?.();
    if (!worker) return;
    worker.unref();
    const timer = setTimeout(() => {
      const at = idle.findIndex((i) => i.worker === worker);
      if (at >= 0) idle.splice(at, 1);
      void worker.terminate();
    }, opts.idleMs ?? 2_000);
    timer.unref();
    idle.push({ worker, timer });
  };

  const exchange = (worker: Worker, input: I, transfer: readonly TransferListItem[]): Promise<Reply<O>> =>
    new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (reply: Reply<O>) => {
        done();
        resolve(reply);
      };
      const onError = (err: Error & { code?: string }) => {
        done();
        void worker.terminate();
        reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? HttpError.of(413, opts.memoryMessage) : err);
      };
      const onExit = (code: number) => {
        done();
        reject(new Error(`worker ${opts.entry} exited with code ${code}`));
      };
      const timer = setTimeout(() => {
        done();
        void worker.terminate();
        reject(HttpError.of(413, opts.timeoutMessage));
      }, opts.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(input, transfer);
    });

  return {
    async run(input, transfer = []) {
      // The process-wide place first: a task refused as busy never holds one of this runner's workers.
      const done = await heavyTasks.acquire(opts.whenBusy);
      let worker: Worker;
      try {
        worker = await acquire();
      } catch (err) {
        done();
        throw err;
      }
      let kept: Worker | null = null;
      try {
        const reply = await exchange(worker, input, transfer);
        kept = worker;
        if (reply.ok) return reply.output as O;
        const error = reply.error ?? { message: 'worker task failed' };
        if (error.status && error.code) throw HttpError.of(error.status, { code: error.code, params: error.params }, error.details);
        throw new Error(error.message);
      } finally {
        release(kept);
        done();
      }
    },
    async close() {
      const workers = idle.splice(0);
      for (const { timer } of workers) clearTimeout(timer);
      await Promise.all(workers.map(({ worker }) => worker.terminate()));
    },
  };
}

/**
 * The worker side: answers each message with `handler`'s output (and the buffers to transfer),
 * or with the error: an HttpError keeps its status and message, any other error becomes a 500.
 */
export function serveTasks<I, O>(handler: (input: I) => Promise<{ output: O; transfer?: TransferListItem[] }>): void {
  if (isMainThread || !parentPort) throw new Error('serveTasks runs in a worker thread');
  const port = parentPort;
  port.on('message', async (input: I) => {
    try {
      const { output, transfer } = await handler(input);
      port.postMessage({ ok: true, output } satisfies Reply<O>, transfer ?? []);
    } catch (err) {
      const error =
        err instanceof HttpError
          ? { status: err.statusCode, message: err.message, code: err.code, params: err.params, details: err.details }
          : { message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
      port.postMessage({ ok: false, error } satisfies Reply<O>);
    }
  });
}

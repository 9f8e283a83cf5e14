import { isMainThread, parentPort, Worker, type TransferListItem } from 'node:worker_threads';
import { HttpError } from './errors';

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
  timeoutMessage: string;
  memoryMessage: string;
}

interface Reply<O> {
  ok: boolean;
  output?: O;
  error?: { status?: number; message: string; details?: { path: string; message: string }[] };
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
        reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new HttpError(413, opts.memoryMessage) : err);
      };
      const onExit = (code: number) => {
        done();
        reject(new Error(`worker ${opts.entry} exited with code ${code}`));
      };
      const timer = setTimeout(() => {
        done();
        void worker.terminate();
        reject(new HttpError(413, opts.timeoutMessage));
      }, opts.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(input, transfer);
    });

  return {
    async run(input, transfer = []) {
      const worker = await acquire();
      let kept: Worker | null = null;
      try {
        const reply = await exchange(worker, input, transfer);
        kept = worker;
        if (reply.ok) return reply.output as O;
        const error = reply.error ?? { message: 'worker task failed' };
        if (error.status) throw new HttpError(error.status, error.message, error.details);
        throw new Error(error.message);
      } finally {
        release(kept);
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
          ? { status: err.statusCode, message: err.message, details: err.details }
          : { message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
      port.postMessage({ ok: false, error } satisfies Reply<O>);
    }
  });
}

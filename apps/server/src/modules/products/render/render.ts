import type { GuideRenderInputIn } from '@golf/contract/print/input';
import { serverError } from '@golf/contract/api/errors';
import { taskRunner } from '../../../platform/worker-tasks';
import type { PdfOptions } from './pdf';
import type { RenderResult, RenderTask } from './tasks';

/** Longest time one rendering may take (an 18-hole guide takes about a second). */
export const RENDER_TIMEOUT_MS = 120_000;

const renderer = taskRunner<RenderTask, RenderResult>({
  entry: 'render-worker',
  from: import.meta.url,
  timeoutMs: RENDER_TIMEOUT_MS,
  maxHeapMb: 768,
  maxWorkers: 1,
  timeoutMessage: serverError('render.timeout', { seconds: RENDER_TIMEOUT_MS / 1000 }),
  memoryMessage: serverError('render.outOfMemory'),
});

/**
 * Renders a product in the render worker thread (tasks.ts), off the event loop, with a time and
 * a heap limit: one at a time, so a burst of generations queues instead of competing for the
 * cores. What a job calls.
 */
export function renderInWorker(task: RenderTask): Promise<RenderResult> {
  return renderer.run(task);
}

/** The printed guide PDF of `input`, rendered in the worker. */
export async function renderGuideInWorker(input: GuideRenderInputIn, options: Omit<PdfOptions, 'images'> = {}, images?: Record<string, Uint8Array>): Promise<Buffer> {
  const result = await renderer.run({ product: 'guide-pdf', input, pdf: options, images });
  const file = result.files[0];
  return Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
}

/** Stops the idle render worker (server shutdown, tests). */
export function closeRenderer(): Promise<void> {
  return renderer.close();
}

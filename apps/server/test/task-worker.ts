// A worker entry for the tests of platform/worker-tasks.ts: echoes, fails, spins, works a while or eats memory on request.
import { HttpError } from '../src/platform/errors';
import { serveTasks } from '../src/platform/worker-tasks';

serveTasks<{ kind: 'echo' | 'refuse' | 'crash' | 'spin' | 'hog' | 'busy'; text?: string; ms?: number }, { text: string; bytes: Uint8Array }>(async (input) => {
  if (input.kind === 'busy') {
    // Holds its thread for `ms` and answers when it ran (epoch ms), so a test can see which tasks overlapped.
    const started = performance.timeOrigin + performance.now();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, input.ms ?? 0);
    const ended = performance.timeOrigin + performance.now();
    return { output: { text: JSON.stringify({ started, ended }), bytes: new Uint8Array(0) } };
  }
  if (input.kind === 'refuse') throw new HttpError(422, 'images.unreadable');
  if (input.kind === 'crash') throw new Error('a bug');
  if (input.kind === 'spin') for (;;);
  if (input.kind === 'hog') {
    const kept: string[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => `item ${i} of ${kept.length}`));
  }
  const bytes = new TextEncoder().encode(input.text ?? '');
  return { output: { text: (input.text ?? '').toUpperCase(), bytes }, transfer: [bytes.buffer] };
});

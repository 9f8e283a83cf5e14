// A worker entry for the tests of platform/worker-tasks.ts: echoes, fails, spins or eats memory on request.
import { HttpError } from '../src/platform/errors';
import { serveTasks } from '../src/platform/worker-tasks';

serveTasks<{ kind: 'echo' | 'refuse' | 'crash' | 'spin' | 'hog'; text?: string }, { text: string; bytes: Uint8Array }>(async (input) => {
  if (input.kind === 'refuse') throw new HttpError(422, 'refused on purpose');
  if (input.kind === 'crash') throw new Error('a bug');
  if (input.kind === 'spin') for (;;);
  if (input.kind === 'hog') {
    const kept: string[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => `item ${i} of ${kept.length}`));
  }
  const bytes = new TextEncoder().encode(input.text ?? '');
  return { output: { text: (input.text ?? '').toUpperCase(), bytes }, transfer: [bytes.buffer] };
});

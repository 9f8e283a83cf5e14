import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('turns off zod’s compiled parsers without importing zod first', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod');
    expect(config().jitless).toBe(true);
  });
});

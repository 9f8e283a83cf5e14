import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on this 2-core machine, which
    // left a core idle through the contract and web (jsdom) files. Two, as the server project has.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // A project with its own maxWorkers needs its own group: it runs after the others.
          sequence: { groupOrder: 1 },
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});

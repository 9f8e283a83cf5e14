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
      {
        test: {
          // Several API instances and workers behind HAProxy on PostgreSQL (issue 28,
          // scripts/topology-lib.mjs): each file starts its own topology, so one file at a time,
          // after everything else. Needs TEST_DATABASE_URL's server, `haproxy` and `npm run build`.
          name: 'topology',
          include: ['apps/server/topology/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 240_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});

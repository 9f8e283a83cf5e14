import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import web from './apps/web/vitest.config.ts';

/**
 * The web test files that replace a module with `vi.mock` (paths from apps/web). They run in a
 * project of their own, each file with its own modules: where a worker's files share their modules
 * (the `web` project), a module already loaded by an earlier file is not replaced, and a replaced
 * one would be met by the later files.
 */
function webFilesWithModuleMocks(): string[] {
  const web = join(import.meta.dirname, 'apps/web');
  return (readdirSync(join(web, 'src'), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => /\.test\.tsx?$/.test(f) && readFileSync(join(web, 'src', f), 'utf8').includes('vi.mock('))
    .map((f) => `src/${f.split('\\').join('/')}`)
    .sort();
}
const webModuleMocks = webFilesWithModuleMocks();

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
          // The files of a worker share its modules (each file still builds its own app on its own
          // database, test/test-app.ts): the server's whole module graph was imported anew for each
          // of the 121 files, about 550 s of the workers' time on PGlite and 420 on PostgreSQL (CI
          // 2026-11-28), and the code ran cold in each file. Measured on 15 files: 104 s → 67 s. A
          // spy on a module's export is restored by the test that made it (`mockRestore` in a
          // `finally`, or `vi.restoreAllMocks()` after each test), as a later file now meets it.
          isolate: false,
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
      {
        // The web files share their worker's modules (React, MUI and the app are loaded once per
        // worker, not once per file: the web project took 276 s alone, 139 s so; each file still
        // renders into a fresh DOM and the testing setup resets the fake API after each test).
        ...web,
        test: { ...web.test, name: 'web', isolate: false, exclude: [...configDefaults.exclude, ...webModuleMocks] },
      },
      { ...web, test: { ...web.test, name: 'web-mocks', include: webModuleMocks } },
    ],
  },
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh data folder per run: the server creates the embedded database and seeds the demo.
// Set here once; the workers inherit it and read the outbox from it.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'golf-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3901);
const root = join(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // E2E_OUTPUT_DIR lets two runs in one tree keep their artifacts apart (Playwright empties the folder).
  outputDir: process.env.E2E_OUTPUT_DIR ?? join(root, '.test-output/e2e-artifacts'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Tracing records every action of every test (DOM snapshots, screenshots): it made the suite
    // about half again as slow. Off unless asked for, e.g. E2E_TRACE=retain-on-failure to debug.
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  webServer: {
    command: `node ${join(root, 'apps/server/dist/main.js')}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: process.env.E2E_DATA_DIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The tests generate the demo guide's products themselves, from a known state.
      DEMO_PRODUCTS: 'false',
    },
  },
});

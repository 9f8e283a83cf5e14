#!/usr/bin/env node
// `npm start`: install what is missing, build what is stale, then run the server (which migrates,
// seeds a demo on first run and serves the console). Plain Node, no dependencies, so it works on a
// fresh clone before `npm install`.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed`);
    process.exit(r.status ?? 1);
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist' || name === 'e2e') continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

// 1. Dependencies: install when node_modules is missing or older than the lock file.
const installedMarker = join(root, 'node_modules/.package-lock.json');
if (!existsSync(installedMarker) || statSync(join(root, 'package-lock.json')).mtimeMs > statSync(installedMarker).mtimeMs) {
  console.log('Installing dependencies…');
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

// 2. Build when an output is missing or a source is newer than the last build.
const stampFile = join(root, 'apps/server/dist/.build-stamp');
const sources = ['packages/contract', 'apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'apps/server/src', 'apps/server/build.mjs', 'package-lock.json'];
const newestSource = Math.max(...sources.map((s) => newestMtime(join(root, s))));
const built =
  existsSync(join(root, 'apps/web/dist/index.html')) &&
  existsSync(join(root, 'apps/server/dist/main.js')) &&
  existsSync(stampFile) &&
  Number(readFileSync(stampFile, 'utf8')) >= newestSource;
if (!built) {
  console.log('Building…');
  run(npm, ['run', 'build']);
  writeFileSync(stampFile, String(newestSource));
}

// 3. Serve. Signals are passed on so the embedded database closes cleanly.
const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

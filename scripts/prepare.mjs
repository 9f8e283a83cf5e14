// What both README commands need first, shared by `npm start` (start.mjs) and `npm test`
// (test-all.mjs): the dependencies installed, and a build no older than its sources. Plain Node,
// no dependencies, so it runs on a fresh clone before `npm install`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) console.error(`\n${cmd} ${args.join(' ')} failed`);
  return r.status === 0;
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

/** Installs the dependencies when node_modules is missing or older than the lock file; false when that failed. */
export function ensureInstalled() {
  const installedMarker = join(root, 'node_modules/.package-lock.json');
  if (!existsSync(installedMarker) || statSync(join(root, 'package-lock.json')).mtimeMs > statSync(installedMarker).mtimeMs) {
    console.log('Installing dependencies…');
    return run(npm, ['ci', '--no-audit', '--no-fund']);
  }
  return true;
}

/** Builds the web app and the server when an output is missing or a source is newer than the last build; false when that failed. */
export function ensureBuilt() {
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
    if (!run(npm, ['run', 'build'])) return false;
    writeFileSync(stampFile, String(newestSource));
  }
  return true;
}

#!/usr/bin/env node
// `npm run bench`: builds if needed, then runs each benchmark and prints its figures.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'apps/server/dist/main.js')) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const only = process.argv.slice(2);
for (const name of ['startup', 'bundle', 'throughput', 'reads', 'saves', 'ingestion', 'members-import', 'gallery-upload', 'image-uploads', 'course-import-plan', 'editor', 'guide-pdf', 'text-layout', 'heatmap', 'push', 'proxy']) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n## ${name}`);
  const r = spawnSync(process.execPath, [join(root, 'bench', `${name}.mjs`)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}

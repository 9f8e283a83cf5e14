// Cold first start (empty DATA_DIR: create the embedded database, migrate, make the change
// triggers, seed the demo) and warm start (same folder again) of the built server, to the first
// answer of /api/health. BENCH_BASELINE=<main.js> also starts that build (e.g. the one before a
// change) in the same run, alternating with this one, and prints both.
import { resolve } from 'node:path';
import { freshDataDir, startServer, fmt } from './lib.mjs';

const builds = [{ name: 'this build', entry: undefined }];
if (process.env.BENCH_BASELINE) builds.push({ name: 'baseline', entry: resolve(process.env.BENCH_BASELINE) });

for (const build of builds) {
  build.dataDir = freshDataDir();
  const cold = await startServer({ dataDir: build.dataDir, port: 3951, entry: build.entry });
  build.cold = cold.ms;
  await cold.stop();
  build.warm = [];
}
for (let i = 0; i < 3; i++) {
  for (const build of builds) {
    const s = await startServer({ dataDir: build.dataDir, port: 3951, entry: build.entry });
    build.warm.push(s.ms);
    await s.stop();
  }
}
for (const build of builds) {
  build.warm.sort((a, b) => a - b);
  const label = builds.length > 1 ? ` (${build.name})` : '';
  console.log(`cold first start (empty DATA_DIR)${label}: ${fmt(build.cold)}`);
  console.log(`warm start, median of 3${label}:          ${fmt(build.warm[1])}  (target < 3.00 s: ${build.warm[1] < 3000 ? 'met' : 'NOT met'})`);
}

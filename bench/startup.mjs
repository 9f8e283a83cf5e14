// Cold first start (empty DATA_DIR: create the embedded database, migrate, seed the demo) and warm
// start (same folder again) of the built server, to the first answer of /api/health.
import { freshDataDir, startServer, fmt } from './lib.mjs';

const dataDir = freshDataDir();
const cold = await startServer({ dataDir, port: 3951 });
await cold.stop();
const warm = [];
for (let i = 0; i < 3; i++) {
  const s = await startServer({ dataDir, port: 3951 });
  warm.push(s.ms);
  await s.stop();
}
warm.sort((a, b) => a - b);
console.log(`cold first start (empty DATA_DIR): ${fmt(cold.ms)}`);
console.log(`warm start, median of 3:          ${fmt(warm[1])}  (target < 3.00 s: ${warm[1] < 3000 ? 'met' : 'NOT met'})`);

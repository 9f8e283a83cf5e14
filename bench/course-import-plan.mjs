// Course import planning (issue 19 §1) on files built to cost the planner as much as the read
// limits allow (apps/server/test/hostile-courses.ts): for each kind of file and a few sizes, the
// time to read the file (shape check and JSON.parse) and to plan it (match its features to its
// holes), the best of 3, and how the planning time grows from 100,000 to 400,000 positions (4×).
// The target: every file within the limits plans in under 2 s; 4× the points take at most ~8×
// the time. Runs the TypeScript sources through tsx, like the tests.
import { register } from 'tsx/esm/api';

register();
const { planImport } = await import('../apps/server/src/modules/course-import/osm-plan.ts');
const { readImportFile } = await import('../apps/server/src/modules/course-import/plan.ts');
const { IMPORT_READ_LIMITS } = await import('../apps/server/src/modules/course-import/limits.ts');
const { WorkBudget } = await import('../packages/contract/src/geo/segment-index.ts');
const { HOSTILE_COURSES } = await import('../apps/server/test/hostile-courses.ts');

const SIZES = [25_000, 100_000, 400_000];
const RUNS = 3;
const TARGET_MS = 2000;

const best = (list) => Math.min(...list);
const cpuMs = (before) => {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

let worst = 0;
for (const [name, make] of Object.entries(HOSTILE_COURSES)) {
  const plans = new Map();
  for (const points of SIZES) {
    const buffer = Buffer.from(JSON.stringify(make(points)));
    const read = [];
    const wall = [];
    const cpu = [];
    let work = 0;
    let holes = 0;
    for (let run = 0; run < RUNS; run++) {
      let started = performance.now();
      const collection = readImportFile({ buffer, filename: `${name}.geojson` });
      read.push(performance.now() - started);
      const budget = new WorkBudget(IMPORT_READ_LIMITS.maxMatchingWork);
      const cpuBefore = process.cpuUsage();
      started = performance.now();
      holes = planImport(collection, { budget }).holes.length;
      wall.push(performance.now() - started);
      cpu.push(cpuMs(cpuBefore));
      work = budget.spent;
    }
    plans.set(points, best(wall));
    worst = Math.max(worst, best(wall) + best(read));
    console.log(
      `${name.padEnd(20)} ${String(points).padStart(7)} positions, ${(buffer.length / 1024 / 1024).toFixed(1).padStart(4)} MB: ` +
        `read ${Math.round(best(read)).toString().padStart(4)} ms, plan ${Math.round(best(wall)).toString().padStart(4)} ms ` +
        `(CPU ${Math.round(best(cpu))} ms), ${holes} holes, work ${(work / 1e6).toFixed(2)} M of ${IMPORT_READ_LIMITS.maxMatchingWork / 1e6} M`,
    );
  }
  const ratio = plans.get(400_000) / plans.get(100_000);
  console.log(`${name.padEnd(20)} 100,000 → 400,000 positions: planning ${ratio.toFixed(1)}× the time (target ≤ 8×: ${ratio <= 8 ? 'met' : 'NOT met'})`);
}
console.log(`slowest read + plan: ${Math.round(worst)} ms (target < ${TARGET_MS} ms: ${worst < TARGET_MS ? 'met' : 'NOT met'})`);

// Shapes built to defeat the index: refused (413) once the work budget is spent.
const { backAndForth } = await import('../apps/server/test/hostile-courses.ts');
const { planImportFile } = await import('../apps/server/src/modules/course-import/plan.ts');
const buffer = Buffer.from(JSON.stringify(backAndForth(40_000)));
const started = performance.now();
const cpuBefore = process.cpuUsage();
let outcome = 'planned';
try {
  planImportFile({ buffer, filename: 'back-and-forth.geojson' });
} catch (err) {
  outcome = `refused ${err.statusCode}`;
}
console.log(`backAndForth           40000 positions: ${outcome} after ${Math.round(performance.now() - started)} ms (CPU ${Math.round(cpuMs(cpuBefore))} ms)`);

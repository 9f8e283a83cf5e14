/**
 * A server process for jobs.test.ts: it opens the database named on the command line (a
 * PostgreSQL URL or an embedded data folder), starts a job queue that knows the kind 'test.steps'
 * (ten steps of 150 ms, each stored as progress and printed), and then either queues one job
 * (`enqueue`) or waits for the job given (`await <id>`) and prints it when it is done. The test
 * kills the first process with SIGKILL half-way and checks that the second one finishes the job.
 */
import { openDatabase, runMigrations } from './database';
import { createJobQueue } from './jobs';

const [mode, target, jobId] = process.argv.slice(2);
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const isUrl = target.startsWith('postgres');
const database = await openDatabase(isUrl ? { url: target, dataDir: null } : { url: null, dataDir: target });
await runMigrations(database.db);
const jobs = createJobQueue(database.db, { pollMs: 500, heartbeatMs: 300, staleMs: 1_500, concurrency: 1, log: (_level, message) => print({ log: message }) });
jobs.register('test.steps', async (job) => {
  for (let step = 1; step <= 10; step++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    await job.progress(step * 10, `Step ${step} of 10`);
    print({ progress: step * 10, attempt: job.attempt });
  }
  return { steps: 10, attempt: job.attempt };
});
await jobs.start();
if (mode === 'enqueue') {
  print({ id: (await jobs.enqueue('test.steps', { from: 'jobs.test.ts' })).id });
} else {
  for (;;) {
    const job = await jobs.get(jobId);
    if (job && (job.state === 'completed' || job.state === 'failed')) {
      print({ job });
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await jobs.stop();
  await database.close();
  process.exit(0);
}

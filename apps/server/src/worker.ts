/**
 * A job worker process (`npm run worker`, `node apps/server/dist/worker.js`): runs queued jobs and
 * answers no HTTP. Only on PostgreSQL (DATABASE_URL): the embedded database has one connection,
 * owned by the server process, which runs its jobs itself (decision 0008). Run the web server with
 * `JOB_WORKERS=0` to leave all jobs to workers, and as many workers as the machine allows; each
 * runs `JOB_WORKERS` jobs at once (default 1). The worker builds the same app as the server
 * (without listening), so every area registers the same job kinds. docs/decisions/0013-job-queue.md.
 */
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/database';
import { defaultJobQueueOptions, jobQueue } from './platform/jobs';
import { createMailer } from './platform/mail';
import { localStorage, s3Storage } from './platform/storage';

/** How long a worker waits for the server to create the tables (its first start migrates). */
const MIGRATION_WAIT_MS = 60_000;
/** The process exits by then after SIGTERM in any case. */
const STOP_HARD_LIMIT_MS = 9_000;

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('A job worker needs DATABASE_URL (PostgreSQL). On the embedded database the server runs its jobs itself.');
    process.exit(1);
  }
  const concurrency = defaultJobQueueOptions().concurrency;
  if (concurrency < 1) {
    console.error('JOB_WORKERS must be at least 1 in a worker process (it is the number of jobs the worker runs at once).');
    process.exit(1);
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: null, poolSize: concurrency + 2, limits: { statementTimeoutMs: config.statementTimeoutMs }, namedStatements: config.databaseNamedStatements });
  // The server migrates the database on start; a worker started first waits for it.
  for (const end = Date.now() + MIGRATION_WAIT_MS; ; ) {
    const { rows } = await database.pool.query<{ ready: boolean }>("select to_regclass('public.jobs') is not null as ready");
    if (rows[0].ready) break;
    if (Date.now() > end) throw new Error('The database has no jobs table: start the server once first (it migrates the database)');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const jobs = jobQueue(database.db, { concurrency });
  config.webDir = null;
  // A worker answers no reads: no read cache, and no connection listening for changes.
  config.readCache = false;
  const app = await buildApp({
    db: database.db,
    config,
    storage: config.s3 ? await s3Storage(config.s3) : localStorage(join(config.dataDir, 'files')),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), log: (m) => console.log(m) }),
  });
  await app.ready();
  await jobs.start();
  console.log(`Job worker ${process.pid} runs ${jobs.kinds().map((k) => k.kind).join(', ')} (${concurrency} at once)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: the worker stops (running jobs get a few seconds, then go back to the queue)`);
    setTimeout(() => {
      console.error('Stopping took too long; exiting now');
      process.exit(1);
    }, STOP_HARD_LIMIT_MS).unref();
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

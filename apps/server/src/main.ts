import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './platform/config';
import { openDatabase, runMigrations } from './platform/database';
import { jobQueue } from './platform/jobs';
import { createMailer } from './platform/mail';
import { localStorage, s3Storage } from './platform/storage';
import { buildApp } from './app';
import { DEMO_USERS, seedAdmin, seedDemo, seedReference } from './seed/seed';
import { addDemoSponsorLogos } from './seed/seed-sponsors';
import { releaseDemoGuide } from './seed/seed-products';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const here = dirname(fileURLToPath(import.meta.url));
  config.webDir ??= resolve(here, '../../web/dist');
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    limits: { statementTimeoutMs: config.statementTimeoutMs, holdLimitMs: config.requestTimeoutMs },
  });
  await runMigrations(database.db);
  await seedReference(database.db);
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;
  if (process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD) {
    if (await seedAdmin(database.db, process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD)) {
      console.log(`Created the administrator ${process.env.ADMIN_EMAIL.trim().toLowerCase()}`);
    }
  }
  const storage = config.s3 ? await s3Storage(config.s3) : localStorage(join(config.dataDir, 'files'));
  const app = await buildApp(
    {
      db: database.db,
      config,
      storage,
      mailer: createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: join(config.dataDir, 'outbox'),
        log: (m) => console.log(m),
      }),
    },
    { logger: { level: config.logLevel } },
  );
  // The demo sponsors' logos are files: written once the storage is there (issue 11).
  if (seeded) await addDemoSponsorLogos({ db: database.db, storage, log: app.log });
  await jobQueue(database.db).start();
  // A new demo shows its guide made (issue 10): every product of the demo guide is queued once.
  if (seeded && process.env.DEMO_PRODUCTS !== 'false') await releaseDemoGuide(database.db);
  await app.listen({ host: config.host, port: config.port });
  const where = database.embedded ? `embedded PostgreSQL (PGlite) in ${join(config.dataDir, 'pgdata')}` : 'PostgreSQL at DATABASE_URL';
  const lines = [
    '',
    `Golf console is ready at ${config.publicUrl}  (started in ${Date.now() - started} ms, ${where})`,
    seeded ? 'A demo was written into the new database.' : '',
    ...(config.seedDemo ? ['Demo sign-ins:', ...DEMO_USERS.map((u) => `  ${u.email.padEnd(20)} ${u.password.padEnd(12)} ${u.note}`)] : []),
    config.smtpUrl ? '' : `Mail (password reset) is written to ${join(config.dataDir, 'outbox')}`,
    '',
  ].filter((l) => l !== '');
  console.log(lines.join('\n'));

  // SIGTERM/SIGINT: stop taking requests (new ones get 503), give those in flight a few seconds,
  // then close their connections and the database. The process is gone within 10 s whatever
  // happens: a stuck request or database close cannot keep it alive.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    setTimeout(() => {
      console.error('Shutdown took too long; exiting now');
      process.exit(1);
    }, SHUTDOWN_HARD_LIMIT_MS).unref();
    const jobsStopped = jobQueue(database.db).stop();
    const drained = app.close();
    const grace = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await drained;
    clearTimeout(grace);
    await jobsStopped;
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Requests in flight get this long to finish after a stop signal. */
const SHUTDOWN_GRACE_MS = 5_000;
/** The process exits by then in any case. */
const SHUTDOWN_HARD_LIMIT_MS = 9_000;

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

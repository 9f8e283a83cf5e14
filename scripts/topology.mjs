#!/usr/bin/env node
// `npm run topology`: two API instances and two job workers on a fresh PostgreSQL database, files in
// s3rver, behind HAProxy (deploy/haproxy.cfg), as in production with several instances (issue 28).
// Prints the addresses and the demo sign-ins; Ctrl-C (or SIGTERM) stops everything and drops the
// database. Needs `npm run build`, `haproxy` and PostgreSQL (README, "Several instances behind a proxy").
//   TOPOLOGY_DATABASE_URL  the PostgreSQL server to create the database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   TOPOLOGY_API, TOPOLOGY_WORKERS  how many of each (default 2 and 2)
//   TOPOLOGY_VERBOSE=1     print every process's output
//   TOPOLOGY_PGBOUNCER=1   the instances' and workers' pools through PgBouncer in transaction mode (docs/scaling.md; needs `pgbouncer`)
import { startTopology } from './topology-lib.mjs';

const count = (name, fallback) => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  if (!/^\d{1,2}$/.test(v)) throw new Error(`${name} must be a small whole number, got "${v}"`);
  return Number(v);
};

const verbose = process.env.TOPOLOGY_VERBOSE === '1';
const started = Date.now();
console.log('Starting PostgreSQL database, s3rver, HAProxy, API instances and workers ...');
let topology;
try {
  topology = await startTopology({
    apiInstances: count('TOPOLOGY_API', 2),
    workers: count('TOPOLOGY_WORKERS', 2),
    pgbouncer: process.env.TOPOLOGY_PGBOUNCER === '1',
    // Without TOPOLOGY_VERBOSE only errors and the processes' stop messages are shown.
    log: (line) => {
      if (verbose || /error|failed|shutting down|stops|exited/i.test(line)) console.log(line);
    },
  });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const lines = [
  '',
  `Golf console behind HAProxy at ${topology.proxyUrl}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  `  HAProxy stats:   ${topology.statsUrl}`,
  ...topology.api.map((h) => `  ${h.name.padEnd(8)} ${h.url}  (pid ${h.pid}, direct; JOB_WORKERS=0)`),
  ...topology.workers.map((h) => `  ${h.name.padEnd(8)} job worker (pid ${h.pid})`),
  `  database:        ${topology.databaseUrl}`,
  ...(topology.pgbouncer ? [`  PgBouncer ${topology.pgbouncer.version}: ${topology.pgbouncer.url}  (the pools' DATABASE_URL; transaction mode, ${topology.pgbouncer.poolSize} server connections)`] : []),
  `  S3 (s3rver):     ${topology.s3.endpoint}/${topology.s3.bucket}`,
  `  Pin a request to one instance: curl -H 'X-Golf-Instance: api2' ${topology.proxyUrl}/api/ready`,
  'Demo sign-ins:',
  '  admin@example.com    admin-demo',
  '  owner@example.com    owner-demo',
  '  staff@example.com    staff-demo',
  'Ctrl-C stops everything and drops the database.',
  '',
];
console.log(lines.join('\n'));

let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the topology (each instance drains for DRAIN_SECONDS) ...`);
  const t = Date.now();
  await topology.stop();
  console.log(`Stopped in ${((Date.now() - t) / 1000).toFixed(1)} s; the database was dropped.`);
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

// Several API instances and job workers on one PostgreSQL database, files in an S3-compatible
// bucket (s3rver), behind HAProxy (deploy/haproxy.cfg): the topology of issue 28, started on this
// machine for the topology tests (apps/server/topology/), the bench and `npm run topology`.
// Needs the built server (`npm run build`), `haproxy` (apt-get install -y haproxy) and a PostgreSQL
// server on which it may create and drop a database.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_MAIN = join(root, 'apps/server/dist/main.js');
const WORKER_MAIN = join(root, 'apps/server/dist/worker.js');
const WEB_DIR = join(root, 'apps/web/dist');
const PROXY_CONFIG = join(root, 'deploy/haproxy.cfg');
const BUCKET = 'golf';
/** How long one process may take to start (api1 migrates and seeds the demo on a busy machine). */
const START_TIMEOUT_MS = 180_000;
/** After SIGTERM (drain + the server's own 9 s limit), a process still there is killed. */
const KILL_AFTER_MS = 30_000;

/**
 * @typedef {object} TopologyOptions
 * @property {string} [adminDatabaseUrl] a PostgreSQL server's address on which a fresh database
 *   `golf_topology_<random>` is created (dropped by stop()); default TOPOLOGY_DATABASE_URL, else
 *   TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * @property {number} [apiInstances] default 2
 * @property {number} [workers] default 2
 * @property {Record<string, string>} [env] extra environment of every API instance and worker
 * @property {boolean} [seedDemo] default true (with DEMO_PRODUCTS=false and DEMO_SEASON_ROUNDS=0
 *   unless `env` says otherwise: nothing runs in the background)
 * @property {(line: string) => void} [log] every process's output lines, prefixed with its name
 * @property {boolean} [pgbouncer] default false: the API instances and workers reach the database
 *   through PgBouncer in transaction mode, configured as docs/scaling.md says (`DATABASE_DIRECT_URL`
 *   for the change feed and the migrations; `DB_NAMED_STATEMENTS=false` before PgBouncer 1.21)
 */

/**
 * @typedef {object} ProcessHandle
 * @property {string} name 'api1', 'api2', 'worker1', 'worker2'
 * @property {number | null} pid null while stopped
 * @property {string} [url] API instances: their own address (direct, not through the proxy)
 * @property {() => string} output everything it printed (both streams) since the topology started,
 *   across restarts
 * @property {(signal?: NodeJS.Signals) => Promise<number | null>} kill sends the signal (default
 *   SIGTERM); resolves with the exit code once it exited (null when a signal ended it)
 * @property {() => Promise<void>} start (re)starts it; an API instance: resolves once its
 *   /api/ready answers 200 directly and HAProxy sees it UP; a worker: once it runs jobs
 * @property {() => Promise<void>} restart kill('SIGTERM'), then start()
 */

/**
 * @typedef {object} Topology
 * @property {string} proxyUrl the HAProxy frontend, http://127.0.0.1:<port>
 * @property {(name: string) => Record<string, string>} pin the headers that pin a request through
 *   the proxy to that instance: { 'x-golf-instance': name }
 * @property {string} databaseUrl the topology's own database (PostgreSQL itself)
 * @property {PgBouncer | null} pgbouncer the pooler in front of it, with the `pgbouncer` option
 * @property {{ endpoint: string, bucket: string, listKeys(prefix?: string): Promise<string[]> }} s3
 * @property {ProcessHandle[]} api
 * @property {ProcessHandle[]} workers
 * @property {() => Promise<string[]>} proxyBackendsUp names of the API servers HAProxy sees UP
 * @property {string} statsUrl HAProxy's stats page (its CSV: statsUrl + ';csv')
 * @property {() => Promise<void>} stop stops everything it started, drops the database; safe twice
 */

/**
 * @typedef {object} PgBouncer
 * @property {string} url the topology's database through PgBouncer (the instances' DATABASE_URL)
 * @property {string} version e.g. '1.18.0'
 * @property {number} poolSize server connections PgBouncer opens to the database at most
 * @property {boolean} namedStatements whether the instances keep named prepared statements
 *   (PgBouncer >= 1.21, with max_prepared_statements)
 * @property {(command: string) => Promise<Record<string, unknown>[]>} show a command of PgBouncer's
 *   admin console, e.g. 'SHOW CLIENTS'
 */

/** A port free at this moment on 127.0.0.1. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(() => resolve(undefined)));
  return port;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Throws, saying what to do, when something the topology needs is missing. */
function checkPrerequisites() {
  const haproxy = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (haproxy.error || haproxy.status !== 0) {
    throw new Error('The topology needs HAProxy: `apt-get install -y haproxy` (Debian 12 ships 2.6), then try again.');
  }
  for (const file of [SERVER_MAIN, WORKER_MAIN]) {
    if (!existsSync(file)) throw new Error(`The topology runs the built server: ${file} is missing. Run \`npm run build\` first.`);
  }
}

/** PgBouncer's version ([major, minor, patch]), or a clear error when it is not installed. */
function pgBouncerVersion() {
  const run = spawnSync('pgbouncer', ['--version'], { encoding: 'utf8' });
  const match = /PgBouncer (\d+)\.(\d+)\.(\d+)/.exec(run.stdout ?? '');
  if (run.error || !match) throw new Error('The topology with PgBouncer needs it: `apt-get install -y pgbouncer` (Debian 12 ships 1.18), then try again.');
  return match.slice(1).map(Number);
}

/** Server connections PgBouncer opens to the topology's database (docs/scaling.md tried 8). */
const PGBOUNCER_POOL_SIZE = 8;

/**
 * PgBouncer's configuration for one database, as docs/scaling.md gives it: transaction mode, the
 * session settings the server relies on made on each server connection (`connect_query`), the
 * startup parameters node-postgres sends ignored, and named statements kept per client from 1.21.
 * `auth_type = any`: the topology's PostgreSQL is trusted on loopback; PgBouncer logs in as the
 * database line's user (and password, when the address has one).
 * @param {{ database: URL, port: number, namedStatements: boolean }} opts
 */
export function pgBouncerConfig({ database, port, namedStatements }) {
  const name = decodeURIComponent(database.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`PgBouncer's database name must be a plain identifier: ${name}`);
  const login = [`user=${decodeURIComponent(database.username || 'postgres')}`, ...(database.password ? [`password=${decodeURIComponent(database.password)}`] : [])];
  const settings = "set golf.change_notices = on; set statement_timeout = 15000; set idle_in_transaction_session_timeout = 30000";
  return [
    '[databases]',
    `${name} = host=${database.hostname} port=${database.port || 5432} dbname=${name} ${login.join(' ')} pool_size=${PGBOUNCER_POOL_SIZE} connect_query='${settings}'`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = any',
    'pool_mode = transaction',
    'max_client_conn = 500',
    'log_connections = 0',
    'log_disconnections = 0',
    'ignore_startup_parameters = extra_float_digits, statement_timeout, idle_in_transaction_session_timeout',
    ...(namedStatements ? ['max_prepared_statements = 200'] : []),
    '',
  ].join('\n');
}

/**
 * Starts PgBouncer in front of `databaseUrl` (run as the `postgres` user when this process is
 * root: PgBouncer refuses to run as root). Resolves once its admin console answers, with its
 * process and its folder (the configuration), which the caller stops and removes; a PgBouncer that
 * does not start leaves neither behind.
 * @returns {Promise<{ handle: ReturnType<typeof childProcess>, dir: string, bouncer: PgBouncer }>}
 */
async function startPgBouncer({ databaseUrl, log }) {
  const version = pgBouncerVersion();
  const namedStatements = version[0] > 1 || (version[0] === 1 && version[1] >= 21);
  const port = await freePort();
  // Its own folder, readable by the user it runs as.
  const dir = mkdtempSync(join(tmpdir(), 'golf-pgbouncer-'));
  chmodSync(dir, 0o755);
  const file = join(dir, 'pgbouncer.ini');
  writeFileSync(file, pgBouncerConfig({ database: new URL(databaseUrl), port, namedStatements }), { mode: 0o644 });
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const show = async (command) => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'pgbouncer', database: 'pgbouncer' });
    await client.connect();
    try {
      return (await client.query(command)).rows;
    } finally {
      await client.end();
    }
  };
  const handle = childProcess({
    name: 'pgbouncer',
    command: 'pgbouncer',
    args: [...(process.getuid?.() === 0 ? ['-u', 'postgres'] : []), file],
    env: { ...process.env },
    log,
    async ready() {
      for (;;) {
        if (await show('SHOW VERSION').then(() => true, () => false)) return;
        await sleep(100);
      }
    },
  });
  try {
    await handle.start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    handle,
    dir,
    bouncer: { url: url.toString(), version: version.join('.'), poolSize: PGBOUNCER_POOL_SIZE, namedStatements, show },
  };
}

/**
 * deploy/haproxy.cfg with its servers block replaced by one `use-server` and one `server` line per
 * API instance, at their addresses.
 * @param {{ name: string, address: string }[]} servers
 */
export function proxyConfig(servers) {
  const text = readFileSync(PROXY_CONFIG, 'utf8');
  const block = /^([ \t]*)# BEGIN servers[^\n]*\n[\s\S]*?^[ \t]*# END servers[^\n]*$/m;
  const match = block.exec(text);
  if (!match) throw new Error(`${PROXY_CONFIG} has no "# BEGIN servers" ... "# END servers" block`);
  const indent = match[1];
  const lines = [
    `${indent}# servers written by scripts/topology-lib.mjs`,
    ...servers.map((s) => `${indent}use-server ${s.name} if { req.hdr(x-golf-instance) -m str ${s.name} }`),
    ...servers.map((s) => `${indent}server ${s.name} ${s.address}`),
  ];
  return text.replace(block, lines.join('\n'));
}

/**
 * One child process of the topology, restartable.
 * @param {{ name: string, command: string, args: string[], env: Record<string, string>, log: (line: string) => void, ready: (handle: ProcessHandle, output: () => string) => Promise<void>, url?: string }} spec
 * @returns {ProcessHandle & { alive(): boolean }}
 */
function childProcess(spec) {
  let output = '';
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  /** @type {Promise<number | null> | null} */
  let exited = null;
  let lastCode = /** @type {number | null} */ (null);
  let starts = 0;
  const write = (chunk) => {
    const text = String(chunk);
    output += text;
    for (const line of text.split('\n')) if (line.trim() !== '') spec.log(`[${spec.name}] ${line}`);
  };
  /** @type {ProcessHandle & { alive(): boolean }} */
  const handle = {
    name: spec.name,
    pid: null,
    ...(spec.url ? { url: spec.url } : {}),
    output: () => output,
    alive: () => child !== null,
    async kill(signal = 'SIGTERM') {
      if (!child || !exited) return lastCode;
      const waiting = exited;
      child.kill(signal);
      return waiting;
    },
    async start() {
      if (child) throw new Error(`${spec.name} is running already (pid ${child.pid})`);
      if (starts++ > 0) write(`--- ${spec.name} started again ---\n`);
      const proc = spawn(spec.command, spec.args, { cwd: root, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      handle.pid = proc.pid ?? null;
      proc.stdout.on('data', write);
      proc.stderr.on('data', write);
      exited = new Promise((resolve) => {
        proc.once('exit', (code) => {
          lastCode = code;
          if (child === proc) {
            child = null;
            handle.pid = null;
          }
          resolve(code);
        });
      });
      const failed = exited.then((code) => {
        throw new Error(`${spec.name} exited (${code}) while starting:\n${output.slice(-4000)}`);
      });
      failed.catch(() => {});
      let timer;
      const late = new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`${spec.name} did not start within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-4000)}`)), START_TIMEOUT_MS);
      });
      try {
        await Promise.race([spec.ready(handle, () => output), failed, late]);
      } catch (err) {
        if (child === proc) proc.kill('SIGKILL');
        throw err;
      } finally {
        clearTimeout(timer);
      }
    },
    async restart() {
      await handle.kill('SIGTERM');
      await handle.start();
    },
  };
  return handle;
}

/** Stops a handle: SIGTERM, then SIGKILL when it is still there after KILL_AFTER_MS. */
async function stopHandle(handle) {
  if (!handle.alive()) return;
  const ended = handle.kill('SIGTERM');
  const timer = setTimeout(() => void handle.kill('SIGKILL'), KILL_AFTER_MS);
  await ended;
  clearTimeout(timer);
}

/**
 * Starts a fresh PostgreSQL database + s3rver + HAProxy + API instances + job workers.
 * @param {TopologyOptions} [options]
 * @returns {Promise<Topology>}
 */
export async function startTopology(options = {}) {
  checkPrerequisites();
  const apiCount = options.apiInstances ?? 2;
  const workerCount = options.workers ?? 2;
  if (!Number.isInteger(apiCount) || apiCount < 1) throw new Error('apiInstances must be at least 1');
  if (!Number.isInteger(workerCount) || workerCount < 0) throw new Error('workers must be 0 or more');
  const log = options.log ?? (() => {});
  const adminUrl = options.adminDatabaseUrl || process.env.TOPOLOGY_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

  /** What stop() undoes, last first. */
  /** @type {(() => Promise<void>)[]} */
  const undo = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    while (undo.length > 0) {
      const step = undo.pop();
      try {
        await step?.();
      } catch (err) {
        log(`[topology] stopping: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };

  try {
    const temp = mkdtempSync(join(tmpdir(), 'golf-topology-'));
    undo.push(async () => rmSync(temp, { recursive: true, force: true }));

    // The database: a fresh one on the given server, dropped at the end.
    const dbName = `golf_topology_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect().catch((err) => {
      throw new Error(`The topology needs PostgreSQL at ${adminUrl} (TOPOLOGY_DATABASE_URL): ${err.message}`);
    });
    try {
      await admin.query(`create database ${dbName}`);
    } finally {
      await admin.end();
    }
    undo.push(async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${dbName} with (force)`);
      } finally {
        await c.end();
      }
    });
    const databaseUrlObject = new URL(adminUrl);
    databaseUrlObject.pathname = `/${dbName}`;
    const databaseUrl = databaseUrlObject.toString();

    // PgBouncer in front of it, when asked: the instances' pools go through it.
    let pgbouncer = null;
    if (options.pgbouncer) {
      const started = await startPgBouncer({ databaseUrl, log });
      undo.push(async () => rmSync(started.dir, { recursive: true, force: true }));
      undo.push(() => stopHandle(started.handle));
      pgbouncer = started.bouncer;
    }
    const poolEnv = pgbouncer
      ? { DATABASE_URL: pgbouncer.url, DATABASE_DIRECT_URL: databaseUrl, DB_NAMED_STATEMENTS: String(pgbouncer.namedStatements) }
      : { DATABASE_URL: databaseUrl };

    // The bucket: s3rver, files in a folder of the topology.
    const s3Dir = join(temp, 's3');
    const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const s3Address = await s3rver.run();
    undo.push(() => s3rver.close());
    const s3Endpoint = `http://127.0.0.1:${s3Address.port}`;
    const s3Client = new S3Client({ endpoint: s3Endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    undo.push(async () => s3Client.destroy());

    // Addresses.
    const proxyPort = await freePort();
    const statsPort = await freePort();
    const apiPorts = [];
    for (let i = 0; i < apiCount; i++) apiPorts.push(await freePort());
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const statsUrl = `http://127.0.0.1:${statsPort}/stats`;
    const apiNames = apiPorts.map((_p, i) => `api${i + 1}`);

    const proxyBackendsUp = async () => {
      const res = await fetch(`${statsUrl};csv`);
      if (!res.ok) throw new Error(`HAProxy's stats answered ${res.status}`);
      const [header, ...rows] = (await res.text()).trim().split('\n');
      const columns = header.replace(/^# /, '').split(',');
      const px = columns.indexOf('pxname');
      const sv = columns.indexOf('svname');
      const status = columns.indexOf('status');
      return rows
        .map((r) => r.split(','))
        .filter((c) => c[px] === 'api' && apiNames.includes(c[sv]) && /^UP\b/.test(c[status]))
        .map((c) => c[sv]);
    };

    // HAProxy first: the instances are DOWN in it until their checks pass.
    const cfgFile = join(temp, 'haproxy.cfg');
    writeFileSync(cfgFile, proxyConfig(apiNames.map((name, i) => ({ name, address: `127.0.0.1:${apiPorts[i]}` }))));
    const baseEnv = /** @type {Record<string, string>} */ ({ ...process.env });
    for (const k of ['DATABASE_URL', 'DATABASE_DIRECT_URL', 'TEST_DATABASE_URL', 'PORT', 'DATA_DIR', 'S3_PREFIX']) delete baseEnv[k];
    const proxy = childProcess({
      name: 'haproxy',
      command: 'haproxy',
      args: ['-f', cfgFile, '-db'],
      env: { ...baseEnv, GOLF_PROXY_BIND: `127.0.0.1:${proxyPort}`, GOLF_PROXY_STATS_BIND: `127.0.0.1:${statsPort}` },
      log,
      async ready() {
        for (;;) {
          try {
            await proxyBackendsUp();
            return;
          } catch {
            await sleep(100);
          }
        }
      },
    });
    undo.push(() => stopHandle(proxy));
    await proxy.start();

    const common = {
      ...baseEnv,
      ...poolEnv,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_REGION: 'us-east-1',
      PUBLIC_URL: proxyUrl,
      SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
      DEMO_PRODUCTS: 'false',
      DEMO_SEASON_ROUNDS: '0',
      TRUST_PROXY: '127.0.0.1',
      DRAIN_SECONDS: '3',
      WEB_DIR: WEB_DIR,
      HOST: '127.0.0.1',
      ...options.env,
    };

    /** @type {(ProcessHandle & { alive(): boolean })[]} */
    const api = apiNames.map((name, i) => {
      const url = `http://127.0.0.1:${apiPorts[i]}`;
      return childProcess({
        name,
        url,
        command: process.execPath,
        args: [SERVER_MAIN],
        env: { ...common, JOB_WORKERS: '0', PORT: String(apiPorts[i]), DATA_DIR: mkdtempSync(join(temp, `${name}-`)) },
        log,
        async ready() {
          for (;;) {
            const ready = await fetch(`${url}/api/ready`).then(
              (r) => r.status === 200,
              () => false,
            );
            if (ready && (await proxyBackendsUp().catch(() => [])).includes(name)) return;
            await sleep(200);
          }
        },
      });
    });

    /** @type {(ProcessHandle & { alive(): boolean })[]} */
    const workers = Array.from({ length: workerCount }, (_w, i) => {
      const name = `worker${i + 1}`;
      return childProcess({
        name,
        command: process.execPath,
        args: [WORKER_MAIN],
        env: { ...common, JOB_WORKERS: options.env?.JOB_WORKERS || '1', DATA_DIR: mkdtempSync(join(temp, `${name}-`)) },
        log,
        async ready(handle, output) {
          while (!output().includes(`Job worker ${handle.pid} runs`)) await sleep(100);
        },
      });
    });
    // All at once: each API instance drains for DRAIN_SECONDS first.
    undo.push(async () => {
      await Promise.all([...workers, ...api].map((h) => stopHandle(h)));
    });

    // api1 migrates the new database and writes the demo; the others start on it after.
    await api[0].start();
    await Promise.all([...api.slice(1).map((h) => h.start()), ...workers.map((h) => h.start())]);

    return {
      proxyUrl,
      statsUrl,
      pin: (name) => ({ 'x-golf-instance': name }),
      databaseUrl,
      pgbouncer,
      s3: {
        endpoint: s3Endpoint,
        bucket: BUCKET,
        async listKeys(prefix = '') {
          const keys = [];
          let token;
          do {
            const page = await s3Client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix || undefined, ContinuationToken: token }));
            for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
            token = page.IsTruncated ? page.NextContinuationToken : undefined;
          } while (token);
          return keys.sort();
        },
      },
      api,
      workers,
      proxyBackendsUp,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

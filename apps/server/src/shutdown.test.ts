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

/**
 * The real server process (src/main.ts) on a fresh database: a stop signal ends it within 10 s
 * even while requests are in flight (a request whose body never completes keeps its connection
 * busy; without the shutdown limits the process waited for it for good).
 */
describe(`stopping the server (${testDatabaseKind})`, () => {
  let child: ChildProcess;
  let dataDir: string;
  let drop = async () => {};
  let port: number;
  let output = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'golf-shutdown-'));
    port = await freePort();
    const env: Record<string, string> = { ...(process.env as Record<string, string>), DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'false', WEB_DIR: '' };
    delete env.DATABASE_URL;
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL);
      drop = scratch.drop;
      env.DATABASE_URL = scratch.url;
    }
    child = spawn(process.execPath, ['--import', 'tsx', join(here, 'main.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const started = Date.now();
    while (!output.includes('is ready at')) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      if (Date.now() - started > 100_000) throw new Error(`server did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

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
    expect(code, output).not.toBe('hung');
    expect(took).toBeLessThan(10_000);
    expect(code).toBe(0);
    expect(output).toContain('SIGTERM: shutting down');
    // Every read was answered 200, or 503 / refused once closing; none was left hanging.
    const statuses = await Promise.all(reads);
    expect(statuses.every((s) => s === 200 || s === 503 || s === 0)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
  }, 30_000);
});

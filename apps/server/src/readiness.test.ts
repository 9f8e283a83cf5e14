// GET /api/ready (issue 28): what a proxy's health check asks each instance. Ready while the
// process serves and its database answers; 503 with the reason once it drains or loses the database.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDraining } from './app';
import { buildTestApp, testDatabaseKind, type TestApp } from '../test/test-app';

describe(`readiness (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: false });
  });
  afterAll(() => t?.close());

  it('is public, not cached, and hidden from the OpenAPI document like /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true });
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    expect(doc.paths['/api/ready']).toBeUndefined();
    expect(doc.paths['/api/health']).toBeUndefined();
  });

  /** Until no statement was answered for over 2 s (the check's own included). */
  const quiet = () => new Promise((resolve) => setTimeout(resolve, 2_100));

  it('says "database" when its database fails or does not answer within 2 s, while /api/health still answers', async () => {
    const pool = t.database.pool;
    // A lost database: the statement fails.
    await quiet();
    const failing = vi.spyOn(pool, 'query').mockImplementation((() => Promise.reject(new Error('Connection terminated unexpectedly'))) as never);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ready: false, reason: 'database' });
      // Liveness is another question: the process still answers.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      failing.mockRestore();
    }
    // A database that does not answer: given up after 2 s.
    const hanging = vi.spyOn(pool, 'query').mockImplementation((() => new Promise(() => {})) as never);
    try {
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ready: false, reason: 'database' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      hanging.mockRestore();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('stays ready while callers wait for a connection, as long as the database answers their statements', async () => {
    const pool = t.database.pool;
    await quiet();
    // A statement of its own would wait in the pool's queue (here: forever).
    const queued = vi.spyOn(pool, 'query').mockImplementation((() => new Promise(() => {})) as never);
    try {
      // Another request's statement is answered: the database is there.
      const client = await pool.connect();
      await client.query('select 1');
      client.release();
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(queued).not.toHaveBeenCalled();
      // Once nothing was answered for 2 s, the check asks the database itself again (and gives up).
      await quiet();
      const late = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(late.statusCode).toBe(503);
      expect(queued).toHaveBeenCalledTimes(1);
    } finally {
      queued.mockRestore();
    }
  });

  it('says "draining" once told to drain, while other requests are served with Connection: close', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers.connection).not.toBe('close');
    startDraining(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, reason: 'draining' });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).headers.connection).toBe('close');
  });
});

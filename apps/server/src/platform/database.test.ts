import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, testDatabaseKind, type TestApp } from '../../test/test-app';

describe(`database pool (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: false });
  });
  afterAll(() => t?.close());

  it('survives a connection the server ends while it is idle, and goes on answering', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = await t.database.pool.connect();
    client.release();
    // What node-postgres does when the server ends an idle connection (restart, administrator):
    // the client emits 'error' and the pool passes it on. Unhandled, that stops the process.
    client.emit('error', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Database connection lost'));
    const { rows } = await t.database.pool.query('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
    warn.mockRestore();
  });
});

// The server's configuration from its environment: DB_POOL_SIZE (issue 21) and how a bad number is refused.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('opens at most 10 connections to PostgreSQL unless DB_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DB_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
  });

  it('refuses a pool size that is not a positive integer, naming the variable', () => {
    for (const bad of ['0', '-3', 'many', '2.5']) expect(() => loadConfig({ DB_POOL_SIZE: bad })).toThrow(/DB_POOL_SIZE must be a positive integer/);
  });
});

// The server's configuration from its environment: DB_POOL_SIZE (issue 21) and how a bad number is refused.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('opens at most 10 connections to PostgreSQL unless DB_POOL_SIZE says otherwise', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DB_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
  });

  it('gives LISTEN and the migrations DATABASE_DIRECT_URL, else DATABASE_URL, and refuses it alone or malformed', () => {
    const pooled = 'postgres://app@pgbouncer:6432/golf';
    const direct = 'postgres://app@db:5432/golf';
    expect(loadConfig({}).databaseDirectUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: direct }).databaseDirectUrl).toBe(direct);
    expect(loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct })).toMatchObject({ databaseUrl: pooled, databaseDirectUrl: direct });
    expect(loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: '' }).databaseDirectUrl).toBe(pooled);
    expect(() => loadConfig({ DATABASE_DIRECT_URL: direct })).toThrow(/DATABASE_DIRECT_URL is set without DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'db:5432/golf' })).toThrow(/DATABASE_DIRECT_URL must be a postgres:\/\/ connection string/);
  });

  it('names prepared statements unless DB_NAMED_STATEMENTS=false (a transaction-mode pooler that does not keep them)', () => {
    expect(loadConfig({}).databaseNamedStatements).toBe(true);
    expect(loadConfig({ DB_NAMED_STATEMENTS: 'false' }).databaseNamedStatements).toBe(false);
    expect(loadConfig({ DB_NAMED_STATEMENTS: 'true' }).databaseNamedStatements).toBe(true);
    expect(() => loadConfig({ DB_NAMED_STATEMENTS: 'off' })).toThrow(/DB_NAMED_STATEMENTS must be true or false/);
  });

  it('refuses a pool size that is not a positive integer, naming the variable', () => {
    for (const bad of ['0', '-3', 'many', '2.5']) expect(() => loadConfig({ DB_POOL_SIZE: bad })).toThrow(/DB_POOL_SIZE must be a positive integer/);
  });
  it('takes VAPID keys only as a pair of base64url keys of the right sizes, checked at start', () => {
    const pub = Buffer.alloc(65, 4).toString('base64url');
    const priv = Buffer.alloc(32, 7).toString('base64url');
    expect(loadConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv }).communication.vapid).toEqual({ publicKey: pub, privateKey: priv });
    expect(loadConfig({}).communication.vapid).toBeNull();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pub })).toThrow(/both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pub.slice(0, 40), VAPID_PRIVATE_KEY: priv })).toThrow(/VAPID_PUBLIC_KEY must be a base64url P-256 public key/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: 'not a key!' })).toThrow(/VAPID_PRIVATE_KEY a base64url private key/);
  });

  it('drains for DRAIN_SECONDS after a stop signal: none by default, a whole number of seconds up to 60', () => {
    expect(loadConfig({}).drainSeconds).toBe(0);
    expect(loadConfig({ DRAIN_SECONDS: '0' }).drainSeconds).toBe(0);
    expect(loadConfig({ DRAIN_SECONDS: '3' }).drainSeconds).toBe(3);
    expect(loadConfig({ DRAIN_SECONDS: '60' }).drainSeconds).toBe(60);
    for (const bad of ['61', '-1', '2.5', 'soon', '1e1', '100']) expect(() => loadConfig({ DRAIN_SECONDS: bad })).toThrow(/DRAIN_SECONDS must be a whole number of seconds from 0 to 60/);
  });
});

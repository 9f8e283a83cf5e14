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
  it('takes VAPID keys only as a pair of base64url keys of the right sizes, checked at start', () => {
    const pub = Buffer.alloc(65, 4).toString('base64url');
    const priv = Buffer.alloc(32, 7).toString('base64url');
    expect(loadConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv }).communication.vapid).toEqual({ publicKey: pub, privateKey: priv });
    expect(loadConfig({}).communication.vapid).toBeNull();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pub })).toThrow(/both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pub.slice(0, 40), VAPID_PRIVATE_KEY: priv })).toThrow(/VAPID_PUBLIC_KEY must be a base64url P-256 public key/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: 'not a key!' })).toThrow(/VAPID_PRIVATE_KEY a base64url private key/);
  });
});

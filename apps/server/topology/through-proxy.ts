// Requests of the topology tests through HAProxy, each pinned to one API instance
// (X-Golf-Instance), which the proxy confirms (X-Golf-Served-By).
import { expect } from 'vitest';
import type { Topology } from '../../../scripts/topology-lib.mjs';

export type Instance = 'api1' | 'api2';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body read as JSON, of the type the caller names. */
  json<T = unknown>(): T;
}

export interface ProxyClient {
  /** One request through the proxy to `instance`; fails the test when another instance answered. */
  call(
    instance: Instance,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Answer>;
  /** Signs in through `instance`; answers the session's token. */
  signIn(instance: Instance, username: string, password: string): Promise<string>;
  /** Polls `request` until it answers `status`; answers how long that took (ms), or fails. */
  answersWithin(ms: number, status: number, request: () => Promise<Answer>): Promise<number>;
}

/** The calls through `topology()`'s proxy (a function: the topology starts in a hook). */
export function throughProxy(topology: () => Topology): ProxyClient {
  const call: ProxyClient['call'] = async (instance, method, path, opts = {}) => {
    const topo = topology();
    const res = await fetch(`${topo.proxyUrl}/api/${path}`, {
      method,
      headers: {
        ...topo.pin(instance),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    expect(res.headers.get('x-golf-served-by'), `${method} ${path}`).toBe(instance);
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: <T>() => JSON.parse(text) as T };
  };
  return {
    call,
    async signIn(instance, username, password) {
      const res = await call(instance, 'POST', 'authenticate', { body: { username, password } });
      expect(res.status, res.text).toBe(200);
      return res.json<{ token: string }>().token;
    },
    async answersWithin(ms, status, request) {
      const started = Date.now();
      let last = await request();
      while (last.status !== status && Date.now() - started < ms) {
        await new Promise((r) => setTimeout(r, 100));
        last = await request();
      }
      expect(last.status, last.text).toBe(status);
      return Date.now() - started;
    },
  };
}

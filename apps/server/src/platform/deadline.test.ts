import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEADLINE_MESSAGE, registerDeadlines } from './deadline';

describe('request deadlines', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerDeadlines(app, { requestTimeoutMs: 200, uploadTimeoutMs: 1_000 });
    app.get('/slow', async () => {
      await sleep(600);
      return { late: true };
    });
    app.get('/quick', async () => ({ ok: true }));
    app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, {}));
    });
    app.post('/upload', async () => {
      await sleep(600);
      return { stored: true };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 503 with Retry-After when a handler passes the deadline', async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: DEADLINE_MESSAGE, code: 'server.deadline' });
    expect(Date.now() - started).toBeLessThan(550);
  });

  it('leaves answers within the deadline alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/quick' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('gives uploads their own, longer deadline', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stored: true });
  });
});

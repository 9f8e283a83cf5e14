import { describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi, isForm, json, networkError, noContent } from '../testing/api';
import { ApiError, clubIdFromPathname, clubPath, createApiClient, createRequestLimiter } from './api-client';

describe('api client', () => {
  it('sends the token as a Bearer header and JSON bodies', async () => {
    fakeApi.put('users/5', { ok: true });
    const client = createApiClient({ getToken: () => 'tok-123' });
    await expect(client.put('users/5', { firstName: 'Ada' })).resolves.toEqual({ ok: true });
    const [sent] = fakeApi.requests;
    expect(sent.url).toBe('/api/users/5');
    expect(sent.method).toBe('PUT');
    expect(sent.headers.get('authorization')).toBe('Bearer tok-123');
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(sent.body).toEqual({ firstName: 'Ada' });
  });

  it('sends no Authorization header without a token', async () => {
    fakeApi.get('countries', {});
    const client = createApiClient({ getToken: () => null });
    await client.get('countries');
    expect(fakeApi.requests[0].headers.has('authorization')).toBe(false);
  });

  it('runs at most 10 requests at once and starts the rest in FIFO order', async () => {
    // Each request is held at the server until the test answers it (gate i: the i-th started).
    const gates: Array<ReturnType<typeof deferred<number>>> = [];
    const started: string[] = [];
    fakeApi.get('item/:i', ({ url }) => {
      started.push(url);
      const gate = deferred<number>();
      gates.push(gate);
      return gate.promise;
    });
    const client = createApiClient({ getToken: () => null });
    const calls = Array.from({ length: 14 }, (_, i) => client.get(`item/${i}`));
    await vi.waitFor(() => expect(started).toHaveLength(10));
    expect(client.limiter.active).toBe(10);
    expect(client.limiter.queued).toBe(4);

    gates[0].resolve(0);
    await vi.waitFor(() => expect(started).toHaveLength(11));
    expect(started[10]).toBe('/api/item/10');

    gates[3].resolve(3);
    gates[1].resolve(1);
    await vi.waitFor(() => expect(started).toHaveLength(13));
    expect(started.slice(11)).toEqual(['/api/item/11', '/api/item/12']);
    expect(client.limiter.active).toBe(10);

    gates.forEach((g, i) => g.resolve(i));
    await vi.waitFor(() => expect(started).toHaveLength(14));
    gates.forEach((g, i) => g.resolve(i));
    const results = await Promise.all(calls);
    expect(started).toHaveLength(14);
    expect(results[13]).toBe(13);
    expect(client.limiter.active).toBe(0);
    expect(client.limiter.queued).toBe(0);
  });

  it('frees a slot when a request fails', async () => {
    const limiter = createRequestLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
    expect(limiter.active).toBe(0);
  });

  it('drops a queued request that is aborted before it starts', async () => {
    const limiter = createRequestLimiter(1);
    const gate = deferred<void>();
    const first = limiter.run(() => gate.promise);
    const controller = new AbortController();
    const task = vi.fn(async () => 'never');
    const second = limiter.run(task, controller.signal);
    expect(limiter.queued).toBe(1);
    controller.abort();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect(limiter.queued).toBe(0);
    gate.resolve();
    await first;
    expect(task).not.toHaveBeenCalled();
  });

  it("turns a network failure into ApiError 503 'Service unavailable'", async () => {
    fakeApi.get('clubs', networkError());
    const client = createApiClient({ getToken: () => null });
    const error = await client.get('clubs').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, statusText: 'Service unavailable', message: 'Service unavailable' });
  });

  it('turns a non-OK answer into ApiError with status, status text and the parsed body', async () => {
    const body = { error: 'You may not change: name', details: [{ path: 'name', message: 'no' }] };
    fakeApi.put('clubs/1', json(body, 403, 'Forbidden'));
    const client = createApiClient({ getToken: () => 't' });
    const error = (await client.put('clubs/1', { name: 'x' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.statusText).toBe('Forbidden');
    expect(error.body).toEqual(body);
    expect(error.message).toBe('You may not change: name');
    expect(error.serverMessage).toBe('You may not change: name');
    expect(error.details).toEqual([{ path: 'name', message: 'no' }]);
  });

  it('keeps a non-JSON error body as text and falls back to the status text', async () => {
    fakeApi.get('x', new Response('upstream down', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/plain' } }));
    const client = createApiClient({ getToken: () => null });
    const error = (await client.get('x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBe('upstream down');
    expect(error.message).toBe('Bad Gateway');
  });

  it('signs out on a 401 of an authenticated call only', async () => {
    const onUnauthorized = vi.fn();
    fakeApi.get('clubs', json({ error: 'Your session has expired.' }, 401, 'Unauthorized'));
    fakeApi.post('authenticate', json({ error: 'Your session has expired.' }, 401, 'Unauthorized'));
    let token: string | null = 'tok';
    const client = createApiClient({ getToken: () => token, onUnauthorized });
    await expect(client.get('clubs')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    token = null;
    await expect(client.post('authenticate', { username: 'a', password: 'b' })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('returns undefined for an empty answer and text for a text answer', async () => {
    fakeApi.delete('gallery/1', noContent());
    fakeApi.get('checksum', new Response('abc123', { status: 200, headers: { 'content-type': 'text/plain' } }));
    const client = createApiClient({ getToken: () => null });
    await expect(client.delete('gallery/1')).resolves.toBeUndefined();
    await expect(client.get('checksum')).resolves.toBe('abc123');
  });
});

// Uploads go through the tests' XMLHttpRequest stand-in (testing/upload-xhr.ts): half the body
// is reported sent at once, the rest when the fake API answers.
describe('upload', () => {
  const make = () => createApiClient({ getToken: () => 'tok' });

  it('posts the file with the token, reports progress and succeeds on 201', async () => {
    const answer = deferred();
    fakeApi.post('clubs/1/gallery', async () => {
      await answer.promise;
      return json({ id: 9 }, 201);
    });
    const client = make();
    const progress: number[] = [];
    const file = new Blob(['hello'], { type: 'text/plain' });
    const result = client.upload<{ id: number }>('clubs/1/gallery', file, (p) => progress.push(p));
    await vi.waitFor(() => expect(progress).toEqual([50]));
    answer.resolve();
    await expect(result).resolves.toEqual({ id: 9 });
    // The whole body sent (the stand-in's last progress event), then 100 again for the success.
    expect(progress).toEqual([50, 100, 100]);
    const [sent] = fakeApi.requests;
    expect([sent.method, sent.url]).toEqual(['POST', '/api/clubs/1/gallery']);
    expect(sent.headers.get('authorization')).toBe('Bearer tok');
    expect(isForm(sent.body)).toBe(true);
    const data = (sent.body as FormData).get('data') as File;
    expect([data.size, data.type]).toEqual([5, 'text/plain']);
  });

  it('fails with ApiError on other statuses and 503 on a network error', async () => {
    const client = make();
    fakeApi.post('x', json({ error: 'Too big' }, 413, 'Payload Too Large'));
    await expect(client.upload('x', new FormData())).rejects.toMatchObject({ status: 413, statusText: 'Payload Too Large', message: 'Too big' });

    fakeApi.post('x', networkError());
    await expect(client.upload('x', new FormData())).rejects.toMatchObject({ status: 503, message: 'Service unavailable' });
  });
});

describe('club-scoped paths', () => {
  it('takes the club id from the first path segment when numeric', () => {
    expect(clubIdFromPathname('/42/home')).toBe(42);
    expect(clubIdFromPathname('/signin')).toBeNull();
    expect(clubIdFromPathname('/')).toBeNull();
    expect(clubPath('club', 42)).toBe('clubs/42/club');
    expect(clubPath('/users/3', '7')).toBe('clubs/7/users/3');
  });

  it('uses the current address when no club id is given', () => {
    window.history.pushState({}, '', '/15/club');
    expect(clubPath('gallery')).toBe('clubs/15/gallery');
    window.history.pushState({}, '', '/signin');
    expect(() => clubPath('gallery')).toThrow();
  });
});

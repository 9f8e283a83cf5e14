import { describe, expect, it, vi } from 'vitest';
import { ApiError, clubIdFromPathname, clubPath, createApiClient, createRequestLimiter } from './api-client';

function jsonResponse(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('api client', () => {
  it('sends the token as a Bearer header and JSON bodies', async () => {
    const fetch = vi.fn(async () => jsonResponse({ ok: true }));
    const client = createApiClient({ getToken: () => 'tok-123', fetch });
    await expect(client.put('users/5', { firstName: 'Ada' })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/5');
    expect(init.method).toBe('PUT');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ firstName: 'Ada' }));
  });

  it('sends no Authorization header without a token', async () => {
    const fetch = vi.fn(async () => jsonResponse({}));
    const client = createApiClient({ getToken: () => null, fetch });
    await client.get('countries');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('runs at most 10 requests at once and starts the rest in FIFO order', async () => {
    const gates: Array<ReturnType<typeof deferred<Response>>> = [];
    const started: string[] = [];
    const fetch = vi.fn((url: string | URL | Request) => {
      started.push(String(url));
      const gate = deferred<Response>();
      gates.push(gate);
      return gate.promise;
    }) as unknown as typeof globalThis.fetch;
    const client = createApiClient({ getToken: () => null, fetch });
    const calls = Array.from({ length: 14 }, (_, i) => client.get(`item/${i}`));
    await flush();
    expect(started).toHaveLength(10);
    expect(client.limiter.active).toBe(10);
    expect(client.limiter.queued).toBe(4);

    gates[0].resolve(jsonResponse(0));
    await flush();
    expect(started).toHaveLength(11);
    expect(started[10]).toBe('/api/item/10');

    gates[3].resolve(jsonResponse(3));
    gates[1].resolve(jsonResponse(1));
    await flush();
    expect(started.slice(11)).toEqual(['/api/item/11', '/api/item/12']);
    expect(client.limiter.active).toBe(10);

    gates.forEach((g, i) => g.resolve(jsonResponse(i)));
    await flush();
    gates.forEach((g, i) => g.resolve(jsonResponse(i)));
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
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ getToken: () => null, fetch });
    const error = await client.get('clubs').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, statusText: 'Service unavailable', message: 'Service unavailable' });
  });

  it('turns a non-OK answer into ApiError with status, status text and the parsed body', async () => {
    const body = { error: 'You may not change: name', details: [{ path: 'name', message: 'no' }] };
    const fetch = vi.fn(async () => jsonResponse(body, { status: 403, statusText: 'Forbidden' }));
    const client = createApiClient({ getToken: () => 't', fetch });
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
    const fetch = vi.fn(async () => new Response('upstream down', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/plain' } }));
    const client = createApiClient({ getToken: () => null, fetch });
    const error = (await client.get('x').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBe('upstream down');
    expect(error.message).toBe('Bad Gateway');
  });

  it('signs out on a 401 of an authenticated call only', async () => {
    const onUnauthorized = vi.fn();
    const fetch = vi.fn(async () => jsonResponse({ error: 'Your session has expired.' }, { status: 401, statusText: 'Unauthorized' }));
    let token: string | null = 'tok';
    const client = createApiClient({ getToken: () => token, fetch, onUnauthorized });
    await expect(client.get('clubs')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    token = null;
    await expect(client.post('authenticate', { username: 'a', password: 'b' })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('returns undefined for an empty answer and text for a text answer', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(new Response('abc123', { status: 200, headers: { 'content-type': 'text/plain' } }));
    const client = createApiClient({ getToken: () => null, fetch });
    await expect(client.delete('gallery/1')).resolves.toBeUndefined();
    await expect(client.get('checksum')).resolves.toBe('abc123');
  });
});

describe('upload', () => {
  class FakeXhr {
    static last: FakeXhr;
    status = 0;
    statusText = '';
    responseText = '';
    headers: Record<string, string> = {};
    opened: [string, string] | null = null;
    sent: unknown = null;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.opened = [method, url];
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader() {
      return 'application/json';
    }
    send(body: unknown) {
      this.sent = body;
    }
    abort() {
      this.onabort?.();
    }
  }

  const make = () =>
    createApiClient({ getToken: () => 'tok', fetch: vi.fn(), createXhr: () => new FakeXhr() as unknown as XMLHttpRequest });

  it('posts the file with the token, reports progress and succeeds on 201', async () => {
    const client = make();
    const progress: number[] = [];
    const file = new Blob(['hello'], { type: 'text/plain' });
    const result = client.upload<{ id: number }>('clubs/1/gallery', file, (p) => progress.push(p));
    await flush();
    const xhr = FakeXhr.last;
    expect(xhr.opened).toEqual(['POST', '/api/clubs/1/gallery']);
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    expect(xhr.sent).toBeInstanceOf(FormData);
    expect((xhr.sent as FormData).get('data')).toBeInstanceOf(Blob);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.status = 201;
    xhr.responseText = '{"id":9}';
    xhr.onload?.();
    await expect(result).resolves.toEqual({ id: 9 });
    expect(progress).toEqual([25, 100]);
  });

  it('fails with ApiError on other statuses and 503 on a network error', async () => {
    const client = make();
    const first = client.upload('x', new FormData());
    await flush();
    FakeXhr.last.status = 413;
    FakeXhr.last.statusText = 'Payload Too Large';
    FakeXhr.last.responseText = '{"error":"Too big"}';
    FakeXhr.last.onload?.();
    await expect(first).rejects.toMatchObject({ status: 413, message: 'Too big' });

    const second = client.upload('x', new FormData());
    await flush();
    FakeXhr.last.onerror?.();
    await expect(second).rejects.toMatchObject({ status: 503, message: 'Service unavailable' });
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

import { REQUEST_POOL_SIZE } from '@golf/contract/constants';

export const SERVICE_UNAVAILABLE = 'Service unavailable';

export interface ErrorDetail {
  path: string;
  message: string;
  /** A problem with a code of its own (a drawing's) and the values its text names. */
  code?: string;
  params?: Record<string, string | number>;
}

/** A failed call: the HTTP status, its status text and the parsed body (`{ error, code, params?, details? }`). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(status: number, statusText: string, body?: unknown) {
    super(errorText(body) ?? (statusText || `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }

  /** The server's `error` text, when it sent one. */
  get serverMessage(): string | undefined {
    return errorText(this.body);
  }

  /** The code of the server's refusal (the contract's SERVER_ERRORS), when it sent one. */
  get code(): string | undefined {
    const code = (this.body as { code?: unknown } | null | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
  }

  /** The values the refusal's text names; only strings and numbers are kept. */
  get params(): Record<string, string | number> {
    const params = (this.body as { params?: unknown } | null | undefined)?.params;
    if (!params || typeof params !== 'object' || Array.isArray(params)) return {};
    return Object.fromEntries(Object.entries(params).filter(([, v]) => typeof v === 'string' || typeof v === 'number')) as Record<string, string | number>;
  }

  get details(): ErrorDetail[] {
    const details = (this.body as { details?: unknown } | null | undefined)?.details;
    return Array.isArray(details) ? (details as ErrorDetail[]) : [];
  }
}

function errorText(body: unknown): string | undefined {
  if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') {
    return (body as { error: string }).error;
  }
  return undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException ? error.name === 'AbortError' : (error as Error | null)?.name === 'AbortError';
}

function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError');
}

/** At most `max` tasks run at once; the rest wait in first-in, first-out order. */
export function createRequestLimiter(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    active -= 1;
    const next = waiting.shift();
    if (next) next();
  };

  const acquire = (signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      if (active < max) {
        active += 1;
        return resolve();
      }
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        active += 1;
        resolve();
      };
      const onAbort = () => {
        const index = waiting.indexOf(start);
        if (index >= 0) waiting.splice(index, 1);
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(start);
    });

  return {
    async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  baseUrl?: string;
  getToken: () => string | null;
  /** Called when an authenticated call answers 401: the session is gone. */
  onUnauthorized?: () => void;
  fetch?: typeof fetch;
  createXhr?: () => XMLHttpRequest;
  maxConcurrent?: number;
}

/** Upload progress in percent (0–100). */
export type UploadProgress = (percent: number) => void;

export type ApiClient = ReturnType<typeof createApiClient>;

function parseText(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());
  const limiter = createRequestLimiter(options.maxConcurrent ?? REQUEST_POOL_SIZE);

  const url = (path: string) => (/^https?:\/\//.test(path) ? path : `${baseUrl}/${path.replace(/^\/+/, '')}`);

  function failed(status: number, statusText: string, body: unknown, hadToken: boolean): ApiError {
    if (status === 401 && hadToken) options.onUnauthorized?.();
    return new ApiError(status, statusText, body);
  }

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions = {}): Promise<T> {
    return limiter.run(async () => {
      const token = options.getToken();
      const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
      let body: BodyInit | undefined;
      if (init.body instanceof FormData) {
        body = init.body;
      } else if (init.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(init.body);
      }
      if (token) headers.Authorization = `Bearer ${token}`;

      let response: Response;
      try {
        response = await doFetch(url(path), { method, headers, body, signal: init.signal });
      } catch (error) {
        if (isAbortError(error)) throw error;
        throw new ApiError(503, SERVICE_UNAVAILABLE, { error: SERVICE_UNAVAILABLE });
      }

      let data: unknown;
      try {
        data = parseText(await response.text(), response.headers.get('content-type'));
      } catch (error) {
        if (isAbortError(error)) throw error;
        data = undefined;
      }
      if (!response.ok) throw failed(response.status, response.statusText, data, !!token);
      return data as T;
    }, init.signal);
  }

  /** Posts a file (as field `data`) or a ready FormData with XMLHttpRequest, reporting progress. */
  function upload<T>(
    path: string,
    file: Blob | FormData,
    onProgress?: UploadProgress,
    init: { signal?: AbortSignal; fieldName?: string; method?: 'POST' | 'PUT' } = {},
  ): Promise<T> {
    return limiter.run(
      () =>
        new Promise<T>((resolve, reject) => {
          const token = options.getToken();
          const xhr = createXhr();
          xhr.open(init.method ?? 'POST', url(path));
          xhr.setRequestHeader('Accept', 'application/json');
          if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
          xhr.upload.onprogress = (event) => {
            if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
          };
          xhr.onload = () => {
            const data = parseText(xhr.responseText, xhr.getResponseHeader('content-type'));
            if (xhr.status === 200 || xhr.status === 201) {
              onProgress?.(100);
              resolve(data as T);
            } else {
              reject(failed(xhr.status, xhr.statusText, data, !!token));
            }
          };
          xhr.onerror = () => reject(new ApiError(503, SERVICE_UNAVAILABLE, { error: SERVICE_UNAVAILABLE }));
          xhr.onabort = () => reject(abortError());
          init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
          let form: FormData;
          if (file instanceof FormData) {
            form = file;
          } else {
            form = new FormData();
            form.append(init.fieldName ?? 'data', file);
          }
          xhr.send(form);
        }),
      init.signal,
    );
  }

  return {
    request,
    get: <T>(path: string, init?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, init),
    post: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('POST', path, { ...init, body }),
    put: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('PUT', path, { ...init, body }),
    patch: <T>(path: string, body?: unknown, init?: RequestOptions) => request<T>('PATCH', path, { ...init, body }),
    delete: <T>(path: string, init?: RequestOptions) => request<T>('DELETE', path, init),
    upload,
    limiter,
  };
}

/** The club id of a console path: its first segment, when numeric. */
export function clubIdFromPathname(pathname: string): number | null {
  const first = pathname.split('/').filter(Boolean)[0];
  return first && /^\d+$/.test(first) ? Number(first) : null;
}

/**
 * A club-scoped API path: `clubs/{clubId}/{path}`. Without an explicit club id, the club is the
 * first segment of the current address.
 */
export function clubPath(path: string, clubId: number | string | null = clubIdFromPathname(window.location.pathname)): string {
  if (clubId === null || clubId === '') throw new Error(`No club for the club-scoped path "${path}"`);
  return `clubs/${clubId}/${path.replace(/^\/+/, '')}`;
}

let currentToken: string | null = null;
let unauthorizedHandler: (() => void) | null = null;

/** The session token the shared client sends; written only by the session store. */
export const authToken = {
  get: () => currentToken,
  set: (token: string | null) => {
    currentToken = token;
  },
  onUnauthorized: (handler: (() => void) | null) => {
    unauthorizedHandler = handler;
  },
};

export const api = createApiClient({
  getToken: authToken.get,
  onUnauthorized: () => unauthorizedHandler?.(),
});

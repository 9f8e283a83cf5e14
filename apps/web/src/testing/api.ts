/**
 * The one way a web test fakes the API: an msw server (started in setup.ts) and small helpers
 * over the app's API base. A test says which routes answer what; every request the app sends is
 * recorded (method, URL, headers, parsed body) for assertions; a request to a route the test did
 * not fake fails the test. See README.md in this folder.
 */
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The base the app's api client puts before every path (`createApiClient`'s default). */
export const API_BASE = '/api';

/** The msw server every web test shares; setup.ts starts it, resets it after each test and closes it. */
export const server = setupServer();

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request the app sent, as the fake API saw it. */
export interface ApiRequest {
  method: HttpMethod;
  /** The path and query as sent, with the API base: `/api/clubs/1/courses?course_id=5`. */
  url: string;
  headers: Headers;
  /** The JSON body parsed, the FormData of an upload, the text of anything else; undefined without a body. */
  body: unknown;
}

/** What a resolver gets: the request, the route's `:params` and the query. */
export interface ApiCall extends ApiRequest {
  params: Record<string, string>;
  query: URLSearchParams;
}

/**
 * A route's answer: a Response (see `json`, `apiError`, `noContent`, `networkError`), or any other
 * value, sent as JSON with status 200; `undefined` is an empty 204.
 */
export type Answer = Response | unknown;
export type Resolver = (call: ApiCall) => Answer | Promise<Answer>;

/** Fakes one method's route: with a resolver (typed call), or with a fixed answer. */
export interface RouteFaker {
  (path: string, resolve: Resolver, options?: RouteOptions): void;
  (path: string, answer: Answer, options?: RouteOptions): void;
}

export interface RouteOptions {
  /** Milliseconds before the answer (to see a loading state), or 'infinite' to never answer. */
  delay?: number | 'infinite';
  /** Answer only the first matching request; later ones fall to the routes faked before. */
  once?: boolean;
}

const requests: ApiRequest[] = [];
const unfaked: string[] = [];

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  if (type.includes('json')) return JSON.parse(text) as unknown;
  return text;
}

function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  if (answer === undefined) return noContent();
  return HttpResponse.json(answer as never);
}

function route(method: HttpMethod, path: string, answer: Answer, options: RouteOptions = {}) {
  const handlerFor = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete }[method];
  const full = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  server.use(
    handlerFor(
      full,
      async ({ request, params }) => {
        const url = new URL(request.url);
        // Recorded when the request arrives (in the order sent); the body is read before answering.
        const recorded: ApiRequest = { method, url: url.pathname + url.search, headers: request.headers, body: undefined };
        requests.push(recorded);
        recorded.body = await readBody(request.clone());
        if (options.delay !== undefined) await delay(options.delay);
        const call: ApiCall = { ...recorded, params: params as Record<string, string>, query: url.searchParams };
        if (typeof answer === 'function') return toResponse(await (answer as Resolver)(call));
        // A fixed Response answers every matching request: each gets a copy (a body is read once).
        return answer instanceof Response ? answer.clone() : toResponse(answer);
      },
      { once: options.once },
    ),
  );
}

/**
 * Fakes routes below the API base: `fakeApi.get('clubs/:clubId/sponsors', [sponsor])` answers the
 * list; a function answers from the call (`({ params, body }) => …`). A route faked later wins over
 * one faked before for the same request.
 */
export const fakeApi = {
  get: ((path: string, answer: Answer, options?: RouteOptions) => route('GET', path, answer, options)) as RouteFaker,
  post: ((path: string, answer: Answer, options?: RouteOptions) => route('POST', path, answer, options)) as RouteFaker,
  put: ((path: string, answer: Answer, options?: RouteOptions) => route('PUT', path, answer, options)) as RouteFaker,
  patch: ((path: string, answer: Answer, options?: RouteOptions) => route('PATCH', path, answer, options)) as RouteFaker,
  delete: ((path: string, answer: Answer, options?: RouteOptions) => route('DELETE', path, answer, options)) as RouteFaker,
  /** Every request the faked routes received in this test, in the order sent. */
  get requests(): readonly ApiRequest[] {
    return requests;
  },
  /** The requests as `METHOD /api/path?query` lines; without GETs when `writes` is set. */
  calls({ writes = false }: { writes?: boolean } = {}): string[] {
    return requests.filter((r) => !writes || r.method !== 'GET').map((r) => `${r.method} ${r.url}`);
  },
  /** The requests of one method, optionally only those whose URL matches. */
  sent(method: HttpMethod, url?: string | RegExp): ApiRequest[] {
    return requests.filter((r) => r.method === method && (url === undefined || (typeof url === 'string' ? r.url === url : url.test(r.url))));
  },
};

/** Whether a recorded body is an upload's form (Node's FormData: `instanceof` jsdom's does not match it). */
export function isForm(body: unknown): body is FormData {
  return Object.prototype.toString.call(body) === '[object FormData]';
}

/** A JSON answer with a status (and status text). */
export function json(body: unknown, status = 200, statusText?: string): Response {
  return HttpResponse.json(body as never, { status, statusText });
}

/** The server's error answer, as the api client reads it: `{ error, details? }` with the status. */
export function apiError(status: number, error: string, details?: { path: string; message: string }[]): Response {
  return HttpResponse.json(details ? { error, details } : { error }, { status });
}

/** An empty 204 answer. */
export function noContent(): Response {
  return new HttpResponse(null, { status: 204 });
}

/** A network failure: the request never gets an answer (fetch rejects). */
export function networkError(): Response {
  return HttpResponse.error();
}

/** A promise with its resolve: a resolver can `await gate.promise` to hold its answer until the test says. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Called by msw for a request no route matches: remembered, so the test fails (see `resetApi`). */
export function onUnfakedRequest(request: Request, print: { error: () => void }) {
  const url = new URL(request.url);
  unfaked.push(`${request.method} ${url.pathname}${url.search}`);
  print.error();
}

/** After each test: the requests forgotten, the test's routes removed; a request to an unfaked route fails the test. */
export function resetApi() {
  requests.length = 0;
  server.resetHandlers();
  const missed = unfaked.splice(0);
  if (missed.length > 0) throw new Error(`The test sent requests to routes it did not fake: ${missed.join(', ')}`);
}

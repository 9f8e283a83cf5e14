import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { HttpError } from '../../platform/errors';

/**
 * Requests the server makes to addresses clubs give (external feeds) or app users give (push
 * endpoints), issue 23: never to a private, loopback, link-local, unspecified, multicast, CGNAT,
 * unique-local or IPv4-mapped private address, checked on the address a name resolves to (so a
 * name that resolves to 127.0.0.1 is refused) when each connection is made (so every redirect is
 * checked again, and a name cannot resolve once to a public address for a check and then to a
 * private one for the connection). `allowHosts` (config OUTBOUND_ALLOW_HOSTS, `host:port`) are
 * let through as they are written: a local feed, the tests' stand-ins.
 */

type ConnectOptions = http.ClientRequestArgs & { lookup?: net.LookupFunction };
type Callback = (err: Error | null, stream: Duplex) => void;
type LookupAll = (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void;

/** Whether an address may be connected to without being allowed: only ipaddr.js' 'unicast' range (IPv4-mapped ones as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

export function privateAddressError(address: string): HttpError {
  return new HttpError(400, 'communication.feedPrivateAddress', { address });
}

/** `host:port` as OUTBOUND_ALLOW_HOSTS writes it: lower case, an IPv6 address in brackets. */
function hostKey(host: string, port: number | string | null | undefined, defaultPort: number): string {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return `${net.isIPv6(bare) ? `[${bare}]` : bare}:${port ?? defaultPort}`;
}

/** A DNS lookup that fails when any address the name resolves to is not public. */
function checkedLookup(): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, ((err, addresses) => {
      if (err) return (callback as LookupAll)(err, []);
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused) return (callback as LookupAll)(privateAddressError(refused.address) as unknown as NodeJS.ErrnoException, []);
      if (options.all) return (callback as LookupAll)(null, addresses);
      const first = addresses[0];
      (callback as unknown as (e: null, address: string, family: number) => void)(null, first.address, first.family);
    }) as LookupAll);
  };
}

function guard(options: ConnectOptions, allow: Set<string>, defaultPort: number): { refused: HttpError | null; options: ConnectOptions } {
  const host = options.host ?? options.hostname ?? 'localhost';
  if (allow.has(hostKey(host, options.port, defaultPort))) return { refused: null, options };
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIP(bare)) return { refused: isPublicAddress(bare) ? null : privateAddressError(bare), options };
  return { refused: null, options: { ...options, lookup: checkedLookup() } };
}

/** How the agents keep connections: none by default (a feed is one request); push delivery keeps some alive. */
export interface OutboundAgentOptions {
  keepAlive?: boolean;
  maxSockets?: number;
}

class GuardedHttpAgent extends http.Agent {
  constructor(
    private readonly allow: Set<string>,
    options: OutboundAgentOptions,
  ) {
    super({ keepAlive: options.keepAlive ?? false, maxSockets: options.maxSockets });
  }
  override createConnection(options: ConnectOptions, callback?: Callback): Duplex {
    const { refused, options: checked } = guard(options, this.allow, 80);
    if (refused) return refusedSocket(refused);
    return super.createConnection(checked, callback)!;
  }
}

class GuardedHttpsAgent extends https.Agent {
  constructor(
    private readonly allow: Set<string>,
    options: OutboundAgentOptions,
  ) {
    super({ keepAlive: options.keepAlive ?? false, maxSockets: options.maxSockets });
  }
  override createConnection(options: https.RequestOptions, callback?: Callback): Duplex {
    const { refused, options: checked } = guard(options, this.allow, 443);
    if (refused) return refusedSocket(refused);
    return super.createConnection(checked, callback)!;
  }
}

/** A socket that fails at once with the refusal (the request answers it as its error). */
function refusedSocket(error: Error): Duplex {
  const socket = new net.Socket();
  process.nextTick(() => socket.destroy(error));
  return socket;
}

/** Agents whose connections refuse every address that is not public unless its `host:port` is allowed. */
export function outboundAgents(allowHosts: string[], options: OutboundAgentOptions = {}): { http: http.Agent; https: https.Agent } {
  const allow = new Set(allowHosts.map((h) => h.trim().toLowerCase()).filter(Boolean));
  return { http: new GuardedHttpAgent(allow, options), https: new GuardedHttpsAgent(allow, options) };
}

export interface FetchOutsideOptions {
  allowHosts: string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  accept?: string;
  signal?: AbortSignal;
  /** Further request headers (If-None-Match, If-Modified-Since). */
  headers?: Record<string, string>;
}

export interface FetchOutsideResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The address finally answered (after redirects). */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'GolfConsole-Feed/1.0 (+https://github.com)';

function parseHttpUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new HttpError(400, 'communication.feedUnreachable', { reason: 'not a web address' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HttpError(400, 'communication.feedUnreachable', { reason: `only http and https addresses are fetched, not ${url.protocol}` });
  }
  return url;
}

/**
 * GET of an address outside: http or https only, redirects followed here (at most `maxRedirects`,
 * each connection checked again by the agents), reading stopped past `maxBytes`, the whole fetch
 * within `timeoutMs`. Answers the last answer (any status, 304 too); refusals and failures are
 * HttpErrors with the `communication.feed*` codes: feedPrivateAddress and feedUnresolvable (400,
 * the address itself), feedTimeout, feedTooLarge, feedTooManyRedirects, feedUnreachable (502).
 */
export async function fetchOutside(url: string, opts: FetchOutsideOptions): Promise<FetchOutsideResult> {
  const agents = outboundAgents(opts.allowHosts);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
  try {
    let current = parseHttpUrl(url);
    for (let redirects = 0; ; redirects++) {
      const answer = await requestOnce(current, agents, opts, signal, timeout.signal);
      const location = answer.headers.location;
      if (REDIRECTS.has(answer.status) && typeof location === 'string' && location !== '') {
        if (redirects >= opts.maxRedirects) throw new HttpError(502, 'communication.feedTooManyRedirects', { max: opts.maxRedirects });
        current = parseHttpUrl(location, current.href);
        continue;
      }
      return { ...answer, url: current.href };
    }
  } finally {
    clearTimeout(timer);
    agents.http.destroy();
    agents.https.destroy();
  }
}

function requestOnce(
  url: URL,
  agents: { http: http.Agent; https: https.Agent },
  opts: FetchOutsideOptions,
  signal: AbortSignal,
  timeoutSignal: AbortSignal,
): Promise<Omit<FetchOutsideResult, 'url'>> {
  const seconds = Math.max(1, Math.round(opts.timeoutMs / 1000));
  const megabytes = Math.round((opts.maxBytes / (1024 * 1024)) * 10) / 10;
  const tooLarge = () => new HttpError(502, 'communication.feedTooLarge', { max: megabytes });
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      reject(translate(err, url, timeoutSignal.aborted, seconds));
    };
    if (signal.aborted) return fail(signal.reason);
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(
      url,
      {
        method: 'GET',
        agent: url.protocol === 'https:' ? agents.https : agents.http,
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: opts.accept ?? '*/*',
          'accept-encoding': 'identity',
          ...opts.headers,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status) || status === 304 || status === 204) {
          res.resume();
          res.on('end', () => {
            settled = true;
            resolve({ status, headers: res.headers, body: Buffer.alloc(0) });
          });
          res.on('error', fail);
          return;
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          req.destroy();
          return fail(tooLarge());
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            req.destroy();
            fail(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({ status, headers: res.headers, body: Buffer.concat(chunks) });
        });
        res.on('error', fail);
        res.on('aborted', () => fail(new Error('the connection closed early')));
      },
    );
    req.on('error', fail);
    req.end();
  });
}

function translate(err: unknown, url: URL, timedOut: boolean, seconds: number): HttpError {
  if (err instanceof HttpError) return err;
  if (timedOut) return new HttpError(502, 'communication.feedTimeout', { seconds });
  const e = err as NodeJS.ErrnoException | undefined;
  if (e?.code === 'ENOTFOUND' || e?.code === 'EAI_AGAIN' || e?.code === 'EAI_NODATA' || e?.code === 'EAI_NONAME') {
    return new HttpError(400, 'communication.feedUnresolvable', { host: url.hostname });
  }
  const reason = e?.code ?? (e instanceof Error ? e.message : String(err));
  return new HttpError(502, 'communication.feedUnreachable', { reason });
}

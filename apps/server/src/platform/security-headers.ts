import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerErrorCode } from '@golf/contract/api/errors';
import { errorBody } from './errors';

/** The OpenStreetMap tiles the web build uses unless VITE_MAP_TILE_URL says otherwise. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export interface SecurityHeadersOptions {
  /** Tile URL template of the map background (`https://host/{z}/{x}/{y}.png`); null for none. */
  mapTileUrl: string | null;
  /** Base URL the console is reached at; `https://` turns on HSTS and upgrade-insecure-requests. */
  publicUrl: string;
}

/**
 * The CSP source of a tile URL template: its scheme and host (`https://tile.example.org`,
 * `https://*.tile.example.org` for a `{a-c}` or `{s}` first label, with the port when there is
 * one). Null for a same-origin path such as `/tiles/{z}/{x}/{y}.png` ('self' covers it).
 */
export function tileSource(template: string): string | null {
  const url = template.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return null;
  const match = /^(https?):\/\/([^/?#]+)(?:[/?#]|$)/i.exec(url);
  if (!match) throw new Error(`MAP_TILE_URL must be an http(s) URL or a path starting with /, got "${template}"`);
  const [, scheme, authority] = match;
  if (authority.includes('@')) throw new Error(`MAP_TILE_URL must not carry a user name or password, got "${template}"`);
  const labels = authority.toLowerCase().split('.');
  // A placeholder in the first label ({a-c}, {s}, {1-4}) stands for several hosts: one wildcard.
  if (/[{}]/.test(labels[0]) && labels.length > 2) labels[0] = '*';
  const host = labels.join('.');
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(host) && !/^\[[0-9a-f:.]+\](:\d+)?$/.test(host)) {
    throw new Error(`MAP_TILE_URL has a host a Content-Security-Policy cannot name: "${template}"`);
  }
  return `${scheme.toLowerCase()}://${host}`;
}

/**
 * The Content-Security-Policy of every answer (see docs/decisions/0007-security-headers.md).
 * The built app has no inline script; styles are inline because MUI's emotion writes <style>
 * elements at run time; map tiles are <img> loads, so only img-src names the tile host.
 */
export function cspDirectives(opts: SecurityHeadersOptions): Record<string, string[]> {
  const tiles = opts.mapTileUrl ? tileSource(opts.mapTileUrl) : null;
  const https = opts.publicUrl.startsWith('https://');
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Helmet's options: the policy above plus the other headers (see the decision record). */
export function helmetOptions(opts: SecurityHeadersOptions) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts) },
    frameguard: { action: 'deny' },
    // Cross-origin requests (map tiles, help pages) get the origin only: the tile service
    // requires a Referer, and paths such as /reset_password/<token>/<email> never leave the site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the console is reached over https; a laptop on plain http sends none.
    strictTransportSecurity: opts.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  } satisfies HelmetOptions;
}

/**
 * The headers helmet writes with these options, by lower-case name: helmet itself runs once on a
 * response that only records them. They depend on the configuration alone, so every answer gets
 * the same set (`@fastify/helmet` built helmet's middleware anew on every request: 3.5 % of the
 * server's time under load, issue 12).
 */
export function securityHeaders(opts: SecurityHeadersOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(opts))({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Security headers on every answer (HTML, assets, files, API, 404 and error answers): an
 * onRequest hook writes them before any handler or error handler runs. Register it before the
 * hooks that may reject a request, so rejections carry them too.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions): Promise<void> {
  const headers = securityHeaders(opts);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

const FRAMEWORK_ERRORS: Record<string, { status: number; code: ServerErrorCode }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'request.badAddress' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'request.addressTooLong' },
};

/**
 * Fastify's `frameworkErrors`: the few answers Fastify gives before any hook runs (an address
 * that is not valid percent-encoding, an over-long path parameter). They get the same headers and
 * the API's `{ error }` shape.
 */
export function frameworkErrorAnswer(opts: SecurityHeadersOptions) {
  const applyHeaders = helmet(helmetOptions(opts));
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    applyHeaders(request.raw, reply.raw, (err?: unknown) => {
      if (err) throw err;
    });
    const known = FRAMEWORK_ERRORS[error.code];
    if (!known) request.log.error({ err: error }, 'request failed before routing');
    return reply.status(known?.status ?? 500).send(errorBody(known?.code ?? 'server.internal'));
  };
}

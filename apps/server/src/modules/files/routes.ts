import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../platform/app-types';
import { errorBody } from '../../platform/errors';
import { fileUrlKey, signedFileAllowed } from '../../platform/file-urls';
import { assertValidKey, type FileStorage } from '../../platform/storage';
import { appFileKey, isGuideProductKey } from '../products';

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  json: 'application/json',
  // Asset bundles' SVG files (modules/assets: checked for scripts and external references on upload).
  svg: 'image/svg+xml',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

function validKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Sends the stored file, or 404 when there is none. */
async function sendFile(storage: FileStorage, reply: FastifyReply, key: string, cacheControl: string) {
  const file = await storage.open(key);
  if (!file) return reply.status(404).send(errorBody('request.notFound'));
  const ext = key.slice(key.lastIndexOf('.') + 1);
  reply
    .header('Content-Type', TYPES[ext] ?? 'application/octet-stream')
    .header('Content-Length', file.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', cacheControl);
  return reply.send(file.stream);
}

/**
 * Files (docs/decisions/0017), three kinds of address:
 * - `/files/<key>`: public files, only keys under `public/` (club logos, gallery images, sponsor
 *   logos and guide images, all under random file names) and never a guide's product files;
 *   everything else in the storage (imports, products) has no such URL.
 * - `/files/app/<app token>/<product>/<file>`: what the golfers' app reads without signing in (the
 *   digital guide and the web images), under the guide's unguessable token.
 * - `/files/signed/<key>?expires=…&signature=…`: any file the server signed for one of the club's
 *   users (the products), until the expiry. Every bad or expired signature is refused alike,
 *   before the storage is asked, so the answer never tells whether the file exists.
 * A `v` query parameter is the cache-busting version: public and app URLs with it are cached for
 * good; a signed answer is kept by the browser only, and not past its expiry.
 */
export function fileRoutes(app: FastifyInstance, { db, config, storage }: AppDeps) {
  app.get<{ Params: { '*': string }; Querystring: { v?: string; expires?: unknown; signature?: unknown } }>('/files/signed/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    const { expires, signature } = request.query;
    const now = Date.now();
    if (!validKey(key) || !signedFileAllowed(await fileUrlKey(db, config), key, expires, signature, now)) {
      return reply.status(403).send(errorBody('request.forbidden'));
    }
    const seconds = Math.max(0, Math.floor((Number(expires) * 1000 - now) / 1000));
    return sendFile(storage, reply, key, `private, max-age=${seconds}`);
  });

  app.get<{ Params: { token: string; product: string; name: string }; Querystring: { v?: string } }>('/files/app/:token/:product/:name', { schema: { hide: true } }, async (request, reply) => {
    const { token, product, name } = request.params;
    const key = await appFileKey(db, token, product, name);
    if (!key) return reply.status(404).send(errorBody('request.notFound'));
    return sendFile(storage, reply, key, request.query.v ? IMMUTABLE : 'no-cache');
  });

  app.get<{ Params: { '*': string }; Querystring: { v?: string } }>('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    // A guide's products are never public by their storage key: their ids are guessable.
    if (!validKey(key) || !key.startsWith('public/') || isGuideProductKey(key)) return reply.status(404).send(errorBody('request.notFound'));
    return sendFile(storage, reply, key, request.query.v ? IMMUTABLE : 'no-cache');
  });
}

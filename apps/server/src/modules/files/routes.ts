import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/app-types';
import { assertValidKey } from '../../platform/storage';

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  json: 'application/json',
};

/**
 * Public files: only keys under `public/` (club logos, gallery images shown in the app) are ever
 * served; everything else in the storage (imports, private documents) has no URL. A `v` query
 * parameter is the cache-busting version: such URLs are cached for good.
 */
export function fileRoutes(app: FastifyInstance, { storage }: AppDeps) {
  app.get<{ Params: { '*': string }; Querystring: { v?: string } }>('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    try {
      assertValidKey(key);
    } catch {
      return reply.status(404).send({ error: 'Not found' });
    }
    if (!key.startsWith('public/')) return reply.status(404).send({ error: 'Not found' });
    const file = await storage.open(key);
    if (!file) return reply.status(404).send({ error: 'Not found' });
    const ext = key.slice(key.lastIndexOf('.') + 1);
    reply
      .header('Content-Type', TYPES[ext] ?? 'application/octet-stream')
      .header('Content-Length', file.size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', request.query.v ? 'public, max-age=31536000, immutable' : 'no-cache');
    return reply.send(file.stream);
  });
}

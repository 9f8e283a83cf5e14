import { z } from 'zod';
import { Language } from '@golf/contract/api/session';
import { LOCALES } from '@golf/contract/locales';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { clientHasCurrent, etagOf, sendJsonBytes, sendNotModified } from '../../platform/http-cache';

const { en, da, sv } = LOCALES;

const Bundle = z.record(z.string(), z.unknown());

/**
 * Each language's texts serialized once: they are part of the build (packages/contract/locales),
 * so they change only with a new server, and so does their ETag.
 */
const bundles = Object.fromEntries(
  Object.entries({ en, da, sv } satisfies Record<z.infer<typeof Language>, unknown>).map(([lang, texts]) => {
    const body = Buffer.from(JSON.stringify(texts));
    return [lang, { body, etag: etagOf(body) }];
  }),
) as Record<z.infer<typeof Language>, { body: Buffer; etag: string }>;

/** The interface texts per language; the web app falls back to English for a missing key. */
export function translationRoutes(app: TypedApp, { config }: AppDeps) {
  app.get(
    '/translations/:lang',
    {
      config: { access: 'public' },
      schema: {
        tags: ['translations'],
        security: [],
        params: z.object({ lang: Language }),
        response: { 200: Bundle, 304: z.null().describe('Not modified: the copy named in If-None-Match is current') },
      },
    },
    async (request, reply) => {
      const { body, etag } = bundles[request.params.lang];
      reply.header('ETag', etag).header('Cache-Control', 'no-cache');
      if (clientHasCurrent(request, etag)) return sendNotModified(reply, etag);
      return sendJsonBytes(reply, body, { schema: Bundle, checked: config.responseChecks });
    },
  );
}

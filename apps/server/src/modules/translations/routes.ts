import { createHash } from 'node:crypto';
import { z } from 'zod';
import { Language } from '@golf/contract/api/session';
import { LOCALES } from '@golf/contract/locales';
import type { TypedApp } from '../../platform/app-types';

const { en, da, sv } = LOCALES;

const bundles: Record<z.infer<typeof Language>, unknown> = { en, da, sv };
const etags = Object.fromEntries(
  Object.entries(bundles).map(([lang, b]) => [lang, `"${createHash('sha1').update(JSON.stringify(b)).digest('hex').slice(0, 16)}"`]),
);

/** The interface texts per language; the web app falls back to English for a missing key. */
export function translationRoutes(app: TypedApp) {
  app.get(
    '/translations/:lang',
    {
      config: { access: 'public' },
      schema: { tags: ['translations'], security: [], params: z.object({ lang: Language }), response: { 200: z.record(z.string(), z.unknown()) } },
    },
    async (request, reply) => {
      reply.header('ETag', etags[request.params.lang]).header('Cache-Control', 'no-cache');
      return bundles[request.params.lang] as Record<string, unknown>;
    },
  );
}

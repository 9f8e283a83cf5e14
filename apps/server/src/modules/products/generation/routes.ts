import { z } from 'zod';
import { ErrorResponse } from '@golf/contract/api/common';
import { DigitalGuide, digitalGuideJsonSchema } from '@golf/contract/api/digital-guide';
import {
  GENERATE_CALLS,
  GenerateResponse,
  GuideFilesResponse,
  LOCATION_PRODUCTS,
  LocationResponse,
  ReleaseBody,
  ReleaseResponse,
} from '@golf/contract/api/guide-generation';
import { GUIDE_PRODUCTS, GuideParams } from '@golf/contract/api/guides';
import { ClubIdParams } from '@golf/contract/api/common';
import { GuideRenderInput } from '@golf/contract/print/input';
import type { AppDeps, TypedApp } from '../../../platform/app-types';
import type { ApiAccess } from '../../../platform/authorize';
import { notFound } from '../../../platform/errors';
import { guideOfClub } from '../guide-rows';
import { buildGuideRenderInput } from './render-input';
import { registerGuideJobs, releaseGuides, requestGeneration, requestReleaseAll } from './service';
import { productLocation, readProductFile } from './storage';

const PRODUCTS = { club: 'clubId', roles: ['products'] } as const satisfies ApiAccess;
const tags = ['products'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * Making a guide's products (§7 Guides): generate_* queue the product's job and answer it at once;
 * *_location and files say where the made files are; print-input is what the renderer reads (the
 * browser's preview draws it); digital serves the digital guide with an ETag; release makes
 * several products of one guide, release-all queues one job that makes them for every guide.
 */
export function guideGenerationRoutes(app: TypedApp, deps: AppDeps) {
  const { db, storage } = deps;
  registerGuideJobs(db, storage);

  for (const product of GUIDE_PRODUCTS) {
    app.post(
      `/clubs/:clubId/guides/:id/${GENERATE_CALLS[product]}`,
      { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, response: { 202: GenerateResponse, ...errors } } },
      async (request, reply) => reply.status(202).send(await requestGeneration(db, request.params.clubId, request.params.id, product, request.id)),
    );
  }

  for (const product of LOCATION_PRODUCTS) {
    app.post(
      `/clubs/:clubId/guides/:id/${product}_location`,
      { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, response: { 200: LocationResponse, ...errors } } },
      async (request) => {
        await guideOfClub(db, request.params.clubId, request.params.id);
        return productLocation(deps, request.params.clubId, request.params.id, product);
      },
    );
  }

  app.get(
    '/clubs/:clubId/guides/:id/files',
    { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, response: { 200: GuideFilesResponse, ...errors } } },
    async (request) => {
      const { clubId, id } = request.params;
      await guideOfClub(db, clubId, id);
      const entries = await Promise.all(GUIDE_PRODUCTS.map(async (p) => [p, await productLocation(deps, clubId, id, p)] as const));
      return Object.fromEntries(entries) as z.infer<typeof GuideFilesResponse>;
    },
  );

  app.get(
    '/clubs/:clubId/guides/:id/print-input',
    { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, response: { 200: GuideRenderInput, ...errors } } },
    async (request) => (await buildGuideRenderInput(db, storage, request.params.clubId, request.params.id)).input,
  );

  app.get(
    '/clubs/:clubId/guides/:id/digital',
    { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, response: { 200: DigitalGuide, 304: z.null(), ...errors } } },
    async (request, reply) => {
      const { clubId, id } = request.params;
      await guideOfClub(db, clubId, id);
      const location = await productLocation(deps, clubId, id, 'json');
      const bytes = location.generated_at ? await readProductFile(storage, clubId, id, 'json', 'guide.json') : null;
      if (!bytes || !location.generated_at) throw notFound('guides.digitalNotGenerated');
      const etag = `"${id}-${Date.parse(location.generated_at)}"`;
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return DigitalGuide.parse(JSON.parse(bytes.toString('utf8')));
    },
  );

  app.post(
    '/clubs/:clubId/guides/release-all',
    { config: { access: PRODUCTS }, schema: { tags, params: ClubIdParams, body: ReleaseBody, response: { 202: ReleaseResponse, ...errors } } },
    // One job that queues the products of every guide: the answer comes at once, however many guides.
    async (request, reply) => reply.status(202).send(await requestReleaseAll(db, request.params.clubId, request.body.side_effects, request.id)),
  );

  // §9: a guide's release uses drawing style 0 (the style the golfers' app reads); it is the only one.
  app.post(
    '/clubs/:clubId/guides/:id/drawing_style/0/release',
    { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, body: ReleaseBody, response: { 202: ReleaseResponse, ...errors } } },
    async (request, reply) => {
      const { clubId, id } = request.params;
      await guideOfClub(db, clubId, id);
      return reply.status(202).send(await releaseGuides(db, clubId, [id], request.body.side_effects, request.id));
    },
  );

  app.get('/digital-guide.schema.json', { config: { access: 'public' }, schema: { tags, response: { 200: z.record(z.string(), z.unknown()) } } }, async () =>
    digitalGuideJsonSchema(),
  );
}

import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import {
  SaveSponsorBody,
  SaveSponsorSetupBody,
  Sponsor,
  SPONSOR_LOGO_FIELD,
  SponsorParams,
  SponsorSetup,
  SponsorSetupParams,
  SponsorSetupsQuery,
  SponsorUsage,
} from '@golf/contract/api/sponsors';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import type { ApiAccess } from '../../platform/authorize';
import { readUploadedFile, registerImageUploads } from '../../platform/uploads';
import { assertSponsorOfClub, createSponsor, deleteSponsor, listSponsors, removeSponsorLogo, setSponsorLogo, sponsorUsage, updateSponsor } from './sponsors-service';
import { createSponsorSetup, deleteSponsorSetup, getSponsorSetup, listSponsorSetups, updateSponsorSetup } from './setups-service';

const tags = ['sponsors'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const uploadErrors = { ...errors, 413: ErrorResponse, 415: ErrorResponse, 422: ErrorResponse };

/** Promotion: role `promotion` in the club of the path. */
const PROMOTION = { club: 'clubId', roles: ['promotion'] } as const satisfies ApiAccess;
/** The lists also for role `products`: a guide's form chooses its sponsor setup. */
const PROMOTION_OR_PRODUCTS = { club: 'clubId', roles: ['promotion', 'products'] } as const satisfies ApiAccess;

/** Sponsors and sponsor setups (§7 'Gallery and sponsors'; issue 11). */
export function sponsorRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;

  app.get(
    '/clubs/:clubId/sponsors',
    { config: { access: PROMOTION_OR_PRODUCTS, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: z.array(Sponsor), ...errors } } },
    async (request) => listSponsors(db, request.params.clubId),
  );

  app.post(
    '/clubs/:clubId/sponsors',
    { config: { access: PROMOTION }, schema: { tags, params: ClubIdParams, body: SaveSponsorBody, response: { 201: Sponsor, ...errors, 409: ErrorResponse } } },
    async (request, reply) => reply.status(201).send(await createSponsor(db, request.params.clubId, request.body)),
  );

  app.put(
    '/clubs/:clubId/sponsors/:id',
    { config: { access: PROMOTION }, schema: { tags, params: SponsorParams, body: SaveSponsorBody, response: { 200: Sponsor, ...errors } } },
    async (request) => updateSponsor(db, request.params.clubId, request.params.id, request.body),
  );

  app.get(
    '/clubs/:clubId/sponsors/:id/usage',
    { config: { access: PROMOTION, readCache: true }, schema: { tags, params: SponsorParams, response: { 200: SponsorUsage, ...errors } } },
    async (request) => sponsorUsage(db, request.params.clubId, request.params.id),
  );

  app.get(
    '/clubs/:clubId/sponsor-setups',
    {
      config: { access: PROMOTION_OR_PRODUCTS, readCache: true },
      schema: { tags, params: ClubIdParams, querystring: SponsorSetupsQuery, response: { 200: z.array(SponsorSetup), ...errors } },
    },
    async (request) => listSponsorSetups(db, request.params.clubId, request.query.course_id),
  );

  app.get(
    '/clubs/:clubId/sponsor-setups/:id',
    { config: { access: PROMOTION, readCache: true }, schema: { tags, params: SponsorSetupParams, response: { 200: SponsorSetup, ...errors } } },
    async (request) => getSponsorSetup(db, request.params.clubId, request.params.id),
  );

  app.post(
    '/clubs/:clubId/sponsor-setups',
    { config: { access: PROMOTION }, schema: { tags, params: ClubIdParams, body: SaveSponsorSetupBody, response: { 201: SponsorSetup, ...errors } } },
    async (request, reply) => reply.status(201).send(await createSponsorSetup(db, request.params.clubId, request.body)),
  );

  app.put(
    '/clubs/:clubId/sponsor-setups/:id',
    { config: { access: PROMOTION }, schema: { tags, params: SponsorSetupParams, body: SaveSponsorSetupBody, response: { 200: SponsorSetup, ...errors } } },
    async (request) => updateSponsorSetup(db, request.params.clubId, request.params.id, request.body),
  );

  app.delete(
    '/clubs/:clubId/sponsor-setups/:id',
    { config: { access: PROMOTION }, schema: { tags, params: SponsorSetupParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteSponsorSetup(db, request.params.clubId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // The sponsor's deletion and its logo (§7 'POST sponsors/{id}/logo (data)'), in a scope of its own that parses multipart.
  void app.register(async (scope) => {
    await registerImageUploads(scope);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const fileDeps = { db, storage: deps.storage, log: scope.log };

    typed.delete(
      '/clubs/:clubId/sponsors/:id',
      { config: { access: PROMOTION }, schema: { tags, params: SponsorParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteSponsor(fileDeps, request.params.clubId, request.params.id);
        return reply.status(204).send(null);
      },
    );

    typed.post(
      '/clubs/:clubId/sponsors/:id/logo',
      {
        config: { access: PROMOTION },
        schema: { tags, consumes: ['multipart/form-data'], params: SponsorParams, response: { 200: Sponsor, ...uploadErrors } },
      },
      async (request) => {
        const { clubId, id } = request.params;
        // Another club's sponsor is refused before the upload is read.
        await assertSponsorOfClub(db, clubId, id);
        const file = await readUploadedFile(request, [SPONSOR_LOGO_FIELD]);
        return setSponsorLogo(fileDeps, clubId, id, file);
      },
    );

    typed.delete(
      '/clubs/:clubId/sponsors/:id/logo',
      { config: { access: PROMOTION }, schema: { tags, params: SponsorParams, response: { 200: Sponsor, ...errors } } },
      async (request) => removeSponsorLogo(fileDeps, request.params.clubId, request.params.id),
    );
  });
}

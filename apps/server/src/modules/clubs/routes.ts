import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Club, ClubListItem, CreateClubBody, LOGO_FIELDS, UpdateClubBody } from '@golf/contract/api/clubs';
import { ClubIdParams, ErrorResponse, IdParams } from '@golf/contract/api/common';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth } from '../../platform/authorize';
import { readUploadedFile, registerImageUploads } from '../../platform/uploads';
import { appKeyRoutes } from './app-keys-routes';
import { removeClubLogo, setClubLogo } from './logo';
import { createClub, getClub, listClubNames, listClubs, regionOwnerIds, updateClub } from './service';

const tags = ['clubs'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

const uploadErrors = { ...errors, 413: ErrorResponse, 415: ErrorResponse, 422: ErrorResponse };

export function clubRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;
  app.get('/clubs', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(Club) } } }, async (request) =>
    listClubs(db, requireAuth(request).subject),
  );

  app.get('/clubs-list', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(ClubListItem) } } }, async (request) =>
    listClubNames(db, requireAuth(request).subject),
  );

  app.get('/clubs/:clubId/club', { config: { access: { club: 'clubId' }, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: Club, ...errors } } }, async (request) =>
    getClub(db, request.params.clubId),
  );

  app.put('/clubs/:id', { config: { access: { club: 'id' } }, schema: { tags, params: IdParams, body: UpdateClubBody, response: { 200: Club, ...errors } } }, async (request) => {
    // A club moved between regions changes its regions' owners' rights (§6): their cached sessions
    // are forgotten, so their next request has the new rights (as the regions screen does).
    const before = request.body.region_ids === undefined ? null : await regionOwnerIds(db, request.params.id);
    const club = await updateClub(db, requireAuth(request).subject, request.params.id, request.body);
    if (before) for (const userId of new Set([...before, ...(await regionOwnerIds(db, request.params.id))])) deps.sessions.forgetUser(userId);
    return club;
  });

  app.post('/clubs', { config: { access: { admin: true, denied: 'clubs.createAdminOnly' } }, schema: { tags, body: CreateClubBody, response: { 201: Club, ...errors } } }, async (request, reply) => {
    const club = await createClub(db, request.body);
    return reply.status(201).send(club);
  });

  // The logo (§7 'POST logo (round_data or rectangular_data)'), in a scope of its own that parses multipart.
  void app.register(async (scope) => {
    await registerImageUploads(scope);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const logoDeps = { db, storage: deps.storage, log: scope.log };

    typed.post(
      '/clubs/:clubId/logo',
      {
        config: { access: { club: 'clubId', roles: ['club-info'] } },
        schema: { tags, consumes: ['multipart/form-data'], params: ClubIdParams, response: { 200: Club, ...uploadErrors } },
      },
      async (request) => {
        const { clubId } = request.params;
        const file = await readUploadedFile(request, [LOGO_FIELDS.round, LOGO_FIELDS.rectangular]);
        return setClubLogo(logoDeps, clubId, file, file.field === LOGO_FIELDS.round ? 'round' : 'rectangular');
      },
    );

    typed.delete(
      '/clubs/:clubId/logo',
      { config: { access: { club: 'clubId', roles: ['club-info'] } }, schema: { tags, params: ClubIdParams, response: { 200: Club, ...errors } } },
      async (request) => removeClubLogo(logoDeps, request.params.clubId),
    );
  });

  appKeyRoutes(app, deps);
}

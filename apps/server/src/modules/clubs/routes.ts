import { z } from 'zod';
import { Club, ClubListItem, CreateClubBody, UpdateClubBody } from '@golf/contract/api/clubs';
import { ClubIdParams, ErrorResponse, IdParams } from '@golf/contract/api/common';
import { requireAuth, type AppDeps, type TypedApp } from '../../app';
import { createClub, getClub, listClubNames, listClubs, updateClub } from './service';

const tags = ['clubs'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export function clubRoutes(app: TypedApp, { db }: AppDeps) {
  app.get('/clubs', { schema: { tags, response: { 200: z.array(Club) } } }, async (request) =>
    listClubs(db, requireAuth(request).subject),
  );

  app.get('/clubs-list', { schema: { tags, response: { 200: z.array(ClubListItem) } } }, async (request) =>
    listClubNames(db, requireAuth(request).subject),
  );

  app.get('/clubs/:clubId/club', { schema: { tags, params: ClubIdParams, response: { 200: Club, ...errors } } }, async (request) =>
    getClub(db, requireAuth(request).subject, request.params.clubId),
  );

  app.put('/clubs/:id', { schema: { tags, params: IdParams, body: UpdateClubBody, response: { 200: Club, ...errors } } }, async (request) =>
    updateClub(db, requireAuth(request).subject, request.params.id, request.body),
  );

  app.post('/clubs', { schema: { tags, body: CreateClubBody, response: { 201: Club, ...errors } } }, async (request, reply) => {
    const club = await createClub(db, requireAuth(request).subject, request.body);
    return reply.status(201).send(club);
  });
}

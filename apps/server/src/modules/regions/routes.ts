import { z } from 'zod';
import { ErrorResponse } from '@golf/contract/api/common';
import { AdminRegion, OwnerCandidate, OwnerCandidatesQuery, RegionBody, RegionClubParams, RegionOwnerParams, RegionParams } from '@golf/contract/api/regions';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import type { ApiAccess } from '../../platform/authorize';
import { addClub, addOwner, createRegion, deleteRegion, listRegions, ownerCandidates, removeClub, removeOwner, renameRegion, type RegionChange } from './service';

const ADMIN = { admin: true } as const satisfies ApiAccess;
const tags = ['regions'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

/**
 * Regions (issue 26, /admin/regions): regions with their clubs and owners, for admins. A region's
 * owners manage its clubs (§6); who they are is read from the database with every session lookup,
 * so a change here forgets the affected users' cached sessions at once (platform/auth.ts
 * SessionCache): their next request has the new rights.
 */
export function regionRoutes(app: TypedApp, deps: AppDeps) {
  const { db, sessions } = deps;
  const applied = <T>(change: RegionChange<T>): T => {
    for (const userId of change.affectedUserIds) sessions.forgetUser(userId);
    return change.answer;
  };

  app.get('/admin/regions', { config: { access: ADMIN }, schema: { tags, response: { 200: z.array(AdminRegion), ...errors } } }, async () => listRegions(db));

  app.get(
    '/admin/regions/owner-candidates',
    { config: { access: ADMIN }, schema: { tags, querystring: OwnerCandidatesQuery, response: { 200: z.array(OwnerCandidate), ...errors } } },
    async (request) => ownerCandidates(db, request.query.q),
  );

  app.post('/admin/regions', { config: { access: ADMIN }, schema: { tags, body: RegionBody, response: { 201: AdminRegion, ...errors } } }, async (request, reply) =>
    reply.status(201).send(await createRegion(db, request.body.name)),
  );

  app.put('/admin/regions/:id', { config: { access: ADMIN }, schema: { tags, params: RegionParams, body: RegionBody, response: { 200: AdminRegion, ...errors } } }, async (request) =>
    renameRegion(db, request.params.id, request.body.name),
  );

  app.delete('/admin/regions/:id', { config: { access: ADMIN }, schema: { tags, params: RegionParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    applied(await deleteRegion(db, request.params.id));
    return reply.status(204).send(null);
  });

  app.put('/admin/regions/:id/clubs/:clubId', { config: { access: ADMIN }, schema: { tags, params: RegionClubParams, response: { 200: AdminRegion, ...errors } } }, async (request) =>
    applied(await addClub(db, request.params.id, request.params.clubId)),
  );

  app.delete('/admin/regions/:id/clubs/:clubId', { config: { access: ADMIN }, schema: { tags, params: RegionClubParams, response: { 200: AdminRegion, ...errors } } }, async (request) =>
    applied(await removeClub(db, request.params.id, request.params.clubId)),
  );

  app.put('/admin/regions/:id/owners/:userId', { config: { access: ADMIN }, schema: { tags, params: RegionOwnerParams, response: { 200: AdminRegion, ...errors } } }, async (request) =>
    applied(await addOwner(db, request.params.id, request.params.userId)),
  );

  app.delete('/admin/regions/:id/owners/:userId', { config: { access: ADMIN }, schema: { tags, params: RegionOwnerParams, response: { 200: AdminRegion, ...errors } } }, async (request) =>
    applied(await removeOwner(db, request.params.id, request.params.userId)),
  );
}

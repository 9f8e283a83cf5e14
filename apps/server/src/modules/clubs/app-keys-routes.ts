import { z } from 'zod';
import { AppKey, AppKeyParams, CreateAppKeyBody, CreatedAppKey } from '@golf/contract/api/app-keys';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { createAppKey, listAppKeys, revokeAppKey } from './app-keys-service';

const tags = ['clubs'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
/** Platform admins only (issue 22); a club that does not exist is the service's 404. */
const ADMIN = { admin: true } as const satisfies ApiAccess;

/**
 * A club's app keys (issue 22; contract api/app-keys.ts): list, create (the key answered this
 * once), revoke (refused at once, still listed). The app's own calls check them
 * (`{ app: 'clubId' }`, platform/authorize.ts).
 */
export function appKeyRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;
  app.get('/clubs/:clubId/app-keys', { config: { access: ADMIN }, schema: { tags, params: ClubIdParams, response: { 200: z.array(AppKey), ...errors } } }, async (request) =>
    listAppKeys(db, request.params.clubId),
  );

  app.post(
    '/clubs/:clubId/app-keys',
    { config: { access: ADMIN }, schema: { tags, params: ClubIdParams, body: CreateAppKeyBody, response: { 201: CreatedAppKey, ...errors } } },
    async (request, reply) => {
      const { key, row } = await createAppKey(db, { clubId: request.params.clubId, name: request.body.name, createdBy: requireAuth(request).userId });
      return reply.status(201).header('Cache-Control', 'no-store').send({ ...row, key });
    },
  );

  app.delete('/clubs/:clubId/app-keys/:id', { config: { access: ADMIN }, schema: { tags, params: AppKeyParams, response: { 200: AppKey, ...errors } } }, async (request) =>
    revokeAppKey(db, request.params.clubId, request.params.id),
  );
}

import { z } from 'zod';
import { ErrorResponse } from '@golf/contract/api/common';
import { AppCommunity, AppCommunityParams, AppUserParams, JoinBody } from '@golf/contract/api/communities-app';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import type { ApiAccess } from '../../platform/authorize';
import { golferCommunities, joinCommunity, leaveCommunity } from './members-service';

const tags = ['communities (app)'];
/** The golfers' app: the club's app key (X-App-Key) of the path's club. */
const APP = { app: 'clubId' } as const satisfies ApiAccess;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 413: ErrorResponse };

/** A display name and an email. */
const JOIN_BODY_BYTES = 16 * 1024;

/**
 * The golfers' app's side of communities (issue 24; contract api/communities-app.ts): the
 * communities a golfer sees (open ones, and hidden ones they are in; none they are banned from),
 * joining (a hidden one only on an invitation, matched by the invited member's email) and leaving.
 */
export function registerAppCommunityRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;

  app.get(
    '/app/clubs/:clubId/users/:appUserId/communities',
    { config: { access: APP }, schema: { tags, params: AppUserParams, response: { 200: z.array(AppCommunity), ...errors } } },
    async (request) => golferCommunities(db, request.params.clubId, request.params.appUserId),
  );

  app.post(
    '/app/clubs/:clubId/users/:appUserId/communities/:communityId/join',
    {
      config: { access: APP },
      bodyLimit: JOIN_BODY_BYTES,
      schema: { tags, params: AppCommunityParams, body: JoinBody, response: { 200: AppCommunity, ...errors } },
    },
    async (request) => {
      const { clubId, communityId, appUserId } = request.params;
      return joinCommunity(db, clubId, communityId, appUserId, request.body);
    },
  );

  app.delete(
    '/app/clubs/:clubId/users/:appUserId/communities/:communityId/membership',
    { config: { access: APP }, schema: { tags, params: AppCommunityParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { clubId, communityId, appUserId } = request.params;
      await leaveCommunity(db, clubId, communityId, appUserId);
      return reply.status(204).send(null);
    },
  );
}

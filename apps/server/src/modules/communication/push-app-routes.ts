import { z } from 'zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { PushSubscriptionBody, PushSubscriptionDeleteBody, PushSubscriptionResponse } from '@golf/contract/api/communication-app';
import { AppUserParams } from '@golf/contract/api/insights-app';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import type { ApiAccess } from '../../platform/authorize';
import { removePushSubscription, savePushSubscription } from './notifications-service';
import { vapidKeys } from './vapid';

const tags = ['communication (app)'];
/** The golfers' app: the club's app key (X-App-Key) of the path's club. */
const APP = { app: 'clubId' } as const satisfies ApiAccess;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 413: ErrorResponse };
/** A subscription is an endpoint (≤ 1 KB) and two keys. */
const SUBSCRIPTION_BODY_BYTES = 4 * 1024;

/** The server's VAPID public key: the app subscribes with it (`applicationServerKey`). */
export const PushKey = z.object({ public_key: z.string() });

/**
 * The app's side of Web Push (issue 23; contract api/communication-app.ts): the key to subscribe
 * with, and the devices' subscriptions of the club's app users (the user must be known: PUT
 * users/{appUserId} of insights first).
 */
export function registerPushAppRoutes(app: TypedApp, deps: AppDeps) {
  const { db, config } = deps;

  app.get(
    '/app/clubs/:clubId/push-key',
    { config: { access: APP }, schema: { tags, params: ClubIdParams, response: { 200: PushKey, ...errors } } },
    async () => ({ public_key: (await vapidKeys(db, config)).publicKey }),
  );

  app.put(
    '/app/clubs/:clubId/users/:appUserId/push-subscription',
    {
      config: { access: APP },
      bodyLimit: SUBSCRIPTION_BODY_BYTES,
      schema: { tags, params: AppUserParams, body: PushSubscriptionBody, response: { 200: PushSubscriptionResponse, 201: PushSubscriptionResponse, ...errors } },
    },
    async (request, reply) => {
      const saved = await savePushSubscription(db, request.params.clubId, request.params.appUserId, request.body);
      return reply.status(saved.created ? 201 : 200).send(saved);
    },
  );

  app.delete(
    '/app/clubs/:clubId/users/:appUserId/push-subscription',
    {
      config: { access: APP },
      bodyLimit: SUBSCRIPTION_BODY_BYTES,
      schema: { tags, params: AppUserParams, body: PushSubscriptionDeleteBody, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removePushSubscription(db, request.params.clubId, request.params.appUserId, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}

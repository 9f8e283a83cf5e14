import { z } from 'zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { GuidesQuery, NotificationBody, NotificationItem, SubscriberCount } from '@golf/contract/api/communication';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { listNotifications, sendNotification, subscriberCount } from './notifications-service';

const tags = ['communication'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
/** Messages to the followers: role `communication` in the path's club (§2 Communication). */
const COMMUNICATION = { club: 'clubId', roles: ['communication'] } as const satisfies ApiAccess;

/**
 * The messages screen (§7 `clubs/{clubId}/notifications`, issue 23): the sent messages newest
 * first with their delivery counts, sending one (202: stored and queued, delivered by the job),
 * and the count of the followers a message would reach (`?guides=1&guides=2`).
 */
export function registerNotificationRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;

  app.get(
    '/clubs/:clubId/notifications',
    { config: { access: COMMUNICATION }, schema: { tags, params: ClubIdParams, response: { 200: z.array(NotificationItem), ...errors } } },
    async (request) => listNotifications(db, request.params.clubId),
  );

  app.post(
    '/clubs/:clubId/notifications',
    {
      config: { access: COMMUNICATION },
      // 1,000 characters (up to 6 bytes each in JSON), an address and 100 guide ids.
      bodyLimit: 16 * 1024,
      schema: { tags, params: ClubIdParams, body: NotificationBody, response: { 202: NotificationItem, ...errors } },
    },
    async (request, reply) => {
      const { body, url, guides } = request.body;
      const item = await sendNotification(db, request.params.clubId, { body, url: url ?? null, guideIds: guides ?? [] }, requireAuth(request).userId);
      return reply.status(202).send(item);
    },
  );

  app.get(
    '/clubs/:clubId/notifications/subscribers',
    { config: { access: COMMUNICATION }, schema: { tags, params: ClubIdParams, querystring: GuidesQuery, response: { 200: SubscriberCount, ...errors } } },
    async (request) => subscriberCount(db, request.params.clubId, request.query.guides),
  );
}

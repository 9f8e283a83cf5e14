import { z } from 'zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { AppFeedPost, FeedViewsBody, FeedViewsResponse } from '@golf/contract/api/communication-app';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import type { ApiAccess } from '../../platform/authorize';
import { appFeed, recordViews } from './feed-service';

const tags = ['communication (app)'];
/** The golfers' app: the club's app key (X-App-Key) of the path's club. */
const APP = { app: 'clubId' } as const satisfies ApiAccess;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 413: ErrorResponse };

/** At most FEED_VIEWS_PER_CALL_MAX short rows. */
const VIEWS_BODY_BYTES = 64 * 1024;

/**
 * The golfers' app's side of the news feed (issue 23; contract api/communication-app.ts): the
 * posts it shows (published to the app, not ended; newest first) and the views it reports. Views
 * of a post that is not one of the club's app posts are ignored and not counted in `stored`.
 */
export function registerFeedAppRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;

  app.get(
    '/app/clubs/:clubId/feed',
    { config: { access: APP }, schema: { tags, params: ClubIdParams, response: { 200: z.array(AppFeedPost), ...errors } } },
    async (request) => appFeed(db, request.params.clubId),
  );

  app.post(
    '/app/clubs/:clubId/feed/views',
    {
      config: { access: APP },
      bodyLimit: VIEWS_BODY_BYTES,
      schema: { tags, params: ClubIdParams, body: FeedViewsBody, response: { 200: FeedViewsResponse, ...errors } },
    },
    async (request) => recordViews(db, request.params.clubId, request.body.views),
  );
}

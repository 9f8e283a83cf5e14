import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClubIdParams, ErrorResponse, IdParam } from '@golf/contract/api/common';
import { ExternalFeed, ExternalFeedBody, ExternalFeedItem, FeedPost, FeedPostBody, FeedStats } from '@golf/contract/api/communication';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { readUploadedFile, registerImageUploads } from '../../platform/uploads';
import { addFeed, deleteFeed, listFeeds, listItems, refreshFeed } from './external-feeds-service';
import { assertPostOfClub, createPost, deletePost, feedStats, listPosts, removePostImage, setPostImage, updatePost } from './feed-service';

const tags = ['communication'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const uploadErrors = { ...errors, 413: ErrorResponse, 415: ErrorResponse, 422: ErrorResponse };

/** The news feed: role `communication` in the club of the path (§2 /some/feed). */
const COMMUNICATION = { club: 'clubId', roles: ['communication'] } as const satisfies ApiAccess;

const FeedPostParams = z.object({ clubId: IdParam, id: IdParam });
const ExternalFeedParams = z.object({ clubId: IdParam, id: IdParam });
/** The multipart field of a post's image (as the other image uploads). */
const POST_IMAGE_FIELD = 'data';

/**
 * A post is at most 5000 characters and a link: 256 KB leaves room for any escaping, and a
 * longer text is still read and refused by the schema (400, not 413).
 */
const POST_BODY_BYTES = 256 * 1024;

/**
 * The news feed (§2 /some/feed, §7; issue 23): posts and their images, the stats, and the
 * external feeds the club follows with their items. The answers depend on the clock (a post's
 * state) or on the outside (a feed's fetch), so none is kept in the read cache.
 */
export function registerFeedRoutes(app: TypedApp, deps: AppDeps) {
  const { db, config } = deps;

  app.get(
    '/clubs/:clubId/feed/posts',
    { config: { access: COMMUNICATION }, schema: { tags, params: ClubIdParams, response: { 200: z.array(FeedPost), ...errors } } },
    async (request) => listPosts(db, request.params.clubId),
  );

  app.post(
    '/clubs/:clubId/feed/posts',
    {
      config: { access: COMMUNICATION },
      bodyLimit: POST_BODY_BYTES,
      schema: { tags, params: ClubIdParams, body: FeedPostBody, response: { 201: FeedPost, ...errors, 413: ErrorResponse } },
    },
    async (request, reply) => reply.status(201).send(await createPost(db, request.params.clubId, request.body, requireAuth(request).userId)),
  );

  app.put(
    '/clubs/:clubId/feed/posts/:id',
    {
      config: { access: COMMUNICATION },
      bodyLimit: POST_BODY_BYTES,
      schema: { tags, params: FeedPostParams, body: FeedPostBody, response: { 200: FeedPost, ...errors, 413: ErrorResponse } },
    },
    async (request) => updatePost(db, request.params.clubId, request.params.id, request.body),
  );

  app.get(
    '/clubs/:clubId/feed/stats',
    { config: { access: COMMUNICATION }, schema: { tags, params: ClubIdParams, response: { 200: FeedStats, ...errors } } },
    async (request) => feedStats(db, config, request.params.clubId),
  );

  app.get(
    '/clubs/:clubId/feed/subscriptions',
    { config: { access: COMMUNICATION }, schema: { tags, params: ClubIdParams, response: { 200: z.array(ExternalFeed), ...errors } } },
    async (request) => listFeeds(db, request.params.clubId),
  );

  app.post(
    '/clubs/:clubId/feed/subscriptions',
    {
      config: { access: COMMUNICATION },
      bodyLimit: 16 * 1024,
      schema: { tags, params: ClubIdParams, body: ExternalFeedBody, response: { 201: ExternalFeed, ...errors, 409: ErrorResponse } },
    },
    async (request, reply) => reply.status(201).send(await addFeed(db, config, request.params.clubId, request.body.url, requireAuth(request).userId)),
  );

  app.delete(
    '/clubs/:clubId/feed/subscriptions/:id',
    { config: { access: COMMUNICATION }, schema: { tags, params: ExternalFeedParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteFeed(db, request.params.clubId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/clubs/:clubId/feed/subscriptions/:id/refresh',
    { config: { access: COMMUNICATION }, schema: { tags, params: ExternalFeedParams, response: { 200: ExternalFeed, ...errors } } },
    async (request) => refreshFeed(db, config, request.params.clubId, request.params.id),
  );

  app.get(
    '/clubs/:clubId/feed/items',
    { config: { access: COMMUNICATION }, schema: { tags, params: ClubIdParams, response: { 200: z.array(ExternalFeedItem), ...errors } } },
    async (request) => listItems(db, request.params.clubId),
  );

  // The post's deletion and its image, in a scope of its own that parses multipart.
  void app.register(async (scope) => {
    await registerImageUploads(scope);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const fileDeps = { db, storage: deps.storage, log: scope.log };

    typed.delete(
      '/clubs/:clubId/feed/posts/:id',
      { config: { access: COMMUNICATION }, schema: { tags, params: FeedPostParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deletePost(fileDeps, request.params.clubId, request.params.id);
        return reply.status(204).send(null);
      },
    );

    typed.post(
      '/clubs/:clubId/feed/posts/:id/image',
      {
        config: { access: COMMUNICATION },
        schema: { tags, consumes: ['multipart/form-data'], params: FeedPostParams, response: { 200: FeedPost, ...uploadErrors } },
      },
      async (request) => {
        const { clubId, id } = request.params;
        // Another club's post is refused before the upload is read.
        await assertPostOfClub(db, clubId, id);
        const file = await readUploadedFile(request, [POST_IMAGE_FIELD]);
        return setPostImage(fileDeps, clubId, id, file);
      },
    );

    typed.delete(
      '/clubs/:clubId/feed/posts/:id/image',
      { config: { access: COMMUNICATION }, schema: { tags, params: FeedPostParams, response: { 200: FeedPost, ...errors } } },
      async (request) => removePostImage(fileDeps, request.params.clubId, request.params.id),
    );
  });
}

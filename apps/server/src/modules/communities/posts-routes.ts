import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@golf/contract/api/common';
import {
  CommentBody,
  CommentEditBody,
  CommentImageParams,
  CommentModerationBody,
  CommentParams,
  CommunityComment,
  CommunityImage,
  CommunityParams,
  CommunityPost,
  CommunityReply,
  ModerationLogPage,
  ModerationLogQuery,
  PostBody,
  PostImageParams,
  PostModerationBody,
  PostParams,
  PostsPage,
  PostsQuery,
} from '@golf/contract/api/communities';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { readUploadedFile, registerImageUploads } from '../../platform/uploads';
import type { Actor } from './access';
import { createComment, deleteComment, listComments, updateComment } from './comments-service';
import { addImage, assertImageCanBeAdded, deleteImage, type ImageOwner } from './images-service';
import { moderatePost, moderationLog, restoreComment } from './moderation-service';
import { createPost, deletePost, listPosts, updatePost } from './posts-service';

const tags = ['communities'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const writeErrors = { ...errors, 409: ErrorResponse, 413: ErrorResponse };
const uploadErrors = { ...errors, 409: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse, 422: ErrorResponse };

/** Role `communities` in the club of the path; which communities the user manages is checked inside (communityInScope). */
const COMMUNITIES = { club: 'clubId', roles: ['communities'] } as const satisfies ApiAccess;

/**
 * A post is at most 5000 characters and a comment 2000: 64 KB leaves room for any escaping, and
 * a body of 100 KB is refused before it is read (413).
 */
const TEXT_BODY_BYTES = 64 * 1024;
const SMALL_BODY_BYTES = 4 * 1024;

/** The multipart field of an image (as the other image uploads). */
const IMAGE_FIELD = 'data';

/** What a new comment, an edit or a restore answers: a comment (with its replies) or a reply. */
const CommentOrReply = z.union([CommunityComment, CommunityReply]);

const actorOf = (request: Parameters<typeof requireAuth>[0]): Actor => {
  const { userId, subject } = requireAuth(request);
  return { userId, subject };
};

/**
 * The posts of a community and what goes with them (issue 24; contract api/communities.ts): posts,
 * their images and moderation, comments and replies with their images and moderation, and the
 * moderation log. Every call starts with the community's scope: another club's community, one
 * the user does not manage, and ids of another community answer 404.
 */
export function registerPostRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;
  const C = '/clubs/:clubId/communities/:communityId';

  app.get(
    `${C}/posts`,
    { config: { access: COMMUNITIES }, schema: { tags, params: CommunityParams, querystring: PostsQuery, response: { 200: PostsPage, ...errors } } },
    async (request) => listPosts(db, actorOf(request), request.params.clubId, request.params.communityId, request.query),
  );

  app.post(
    `${C}/posts`,
    {
      config: { access: COMMUNITIES },
      bodyLimit: TEXT_BODY_BYTES,
      schema: { tags, params: CommunityParams, body: PostBody, response: { 201: CommunityPost, ...writeErrors } },
    },
    async (request, reply) => {
      const { clubId, communityId } = request.params;
      return reply.status(201).send(await createPost(db, actorOf(request), clubId, communityId, request.body));
    },
  );

  app.put(
    `${C}/posts/:postId`,
    {
      config: { access: COMMUNITIES },
      bodyLimit: TEXT_BODY_BYTES,
      schema: { tags, params: PostParams, body: PostBody, response: { 200: CommunityPost, ...writeErrors } },
    },
    async (request) => {
      const { clubId, communityId, postId } = request.params;
      return updatePost(db, actorOf(request), clubId, communityId, postId, request.body);
    },
  );

  app.post(
    `${C}/posts/:postId/moderation`,
    {
      config: { access: COMMUNITIES },
      bodyLimit: SMALL_BODY_BYTES,
      schema: { tags, params: PostParams, body: PostModerationBody, response: { 200: CommunityPost, ...errors } },
    },
    async (request) => {
      const { clubId, communityId, postId } = request.params;
      return moderatePost(db, actorOf(request), clubId, communityId, postId, request.body.action);
    },
  );

  app.get(
    `${C}/posts/:postId/comments`,
    { config: { access: COMMUNITIES }, schema: { tags, params: PostParams, response: { 200: z.array(CommunityComment), ...errors } } },
    async (request) => {
      const { clubId, communityId, postId } = request.params;
      return listComments(db, actorOf(request), clubId, communityId, postId);
    },
  );

  app.post(
    `${C}/posts/:postId/comments`,
    {
      config: { access: COMMUNITIES },
      bodyLimit: TEXT_BODY_BYTES,
      schema: { tags, params: PostParams, body: CommentBody, response: { 201: CommentOrReply, ...writeErrors } },
    },
    async (request, reply) => {
      const { clubId, communityId, postId } = request.params;
      return reply.status(201).send(await createComment(db, actorOf(request), clubId, communityId, postId, request.body));
    },
  );

  app.put(
    `${C}/comments/:commentId`,
    {
      config: { access: COMMUNITIES },
      bodyLimit: TEXT_BODY_BYTES,
      schema: { tags, params: CommentParams, body: CommentEditBody, response: { 200: CommentOrReply, ...writeErrors } },
    },
    async (request) => {
      const { clubId, communityId, commentId } = request.params;
      return updateComment(db, actorOf(request), clubId, communityId, commentId, request.body);
    },
  );

  app.post(
    `${C}/comments/:commentId/moderation`,
    {
      config: { access: COMMUNITIES },
      bodyLimit: SMALL_BODY_BYTES,
      schema: { tags, params: CommentParams, body: CommentModerationBody, response: { 200: CommentOrReply, ...errors } },
    },
    async (request) => {
      const { clubId, communityId, commentId } = request.params;
      return restoreComment(db, actorOf(request), clubId, communityId, commentId);
    },
  );

  app.get(
    `${C}/moderation-log`,
    { config: { access: COMMUNITIES }, schema: { tags, params: CommunityParams, querystring: ModerationLogQuery, response: { 200: ModerationLogPage, ...errors } } },
    async (request) => moderationLog(db, actorOf(request), request.params.clubId, request.params.communityId, request.query.before),
  );

  // Deletions (their stored files are deleted after the commit) and images, in a scope of their
  // own that parses multipart.
  void app.register(async (scope) => {
    await registerImageUploads(scope);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const fileDeps = { db, storage: deps.storage, log: scope.log };

    typed.delete(
      `${C}/posts/:postId`,
      { config: { access: COMMUNITIES }, schema: { tags, params: PostParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const { clubId, communityId, postId } = request.params;
        await deletePost(fileDeps, actorOf(request), clubId, communityId, postId);
        return reply.status(204).send(null);
      },
    );

    typed.delete(
      `${C}/comments/:commentId`,
      { config: { access: COMMUNITIES }, schema: { tags, params: CommentParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const { clubId, communityId, commentId } = request.params;
        await deleteComment(fileDeps, actorOf(request), clubId, communityId, commentId);
        return reply.status(204).send(null);
      },
    );

    /** Checks before the upload is read (scope, the author, the cap), then reads, encodes and records it. */
    const upload = async (request: Parameters<typeof readUploadedFile>[0] & Parameters<typeof requireAuth>[0], clubId: number, communityId: number, owner: ImageOwner) => {
      const actor = actorOf(request);
      await assertImageCanBeAdded(db, actor, clubId, communityId, owner);
      const file = await readUploadedFile(request, [IMAGE_FIELD]);
      return addImage(fileDeps, actor, clubId, communityId, owner, file);
    };

    typed.post(
      `${C}/posts/:postId/images`,
      {
        config: { access: COMMUNITIES },
        schema: { tags, consumes: ['multipart/form-data'], params: PostParams, response: { 201: CommunityImage, ...uploadErrors } },
      },
      async (request, reply) => {
        const { clubId, communityId, postId } = request.params;
        return reply.status(201).send(await upload(request, clubId, communityId, { kind: 'post', id: postId }));
      },
    );

    typed.delete(
      `${C}/posts/:postId/images/:imageId`,
      { config: { access: COMMUNITIES }, schema: { tags, params: PostImageParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const { clubId, communityId, postId, imageId } = request.params;
        await deleteImage(fileDeps, actorOf(request), clubId, communityId, { kind: 'post', id: postId }, imageId);
        return reply.status(204).send(null);
      },
    );

    typed.post(
      `${C}/comments/:commentId/images`,
      {
        config: { access: COMMUNITIES },
        schema: { tags, consumes: ['multipart/form-data'], params: CommentParams, response: { 201: CommunityImage, ...uploadErrors } },
      },
      async (request, reply) => {
        const { clubId, communityId, commentId } = request.params;
        return reply.status(201).send(await upload(request, clubId, communityId, { kind: 'comment', id: commentId }));
      },
    );

    typed.delete(
      `${C}/comments/:commentId/images/:imageId`,
      { config: { access: COMMUNITIES }, schema: { tags, params: CommentImageParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const { clubId, communityId, commentId, imageId } = request.params;
        await deleteImage(fileDeps, actorOf(request), clubId, communityId, { kind: 'comment', id: commentId }, imageId);
        return reply.status(204).send(null);
      },
    );
  });
}

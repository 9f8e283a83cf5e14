import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import {
  CommentImageParams,
  CommentParams,
  CommentsQuery,
  CreateTrackingCommentBody,
  TrackingComment,
  TrackingCommentImage,
  UpdateTrackingCommentBody,
} from '@golf/contract/api/greenkeeper';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth } from '../../platform/authorize';
import { readUploadedFile, registerImageUploads } from '../../platform/uploads';
import { TECH_MAP } from './access';
import { addImage, assertImageCanBeAdded, deleteImage } from './comment-images-service';
import { createComment, deleteComment, listComments, updateComment } from './comments-service';

const tags = ['greenkeeper'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const writeErrors = { ...errors, 413: ErrorResponse };
const uploadErrors = { ...errors, 409: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse, 422: ErrorResponse };

/** A comment is at most 5000 characters: 64 KB leaves room for any escaping, and a larger body is refused before it is read (413). */
const TEXT_BODY_BYTES = 64 * 1024;

/**
 * The multipart field of a comment's image: `file` (the tech map's), or `data` as the other image
 * uploads of the console send it.
 */
const IMAGE_FIELDS = ['file', 'data'] as const;

/**
 * The log book of the tracking groups (issue 25; contract api/greenkeeper.ts; role `tech-map`):
 * a group's comments newest first, write, edit, delete, and their images one per upload. A
 * comment or image of another club answers 404, and so does an image through another comment.
 */
export function registerTrackingCommentRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;
  const C = '/clubs/:clubId/tracking-groups/comments';

  app.get(
    C,
    {
      config: { access: TECH_MAP, readCache: true },
      schema: { tags, params: ClubIdParams, querystring: CommentsQuery, response: { 200: z.array(TrackingComment), ...errors } },
    },
    async (request) => listComments(db, request.params.clubId, request.query.trackingGroupId),
  );

  app.post(
    C,
    {
      config: { access: TECH_MAP },
      bodyLimit: TEXT_BODY_BYTES,
      schema: { tags, params: ClubIdParams, body: CreateTrackingCommentBody, response: { 201: TrackingComment, ...writeErrors } },
    },
    async (request, reply) => reply.status(201).send(await createComment(db, request.params.clubId, requireAuth(request).userId, request.body)),
  );

  app.put(
    `${C}/:commentId`,
    {
      config: { access: TECH_MAP },
      bodyLimit: TEXT_BODY_BYTES,
      schema: { tags, params: CommentParams, body: UpdateTrackingCommentBody, response: { 200: TrackingComment, ...writeErrors } },
    },
    async (request) => updateComment(db, request.params.clubId, request.params.commentId, request.body),
  );

  // Deletions (their stored files are deleted after the commit) and images, in a scope of their
  // own that parses multipart.
  void app.register(async (scope) => {
    await registerImageUploads(scope);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const fileDeps = { db, storage: deps.storage, log: scope.log };

    typed.delete(
      `${C}/:commentId`,
      { config: { access: TECH_MAP }, schema: { tags, params: CommentParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteComment(fileDeps, request.params.clubId, request.params.commentId);
        return reply.status(204).send(null);
      },
    );

    typed.post(
      `${C}/:commentId/images`,
      {
        config: { access: TECH_MAP },
        schema: { tags, consumes: ['multipart/form-data'], params: CommentParams, response: { 201: TrackingCommentImage, ...uploadErrors } },
      },
      async (request, reply) => {
        const { clubId, commentId } = request.params;
        // Checked before the body is read: the comment is the club's and has room for one more.
        await assertImageCanBeAdded(db, clubId, commentId);
        const file = await readUploadedFile(request, IMAGE_FIELDS);
        return reply.status(201).send(await addImage(fileDeps, clubId, commentId, file));
      },
    );

    typed.delete(
      `${C}/:commentId/images/:imageId`,
      { config: { access: TECH_MAP }, schema: { tags, params: CommentImageParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const { clubId, commentId, imageId } = request.params;
        await deleteImage(fileDeps, clubId, commentId, imageId);
        return reply.status(204).send(null);
      },
    );
  });
}

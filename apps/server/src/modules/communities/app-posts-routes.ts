import { z } from 'zod';
import { ErrorResponse } from '@golf/contract/api/common';
import {
  AppComment,
  AppCommentBody,
  AppCommunityParams,
  AppPost,
  AppPostBody,
  AppPostParams,
  AppPostsPage,
  AppPostsQuery,
  ReportBody,
  ReportResponse,
} from '@golf/contract/api/communities-app';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import type { ApiAccess } from '../../platform/authorize';
import { createAppComment, listAppComments } from './comments-service';
import { reportItem } from './moderation-service';
import { createAppPost, listAppPosts } from './posts-service';

const tags = ['communities (app)'];
/** The golfers' app: the club's app key (X-App-Key) of the path's club. */
const APP = { app: 'clubId' } as const satisfies ApiAccess;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const writeErrors = { ...errors, 409: ErrorResponse, 413: ErrorResponse };

/** A post is at most 5000 characters: 64 KB leaves room for any escaping; 100 KB is refused unread (413). */
const TEXT_BODY_BYTES = 64 * 1024;

/**
 * The golfers' app's side of a community's posts (issue 24; contract api/communities-app.ts):
 * read posts and comments, post, comment and reply, and report. The golfer's standing is checked
 * first on every call (golferStanding): a hidden community is 404 to a golfer who is not in it, a
 * banned golfer is refused, a muted one reads but does not write until the mute ends; posts and
 * comments reports hid are shown only to their authors.
 */
export function registerAppPostRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;
  const C = '/app/clubs/:clubId/users/:appUserId/communities/:communityId';

  app.get(
    `${C}/posts`,
    { config: { access: APP }, schema: { tags, params: AppCommunityParams, querystring: AppPostsQuery, response: { 200: AppPostsPage, ...errors } } },
    async (request) => {
      const { clubId, communityId, appUserId } = request.params;
      return listAppPosts(db, clubId, communityId, appUserId, request.query.before);
    },
  );

  app.post(
    `${C}/posts`,
    {
      config: { access: APP },
      bodyLimit: TEXT_BODY_BYTES,
      schema: { tags, params: AppCommunityParams, body: AppPostBody, response: { 201: AppPost, ...writeErrors } },
    },
    async (request, reply) => {
      const { clubId, communityId, appUserId } = request.params;
      return reply.status(201).send(await createAppPost(db, clubId, communityId, appUserId, request.body));
    },
  );

  app.get(
    `${C}/posts/:postId/comments`,
    { config: { access: APP }, schema: { tags, params: AppPostParams, response: { 200: z.array(AppComment), ...errors } } },
    async (request) => {
      const { clubId, communityId, appUserId, postId } = request.params;
      return listAppComments(db, clubId, communityId, appUserId, postId);
    },
  );

  app.post(
    `${C}/posts/:postId/comments`,
    {
      config: { access: APP },
      bodyLimit: TEXT_BODY_BYTES,
      schema: { tags, params: AppPostParams, body: AppCommentBody, response: { 201: AppComment, ...writeErrors } },
    },
    async (request, reply) => {
      const { clubId, communityId, appUserId, postId } = request.params;
      return reply.status(201).send(await createAppComment(db, clubId, communityId, appUserId, postId, request.body));
    },
  );

  app.post(
    `${C}/reports`,
    {
      config: { access: APP },
      bodyLimit: 16 * 1024,
      schema: { tags, params: AppCommunityParams, body: ReportBody, response: { 201: ReportResponse, ...writeErrors } },
    },
    async (request, reply) => {
      const { clubId, communityId, appUserId } = request.params;
      return reply.status(201).send(await reportItem(db, clubId, communityId, appUserId, request.body));
    },
  );
}

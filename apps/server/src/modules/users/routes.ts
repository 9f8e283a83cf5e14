import { z } from 'zod';
import { ClubIdParams, ErrorResponse, IdParams } from '@golf/contract/api/common';
import { Profile, ProfileUpdateBody } from '@golf/contract/api/session';
import {
  ClubUser,
  ClubUserParams,
  ClubUsersResponse,
  CreateUserBody,
  CreateUserResponse,
  UpdateRolesBody,
  UserSummary,
} from '@golf/contract/api/users';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth } from '../../platform/authorize';
import { bearerToken, loadSession } from '../../platform/auth';
import { USER_MANAGEMENT } from './access';
import { createClubUser, listClubUsers, removeClubUser, setClubUserRoles, updateProfile } from './service';

const tags = ['users'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

export function userRoutes(app: TypedApp, { db, sessions, mailer, config }: AppDeps) {
  app.put(
    '/users/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: IdParams,
        body: ProfileUpdateBody,
        response: { 200: z.union([Profile, UserSummary]), ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const other = await updateProfile(db, auth, request.params.id, request.body);
      sessions.forgetUser(request.params.id);
      if (other) return other;
      const fresh = await loadSession(db, bearerToken(request.headers.authorization) ?? '');
      return (fresh ?? auth).profile;
    },
  );

  app.get(
    '/clubs/:clubId/users',
    { config: { access: USER_MANAGEMENT, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: ClubUsersResponse, ...errors } } },
    async (request) => {
      const { clubId } = request.params;
      return listClubUsers(db, clubId);
    },
  );

  app.post(
    '/clubs/:clubId/users',
    { config: { access: USER_MANAGEMENT }, schema: { tags, params: ClubIdParams, body: CreateUserBody, response: { 201: CreateUserResponse, ...errors } } },
    async (request, reply) => {
      const { clubId } = request.params;
      const { subject } = requireAuth(request);
      const created = await createClubUser(
        { db, mailer, publicUrl: config.publicUrl, log: (err) => request.log.error({ err }, 'invitation mail failed') },
        subject,
        clubId,
        request.body,
      );
      sessions.forgetUser(created.user.id);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/clubs/:clubId/users/:id/roles',
    { config: { access: USER_MANAGEMENT }, schema: { tags, params: ClubUserParams, body: UpdateRolesBody, response: { 200: ClubUser, ...errors } } },
    async (request) => {
      const { clubId, id } = request.params;
      const { subject } = requireAuth(request);
      const user = await setClubUserRoles(db, subject, clubId, id, request.body.roles);
      sessions.forgetUser(id);
      return user;
    },
  );

  app.delete(
    '/clubs/:clubId/users/:id',
    {
      config: { access: USER_MANAGEMENT },
      schema: {
        tags,
        params: ClubUserParams,
        response: { 200: z.object({ ok: z.literal(true), account_deleted: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const { clubId, id } = request.params;
      const auth = requireAuth(request);
      const result = await removeClubUser(db, auth, clubId, id);
      sessions.forgetUser(id);
      return { ok: true as const, ...result };
    },
  );
}

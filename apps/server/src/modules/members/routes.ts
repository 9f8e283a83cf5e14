import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import {
  ImportBody,
  ImportResult,
  InvitationsResponse,
  Member,
  MemberIdsBody,
  MemberParams,
  MEMBERS_IMPORT_LIMITS,
  MembersQuery,
  MembersResponse,
  MemberStatusBody,
  RemovalsResponse,
  UploadResponse,
} from '@golf/contract/api/members';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth } from '../../platform/authorize';
import { readCacheUntil } from '../../platform/read-cache';
import { badRequest } from '../../platform/errors';
import { fileTooLarge, readMultipartFile, registerUploads } from '../../platform/uploads';
import { USER_MANAGEMENT } from '../users';
import { importMembers } from './import-service';
import { inviteMembers } from './invitations-service';
import { exportMembersCsv, listMembers, recentlyMailedUntil, removeMembers, setMemberStatus } from './list-service';
import { createUpload } from './upload-service';

const tags = ['members'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 413: ErrorResponse, 502: ErrorResponse };

/** Members import (§2, §5): uploads, imports, the member lists, invitations, removal and bans. */
export function memberRoutes(app: TypedApp, deps: AppDeps) {
  const { db, storage, mailer } = deps;

  // The upload is the one multipart call: the parser lives in this scope only.
  app.register(async (scope) => {
    await registerUploads(scope, { maxBytes: MEMBERS_IMPORT_LIMITS.maxFileBytes });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/clubs/:clubId/members/uploads',
      {
        config: { access: USER_MANAGEMENT },
        bodyLimit: MEMBERS_IMPORT_LIMITS.maxFileBytes + 1024 * 1024,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: 'A CSV or XLSX file in the multipart field `file`.',
          params: ClubIdParams,
          response: { 201: UploadResponse, ...errors, 503: ErrorResponse },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const { clubId } = request.params;
        if (!request.isMultipart()) throw badRequest('members.sendMultipart');
        const file = await readMultipartFile(request, {
          fields: ['file'],
          noun: 'file',
          tooLarge: () => fileTooLarge(MEMBERS_IMPORT_LIMITS.maxFileBytes),
        });
        const upload = await createUpload({ db, storage }, { clubId, userId: auth.userId, fileName: file.filename || 'members', data: file.buffer });
        return reply.status(201).send(upload);
      },
    );
  });

  app.post(
    '/clubs/:clubId/members/imports',
    { config: { access: USER_MANAGEMENT }, schema: { tags, params: ClubIdParams, body: ImportBody, response: { 200: ImportResult, ...errors } } },
    async (request) => {
      const { clubId } = request.params;
      return importMembers({ db, storage }, clubId, request.body);
    },
  );

  app.get(
    '/clubs/:clubId/members',
    { config: { access: USER_MANAGEMENT, readCache: true }, schema: { tags, params: ClubIdParams, querystring: MembersQuery, response: { 200: MembersResponse, ...errors } } },
    async (request) => {
      const { clubId } = request.params;
      const page = await listMembers(db, clubId, request.query);
      // recently_mailed turns false by the clock: a kept page holds until the first one does.
      readCacheUntil(request, recentlyMailedUntil(page.items));
      return page;
    },
  );

  app.get(
    '/clubs/:clubId/members/export',
    {
      config: { access: USER_MANAGEMENT },
      schema: {
        tags,
        params: ClubIdParams,
        querystring: MembersQuery.pick({ filter: true, search: true }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { clubId } = request.params;
      const csv = await exportMembersCsv(db, clubId, request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="members-${clubId}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/clubs/:clubId/members/invitations',
    { config: { access: USER_MANAGEMENT }, schema: { tags, params: ClubIdParams, body: MemberIdsBody, response: { 200: InvitationsResponse, ...errors } } },
    async (request) => {
      const { clubId } = request.params;
      return inviteMembers({ db, mailer, log: (err) => request.log.error({ err }, 'invitation mail failed') }, clubId, request.body.ids);
    },
  );

  app.post(
    '/clubs/:clubId/members/removals',
    { config: { access: USER_MANAGEMENT }, schema: { tags, params: ClubIdParams, body: MemberIdsBody, response: { 200: RemovalsResponse, ...errors } } },
    async (request) => {
      const { clubId } = request.params;
      return { removed: await removeMembers(db, clubId, request.body.ids) };
    },
  );

  app.put(
    '/clubs/:clubId/members/:id',
    { config: { access: USER_MANAGEMENT }, schema: { tags, params: MemberParams, body: MemberStatusBody, response: { 200: Member, ...errors } } },
    async (request) => {
      const { clubId, id } = request.params;
      return setMemberStatus(db, clubId, id, request.body.status);
    },
  );
}

import { z } from 'zod';
import {
  AppUserDataExport,
  AppUserDetail,
  AppUserErasure,
  AppUserIdParams,
  AppUsersExportQuery,
  AppUsersQuery,
  AppUsersResponse,
  EraseAppUserBody,
} from '@golf/contract/api/app-users';
import { ErrorResponse } from '@golf/contract/api/common';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { appUserDetail, eraseAppUser, exportAppUserData, exportAppUsersCsv, listAppUsers, listErasures } from './service';

const tags = ['app-users'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
/** §2 Admin: every call of the app users' administration is for platform admins only. */
const ADMIN = { admin: true } as const satisfies ApiAccess;

/**
 * The app's users (issue 26, /admin/events/guide-users; contract api/app-users.ts): the list with
 * search and paging and its CSV export, a user's page, the export of all their data and their
 * erasure on request (GDPR), and the record of past erasures.
 */
export function appUserRoutes(app: TypedApp, deps: AppDeps) {
  const { db, storage } = deps;

  app.get(
    '/admin/app-users',
    { config: { access: ADMIN }, schema: { tags, querystring: AppUsersQuery, response: { 200: AppUsersResponse, ...errors } } },
    async (request) => listAppUsers(db, request.query),
  );

  app.get(
    '/admin/app-users.csv',
    { config: { access: ADMIN }, schema: { tags, querystring: AppUsersExportQuery, response: { 200: z.string().describe('The list as CSV (an attachment)'), ...errors } } },
    async (request, reply) => {
      const csv = await exportAppUsersCsv(db, request.query.search);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="guide-app-users-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/admin/app-user-erasures',
    { config: { access: ADMIN }, schema: { tags, response: { 200: z.array(AppUserErasure), ...errors } } },
    async () => listErasures(db),
  );

  app.get(
    '/admin/app-users/:appId',
    { config: { access: ADMIN }, schema: { tags, params: AppUserIdParams, response: { 200: AppUserDetail, ...errors } } },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await appUserDetail(db, request.params.appId)),
  );

  app.get(
    '/admin/app-users/:appId/export',
    { config: { access: ADMIN }, schema: { tags, params: AppUserIdParams, response: { 200: AppUserDataExport, ...errors } } },
    async (request, reply) => {
      const data = await exportAppUserData(db, request.params.appId);
      return reply
        .header('Content-Disposition', `attachment; filename="app-user-${request.params.appId}.json"`)
        .header('Cache-Control', 'no-store')
        .send(data);
    },
  );

  app.post(
    '/admin/app-users/:appId/erasure',
    { config: { access: ADMIN }, schema: { tags, params: AppUserIdParams, body: EraseAppUserBody, response: { 200: AppUserErasure, ...errors } } },
    async (request) => eraseAppUser({ db, storage, log: request.log }, request.params.appId, request.body.confirm, requireAuth(request).userId),
  );
}

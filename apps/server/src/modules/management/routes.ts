import { z } from 'zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import {
  AdminCandidate,
  ClubHandleParams,
  ClubHandleTarget,
  ClubMappingStatus,
  ClubsStatusResponse,
  FormerHandle,
  HandleCheck,
  HandleCheckQuery,
  MappingStatusQuery,
} from '@golf/contract/api/management';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { checkHandle, clubHandleTarget, listAdminCandidates, listFormerHandles } from './handles-service';
import { clubMappingStatus } from './mapping-status-service';
import { clubsStatus } from './clubs-status-service';

/** Management of the path's club (§6): an admin, or an owner of a region the club belongs to. */
const MANAGEMENT = { club: 'clubId', management: true } as const satisfies ApiAccess;
const tags = ['management'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 503: ErrorResponse };

/**
 * Management (issue 27): the club's handle as it is typed, the club a handle in a URL names (also a
 * former one), the club's former handles and admin candidates, the mapping status of the club's
 * courses, and the clubs table of an admin or region owner. The club's settings themselves are
 * written through PUT clubs/{id} (the clubs area).
 */
export function managementRoutes(app: TypedApp, { db }: AppDeps) {
  app.get(
    '/clubs/:clubId/handle-check',
    { config: { access: MANAGEMENT }, schema: { tags, params: ClubIdParams, querystring: HandleCheckQuery, response: { 200: HandleCheck, ...errors } } },
    async (request) => checkHandle(db, request.params.clubId, request.query.handle),
  );

  app.get(
    '/club-handles/:handle',
    { config: { access: 'signed-in' }, schema: { tags, params: ClubHandleParams, response: { 200: ClubHandleTarget, ...errors } } },
    async (request) => clubHandleTarget(db, requireAuth(request).subject, request.params.handle),
  );

  app.get(
    '/clubs/:clubId/former-handles',
    { config: { access: MANAGEMENT, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: z.array(FormerHandle), ...errors } } },
    async (request) => listFormerHandles(db, request.params.clubId),
  );

  app.get(
    '/clubs/:clubId/admin-candidates',
    { config: { access: MANAGEMENT }, schema: { tags, params: ClubIdParams, response: { 200: z.array(AdminCandidate), ...errors } } },
    async (request) => listAdminCandidates(db, request.params.clubId),
  );

  app.get(
    '/clubs/:clubId/mapping-status',
    { config: { access: MANAGEMENT, readCache: true }, schema: { tags, params: ClubIdParams, querystring: MappingStatusQuery, response: { 200: ClubMappingStatus, ...errors } } },
    async (request) => clubMappingStatus(db, request.params.clubId, request.query.course_id, request.log),
  );

  app.get(
    '/management/clubs-status',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: ClubsStatusResponse, ...errors } } },
    async (request) => {
      const auth = requireAuth(request);
      return clubsStatus(db, auth.subject, auth.userId);
    },
  );
}

import { z } from 'zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { ConnectBody, Connection, ConnectionParams } from '@golf/contract/api/communication';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { connect, disconnect, listConnections } from './connections-service';

const tags = ['communication'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 502: ErrorResponse };

/** The connections screen: role `communication` in the club of the path (§2 /some/connections). */
const COMMUNICATION = { club: 'clubId', roles: ['communication'] } as const satisfies ApiAccess;
/** Reading them: also the status screen (role `club-status`), which offers Facebook and the national app only when connected. */
const CONNECTION_READERS = { club: 'clubId', roles: ['communication', 'club-status'] } as const satisfies ApiAccess;

/** A token and an id: a few kilobytes at most. */
const CONNECT_BODY_BYTES = 8 * 1024;

/**
 * The club's social connections (issue 23; contract api/communication.ts): Facebook (Business
 * plan) and the national golf app. No answer carries a token.
 */
export function registerConnectionRoutes(app: TypedApp, deps: AppDeps) {
  const { db, config } = deps;

  app.get(
    '/clubs/:clubId/connections',
    { config: { access: CONNECTION_READERS }, schema: { tags, params: ClubIdParams, response: { 200: z.array(Connection), ...errors } } },
    async (request) => listConnections(db, config, request.params.clubId),
  );

  app.put(
    '/clubs/:clubId/connections/:kind',
    {
      config: { access: COMMUNICATION },
      bodyLimit: CONNECT_BODY_BYTES,
      schema: { tags, params: ConnectionParams, body: ConnectBody, response: { 200: Connection, ...errors } },
    },
    async (request) => connect(db, config, request.params.clubId, request.params.kind, request.body, requireAuth(request).userId),
  );

  app.delete(
    '/clubs/:clubId/connections/:kind',
    { config: { access: COMMUNICATION }, schema: { tags, params: ConnectionParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await disconnect(db, config, request.params.clubId, request.params.kind);
      return reply.status(204).send(null);
    },
  );
}

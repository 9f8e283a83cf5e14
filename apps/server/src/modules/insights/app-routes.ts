import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import {
  AppRoundParams,
  AppUserBody,
  AppUserParams,
  AppUserResponse,
  DownloadsBody,
  DownloadsResponse,
  ROUND_LIMITS,
  RoundBody,
  RoundResponse,
} from '@golf/contract/api/insights-app';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import type { ApiAccess } from '../../platform/authorize';
import { ingestRound, storeDownloads, upsertAppUser } from './ingestion-service';

const tags = ['insights (app)'];
/** The golfers' app: the club's app key (X-App-Key) of the path's club. */
const APP = { app: 'clubId' } as const satisfies ApiAccess;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 413: ErrorResponse };

/** Body caps: a user is a few fields; downloads at most DOWNLOADS_PER_CALL_MAX short rows; a round per the contract. */
const USER_BODY_BYTES = 4 * 1024;
const DOWNLOADS_BODY_BYTES = 256 * 1024;

/** RoundBody with the track's points left for the loop below (the track's length is still capped by zod). */
const RoundBodyButTrackPoints = RoundBody.extend({ track: z.array(z.unknown()).max(ROUND_LIMITS.trackPoints) });
const MAX_TRACK_SECONDS = ROUND_LIMITS.maxMinutes * 60;

/** Exactly the contract's TrackPoint: [longitude, latitude, whole seconds 0…, hole 0…36]. */
function isTrackPoint(p: unknown): boolean {
  if (!Array.isArray(p) || p.length !== 4) return false;
  const [lon, lat, seconds, hole] = p as unknown[];
  return (
    typeof lon === 'number' && Number.isFinite(lon) && lon >= -180 && lon <= 180 &&
    typeof lat === 'number' && Number.isFinite(lat) && lat >= -90 && lat <= 90 &&
    Number.isSafeInteger(seconds) && (seconds as number) >= 0 && (seconds as number) <= MAX_TRACK_SECONDS &&
    Number.isSafeInteger(hole) && (hole as number) >= 0 && (hole as number) <= ROUND_LIMITS.holes
  );
}

/**
 * The body of PUT rounds/{id}, validated as the contract's RoundBody says, the track's thousand
 * points by a plain loop instead of zod's tuple per point (zod took a third of the server's time
 * of a round). Anything the loop or the rest refuses is parsed again by zod with the whole
 * RoundBody, so a refusal is word for word the one zod gives; the track passes unchanged (its
 * tuples transform nothing).
 */
function roundBodyCompiler<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  const zodValidator = validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
  if (route.httpPart !== 'body') return zodValidator;
  return (data: unknown) => {
    const rest = RoundBodyButTrackPoints.safeParse(data);
    if (rest.success && rest.data.track.every(isTrackPoint)) return { value: rest.data };
    return zodValidator(data);
  };
}

/**
 * The golfers' app's ingestion (issue 22; contract api/insights-app.ts) under
 * /api/app/clubs/{clubId}/...: its users, downloads of the guides' products and rounds. Every
 * refusal stores nothing (ingestion-service.ts).
 */
export function registerInsightAppRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;

  app.put(
    '/app/clubs/:clubId/users/:appUserId',
    {
      config: { access: APP },
      bodyLimit: USER_BODY_BYTES,
      schema: { tags, params: AppUserParams, body: AppUserBody, response: { 200: AppUserResponse, 201: AppUserResponse, ...errors } },
    },
    async (request, reply) => {
      const user = await upsertAppUser(db, request.params.clubId, request.params.appUserId, request.body);
      return reply.status(user.created ? 201 : 200).send(user);
    },
  );

  app.post(
    '/app/clubs/:clubId/downloads',
    {
      config: { access: APP },
      bodyLimit: DOWNLOADS_BODY_BYTES,
      schema: { tags, params: ClubIdParams, body: DownloadsBody, response: { 201: DownloadsResponse, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await storeDownloads(db, request.params.clubId, request.body.downloads)),
  );

  app.put(
    '/app/clubs/:clubId/rounds/:appRoundId',
    {
      config: { access: APP },
      bodyLimit: ROUND_LIMITS.bodyBytes,
      validatorCompiler: roundBodyCompiler,
      schema: { tags, params: AppRoundParams, body: RoundBody, response: { 200: RoundResponse, 201: RoundResponse, ...errors } },
    },
    async (request, reply) => {
      const round = await ingestRound(db, request.params.clubId, request.params.appRoundId, request.body);
      return reply.status(round.created ? 201 : 200).send(round);
    },
  );
}

import { z } from 'zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import {
  GamesInsights,
  GamesQuery,
  HeatmapCourse,
  HeatmapFilterParams,
  HeatmapRequest,
  HeatmapResponse,
  InsightSettings,
  SavedHeatmapFilter,
  SaveHeatmapFilterBody,
} from '@golf/contract/api/insights';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { createHeatmapFilter, deleteHeatmapFilter, listHeatmapFilters, updateHeatmapFilter } from './filters-service';
import { gamesInsights } from './games-service';
import { heatmap, heatmapCourses } from './heatmap-service';
import { getInsightSettings, saveInsightSettings } from './settings-service';

const tags = ['insights'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Insights: role `insights` in the club of the path (§6, the menu's Insights entries). */
const INSIGHTS = { club: 'clubId', roles: ['insights'] } as const satisfies ApiAccess;

/**
 * The console's insight calls (issue 22; packages/contract/src/api/insights.ts). The GETs a screen
 * opens with keep their answers in the read cache: the games answer depends on the clock only
 * through its query (an explicit date range), and the cache keys by user, so the saved filters
 * (per user) may be kept too.
 */
export function registerInsightConsoleRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;

  app.get(
    '/clubs/:clubId/insights/games',
    { config: { access: INSIGHTS, readCache: true }, schema: { tags, params: ClubIdParams, querystring: GamesQuery, response: { 200: GamesInsights, ...errors } } },
    async (request) => gamesInsights(db, request.params.clubId, request.query),
  );

  app.get(
    '/clubs/:clubId/insights/settings',
    { config: { access: INSIGHTS, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: InsightSettings, ...errors } } },
    async (request) => getInsightSettings(db, request.params.clubId),
  );

  app.put(
    '/clubs/:clubId/insights/settings',
    { config: { access: INSIGHTS }, schema: { tags, params: ClubIdParams, body: InsightSettings, response: { 200: InsightSettings, ...errors } } },
    async (request) => saveInsightSettings(db, request.params.clubId, request.body),
  );

  app.get(
    '/clubs/:clubId/insights/heatmap-courses',
    { config: { access: INSIGHTS, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: z.array(HeatmapCourse), ...errors } } },
    async (request) => heatmapCourses(db, request.params.clubId),
  );

  app.post(
    '/clubs/:clubId/insights/heatmap',
    { config: { access: INSIGHTS }, schema: { tags, params: ClubIdParams, body: HeatmapRequest, response: { 200: HeatmapResponse, ...errors } } },
    async (request) => heatmap(db, request.params.clubId, request.body),
  );

  app.get(
    '/clubs/:clubId/insights/heatmap-filters',
    { config: { access: INSIGHTS, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: z.array(SavedHeatmapFilter), ...errors } } },
    async (request) => listHeatmapFilters(db, request.params.clubId, requireAuth(request).userId),
  );

  app.post(
    '/clubs/:clubId/insights/heatmap-filters',
    {
      config: { access: INSIGHTS },
      schema: { tags, params: ClubIdParams, body: SaveHeatmapFilterBody, response: { 201: SavedHeatmapFilter, ...errors, 409: ErrorResponse } },
    },
    async (request, reply) => reply.status(201).send(await createHeatmapFilter(db, request.params.clubId, requireAuth(request).userId, request.body)),
  );

  app.put(
    '/clubs/:clubId/insights/heatmap-filters/:id',
    {
      config: { access: INSIGHTS },
      schema: { tags, params: HeatmapFilterParams, body: SaveHeatmapFilterBody, response: { 200: SavedHeatmapFilter, ...errors, 409: ErrorResponse } },
    },
    async (request) => updateHeatmapFilter(db, request.params.clubId, requireAuth(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/clubs/:clubId/insights/heatmap-filters/:id',
    { config: { access: INSIGHTS }, schema: { tags, params: HeatmapFilterParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteHeatmapFilter(db, request.params.clubId, requireAuth(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

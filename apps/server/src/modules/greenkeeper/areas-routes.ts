import { z } from 'zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { AreaExportQuery, AreaHistory, AreaHistoryQuery, ClubAreas } from '@golf/contract/api/greenkeeper';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import type { ApiAccess } from '../../platform/authorize';
import { areasCsv, areasXlsx, exportFileName, exportLanguage, exportRows } from './areas-export';
import { areaHistory, clubAreas, dateOf } from './areas-service';

const tags = ['greenkeeper'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** §2 menu: the area statistics are role `areas`. */
const AREAS = { club: 'clubId', roles: ['areas'] } as const satisfies ApiAccess;

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * Area statistics (issue 25; contract api/greenkeeper.ts): the club's courses per hole and in
 * total, their history by date, and the export as CSV or XLSX in ha or m².
 */
export function registerAreaRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;

  app.get(
    '/clubs/:clubId/greenkeeper/areas',
    { config: { access: AREAS, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: ClubAreas, ...errors } } },
    async (request) => clubAreas(db, request.params.clubId),
  );

  app.get(
    '/clubs/:clubId/greenkeeper/areas/history',
    { config: { access: AREAS }, schema: { tags, params: ClubIdParams, querystring: AreaHistoryQuery, response: { 200: AreaHistory, ...errors } } },
    async (request) => areaHistory(db, request.params.clubId, request.query.courseId),
  );

  app.get(
    '/clubs/:clubId/greenkeeper/areas/export',
    {
      config: { access: AREAS },
      schema: {
        tags,
        params: ClubIdParams,
        querystring: AreaExportQuery,
        response: { 200: z.any().describe('The CSV or XLSX file (an attachment)'), ...errors },
      },
    },
    async (request, reply) => {
      const { clubId } = request.params;
      const { courseId, format, unit } = request.query;
      const areas = await clubAreas(db, clubId, courseId);
      const language = exportLanguage(request.auth?.profile.language);
      const rows = exportRows(areas, unit, language, courseId === undefined && areas.courses.length > 1);
      const subject = courseId === undefined ? `club-${clubId}` : (areas.courses[0]?.name ?? `course-${courseId}`);
      const fileName = exportFileName(subject, dateOf(new Date()), format);
      const body = format === 'csv' ? areasCsv(rows, unit, language) : await areasXlsx(rows, unit, language);
      return reply
        .header('Content-Type', CONTENT_TYPES[format])
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
}

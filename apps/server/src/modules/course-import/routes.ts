import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { ImportCourseQuery, ImportPlan, MAX_IMPORT_BYTES } from '@golf/contract/api/course-import';
import { Course } from '@golf/contract/api/courses';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth } from '../../platform/authorize';
import { fileTooLarge, readMultipartFile, registerUploads } from '../../platform/uploads';
import { importCourse, previewImport, type ImportFile } from './service';

const tags = ['courses'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse, 503: ErrorResponse };
/** The multipart field of the import file. */
export const IMPORT_FILE_FIELD = 'data';
const description = 'A GeoJSON FeatureCollection (.geojson, .json) or an OpenStreetMap export (.osm) in the multipart field `data`.';

/** Course import (§2): preview the plan of a GeoJSON or OSM file, then create the course from it. */
export function courseImportRoutes(app: TypedApp, { db }: AppDeps) {
  // The multipart parser lives in this scope only, with the import's size limit.
  app.register(async (scope) => {
    await registerUploads(scope, { maxBytes: MAX_IMPORT_BYTES });
    const typed = scope.withTypeProvider<ZodTypeProvider>();

    typed.post(
      '/clubs/:clubId/courses/import/preview',
      {
        config: { access: { club: 'clubId', management: true, denied: 'imports.noAccess' } },
        bodyLimit: MAX_IMPORT_BYTES + 1024 * 1024,
        schema: { tags, consumes: ['multipart/form-data'], description, params: ClubIdParams, response: { 200: ImportPlan, ...errors } },
      },
      async (request) => {
        return previewImport(db, await readImportUpload(request));
      },
    );

    typed.post(
      '/clubs/:clubId/courses/import',
      {
        config: { access: { club: 'clubId', management: true, denied: 'imports.noAccess' } },
        bodyLimit: MAX_IMPORT_BYTES + 1024 * 1024,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description,
          params: ClubIdParams,
          querystring: ImportCourseQuery,
          response: { 201: Course, ...errors },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const { clubId } = request.params;
        const file = await readImportUpload(request);
        const course = await importCourse(db, { clubId, file, name: request.query.name, userId: auth.userId });
        return reply.status(201).send(course);
      },
    );
  });
}

/** The one file of the multipart request, in the field `data`. */
async function readImportUpload(request: FastifyRequest): Promise<ImportFile> {
  const file = await readMultipartFile(request, { fields: [IMPORT_FILE_FIELD], noun: 'file', tooLarge: () => fileTooLarge(MAX_IMPORT_BYTES) });
  return { buffer: file.buffer, filename: file.filename };
}

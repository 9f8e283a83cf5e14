import { z } from 'zod';
import { ClubIdParams, ErrorResponse, IdParam, IntParam } from '@golf/contract/api/common';
import {
  Course,
  CourseIdParams,
  CoursesResponse,
  CreateCourseBody,
  CreateTeeBody,
  Hole,
  HoleIdParams,
  HolesTeesQuery,
  HolesTeesResponse,
  Tee,
  TeesResponse,
  UpdateCourseBody,
  UpdateHoleBody,
  UpdateTeeBody,
} from '@golf/contract/api/courses';
import {
  COURSE_DRAWINGS_LIMITS,
  CourseDrawingsParams,
  DRAWING_LIMITS,
  DrawingResponse,
  EDIT_DRAWING_STYLE,
  SaveCourseDrawingsBody,
  SaveCourseDrawingsResponse,
  SaveDrawingBody,
} from '@golf/contract/api/drawings';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { COURSES, CREATE_COURSES } from './access';
import { requireAuth } from '../../platform/authorize';
import { getDrawingJson, saveDrawing } from './drawing-service';
import { saveCourseDrawings } from './course-drawings-service';
import { sendJsonBytes } from '../../platform/http-cache';
import {
  createCourse,
  createTee,
  deleteCourse,
  deleteTee,
  listCourses,
  listHoleTees,
  listTees,
  updateCourse,
  updateHole,
  updateTee,
} from './service';

const tags = ['courses'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Drawing styles a hole may be drawn in (the drawing_styles reference data). */
export const MAX_DRAWING_STYLE = 6;
const DrawingParams = HoleIdParams.extend({ styleId: IntParam(1, MAX_DRAWING_STYLE) });
const CourseQuery = z.object({ course_id: IdParam.optional() });

/** Courses, tees, holes and hole-tee distances (§7 "Courses, holes, tees"); role courses. */
export function courseRoutes(app: TypedApp, { db }: AppDeps) {
  app.get('/clubs/:clubId/courses', { config: { access: COURSES, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: CoursesResponse, ...errors } } }, async (request) => {
    return listCourses(db, request.params.clubId);
  });

  app.post(
    '/clubs/:clubId/courses',
    { config: { access: CREATE_COURSES }, schema: { tags, params: ClubIdParams, body: CreateCourseBody, response: { 201: Course, ...errors } } },
    async (request, reply) => {
      return reply.status(201).send(await createCourse(db, request.params.clubId, request.body));
    },
  );

  app.put(
    '/clubs/:clubId/courses/:id',
    { config: { access: COURSES }, schema: { tags, params: CourseIdParams, body: UpdateCourseBody, response: { 200: Course, ...errors } } },
    async (request) => {
      return updateCourse(db, request.params.clubId, request.params.id, request.body);
    },
  );

  app.delete('/clubs/:clubId/courses/:id', { config: { access: CREATE_COURSES }, schema: { tags, params: CourseIdParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await deleteCourse(db, request.params.clubId, request.params.id);
    return reply.status(204).send(null);
  });

  app.get(
    '/clubs/:clubId/tees',
    { config: { access: COURSES, readCache: true }, schema: { tags, params: ClubIdParams, querystring: CourseQuery, response: { 200: TeesResponse, ...errors } } },
    async (request) => {
      return listTees(db, request.params.clubId, request.query.course_id);
    },
  );

  app.post('/clubs/:clubId/tees', { config: { access: COURSES }, schema: { tags, params: ClubIdParams, body: CreateTeeBody, response: { 201: Tee, ...errors } } }, async (request, reply) => {
    return reply.status(201).send(await createTee(db, request.params.clubId, request.body));
  });

  app.put('/clubs/:clubId/tees/:id', { config: { access: COURSES }, schema: { tags, params: CourseIdParams, body: UpdateTeeBody, response: { 200: Tee, ...errors } } }, async (request) => {
    return updateTee(db, request.params.clubId, request.params.id, request.body);
  });

  app.delete('/clubs/:clubId/tees/:id', { config: { access: COURSES }, schema: { tags, params: CourseIdParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await deleteTee(db, request.params.clubId, request.params.id);
    return reply.status(204).send(null);
  });

  app.put('/clubs/:clubId/holes/:holeId', { config: { access: COURSES }, schema: { tags, params: HoleIdParams, body: UpdateHoleBody, response: { 200: Hole, ...errors } } }, async (request) => {
    return updateHole(db, request.params.clubId, request.params.holeId, request.body);
  });

  app.get(
    '/clubs/:clubId/holes_tees',
    { config: { access: COURSES, readCache: true }, schema: { tags, params: ClubIdParams, querystring: HolesTeesQuery, response: { 200: HolesTeesResponse, ...errors } } },
    async (request) => {
      return listHoleTees(db, request.params.clubId, request.query.course_id);
    },
  );
}

/** Hole drawings (§7 "GET holes/{id}/drawing/1; POST holes/{holeId}/save_drawing"); role courses. */
export function drawingRoutes(app: TypedApp, { db, config }: AppDeps) {
  app.get(
    '/clubs/:clubId/holes/:holeId/drawing/:styleId',
    // The answer reads the drawings of this hole only: a drawing saved ends its own hole's answers.
    { config: { access: COURSES, readCache: true, readCacheRows: (request) => ({ hole_drawings: (request.params as { holeId: number }).holeId }) }, schema: { tags, params: DrawingParams, response: { 200: DrawingResponse, ...errors } } },
    async (request, reply) => {
      const { clubId, holeId, styleId } = request.params;
      return sendJsonBytes(reply, await getDrawingJson(db, clubId, holeId, styleId, request.log), { schema: DrawingResponse, checked: config.responseChecks });
    },
  );

  app.post(
    '/clubs/:clubId/holes/:holeId/save_drawing',
    {
      config: { access: COURSES },
      bodyLimit: DRAWING_LIMITS.bodyBytes,
      schema: { tags, params: HoleIdParams, body: SaveDrawingBody, response: { 200: DrawingResponse, ...errors, 409: ErrorResponse, 413: ErrorResponse, 503: ErrorResponse } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // The answer is the bytes GET drawing now answers for the hole (serialized once, in the save).
      const saved = await saveDrawing(db, request.params.clubId, request.params.holeId, auth.userId, request.body, EDIT_DRAWING_STYLE);
      return sendJsonBytes(reply, saved.body, { schema: DrawingResponse, checked: config.responseChecks, once: true });
    },
  );

  // Issue 27: the changed holes of one course saved at once (/metamap), each hole as save_drawing saves it.
  app.post(
    '/clubs/:clubId/courses/:courseId/drawings',
    {
      config: { access: COURSES },
      bodyLimit: COURSE_DRAWINGS_LIMITS.bodyBytes,
      schema: { tags, params: CourseDrawingsParams, body: SaveCourseDrawingsBody, response: { 200: SaveCourseDrawingsResponse, ...errors, 413: ErrorResponse, 503: ErrorResponse } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return saveCourseDrawings(db, request.params.clubId, request.params.courseId, auth.userId, request.body, EDIT_DRAWING_STYLE);
    },
  );
}

import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { BoundarySelfIntersectionsResponse, GreensWithinBoundaryResponse, SelfIntersectionsResponse, StatusQuery } from '@golf/contract/api/status';
import { requireAuth, type AppDeps, type TypedApp } from '../../app';
import { assertCourseEditor } from '../courses/service';
import { boundarySelfIntersectionStatus, greensWithinBoundaryStatus, selfIntersectionStatus } from './service';

const tags = ['status'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Status checks of the saved drawings, keyed by hole id (§3, §7); role courses. */
export function statusRoutes(app: TypedApp, { db }: AppDeps) {
  const schema = (response: typeof SelfIntersectionsResponse | typeof GreensWithinBoundaryResponse) => ({
    tags,
    params: ClubIdParams,
    querystring: StatusQuery,
    response: { 200: response, ...errors },
  });

  app.get('/clubs/:clubId/status/self-intersections', { schema: schema(SelfIntersectionsResponse) }, async (request) => {
    await assertCourseEditor(db, requireAuth(request).subject, request.params.clubId);
    return selfIntersectionStatus(db, request.params.clubId, request.query.course_id);
  });

  app.get('/clubs/:clubId/status/boundary-self-intersections', { schema: schema(BoundarySelfIntersectionsResponse) }, async (request) => {
    await assertCourseEditor(db, requireAuth(request).subject, request.params.clubId);
    return boundarySelfIntersectionStatus(db, request.params.clubId, request.query.course_id);
  });

  app.get('/clubs/:clubId/status/greens-within-boundary', { schema: schema(GreensWithinBoundaryResponse) }, async (request) => {
    await assertCourseEditor(db, requireAuth(request).subject, request.params.clubId);
    return greensWithinBoundaryStatus(db, request.params.clubId, request.query.course_id);
  });
}

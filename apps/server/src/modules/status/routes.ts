import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { BoundarySelfIntersectionsResponse, GreensWithinBoundaryResponse, SelfIntersectionsResponse, StatusQuery } from '@golf/contract/api/status';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { COURSES } from '../courses';
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

  app.get('/clubs/:clubId/status/self-intersections', { config: { access: COURSES, readCache: true }, schema: schema(SelfIntersectionsResponse) }, async (request) => {
    return selfIntersectionStatus(db, request.params.clubId, request.query.course_id);
  });

  app.get('/clubs/:clubId/status/boundary-self-intersections', { config: { access: COURSES, readCache: true }, schema: schema(BoundarySelfIntersectionsResponse) }, async (request) => {
    return boundarySelfIntersectionStatus(db, request.params.clubId, request.query.course_id);
  });

  app.get('/clubs/:clubId/status/greens-within-boundary', { config: { access: COURSES, readCache: true }, schema: schema(GreensWithinBoundaryResponse) }, async (request) => {
    return greensWithinBoundaryStatus(db, request.params.clubId, request.query.course_id);
  });
}

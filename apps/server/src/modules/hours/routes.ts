import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { HoursDocument, HoursResponse } from '@golf/contract/api/hours';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { getHours, saveHours } from './service';

const tags = ['hours'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Opening hours and pricing of a club; role opening-hours. */
export function hoursRoutes(app: TypedApp, { db }: AppDeps) {
  app.get('/clubs/:clubId/hours', { config: { access: { club: 'clubId', roles: ['opening-hours'] }, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: HoursResponse, ...errors } } }, async (request) => {
    return getHours(db, request.params.clubId, request.log);
  });

  app.put(
    '/clubs/:clubId/hours',
    { config: { access: { club: 'clubId', roles: ['opening-hours'] } }, schema: { tags, params: ClubIdParams, body: HoursDocument, response: { 200: HoursResponse, ...errors } } },
    async (request) => {
      return saveHours(db, request.params.clubId, request.body);
    },
  );
}

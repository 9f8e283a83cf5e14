import { z } from 'zod';
import { ClubIdParams, ErrorResponse, IdParam } from '@golf/contract/api/common';
import {
  PinPosition,
  PinPositionsResponse,
  PinSetup,
  PinSetupParams,
  PinSetupPositionParams,
  PinSetupsResponse,
  SavePinPositionBody,
  SavePinSetupBody,
} from '@golf/contract/api/pins';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { COURSES } from '../courses';
import { deletePinSetup, listPinPositions, listPinSetups, savePinPosition, savePinSetup } from './service';

const tags = ['pins'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const PinSetupsQuery = z.object({ course_id: IdParam.optional() });

/** Pin setups and pin positions (§7 "pin setups"); role courses. */
export function pinRoutes(app: TypedApp, { db }: AppDeps) {
  app.get(
    '/clubs/:clubId/pin-setups',
    // Also the products role: a guide chooses the pin setup whose pins it prints.
    { config: { access: { club: 'clubId', roles: ['courses', 'products'] }, readCache: true }, schema: { tags, params: ClubIdParams, querystring: PinSetupsQuery, response: { 200: PinSetupsResponse, ...errors } } },
    async (request) => {
      return listPinSetups(db, request.params.clubId, request.query.course_id);
    },
  );

  app.post(
    '/clubs/:clubId/pin-setups',
    { config: { access: COURSES }, schema: { tags, params: ClubIdParams, body: SavePinSetupBody, response: { 200: PinSetup, 201: PinSetup, ...errors } } },
    async (request, reply) => {
      const { created, setup } = await savePinSetup(db, request.params.clubId, request.body);
      return reply.status(created ? 201 : 200).send(setup);
    },
  );

  app.delete('/clubs/:clubId/pin-setups/:id', { config: { access: COURSES }, schema: { tags, params: PinSetupParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await deletePinSetup(db, request.params.clubId, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/clubs/:clubId/pin-setups/:id', { config: { access: COURSES, readCache: true }, schema: { tags, params: PinSetupParams, response: { 200: PinPositionsResponse, ...errors } } }, async (request) => {
    return listPinPositions(db, request.params.clubId, request.params.id);
  });

  app.post(
    '/clubs/:clubId/pin-setups/:pinSetupId',
    { config: { access: COURSES }, schema: { tags, params: PinSetupPositionParams, body: SavePinPositionBody, response: { 200: PinPosition, ...errors } } },
    async (request) => {
      return savePinPosition(db, request.params.clubId, request.params.pinSetupId, request.body);
    },
  );
}

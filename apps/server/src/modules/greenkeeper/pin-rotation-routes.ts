import { z } from 'zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import {
  CourseRotationParams,
  PinRotation,
  PinRotationSettings,
  PinSuggestion,
  PlayedDay,
  PlayedDayBody,
  RotationDayParams,
  SavedRotationSetup,
  SaveSuggestionBody,
  SuggestionBody,
} from '@golf/contract/api/greenkeeper';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { COURSES } from '../courses';
import { deletePlayedDay, getRotation, getRotationSettings, recordPlayedDay, saveRotationSettings, saveSuggestedSetup, suggestSetup } from './pin-rotation-service';

const tags = ['greenkeeper'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * Pin rotation (issue 25; contract api/greenkeeper.ts), role `courses` as the pin setups it makes:
 * the club's rules, each green's history, suggestions, saving one as a pin setup, and the days of play.
 */
export function registerPinRotationRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;

  app.get(
    '/clubs/:clubId/pin-rotation/settings',
    { config: { access: COURSES }, schema: { tags, params: ClubIdParams, response: { 200: PinRotationSettings, ...errors } } },
    async (request) => getRotationSettings(db, request.params.clubId),
  );

  app.put(
    '/clubs/:clubId/pin-rotation/settings',
    { config: { access: COURSES }, schema: { tags, params: ClubIdParams, body: PinRotationSettings, response: { 200: PinRotationSettings, ...errors } } },
    async (request) => saveRotationSettings(db, request.params.clubId, request.body),
  );

  app.get(
    '/clubs/:clubId/courses/:courseId/pin-rotation',
    { config: { access: COURSES }, schema: { tags, params: CourseRotationParams, response: { 200: PinRotation, ...errors } } },
    async (request) => getRotation(db, request.params.clubId, request.params.courseId),
  );

  app.post(
    '/clubs/:clubId/courses/:courseId/pin-rotation/suggestion',
    { config: { access: COURSES }, schema: { tags, params: CourseRotationParams, body: SuggestionBody, response: { 200: PinSuggestion, ...errors } } },
    async (request) => suggestSetup(db, request.params.clubId, request.params.courseId, request.body.date),
  );

  app.post(
    '/clubs/:clubId/courses/:courseId/pin-rotation/setups',
    { config: { access: COURSES }, schema: { tags, params: CourseRotationParams, body: SaveSuggestionBody, response: { 201: SavedRotationSetup, ...errors } } },
    async (request, reply) => reply.status(201).send(await saveSuggestedSetup(db, request.params.clubId, request.params.courseId, request.body)),
  );

  app.put(
    '/clubs/:clubId/courses/:courseId/pin-rotation/days/:date',
    { config: { access: COURSES }, schema: { tags, params: RotationDayParams, body: PlayedDayBody, response: { 200: PlayedDay, ...errors } } },
    async (request) => recordPlayedDay(db, request.params.clubId, request.params.courseId, request.params.date, request.body.pinSetupId),
  );

  app.delete(
    '/clubs/:clubId/courses/:courseId/pin-rotation/days/:date',
    { config: { access: COURSES }, schema: { tags, params: RotationDayParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deletePlayedDay(db, request.params.clubId, request.params.courseId, request.params.date);
      return reply.status(204).send(null);
    },
  );
}

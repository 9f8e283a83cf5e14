import { z } from 'zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import {
  DescriptionParams,
  DescriptionsQuery,
  HoleText,
  HoleTextBody,
  HoleTextParams,
  HoleTextsParams,
  Tracking,
  TrackingChangesBody,
  TrackingDescription,
  TrackingDescriptionBody,
  TrackingGroup,
  TrackingGroupBody,
  TrackingGroupCourse,
  TrackingGroupParams,
  TrackingsQuery,
} from '@golf/contract/api/greenkeeper';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { TECH_MAP } from './access';
import { createDescription, deleteDescription, listDescriptions, updateDescription } from './descriptions-service';
import { listHoleTexts, saveHoleText } from './hole-texts-service';
import { createGroup, deleteGroup, listGroups, updateGroup } from './tracking-groups-service';
import { changeTrackings, listGroupCourses, listTrackings } from './trackings-service';

const tags = ['greenkeeper'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const writeErrors = { ...errors, 409: ErrorResponse, 413: ErrorResponse };

/** A group is a name of at most 80 characters and a colour; a description at most 2080 characters; a hole text 1000. */
const SMALL_BODY_BYTES = 8 * 1024;
const TEXT_BODY_BYTES = 64 * 1024;
/** At most 2 × 2000 elements of about 130 bytes each. */
const CHANGES_BODY_BYTES = 1024 * 1024;

/**
 * The tech map's tracking groups (issue 25; contract api/greenkeeper.ts; role `tech-map`): the
 * groups, the courses each has entries on, the trackings of a course, the elements of a group,
 * its descriptions and the hole texts. The static paths (courses, trackings, descriptions,
 * comments) are found before `:trackingGroupId` by the router. Every id of the path or the body
 * that is not the club's answers 404.
 */
export function registerTrackingGroupRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;
  const G = '/clubs/:clubId/tracking-groups';
  const fileDeps = { db, storage: deps.storage, log: app.log };

  app.get(
    G,
    { config: { access: TECH_MAP, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: z.array(TrackingGroup), ...errors } } },
    async (request) => listGroups(db, request.params.clubId),
  );

  app.post(
    G,
    {
      config: { access: TECH_MAP },
      bodyLimit: SMALL_BODY_BYTES,
      schema: { tags, params: ClubIdParams, body: TrackingGroupBody, response: { 201: TrackingGroup, ...writeErrors } },
    },
    async (request, reply) => reply.status(201).send(await createGroup(db, request.params.clubId, request.body)),
  );

  app.put(
    `${G}/:trackingGroupId`,
    {
      config: { access: TECH_MAP },
      bodyLimit: SMALL_BODY_BYTES,
      schema: { tags, params: TrackingGroupParams, body: TrackingGroupBody, response: { 200: TrackingGroup, ...writeErrors } },
    },
    async (request) => updateGroup(db, request.params.clubId, request.params.trackingGroupId, request.body),
  );

  app.delete(
    `${G}/:trackingGroupId`,
    { config: { access: TECH_MAP }, schema: { tags, params: TrackingGroupParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteGroup(fileDeps, request.params.clubId, request.params.trackingGroupId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${G}/courses`,
    { config: { access: TECH_MAP, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: z.array(TrackingGroupCourse), ...errors } } },
    async (request) => listGroupCourses(db, request.params.clubId),
  );

  app.get(
    `${G}/trackings`,
    {
      config: { access: TECH_MAP, readCache: true },
      schema: { tags, params: ClubIdParams, querystring: TrackingsQuery, response: { 200: z.array(Tracking), ...errors } },
    },
    async (request) => listTrackings(db, request.params.clubId, request.query.courseId),
  );

  app.put(
    `${G}/:trackingGroupId/trackings`,
    {
      config: { access: TECH_MAP },
      bodyLimit: CHANGES_BODY_BYTES,
      schema: { tags, params: TrackingGroupParams, body: TrackingChangesBody, response: { 200: TrackingGroup, ...writeErrors } },
    },
    async (request) => changeTrackings(db, request.params.clubId, request.params.trackingGroupId, request.body),
  );

  app.get(
    `${G}/descriptions`,
    {
      config: { access: TECH_MAP, readCache: true },
      schema: { tags, params: ClubIdParams, querystring: DescriptionsQuery, response: { 200: z.array(TrackingDescription), ...errors } },
    },
    async (request) => listDescriptions(db, request.params.clubId, request.query.trackingGroupId),
  );

  app.post(
    `${G}/:trackingGroupId/descriptions`,
    {
      config: { access: TECH_MAP },
      bodyLimit: TEXT_BODY_BYTES,
      schema: { tags, params: TrackingGroupParams, body: TrackingDescriptionBody, response: { 201: TrackingDescription, ...writeErrors } },
    },
    async (request, reply) => reply.status(201).send(await createDescription(db, request.params.clubId, request.params.trackingGroupId, request.body)),
  );

  app.put(
    `${G}/:trackingGroupId/descriptions/:descriptionId`,
    {
      config: { access: TECH_MAP },
      bodyLimit: TEXT_BODY_BYTES,
      schema: { tags, params: DescriptionParams, body: TrackingDescriptionBody, response: { 200: TrackingDescription, ...writeErrors } },
    },
    async (request) => {
      const { clubId, trackingGroupId, descriptionId } = request.params;
      return updateDescription(db, clubId, trackingGroupId, descriptionId, request.body);
    },
  );

  app.delete(
    `${G}/:trackingGroupId/descriptions/:descriptionId`,
    { config: { access: TECH_MAP }, schema: { tags, params: DescriptionParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { clubId, trackingGroupId, descriptionId } = request.params;
      await deleteDescription(db, clubId, trackingGroupId, descriptionId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/clubs/:clubId/holes/:holeId/texts',
    { config: { access: TECH_MAP, readCache: true }, schema: { tags, params: HoleTextsParams, response: { 200: z.array(HoleText), ...errors } } },
    async (request) => listHoleTexts(db, request.params.clubId, request.params.holeId),
  );

  app.put(
    '/clubs/:clubId/holes/:holeId/texts/:trackingGroupId',
    {
      config: { access: TECH_MAP },
      bodyLimit: TEXT_BODY_BYTES,
      schema: { tags, params: HoleTextParams, body: HoleTextBody, response: { 200: HoleText, 204: z.null(), ...writeErrors } },
    },
    async (request, reply) => {
      const { clubId, holeId, trackingGroupId } = request.params;
      const text = await saveHoleText(db, clubId, holeId, trackingGroupId, request.body.groupText);
      return text ? text : reply.status(204).send(null);
    },
  );
}

import { z } from 'zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { Announcement, AnnouncementBody } from '@golf/contract/api/communication';
import { AppStatus } from '@golf/contract/api/communication-app';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { jobQueue } from '../../platform/jobs';
import {
  appStatus,
  deleteAnnouncement,
  deliverStatusChannels,
  getAnnouncement,
  saveAnnouncement,
  STATUS_CHANNELS_JOB,
  STATUS_CHANNELS_SWEEP_JOB,
  sweepStatusChannels,
  type StatusChannelsJobData,
} from './announcement-service';

const tags = ['communication'];
const appTags = ['communication (app)'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** The status screen: role `club-status` in the club of the path (§2 /some/status). */
const CLUB_STATUS = { club: 'clubId', roles: ['club-status'] } as const satisfies ApiAccess;
/** The golfers' app: the club's app key (X-App-Key) of the path's club. */
const APP = { app: 'clubId' } as const satisfies ApiAccess;

/** A status is a header and at most 2000 characters of text: 128 KB leaves room for any escaping. */
const STATUS_BODY_BYTES = 128 * 1024;

/**
 * The club's status (§3 Announcement, §7; issue 23): the console's GET, POST (replaces) and
 * DELETE, the job that delivers its channels, and the golfers' app's GET of the status it shows.
 * The answers depend on the clock (`visible`), so none is kept in the read cache.
 */
export function registerAnnouncementRoutes(app: TypedApp, deps: AppDeps) {
  const { db, config } = deps;

  jobQueue(db).register<StatusChannelsJobData>(STATUS_CHANNELS_JOB, async (job) => deliverStatusChannels(db, config, job.data), {
    timeLimitMs: 2 * 60_000,
  });
  jobQueue(db).register(STATUS_CHANNELS_SWEEP_JOB, async () => ({ queued: await sweepStatusChannels(db) }), { everyMs: 60_000, timeLimitMs: 60_000 });

  app.get(
    '/clubs/:clubId/announcement',
    { config: { access: CLUB_STATUS }, schema: { tags, params: ClubIdParams, response: { 200: Announcement.nullable(), ...errors } } },
    async (request, reply) => reply.send(await getAnnouncement(db, request.params.clubId)),
  );

  app.post(
    '/clubs/:clubId/announcement',
    {
      config: { access: CLUB_STATUS },
      bodyLimit: STATUS_BODY_BYTES,
      schema: { tags, params: ClubIdParams, body: AnnouncementBody, response: { 200: Announcement, ...errors, 413: ErrorResponse } },
    },
    async (request) => saveAnnouncement(db, request.params.clubId, request.body, requireAuth(request).userId),
  );

  app.delete(
    '/clubs/:clubId/announcement',
    { config: { access: CLUB_STATUS }, schema: { tags, params: ClubIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteAnnouncement(db, request.params.clubId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/app/clubs/:clubId/status',
    {
      config: { access: APP },
      schema: { tags: appTags, params: ClubIdParams, response: { 200: AppStatus, 204: z.null(), 401: ErrorResponse, 403: ErrorResponse } },
    },
    async (request, reply) => {
      const status = await appStatus(db, request.params.clubId);
      return status ? reply.send(status) : reply.status(204).send(null);
    },
  );
}

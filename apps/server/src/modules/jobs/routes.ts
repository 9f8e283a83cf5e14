import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { ClubJobListQuery, ClubJobParams, Job, JOB_LIMITS, JobIdParams, JobListQuery, QueueResponse, RequestJobBody, RequestJobResponse } from '@golf/contract/api/jobs';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import type { ApiAccess } from '../../platform/authorize';
import { jobQueue, type JobQueue } from '../../platform/jobs';
import { registerMaintenanceJobs } from './maintenance';
import { cancelJob, getJob, listJobs, queueDepth, requestJob, retryJob } from './service';

/** A club's jobs are its guides' products: the products role (§6), or admin. */
const PRODUCTS = { club: 'clubId', roles: ['products'] } as const satisfies ApiAccess;
const ADMIN = { admin: true } as const satisfies ApiAccess;

const tags = ['jobs'];
const appsUsing = new WeakMap<JobQueue, number>();
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const actionErrors = { ...errors, 409: ErrorResponse };

/**
 * Jobs (§7 'POST events/jobs', §2 /admin/events/jobs and /admin/queue): ask for a job for a club's
 * guide, follow one job, list a club's jobs; for administrators every job (filtered by club, kind
 * and state), retry and cancel, and the queue's depth per kind. The queue itself is
 * platform/jobs.ts; this area also registers the platform's maintenance jobs and stops the queue
 * when the app closes.
 */
export function jobRoutes(app: TypedApp, deps: AppDeps) {
  const jobs = jobQueue(deps.db);
  registerMaintenanceJobs(jobs, deps);
  // The queue is the database's: it stops when the last app built on it closes.
  appsUsing.set(jobs, (appsUsing.get(jobs) ?? 0) + 1);
  app.addHook('onClose', async () => {
    const left = (appsUsing.get(jobs) ?? 1) - 1;
    appsUsing.set(jobs, left);
    if (left === 0) await jobs.stop();
  });

  app.post(
    '/clubs/:clubId/events/jobs',
    { config: { access: PRODUCTS }, schema: { tags, params: ClubIdParams, body: RequestJobBody, response: { 200: RequestJobResponse, 202: RequestJobResponse, ...errors } } },
    async (request, reply) => {
      const { status, answer } = await requestJob(deps.db, jobs, request.params.clubId, request.body);
      return reply.status(status).send(answer);
    },
  );

  app.get(
    '/clubs/:clubId/events/jobs',
    { config: { access: PRODUCTS }, schema: { tags, params: ClubIdParams, querystring: ClubJobListQuery, response: { 200: z.array(Job), ...errors } } },
    async (request) => listJobs(deps.db, jobs, { clubId: request.params.clubId, limit: request.query.limit }, JOB_LIMITS.defaultList),
  );

  app.get(
    '/clubs/:clubId/events/jobs/:id',
    { config: { access: PRODUCTS }, schema: { tags, params: ClubJobParams, response: { 200: Job, ...errors } } },
    async (request) => getJob(deps.db, jobs, request.params.id, request.params.clubId),
  );

  app.get(
    '/events/jobs',
    { config: { access: ADMIN }, schema: { tags, querystring: JobListQuery, response: { 200: z.array(Job), ...errors } } },
    async (request) => listJobs(deps.db, jobs, request.query, JOB_LIMITS.defaultList),
  );

  app.get(
    '/events/queue',
    { config: { access: ADMIN }, schema: { tags, response: { 200: QueueResponse, ...errors } } },
    async () => queueDepth(jobs),
  );

  app.post(
    '/events/jobs/:id/retry',
    { config: { access: ADMIN }, schema: { tags, params: JobIdParams, response: { 200: Job, ...actionErrors } } },
    async (request) => retryJob(deps.db, jobs, request.params.id),
  );

  app.post(
    '/events/jobs/:id/cancel',
    { config: { access: ADMIN }, schema: { tags, params: JobIdParams, response: { 200: Job, ...actionErrors } } },
    async (request) => cancelJob(deps.db, jobs, request.params.id),
  );

  app.get(
    '/events/jobs/:id',
    { config: { access: ADMIN }, schema: { tags, params: JobIdParams, response: { 200: Job, ...errors } } },
    async (request) => getJob(deps.db, jobs, request.params.id),
  );
}

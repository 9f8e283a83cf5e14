import { z } from 'zod';
import { ErrorResponse } from '@golf/contract/api/common';
import {
  ComputeMismatchesResponse,
  MISMATCH_EVERY_MS,
  MISMATCH_JOB,
  MismatchComputation,
  MismatchGuides,
  MismatchIdParams,
  MismatchJobParams,
  MismatchList,
  MismatchListQuery,
} from '@golf/contract/api/mismatches';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { jobQueue } from '../../platform/jobs';
import { computeMismatches } from './compute';
import { dismissMismatch, getComputation, listMismatches, mismatchGuides, requestComputation } from './service';

const ADMIN = { admin: true } as const satisfies ApiAccess;
const tags = ['mismatches'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * Mismatches (issue 26, /admin/mismatches/:guideId?): computed nightly by the queue (and when an
 * admin asks), listed per guide or for all, dismissed for good. Administrators only.
 */
export function mismatchRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;
  const jobs = jobQueue(db);
  jobs.register(MISMATCH_JOB, async (job) => computeMismatches(db, { signal: job.signal, progress: (percent, message) => job.progress(percent, message) }), {
    everyMs: MISMATCH_EVERY_MS,
    timeLimitMs: 15 * 60_000,
  });

  app.get(
    '/admin/mismatches',
    { config: { access: ADMIN }, schema: { tags, querystring: MismatchListQuery, response: { 200: MismatchList, ...errors } } },
    async (request) => listMismatches(db, request.query),
  );

  app.get('/admin/mismatches/guides', { config: { access: ADMIN }, schema: { tags, response: { 200: MismatchGuides, ...errors } } }, async () => mismatchGuides(db));

  app.post(
    '/admin/mismatches/compute',
    { config: { access: ADMIN }, schema: { tags, response: { 202: ComputeMismatchesResponse, ...errors } } },
    async (_request, reply) => reply.status(202).send(await requestComputation(jobs)),
  );

  app.get(
    '/admin/mismatches/compute/:jobId',
    { config: { access: ADMIN }, schema: { tags, params: MismatchJobParams, response: { 200: MismatchComputation, ...errors } } },
    async (request) => getComputation(jobs, request.params.jobId),
  );

  app.post(
    '/admin/mismatches/:id/dismiss',
    { config: { access: ADMIN }, schema: { tags, params: MismatchIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await dismissMismatch(db, request.params.id, requireAuth(request).userId);
      return reply.status(204).send(null);
    },
  );
}

import { z } from 'zod';
import { IdParam, IntParam, PositiveInt32, storable, Uuid } from './common';

/**
 * Jobs (§3 'Job: clubId, guideId, requestId'; §7 'POST events/jobs'; §2 /admin/events/jobs):
 * work that runs in the background queue (guide generation, release-all, maintenance), with its
 * state and stored progress. `POST clubs/{clubId}/events/jobs` asks for a job for a club's guide;
 * `GET clubs/{clubId}/events/jobs/{id}` answers one job's state and progress to the club's
 * products users; `GET events/jobs` lists every job for administrators.
 */
export const JOB_STATES = ['queued', 'active', 'completed', 'failed', 'cancelled'] as const;
export const JobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobState>;

/** States in which a job still changes (the web polls while one is shown). */
export function jobRunning(state: JobState): boolean {
  return state === 'queued' || state === 'active';
}

export const JOB_LIMITS = { kind: 60, requestId: 100, list: 200, defaultList: 50 } as const;

/** A job kind: lower-case words joined by dots, underscores or hyphens ('guide.pdf', 'uploads.sweep'). */
export const JobKind = storable(z.string().max(JOB_LIMITS.kind)).regex(/^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*$/, 'A job kind is lower-case words joined by dots, e.g. guide.pdf');

export const Job = z.object({
  id: z.string(),
  kind: z.string(),
  state: JobState,
  /** 0 to 100, and what the job is doing ('Generating PDF Guide'); stored, so any process sees it. */
  percent: z.number().int().min(0).max(100),
  message: z.string().nullable(),
  /** How many times the job has been started (more than 1 after an interruption). */
  attempts: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  /** What the job answered when it completed (e.g. where the file is), else null. */
  result: z.unknown(),
  /** Why the job failed, or why its last attempt stopped when it waits to run again. */
  error: z.string().nullable(),
  clubId: z.number().int().nullable(),
  guideId: z.number().int().nullable(),
  /** The guide's title, while the guide exists. */
  guideTitle: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type Job = z.infer<typeof Job>;

/** POST clubs/{clubId}/events/jobs: ask for a job of `kind` for a guide of the club. */
export const RequestJobBody = z.object({
  kind: JobKind,
  guideId: PositiveInt32,
  /** The client's id of the request (e.g. one per click), kept with the job. */
  requestId: storable(z.string().trim().min(1).max(JOB_LIMITS.requestId)).optional(),
});
export type RequestJobBody = z.infer<typeof RequestJobBody>;

/** The answer to a request: the job, and whether it was already queued or running (a second click). */
export const RequestJobResponse = z.object({ job: Job, existing: z.boolean() });
export type RequestJobResponse = z.infer<typeof RequestJobResponse>;

export const ClubJobParams = z.object({ clubId: IdParam, id: Uuid });
export const JobIdParams = z.object({ id: Uuid });

const Limit = IntParam(1, JOB_LIMITS.list).optional();

/** A yes/no in a query string: 'true' or 'false'. */
const FlagParam = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * GET events/jobs (admins): newest first; optionally one club's, one kind's, one state's. The
 * periodic maintenance kinds (queued by the queue itself every minute or hour) are left out unless
 * `periodic=true` or the `kind` asked for is one of them.
 */
export const JobListQuery = z.object({ clubId: IdParam.optional(), kind: JobKind.optional(), state: JobState.optional(), periodic: FlagParam.optional(), limit: Limit });
export type JobListQuery = z.infer<typeof JobListQuery>;

/** States from which an administrator may retry a job, and cancel one. */
export const RETRYABLE_STATES: readonly JobState[] = ['failed', 'cancelled'];
export const CANCELLABLE_STATES: readonly JobState[] = ['queued', 'active'];

/** GET events/queue (admins): each kind the queue knows, with what waits and runs now. */
export const QueueKind = z.object({
  kind: z.string(),
  /** Queued by the queue itself at an interval (maintenance). */
  periodic: z.boolean(),
  /** May be asked for by a club (POST clubs/{clubId}/events/jobs). */
  requestable: z.boolean(),
  waiting: z.number().int().min(0),
  running: z.number().int().min(0),
  /** Since when the oldest waiting job waits (null: none waits). */
  oldestWaitingSince: z.iso.datetime().nullable(),
  oldestWaitingId: z.string().nullable(),
});
export type QueueKind = z.infer<typeof QueueKind>;
export const QueueResponse = z.object({ at: z.iso.datetime(), kinds: z.array(QueueKind) });
export type QueueResponse = z.infer<typeof QueueResponse>;
/** GET clubs/{clubId}/events/jobs: the club's jobs, newest first. */
export const ClubJobListQuery = z.object({ limit: Limit });

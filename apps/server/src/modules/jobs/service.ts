import { and, eq, inArray } from 'drizzle-orm';
import type { Job, JobListQuery, QueueResponse, RequestJobBody, RequestJobResponse } from '@golf/contract/api/jobs';
import { guides } from '../../db/schema/index';
import type { Db } from '../../platform/database';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { JobActionOutcome, JobInfo, JobQueue } from '../../platform/jobs';

/** Jobs as the API answers them (contract Job), with their guides' titles. */
async function jobAnswers(db: Db, infos: JobInfo[]): Promise<Job[]> {
  const guideIds = [...new Set(infos.map((i) => i.guideId).filter((id): id is number => id !== null))];
  const titles = new Map(
    guideIds.length ? (await db.select({ id: guides.id, title: guides.title }).from(guides).where(inArray(guides.id, guideIds))).map((g) => [g.id, g.title]) : [],
  );
  return infos.map((info) => jobAnswer(info, info.guideId === null ? null : (titles.get(info.guideId) ?? null)));
}

function jobAnswer(info: JobInfo, guideTitle: string | null): Job {
  return {
    id: info.id,
    kind: info.kind,
    state: info.state,
    percent: info.percent,
    message: info.message,
    attempts: info.attempts,
    createdAt: info.createdAt.toISOString(),
    startedAt: info.startedAt?.toISOString() ?? null,
    finishedAt: info.finishedAt?.toISOString() ?? null,
    result: info.result ?? null,
    error: info.error,
    clubId: info.clubId,
    guideId: info.guideId,
    guideTitle,
    requestId: info.requestId,
  };
}

/**
 * POST clubs/{clubId}/events/jobs (§7, §3 Job: clubId, guideId, requestId): asks for a job of a
 * requestable kind for one of the club's guides. While the same kind runs or waits for the same
 * guide, the answer is that job (`existing: true`): a second click does not run the work twice.
 */
export async function requestJob(db: Db, jobs: JobQueue, clubId: number, body: RequestJobBody): Promise<{ status: 200 | 202; answer: RequestJobResponse }> {
  const kind = jobs.kinds().find((k) => k.kind === body.kind && k.requestable);
  if (!kind) {
    const known = jobs.kinds().filter((k) => k.requestable).map((k) => k.kind);
    const details = [{ path: 'kind', message: 'Unknown job kind' }];
    if (known.length) throw badRequest('jobs.unknownKindOf', { kind: body.kind, known: known.join(', ') }, details);
    throw badRequest('jobs.unknownKind', { kind: body.kind }, details);
  }
  const [guide] = await db.select({ id: guides.id }).from(guides).where(and(eq(guides.id, body.guideId), eq(guides.clubId, clubId)));
  if (!guide) throw notFound('guides.notFound');
  const requestId = body.requestId ?? null;
  const { id, existing } = await jobs.enqueue(body.kind, { clubId, guideId: guide.id, requestId }, { singletonKey: `${clubId}:${guide.id}`, clubId, guideId: guide.id, requestId });
  const job = await getJob(db, jobs, id, clubId);
  return { status: existing ? 200 : 202, answer: { job, existing } };
}

/** One job; with `clubId`, only a job of that club (another club's job is not found). */
export async function getJob(db: Db, jobs: JobQueue, id: string, clubId?: number): Promise<Job> {
  const info = await jobs.get(id);
  if (!info || (clubId !== undefined && info.clubId !== clubId)) throw notFound('jobs.notFound');
  return (await jobAnswers(db, [info]))[0];
}

/**
 * A list of jobs, newest first. The periodic maintenance kinds (queued every minute or hour by the
 * queue itself) would bury everything else, so they are left out unless `periodic` asks for them
 * or the filter names one of them as its kind.
 */
export async function listJobs(db: Db, jobs: JobQueue, filter: Partial<JobListQuery>, defaultLimit: number): Promise<Job[]> {
  const periodic = jobs.kinds().filter((k) => k.periodic).map((k) => k.kind);
  const hidePeriodic = filter.periodic !== true && filter.kind === undefined;
  return jobAnswers(
    db,
    await jobs.list({
      clubId: filter.clubId,
      kinds: filter.kind === undefined ? undefined : [filter.kind],
      excludeKinds: hidePeriodic ? periodic : undefined,
      states: filter.state === undefined ? undefined : [filter.state],
      limit: filter.limit ?? defaultLimit,
    }),
  );
}

function refuseOutcome(outcome: JobActionOutcome, wrongState: 'jobs.notRetryable' | 'jobs.notCancellable'): void {
  if (outcome === 'done') return;
  if (outcome === 'notFound') throw notFound('jobs.notFound');
  if (outcome === 'duplicate') throw conflict('jobs.alreadyQueued');
  if (outcome === 'unknownKind') throw conflict('jobs.kindGone');
  throw conflict(wrongState);
}

/** POST events/jobs/{id}/retry (admins): a failed or cancelled job queued again; answers it. */
export async function retryJob(db: Db, jobs: JobQueue, id: string): Promise<Job> {
  refuseOutcome(await jobs.retry(id), 'jobs.notRetryable');
  return getJob(db, jobs, id);
}

/** POST events/jobs/{id}/cancel (admins): a queued or running job cancelled; answers it. */
export async function cancelJob(db: Db, jobs: JobQueue, id: string): Promise<Job> {
  refuseOutcome(await jobs.cancel(id), 'jobs.notCancellable');
  return getJob(db, jobs, id);
}

/** GET events/queue (admins): per kind the queue knows, what waits and runs, and the oldest wait. */
export async function queueDepth(jobs: JobQueue): Promise<QueueResponse> {
  const kinds = await jobs.depth();
  return {
    at: new Date().toISOString(),
    kinds: kinds.map((k) => ({ ...k, oldestWaitingSince: k.oldestWaitingSince?.toISOString() ?? null })),
  };
}

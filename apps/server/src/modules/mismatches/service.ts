import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { MISMATCH_JOB, MISMATCH_LIMITS, MismatchDetails, type Mismatch, type MismatchComputation, type MismatchGuide, type MismatchList, type MismatchListQuery, type MismatchKind, type MismatchSeverity } from '@golf/contract/api/mismatches';
import { clubs, courses, guideCourses, guides, holes, mismatchDismissals, mismatches, mismatchRuns } from '../../db/schema/index';
import type { Db } from '../../platform/database';
import { notFound } from '../../platform/errors';
import type { JobInfo, JobQueue } from '../../platform/jobs';

/** The findings of the latest run that match the filter: a guide's own and its courses', a club's, a severity. */
async function filterOf(db: Db, query: Pick<MismatchListQuery, 'guide_id' | 'club_id'>): Promise<SQL[]> {
  const where: SQL[] = [];
  if (query.guide_id !== undefined) {
    const [guide] = await db.select({ id: guides.id }).from(guides).where(eq(guides.id, query.guide_id));
    if (!guide) throw notFound('mismatches.guideNotFound');
    const ofGuide = db.select({ courseId: guideCourses.courseId }).from(guideCourses).where(eq(guideCourses.guideId, query.guide_id));
    where.push(or(eq(mismatches.guideId, query.guide_id), and(isNull(mismatches.guideId), inArray(mismatches.courseId, ofGuide)))!);
  }
  if (query.club_id !== undefined) where.push(eq(mismatches.clubId, query.club_id));
  return where;
}

/** GET admin/mismatches: the latest run and its findings (errors first, then by club, course and hole). */
export async function listMismatches(db: Db, query: MismatchListQuery): Promise<MismatchList> {
  const [run] = await db.select().from(mismatchRuns).orderBy(desc(mismatchRuns.id)).limit(1);
  const where = await filterOf(db, query);
  const counts = await db
    .select({ severity: mismatches.severity, n: count() })
    .from(mismatches)
    .where(and(...where))
    .groupBy(mismatches.severity);
  const errors = counts.find((c) => c.severity === 'error')?.n ?? 0;
  const warnings = counts.find((c) => c.severity === 'warning')?.n ?? 0;
  const filtered = query.severity ? [...where, eq(mismatches.severity, query.severity)] : where;
  const rows = await db
    .select({
      id: mismatches.id,
      kind: mismatches.kind,
      severity: mismatches.severity,
      fingerprint: mismatches.fingerprint,
      club_id: mismatches.clubId,
      club_name: clubs.name,
      guide_id: mismatches.guideId,
      guide_title: guides.title,
      course_id: mismatches.courseId,
      course_name: courses.name,
      hole_id: mismatches.holeId,
      hole_number: holes.order,
      details: mismatches.details,
    })
    .from(mismatches)
    .innerJoin(clubs, eq(clubs.id, mismatches.clubId))
    .leftJoin(guides, eq(guides.id, mismatches.guideId))
    .leftJoin(courses, eq(courses.id, mismatches.courseId))
    .leftJoin(holes, eq(holes.id, mismatches.holeId))
    .where(and(...filtered))
    .orderBy(sql`case when ${mismatches.severity} = 'error' then 0 else 1 end`, asc(clubs.name), asc(mismatches.clubId), asc(guides.title), asc(courses.name), asc(holes.order), asc(mismatches.kind), asc(mismatches.id))
    .limit(query.limit);
  const items: Mismatch[] = rows.map((r) => {
    const details = MismatchDetails.safeParse(r.details);
    return { ...r, kind: r.kind as MismatchKind, severity: r.severity as MismatchSeverity, details: details.success ? details.data : {} };
  });
  return {
    run: run ? { id: run.id, started_at: run.startedAt.toISOString(), finished_at: (run.finishedAt ?? run.startedAt).toISOString(), found: run.found } : null,
    items,
    total: query.severity === 'error' ? errors : query.severity === 'warning' ? warnings : errors + warnings,
    errors,
    warnings,
  };
}

/** 'Not an error': the finding's fingerprint is dismissed for good, and its rows leave the list now. */
export async function dismissMismatch(db: Db, id: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ fingerprint: mismatches.fingerprint, clubId: mismatches.clubId }).from(mismatches).where(eq(mismatches.id, id));
    if (!row) throw notFound('mismatches.notFound');
    await tx.insert(mismatchDismissals).values({ fingerprint: row.fingerprint, clubId: row.clubId, dismissedBy: userId }).onConflictDoNothing();
    await tx.delete(mismatches).where(eq(mismatches.fingerprint, row.fingerprint));
  });
}

/** The guides for the picker, by club and title (at most MISMATCH_LIMITS.guides). */
export async function mismatchGuides(db: Db): Promise<MismatchGuide[]> {
  return db
    .select({ id: guides.id, title: guides.title, club_id: guides.clubId, club_name: clubs.name })
    .from(guides)
    .innerJoin(clubs, eq(clubs.id, guides.clubId))
    .orderBy(asc(clubs.name), asc(guides.title), asc(guides.id))
    .limit(MISMATCH_LIMITS.guides);
}

const computationOf = (job: JobInfo): MismatchComputation => ({ job_id: job.id, state: job.state, percent: job.percent, error: job.error });

/** POST admin/mismatches/compute: one computation queued or running at a time (a second click answers it). */
export async function requestComputation(jobs: JobQueue): Promise<{ computation: MismatchComputation; existing: boolean }> {
  const { id, existing } = await jobs.enqueue(MISMATCH_JOB, {}, { singletonKey: 'all' });
  const job = await jobs.get(id);
  if (!job) throw notFound('mismatches.computationNotFound');
  return { computation: computationOf(job), existing };
}

/** GET admin/mismatches/compute/{jobId}: a computation's state and progress. */
export async function getComputation(jobs: JobQueue, jobId: string): Promise<MismatchComputation> {
  const job = await jobs.get(jobId);
  if (!job || job.kind !== MISMATCH_JOB) throw notFound('mismatches.computationNotFound');
  return computationOf(job);
}

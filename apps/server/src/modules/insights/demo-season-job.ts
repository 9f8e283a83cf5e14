import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import { courses, guideCourses, guideDownloads, guides, holes, holeTees, rounds, tees } from '../../db/schema/index';
import type { AppDeps } from '../../platform/app-types';
import type { Db } from '../../platform/database';
import type { DbOrTx } from '../../platform/db-types';
import { jobQueue, type JobContext } from '../../platform/jobs';
import { savedDrawings } from '../courses';
import { generateDownloads, generatePlayers, generateRounds, type GeneratedRound, type GeneratorCourse, type PoolPlayer } from './generator';
import { stream } from './generator/random';
import { ingestRounds, storeDownloads, upsertAppUsers, type AppUserInput } from './ingestion-service';

/**
 * The demo season's rounds as a background job (issue 22): the demo writes its app users in the
 * demo's transaction (./demo.ts) and the job, queued once the server serves (main.ts), generates the
 * season on the demo course and stores it through the app's own ingestion (`ingestRounds`,
 * `storeDownloads`), in small chunks so that the server keeps answering meanwhile (on the embedded
 * database every chunk holds its one connection). Idempotent: the generator is deterministic, so
 * a run after a restart finds the rounds already stored by their app round ids and skips them,
 * and the downloads are written in one transaction, once.
 */

export const DEMO_SEASON_JOB = 'insights.demo-season';

export const DemoSeasonJobData = z.object({
  clubId: z.number().int().positive(),
  courseId: z.number().int().positive(),
  guideId: z.number().int().positive(),
  seed: z.number().int(),
  /** The season's first and last day ('YYYY-MM-DD'). */
  from: z.string(),
  to: z.string(),
  rounds: z.number().int().min(0).max(100_000),
  /** The downloads' range and number. */
  downloadsFrom: z.string(),
  downloadsTo: z.string(),
  downloads: z.number().int().min(0).max(100_000),
  /** Golfers on the course on an average day (the generator's default when not given). */
  golfersPerDay: z.number().int().min(0).max(1000).optional(),
});
export type DemoSeasonJobData = z.infer<typeof DemoSeasonJobData>;

/** Rounds per call of `ingestRounds`: short holds of the embedded database's one connection. */
const CHUNK_ROUNDS = 25;

/** The course as the generator plays it: the club's course, its holes in order, tees longest first, distances and drawings. */
export async function loadGeneratorCourse(db: DbOrTx, clubId: number, courseId: number, guideId: number): Promise<GeneratorCourse> {
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .innerJoin(guideCourses, and(eq(guideCourses.courseId, courses.id), eq(guideCourses.guideId, guideId)))
    .innerJoin(guides, and(eq(guides.id, guideCourses.guideId), eq(guides.clubId, clubId)))
    .where(and(eq(courses.id, courseId), eq(courses.clubId, clubId)));
  if (!course) throw new Error(`Course ${courseId} with guide ${guideId} is not a course of club ${clubId}`);
  const holeRows = await db
    .select({ id: holes.id, order: holes.order, par: holes.par, handicap: holes.handicap })
    .from(holes)
    .where(eq(holes.courseId, courseId))
    .orderBy(asc(holes.order));
  const teeRows = await db.select({ id: tees.id }).from(tees).where(eq(tees.courseId, courseId)).orderBy(asc(tees.id));
  const holeIds = holeRows.map((h) => h.id);
  const distances = holeIds.length === 0 ? [] : await db.select().from(holeTees).where(inArray(holeTees.holeId, holeIds));
  const drawings = await savedDrawings(db, holeIds, EDIT_DRAWING_STYLE);
  const length = new Map<number, number>();
  for (const d of distances) length.set(d.teeId, (length.get(d.teeId) ?? 0) + d.distance);
  const teeIds = teeRows.map((t) => t.id).sort((a, b) => (length.get(b) ?? 0) - (length.get(a) ?? 0) || a - b);
  return {
    guideId,
    courseId,
    teeIds,
    holes: holeRows.map((h, i) => {
      const drawing = drawings.get(h.id);
      if (!drawing) throw new Error(`Hole ${h.order} of course ${courseId} has no drawing`);
      return {
        number: h.order,
        par: h.par,
        strokeIndex: h.handicap ?? i + 1,
        distances: Object.fromEntries(distances.filter((d) => d.holeId === h.id).map((d) => [d.teeId, d.distance])),
        drawing,
      };
    }),
  };
}

/** The season's players (deterministic from its seed, size and the course's number of tees). */
export function demoPlayers(data: DemoSeasonJobData, teeCount: number): PoolPlayer[] {
  return generatePlayers({ seed: data.seed, rounds: data.rounds, tees: Math.max(1, teeCount) });
}

/** The app users behind the season: its players, the followers since some day of the downloads' range. */
export function demoAppUsers(data: DemoSeasonJobData, players: PoolPlayer[]): AppUserInput[] {
  const since = stream(data.seed, 'followed');
  const first = Date.parse(`${data.downloadsFrom}T00:00:00Z`);
  const span = Math.max(0, Date.parse(`${data.downloadsTo}T00:00:00Z`) - first);
  return players.map((p) => ({ appUserId: p.appUserId, language: p.language, following: p.following, followedAt: new Date(first + Math.floor(since() * span)) }));
}

export interface DemoSeasonResult {
  rounds: number;
  /** Rounds stored by this run (the others were there already). */
  stored: number;
  refused: number;
  downloads: number;
}

/** Generates and stores the season; answers what it stored. */
export async function runDemoSeason(db: Db, data: DemoSeasonJobData, job?: Pick<JobContext<unknown>, 'progress' | 'signal'>): Promise<DemoSeasonResult> {
  const course = await loadGeneratorCourse(db, data.clubId, data.courseId, data.guideId);
  const players = demoPlayers(data, course.teeIds.length);
  // The demo wrote these app users already; written again (unchanged) in case the season was queued otherwise.
  await upsertAppUsers(db, data.clubId, demoAppUsers(data, players));

  // Downloads: once (one transaction), unless the guide has downloads already.
  let downloads = 0;
  const [{ count }] = (
    await db.execute<{ count: number }>(sql`select count(*)::int as count from ${guideDownloads} where ${guideDownloads.clubId} = ${data.clubId} and ${guideDownloads.guideId} = ${data.guideId}`)
  ).rows;
  if (count === 0 && data.downloads > 0) {
    const list = generateDownloads({ guideId: data.guideId, from: data.downloadsFrom, to: data.downloadsTo, count: data.downloads, seed: data.seed, players });
    downloads = (await storeDownloads(db, data.clubId, list)).stored;
  }

  // Rounds: those not stored yet, in chunks.
  const prefix = `g${data.seed}-`;
  const stored = new Set(
    (
      await db
        .select({ id: rounds.appRoundId })
        .from(rounds)
        .where(and(eq(rounds.clubId, data.clubId), sql`${rounds.appRoundId} like ${`${prefix}%`}`))
    ).map((r) => r.id),
  );
  const result: DemoSeasonResult = { rounds: 0, stored: 0, refused: 0, downloads };
  let chunk: GeneratedRound[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const answer = await ingestRounds(db, data.clubId, chunk);
    result.stored += answer.stored.filter((s) => s.created).length;
    result.refused += answer.refused.length;
    chunk = [];
    await job?.progress((result.rounds / Math.max(1, data.rounds)) * 100, `Demo season: ${result.rounds} of ${data.rounds} rounds`);
    // Let requests in between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  };
  for (const round of generateRounds(course, { from: data.from, to: data.to, rounds: data.rounds, seed: data.seed, players, golfersPerDay: data.golfersPerDay })) {
    if (job?.signal.aborted) throw job.signal.reason;
    result.rounds++;
    if (stored.has(round.appRoundId)) continue;
    chunk.push(round);
    if (chunk.length >= CHUNK_ROUNDS) await flush();
  }
  await flush();
  if (result.refused > 0 && result.stored === 0 && stored.size === 0) throw new Error(`The demo season's rounds were refused (${result.refused})`);
  return result;
}

/** Registers the job kind (the area's routes function calls it, so the server and worker.ts both know it). */
export function registerDemoSeasonJob(deps: Pick<AppDeps, 'db'>): void {
  jobQueue(deps.db).register(DEMO_SEASON_JOB, async (job) => runDemoSeason(deps.db, DemoSeasonJobData.parse(job.data), job), { timeLimitMs: 60 * 60_000, retryLimit: 3 });
}

/** Queues the season (one job per club and seed: a second call while it is queued or running answers the first). */
export async function queueDemoSeason(db: Db, data: DemoSeasonJobData): Promise<{ id: string; existing: boolean }> {
  return jobQueue(db).enqueue(DEMO_SEASON_JOB, DemoSeasonJobData.parse(data), { singletonKey: `${data.clubId}:${data.seed}`, clubId: data.clubId });
}

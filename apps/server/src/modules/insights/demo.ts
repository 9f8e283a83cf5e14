import { and, asc, count, eq } from 'drizzle-orm';
import { guideCourses, guides, tees } from '../../db/schema/index';
import type { AreaDemo } from '../../platform/app-types';
import type { Db } from '../../platform/database';
import { demoAppUsers, demoPlayers, queueDemoSeason, type DemoSeasonJobData } from './demo-season-job';
import { upsertAppUsers } from './ingestion-service';

/**
 * The insights demo (issue 22): one season of rounds on the demo club's course (Fjordvang Links),
 * with shots and game tracks, the downloads of its guide over two years, and the app users behind
 * them (a few hundred follow the club: the followers the communication area messages).
 *
 * The app users are written here, in the demo's transaction (a few hundred rows, one statement).
 * The rounds are many (`DEMO_SEASON.rounds`, each with its shots and track), so they are not: the
 * season is a background job (./demo-season-job.ts) queued once the server serves
 * (`queueInsightDemoSeasons`, called by main.ts beside `releaseDemoGuide`), and the demo's
 * first start is not slowed by it. The test databases' template is written by the same demo
 * without the job, so it stays quick to build.
 */

/** The demo season's size and seed; the dates follow from the day the demo is written. */
export const DEMO_SEASON = { seed: 2026, rounds: 3200, downloads: 5000 } as const;

/**
 * The season of the demo: this year's April to October up to today (before April, last year's
 * whole season); the downloads from the first of January of last year up to today.
 */
export function demoSeasonDates(today: Date): Pick<DemoSeasonJobData, 'from' | 'to' | 'downloadsFrom' | 'downloadsTo'> {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const year = today.getUTCMonth() < 3 ? today.getUTCFullYear() - 1 : today.getUTCFullYear();
  const end = `${year}-10-31`;
  const to = iso(today) < end ? iso(today) : end;
  return { from: `${year}-04-01`, to, downloadsFrom: `${today.getUTCFullYear() - 1}-01-01`, downloadsTo: iso(today) };
}

/** Seasons whose app users the demo wrote in this process and that wait for the server to serve. */
const pending: DemoSeasonJobData[] = [];

export const insightDemo: AreaDemo = async ({ tx, clubId, courseId }) => {
  const [guide] = await tx
    .select({ id: guides.id })
    .from(guides)
    .innerJoin(guideCourses, eq(guideCourses.guideId, guides.id))
    .where(and(eq(guides.clubId, clubId), eq(guideCourses.courseId, courseId)))
    .orderBy(asc(guides.id))
    .limit(1);
  if (!guide) throw new Error('insightDemo: the demo course has no guide');
  const [{ teeCount }] = await tx.select({ teeCount: count() }).from(tees).where(eq(tees.courseId, courseId));
  const data: DemoSeasonJobData = { clubId, courseId, guideId: guide.id, seed: DEMO_SEASON.seed, rounds: DEMO_SEASON.rounds, downloads: DEMO_SEASON.downloads, ...demoSeasonDates(new Date()) };

  // The app users behind the season's rounds and downloads; followers since some day of the last two years.
  await upsertAppUsers(tx, clubId, demoAppUsers(data, demoPlayers(data, teeCount)));
  pending.push(data);
};

/**
 * Queues the season of every demo written by this process (main.ts, after the server serves,
 * when `seedDemo` wrote the demo), of `rounds` rounds (DEMO_SEASON_ROUNDS; the downloads in
 * proportion; 0 queues nothing).
 */
export async function queueInsightDemoSeasons(db: Db, size: { rounds?: number } = {}): Promise<void> {
  const rounds = size.rounds ?? DEMO_SEASON.rounds;
  const downloads = Math.round((DEMO_SEASON.downloads * rounds) / DEMO_SEASON.rounds);
  while (pending.length > 0) {
    const season = pending.shift()!;
    if (rounds > 0) await queueDemoSeason(db, { ...season, rounds, downloads });
  }
}

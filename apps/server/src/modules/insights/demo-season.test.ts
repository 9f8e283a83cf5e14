import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { RoundBody } from '@golf/contract/api/insights-app';
import { appUsers, courses, guideDownloads, guides, roundHoles, rounds, roundTracks, shots } from '../../db/schema/index';
import { jobQueue } from '../../platform/jobs';
import { DEMO_GUIDE_TITLE } from '../../seed/seed-products';
import { buildTestApp, demoIds, testDatabaseKind, type DemoIds, type TestApp } from '../../../test/test-app';
import { DEMO_SEASON, demoSeasonDates } from './demo';
import { demoPlayers, loadGeneratorCourse, queueDemoSeason, runDemoSeason, type DemoSeasonJobData } from './demo-season-job';
import { generateRounds } from './generator';

/**
 * The insights demo: the app users written with the demo (the test template has them, not the
 * season's rounds: the job does not run there), and the demo season's job run here for a small
 * season through the job queue, again (nothing new), and after rounds went missing (only those).
 */
describe(`the insights demo season (${testDatabaseKind})`, () => {
  let t: TestApp;
  let ids: DemoIds;
  let data: DemoSeasonJobData;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t);
    const db = t.database.db;
    const [guide] = await db.select({ id: guides.id }).from(guides).where(and(eq(guides.clubId, ids.dkClubId), eq(guides.title, DEMO_GUIDE_TITLE)));
    const [course] = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.clubId, ids.dkClubId), eq(courses.name, 'Fjordvang Links')));
    data = {
      clubId: ids.dkClubId,
      courseId: course.id,
      guideId: guide.id,
      seed: 77,
      from: '2026-06-01',
      to: '2026-06-30',
      rounds: 50,
      downloadsFrom: '2025-01-01',
      downloadsTo: '2026-11-27',
      downloads: 300,
      golfersPerDay: 30,
    };
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it("the demo wrote the season's app users, a few hundred following the club, and no rounds (the job was not run)", async () => {
    const db = t.database.db;
    const expected = demoPlayers({ ...data, seed: DEMO_SEASON.seed, rounds: DEMO_SEASON.rounds }, 3);
    const rows = await db.select({ appId: appUsers.appId, following: appUsers.following, followedAt: appUsers.followedAt }).from(appUsers).where(eq(appUsers.clubId, ids.dkClubId));
    expect(rows.length).toBe(expected.length);
    expect(new Set(rows.map((r) => r.appId))).toEqual(new Set(expected.map((p) => p.appUserId)));
    const followers = rows.filter((r) => r.following);
    expect(followers.length).toBeGreaterThanOrEqual(200);
    expect(followers.length).toBeLessThan(600);
    expect(followers.every((r) => r.followedAt !== null)).toBe(true);
    // The Swedish club has none; the template has no rounds (the job runs only after a real start).
    expect(await db.$count(appUsers, eq(appUsers.clubId, ids.seClubId))).toBe(0);
    expect(await db.$count(rounds, eq(rounds.clubId, ids.dkClubId))).toBe(0);
  });

  it("the season is this year's April to October up to today, the downloads two years", () => {
    expect(demoSeasonDates(new Date('2026-11-27T10:00:00Z'))).toEqual({ from: '2026-04-01', to: '2026-10-31', downloadsFrom: '2025-01-01', downloadsTo: '2026-11-27' });
    expect(demoSeasonDates(new Date('2026-06-15T10:00:00Z'))).toEqual({ from: '2026-04-01', to: '2026-06-15', downloadsFrom: '2025-01-01', downloadsTo: '2026-06-15' });
    expect(demoSeasonDates(new Date('2027-02-01T10:00:00Z'))).toEqual({ from: '2026-04-01', to: '2026-10-31', downloadsFrom: '2026-01-01', downloadsTo: '2027-02-01' });
    expect(DEMO_SEASON.rounds).toBeGreaterThanOrEqual(3000);
  });

  it('the job stores a small season through the ingestion: rounds, holes, shots, tracks and downloads', async () => {
    const db = t.database.db;
    const { id, existing } = await queueDemoSeason(db, data);
    expect(existing).toBe(false);
    let info = await jobQueue(db).get(id);
    for (let i = 0; i < 600 && info && info.state !== 'completed' && info.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      info = await jobQueue(db).get(id);
    }
    expect(info?.error ?? null).toBeNull();
    expect(info?.state).toBe('completed');
    expect(info?.percent).toBe(100);
    expect(info?.result).toEqual({ rounds: 50, stored: 50, refused: 0, downloads: 300 });

    // What the generator makes for these parameters is what is stored, round by round.
    const course = await loadGeneratorCourse(db, data.clubId, data.courseId, data.guideId);
    const generated = [...generateRounds(course, { ...data, players: demoPlayers(data, course.teeIds.length) })];
    expect(generated).toHaveLength(50);
    for (const g of generated) expect(RoundBody.safeParse(g.body).success).toBe(true);
    const stored = await db.select().from(rounds).where(and(eq(rounds.clubId, data.clubId), like(rounds.appRoundId, 'g77-%')));
    expect(stored.map((r) => r.appRoundId).sort()).toEqual(generated.map((g) => g.appRoundId).sort());
    const byId = new Map(generated.map((g) => [g.appRoundId, g.body]));
    for (const row of stored) {
      const body = byId.get(row.appRoundId)!;
      expect(row.guideId).toBe(data.guideId);
      expect(row.courseId).toBe(data.courseId);
      expect(row.points).toBe(body.points);
      expect(row.strokes).toBe(body.holes.reduce((s, h) => s + h.strokes, 0));
      expect(row.handicap).toBeCloseTo(body.handicap, 3);
      expect(row.startedAt.getTime()).toBe(Date.parse(body.started_at));
      expect(row.localStart.slice(0, 7)).toBe('2026-06');
      expect(row.appUserId).not.toBeNull();
    }
    const roundIds = stored.map((r) => r.id);
    const holeCount = await db.$count(roundHoles, inArray(roundHoles.roundId, roundIds));
    expect(holeCount).toBe(generated.reduce((s, g) => s + g.body.holes.length, 0));
    const shotCount = await db.$count(shots, inArray(shots.roundId, roundIds));
    expect(shotCount).toBe(generated.reduce((s, g) => s + g.body.shots.length, 0));
    expect(shotCount).toBeGreaterThan(50 * 30);
    const tracks = await db
      .select({ points: sql<number>`cardinality(${roundTracks.seconds})` })
      .from(roundTracks)
      .where(inArray(roundTracks.roundId, roundIds));
    expect(tracks.length).toBe(generated.filter((g) => g.body.track.length > 0).length);
    expect(tracks.reduce((s, r) => s + Number(r.points), 0)).toBe(generated.reduce((s, g) => s + g.body.track.length, 0));
    const downloads = await db.select({ at: guideDownloads.downloadedAt }).from(guideDownloads).where(and(eq(guideDownloads.clubId, data.clubId), eq(guideDownloads.guideId, data.guideId)));
    expect(downloads).toHaveLength(300);
    expect(downloads.some((d) => d.at.getUTCFullYear() === 2025)).toBe(true);
    expect(downloads.some((d) => d.at.getUTCFullYear() === 2026)).toBe(true);
  }, 120_000);

  it('runs again without storing anything twice, and stores only what went missing', async () => {
    const db = t.database.db;
    const count = () => db.$count(rounds, and(eq(rounds.clubId, data.clubId), like(rounds.appRoundId, 'g77-%')));
    const again = await runDemoSeason(db, data);
    expect(again).toEqual({ rounds: 50, stored: 0, refused: 0, downloads: 0 });
    expect(await count()).toBe(50);
    expect(await db.$count(guideDownloads, eq(guideDownloads.clubId, data.clubId))).toBe(300);

    // As after a restart in the middle: ten rounds are not there; the next run stores those ten.
    const some = await db.select({ id: rounds.id }).from(rounds).where(and(eq(rounds.clubId, data.clubId), like(rounds.appRoundId, 'g77-%'))).limit(10);
    await db.delete(rounds).where(inArray(rounds.id, some.map((r) => r.id)));
    expect(await count()).toBe(40);
    const resumed = await runDemoSeason(db, data);
    expect(resumed).toEqual({ rounds: 50, stored: 10, refused: 0, downloads: 0 });
    expect(await count()).toBe(50);
  }, 120_000);

  it("refuses a course that is not the club's", async () => {
    await expect(runDemoSeason(t.database.db, { ...data, clubId: ids.seClubId })).rejects.toThrow(/not a course of club/);
  });
});

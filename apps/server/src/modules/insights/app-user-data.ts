/**
 * The app-side data of one golfer of the app, for the app users' administration (issue 26,
 * modules/app-users): the list of app users with their clubs, downloads and rounds; one user's
 * rows read for their page and for a GDPR access request; and their erasure inside the caller's
 * transaction. This area owns `app_users`, `guide_downloads`, `rounds` and what hangs off a round,
 * so it alone deletes them (docs/adding-an-area.md): the rounds with their holes, shots and track,
 * the link of their downloads (the download stays, anonymous, in the club's counts), and the
 * `app_users` rows last.
 */
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { appUsers, clubs, courses, guideDownloads, guides, roundHoles, rounds, roundTracks, shots } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/db-types';

const iso = (d: Date) => d.toISOString();

/** The `app_users` rows of one app id (one per club that knows them), with the club's name. */
export async function appUserRowsOf(db: DbOrTx, appId: string) {
  const rows = await db
    .select({
      id: appUsers.id,
      clubId: appUsers.clubId,
      clubName: clubs.name,
      language: appUsers.language,
      following: appUsers.following,
      followedAt: appUsers.followedAt,
      createdAt: appUsers.createdAt,
    })
    .from(appUsers)
    .innerJoin(clubs, eq(clubs.id, appUsers.clubId))
    .where(eq(appUsers.appId, appId))
    .orderBy(asc(clubs.name), asc(appUsers.id));
  return rows.map((r) => ({
    id: r.id,
    club: { club_id: r.clubId, name: r.clubName, language: r.language, following: r.following, followed_at: r.followedAt ? iso(r.followedAt) : null, first_seen: iso(r.createdAt) },
  }));
}

/** A case-insensitive part of the app id; none matches every app user. */
function searchCondition(search: string) {
  return search === '' ? undefined : sql`strpos(lower(${appUsers.appId}), ${search.toLowerCase()}) > 0`;
}

export interface AppUserListRow {
  app_id: string;
  clubs: { club_id: number; name: string; following: boolean }[];
  downloads: number;
  rounds: number;
  first_seen: string;
  last_seen: string;
}

/**
 * The app users (by app id) whose id contains `search`, the most recently seen first: `limit` of
 * them after `offset`, and how many match in all. Their clubs, and their downloads and rounds
 * summed over the clubs.
 */
export async function listAppUserSummaries(
  db: DbOrTx,
  query: { search: string; limit: number; offset: number },
): Promise<{ items: AppUserListRow[]; total: number }> {
  const where = searchCondition(query.search);
  const [{ total }] = await db.select({ total: sql<number>`count(distinct ${appUsers.appId})`.mapWith(Number) }).from(appUsers).where(where);
  const lastSeen = sql`max(${appUsers.updatedAt})`.mapWith(appUsers.updatedAt);
  const page = await db
    .select({ appId: appUsers.appId, firstSeen: sql`min(${appUsers.createdAt})`.mapWith(appUsers.createdAt), lastSeen })
    .from(appUsers)
    .where(where)
    .groupBy(appUsers.appId)
    .orderBy(desc(lastSeen), asc(appUsers.appId))
    .limit(query.limit)
    .offset(query.offset);
  if (page.length === 0) return { items: [], total };
  const appIds = page.map((p) => p.appId);
  const rows = await db
    .select({ id: appUsers.id, appId: appUsers.appId, clubId: appUsers.clubId, name: clubs.name, following: appUsers.following })
    .from(appUsers)
    .innerJoin(clubs, eq(clubs.id, appUsers.clubId))
    .where(inArray(appUsers.appId, appIds))
    .orderBy(asc(clubs.name));
  const rowIds = rows.map((r) => r.id);
  const [downloadCounts, roundCounts] = await Promise.all([
    db
      .select({ id: guideDownloads.appUserId, n: count() })
      .from(guideDownloads)
      .where(inArray(guideDownloads.appUserId, rowIds))
      .groupBy(guideDownloads.appUserId),
    db.select({ id: rounds.appUserId, n: count() }).from(rounds).where(inArray(rounds.appUserId, rowIds)).groupBy(rounds.appUserId),
  ]);
  const downloadsOf = new Map(downloadCounts.map((r) => [r.id, r.n]));
  const roundsOf = new Map(roundCounts.map((r) => [r.id, r.n]));
  const items = page.map((p) => {
    const own = rows.filter((r) => r.appId === p.appId);
    return {
      app_id: p.appId,
      clubs: own.map((r) => ({ club_id: r.clubId, name: r.name, following: r.following })),
      downloads: own.reduce((sum, r) => sum + (downloadsOf.get(r.id) ?? 0), 0),
      rounds: own.reduce((sum, r) => sum + (roundsOf.get(r.id) ?? 0), 0),
      first_seen: iso(p.firstSeen as Date),
      last_seen: iso(p.lastSeen as Date),
    };
  });
  return { items, total };
}

/** The downloads of these `app_users` rows, the newest first (at most `limit`). */
export async function appUserDownloads(db: DbOrTx, ids: number[], limit?: number) {
  if (ids.length === 0) return [];
  const query = db
    .select({
      clubId: guideDownloads.clubId,
      clubName: clubs.name,
      guideId: guideDownloads.guideId,
      guideTitle: guides.title,
      product: guideDownloads.product,
      downloadedAt: guideDownloads.downloadedAt,
    })
    .from(guideDownloads)
    .innerJoin(clubs, eq(clubs.id, guideDownloads.clubId))
    .innerJoin(guides, eq(guides.id, guideDownloads.guideId))
    .where(inArray(guideDownloads.appUserId, ids))
    .orderBy(desc(guideDownloads.downloadedAt), desc(guideDownloads.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => ({
    club_id: r.clubId,
    club_name: r.clubName,
    guide_id: r.guideId,
    guide_title: r.guideTitle,
    product: r.product,
    downloaded_at: iso(r.downloadedAt),
  }));
}

/** The rounds of these `app_users` rows, the newest first (at most `limit`), with club and course names. */
export async function appUserRounds(db: DbOrTx, ids: number[], limit?: number) {
  if (ids.length === 0) return [];
  const query = db
    .select({ round: rounds, clubName: clubs.name, courseName: courses.name })
    .from(rounds)
    .innerJoin(clubs, eq(clubs.id, rounds.clubId))
    .innerJoin(courses, eq(courses.id, rounds.courseId))
    .where(inArray(rounds.appUserId, ids))
    .orderBy(desc(rounds.startedAt), desc(rounds.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(({ round: r, clubName, courseName }) => ({
    id: r.id,
    app_round_id: r.appRoundId,
    club_id: r.clubId,
    club_name: clubName,
    course_id: r.courseId,
    course_name: courseName,
    started_at: iso(r.startedAt),
    ended_at: iso(r.endedAt),
    holes_played: r.holesPlayed,
    strokes: r.strokes,
    points: r.points,
    tee_id: r.teeId,
    sex: r.sex,
    handicap: r.handicap,
    home: r.home,
  }));
}

/** Every round of these rows with its holes, shots and game track: the app-side data of a GDPR access request. */
export async function appUserRoundsInFull(db: DbOrTx, ids: number[]) {
  const list = await appUserRounds(db, ids);
  const roundIds = list.map((r) => r.id);
  if (roundIds.length === 0) return [];
  const [holeRows, shotRows, trackRows] = await Promise.all([
    db.select().from(roundHoles).where(inArray(roundHoles.roundId, roundIds)).orderBy(asc(roundHoles.roundId), asc(roundHoles.holeNumber)),
    db.select().from(shots).where(inArray(shots.roundId, roundIds)).orderBy(asc(shots.roundId), asc(shots.seq)),
    db.select().from(roundTracks).where(inArray(roundTracks.roundId, roundIds)),
  ]);
  return list.map((r) => {
    const track = trackRows.find((t) => t.roundId === r.id);
    return {
      ...r,
      holes: holeRows.filter((h) => h.roundId === r.id).map((h) => ({ hole_number: h.holeNumber, par: h.par, strokes: h.strokes })),
      shots: shotRows
        .filter((s) => s.roundId === r.id)
        .map((s) => ({ seq: s.seq, hole_number: s.holeNumber, lon: s.lon, lat: s.lat, played_at: iso(s.playedAt), golf_club: s.golfClub })),
      track: track ? { x: track.x, y: track.y, seconds: track.seconds, hole: track.hole } : null,
    };
  });
}

/** What the erasure of these rows removes from this area, per kind. */
export interface AppUserInsightCounts {
  app_users: number;
  rounds: number;
  round_holes: number;
  shots: number;
  round_tracks: number;
  download_links: number;
}

/** How many rows of each kind this area holds about these `app_users` rows. */
export async function countAppUserInsights(db: DbOrTx, ids: number[]): Promise<AppUserInsightCounts> {
  if (ids.length === 0) return { app_users: 0, rounds: 0, round_holes: 0, shots: 0, round_tracks: 0, download_links: 0 };
  const ofRounds = inArray(rounds.appUserId, ids);
  // One after the other: inside the caller's transaction, one connection runs one statement at a time.
  const [u] = await db.select({ n: count() }).from(appUsers).where(inArray(appUsers.id, ids));
  const [r] = await db.select({ n: count() }).from(rounds).where(ofRounds);
  const [h] = await db.select({ n: count() }).from(roundHoles).innerJoin(rounds, eq(rounds.id, roundHoles.roundId)).where(ofRounds);
  const [s] = await db.select({ n: count() }).from(shots).innerJoin(rounds, eq(rounds.id, shots.roundId)).where(ofRounds);
  const [t] = await db.select({ n: count() }).from(roundTracks).innerJoin(rounds, eq(rounds.id, roundTracks.roundId)).where(ofRounds);
  const [d] = await db.select({ n: count() }).from(guideDownloads).where(inArray(guideDownloads.appUserId, ids));
  return { app_users: u.n, rounds: r.n, round_holes: h.n, shots: s.n, round_tracks: t.n, download_links: d.n };
}

/**
 * Erases these `app_users` rows and their app-side data, in the caller's transaction (the other
 * areas' rows that refer to them go first, by their own areas): their rounds with holes, shots and
 * tracks, the link of their downloads, then the rows. Answers what went, per kind.
 */
export async function eraseAppUserInsights(tx: DbOrTx, ids: number[]): Promise<AppUserInsightCounts> {
  const counts = await countAppUserInsights(tx, ids);
  if (ids.length === 0) return counts;
  await tx.delete(rounds).where(inArray(rounds.appUserId, ids));
  await tx.update(guideDownloads).set({ appUserId: null }).where(inArray(guideDownloads.appUserId, ids));
  await tx.delete(appUsers).where(inArray(appUsers.id, ids));
  return counts;
}

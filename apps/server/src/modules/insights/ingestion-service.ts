import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { appUsers } from '../../db/schema/index';
import { EDIT_DRAWING_STYLE } from '@golf/contract/api/drawings';
import {
  ROUND_LIMITS,
  type AppUserBody,
  type DownloadsBody,
  type RoundBody,
  type RoundResponse,
} from '@golf/contract/api/insights-app';
import { PgDialect } from 'drizzle-orm/pg-core';
import { supportsNamedStatements } from '../../platform/database';
import type { DbOrTx } from '../../platform/db-types';
import { badRequest, HttpError } from '../../platform/errors';
import { savedDrawings } from '../courses';
import { BinaryArray } from './binary-array';
import { courseOrigin, extentOfDrawings, metresFromExtent, toLocal, type Extent, type Origin } from './projection';

/**
 * The app-side ingestion of insights (issue 22): the golfers' app's users, downloads and rounds.
 *
 * A round is checked against the club's guides, courses, tees, holes and drawings and its own times
 * before anything is written, then written by ONE statement (data-modifying CTEs: the round, its
 * holes, its shots and its track, each a multi-row insert from arrays), so a round is stored whole
 * or not at all, and many rounds cost the same few statements as one (`ingestRounds`: the demo
 * season, the bench). Idempotent on (club, app round id): `insert … on conflict do nothing`, and a
 * round not inserted is read back and answered with `created: false` (a resend, also when two
 * identical requests race).
 *
 * Reads of other areas' tables (all read-only): `guides` and `guide_courses` (products; its entry
 * offers no read of a guide's course ids short of the whole guide), `courses`, `tees`, `holes` and
 * the drawings' row versions (courses; the drawings themselves through its entry's
 * `savedDrawings`), all in one statement per call.
 */

/** Bulk writes go in batches of at most this many rounds… */
const BATCH_ROUNDS = 250;
/** …and this many track points (the arrays of one statement stay a few MB). */
const BATCH_TRACK_POINTS = 250_000;
/** Users and downloads per statement. */
const BATCH_ROWS = 5000;

// ---------------------------------------------------------------- what a call needs to know

interface HoleInfo {
  id: number;
  par: number;
}

interface CourseInfo {
  /** The course's holes by number. */
  holes: Map<number, HoleInfo>;
  /** Ids of its drawn holes (style 1) and the drawings' row identities (version, tuple). */
  drawn: number[];
  drawingKey: string;
}

interface Context {
  guides: Set<number>;
  courses: Map<number, CourseInfo>;
  /** `guideId:courseId` of the guides' courses. */
  guideCourses: Set<string>;
  /** Tee id → its course. */
  tees: Map<number, number>;
  /** The club's app users by the app's id → row id. */
  users: Map<string, number>;
  /** Rounds stored already: app round id → row id. */
  existing: Map<string, number>;
  origins: Map<number, Origin>;
}

const dialect = new PgDialect();

/**
 * Runs one of the statements every round sends: on PostgreSQL, outside a transaction, as a named
 * prepared statement, parsed and planned once per pooled connection rather than per round (a
 * quarter of the write's database time, and of the read's; as platform/auth.ts reads the session).
 * On the embedded database (decision 0008), behind a pooler without them, or in a transaction:
 * unnamed, through drizzle; so too with a null `name`. The statement's text must not vary between
 * calls of one `name`.
 */
async function run<T extends Record<string, unknown>>(db: DbOrTx, name: string | null, query: SQL): Promise<T[]> {
  if (name !== null && '$client' in db && supportsNamedStatements(db)) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await db.$client.query<T>({ name, text, values: params })).rows;
  }
  return (await db.execute<T>(query)).rows as T[];
}

const ints = (values: Iterable<number>) => sql.param([...new Set(values)]);
const texts = (values: Iterable<string>) => sql.param([...new Set(values)]);

/** Everything the checks of a set of rounds need, read in one statement. */
async function loadContext(
  db: DbOrTx,
  clubId: number,
  want: { guides: number[]; courses: number[]; tees: number[]; users: string[]; rounds: string[] },
): Promise<Context> {
  const guideIds = ints(want.guides);
  const courseIds = ints(want.courses);
  const [row] = await run<{
    guides: number[];
    courses: number[];
    guide_courses: [number, number][];
    holes: [number, number, number, number, number | null, string | null][];
    tees: [number, number][];
    origins: [number, number, number][];
    users: [string, number][];
    existing: [string, number][];
  }>(db, 'insights_load_context', sql`select
    (select coalesce(json_agg(g.id), '[]') from guides g where g.club_id = ${clubId} and g.id = any(${guideIds}::int[])) as guides,
    (select coalesce(json_agg(c.id), '[]') from courses c where c.club_id = ${clubId} and c.id = any(${courseIds}::int[])) as courses,
    (select coalesce(json_agg(json_build_array(gc.guide_id, gc.course_id)), '[]') from guide_courses gc
      where gc.guide_id = any(${guideIds}::int[]) and gc.course_id = any(${courseIds}::int[])) as guide_courses,
    (select coalesce(json_agg(json_build_array(h.course_id, h."order", h.id, h.par, d.version, d.xmin::text)), '[]')
      from courses c join holes h on h.course_id = c.id
      left join hole_drawings d on d.hole_id = h.id and d.style_id = ${EDIT_DRAWING_STYLE}
      where c.club_id = ${clubId} and c.id = any(${courseIds}::int[])) as holes,
    (select coalesce(json_agg(json_build_array(t.id, t.course_id)), '[]') from tees t where t.id = any(${ints(want.tees)}::int[])) as tees,
    (select coalesce(json_agg(json_build_array(o.course_id, o.lon, o.lat)), '[]') from insight_course_origins o
      where o.course_id = any(${courseIds}::int[])) as origins,
    (select coalesce(json_agg(json_build_array(u.app_id, u.id)), '[]') from app_users u
      where u.club_id = ${clubId} and u.app_id = any(${texts(want.users)}::text[])) as users,
    (select coalesce(json_agg(json_build_array(r.app_round_id, r.id)), '[]') from rounds r
      where r.club_id = ${clubId} and r.app_round_id = any(${texts(want.rounds)}::text[])) as existing`);
  const courses = new Map<number, CourseInfo>(row.courses.map((id) => [id, { holes: new Map(), drawn: [], drawingKey: '' }]));
  const keys = new Map<number, string[]>();
  for (const [courseId, order, id, par, version, tuple] of row.holes) {
    const course = courses.get(courseId)!;
    course.holes.set(order, { id, par });
    if (version !== null) {
      course.drawn.push(id);
      let list = keys.get(courseId);
      if (!list) keys.set(courseId, (list = []));
      list.push(`${id}:${version}:${tuple}`);
    }
  }
  for (const [courseId, list] of keys) courses.get(courseId)!.drawingKey = list.sort().join(',');
  return {
    guides: new Set(row.guides),
    courses,
    guideCourses: new Set(row.guide_courses.map(([g, c]) => `${g}:${c}`)),
    tees: new Map(row.tees),
    users: new Map(row.users),
    existing: new Map(row.existing),
    origins: new Map(row.origins.map(([courseId, lon, lat]) => [courseId, { lon, lat }])),
  };
}

/**
 * The box of each course's drawn holes, kept per database handle by the drawings' row identities
 * (version and tuple id, new with every write of a drawing): a redrawn course is read again, an
 * unchanged one never. Inside a transaction nothing is kept between calls.
 */
const extents = new WeakMap<object, Map<number, { key: string; extent: Extent | null }>>();
const MAX_EXTENTS = 10_000;

async function courseExtents(db: DbOrTx, courses: Map<number, CourseInfo>, ids: Iterable<number>): Promise<Map<number, Extent | null>> {
  let kept = '$client' in db ? extents.get(db) : undefined;
  if (!kept) {
    kept = new Map();
    if ('$client' in db) extents.set(db, kept);
  }
  const answer = new Map<number, Extent | null>();
  for (const courseId of ids) {
    const course = courses.get(courseId)!;
    const hit = kept.get(courseId);
    if (hit && hit.key === course.drawingKey) {
      answer.set(courseId, hit.extent);
      continue;
    }
    const extent = course.drawn.length === 0 ? null : extentOfDrawings((await savedDrawings(db, course.drawn, EDIT_DRAWING_STYLE)).values());
    if (kept.size >= MAX_EXTENTS) kept.clear();
    kept.set(courseId, { key: course.drawingKey, extent });
    answer.set(courseId, extent);
  }
  return answer;
}

// ---------------------------------------------------------------- the checks of a round

interface CheckedRound {
  appRoundId: string;
  body: RoundBody;
  teeId: number | null;
  appUserId: number | null;
  localStart: string;
  strokes: number;
  shotTracked: number;
  holes: { number: number; holeId: number; par: number; strokes: number; startedAt: string | null; endedAt: string | null }[];
}

/** The wall time of an instant as the phone wrote it (the offset removed): `local_start`. */
export function wallTime(instant: string): string {
  return instant.replace(/(Z|[+-]\d\d:?\d\d)$/i, '');
}

function instantMs(value: string, path: string): number {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) throw badRequest('db.invalidDate', undefined, [{ path, message: `${value} is not a valid time` }]);
  return ms;
}

const backwards = (what: string) => badRequest('insights.timeBackwards', { what }, [{ path: what.split(' ')[0], message: `Time goes backwards: ${what}` }]);

/**
 * Checks one round against the club's data and itself; throws the refusal (insights-errors.ts).
 * The texts a refusal names (`what`, a path) are the body's own field names, the same in every
 * language.
 */
function checkRound(ctx: Context, extentsOf: Map<number, Extent | null>, appRoundId: string, body: RoundBody): CheckedRound {
  const { guide_id: guideId, course_id: courseId } = body;
  if (!ctx.guides.has(guideId)) throw badRequest('insights.unknownGuide', { guideId });
  const course = ctx.courses.get(courseId);
  if (!course) throw badRequest('insights.unknownCourse', { courseId });
  if (!ctx.guideCourses.has(`${guideId}:${courseId}`)) throw badRequest('insights.courseNotInGuide', { courseId, guideId });
  const teeId = body.tee_id ?? null;
  if (teeId !== null && ctx.tees.get(teeId) !== courseId) throw badRequest('insights.unknownTee', { teeId });
  let appUserId: number | null = null;
  if (body.app_user_id !== undefined) {
    appUserId = ctx.users.get(body.app_user_id) ?? null;
    if (appUserId === null) throw badRequest('insights.unknownAppUser', { appUserId: body.app_user_id });
  }
  // The contract caps these; a bulk caller (the demo) does not pass the schema, so again here.
  if (body.shots.length > ROUND_LIMITS.shots) {
    throw badRequest('request.invalid', { part: 'body', path: 'shots', message: `A round has at most ${ROUND_LIMITS.shots} shots` });
  }
  if (body.track.length > ROUND_LIMITS.trackPoints) {
    throw badRequest('request.invalid', { part: 'body', path: 'track', message: `A round has at most ${ROUND_LIMITS.trackPoints} track points` });
  }

  const unknownHole = (hole: number, path: string) => badRequest('insights.unknownHole', { hole }, [{ path, message: `The course has no hole ${hole}` }]);
  const played = new Set<number>();
  body.holes.forEach(({ hole }, i) => {
    if (played.has(hole)) throw badRequest('insights.holeTwice', { hole }, [{ path: `holes[${i}].hole`, message: `The hole ${hole} is given twice` }]);
    if (!course.holes.has(hole)) throw unknownHole(hole, `holes[${i}].hole`);
    played.add(hole);
  });
  body.shots.forEach(({ hole }, i) => {
    if (!course.holes.has(hole)) throw unknownHole(hole, `shots[${i}].hole`);
  });
  body.track.forEach(([, , , hole], i) => {
    if (hole !== 0 && !course.holes.has(hole)) throw unknownHole(hole, `track[${i}][3]`);
  });

  // Times: the round's span, then the shots and the track in order and inside it.
  const start = instantMs(body.started_at, 'started_at');
  const end = instantMs(body.ended_at, 'ended_at');
  if (end < start) throw backwards('ended_at < started_at');
  if (end - start > ROUND_LIMITS.maxMinutes * 60_000) throw badRequest('insights.roundTooLong', { max: ROUND_LIMITS.maxMinutes });
  const shotMs: number[] = [];
  body.shots.forEach((shot, i) => {
    const at = instantMs(shot.at, `shots[${i}].at`);
    if (at < start) throw backwards(`shots[${i}].at < started_at`);
    if (at > end) throw backwards(`shots[${i}].at > ended_at`);
    if (i > 0 && at < shotMs[i - 1]) throw backwards(`shots[${i}].at < shots[${i - 1}].at`);
    shotMs.push(at);
  });
  // Track times are whole seconds since the start: the last may round up past the end by under a second.
  const lastSecond = Math.ceil((end - start) / 1000);
  body.track.forEach(([, , seconds], i) => {
    if (i > 0 && seconds < body.track[i - 1][2]) throw backwards(`track[${i}][2] < track[${i - 1}][2]`);
    if (seconds > lastSecond) throw backwards(`track[${i}][2] > ended_at`);
  });

  // Positions: within 2 km of the course's drawn holes.
  const extent = extentsOf.get(courseId);
  if (!extent) throw badRequest('insights.courseNotDrawn');
  const tooFar = (metres: number, path: string) =>
    badRequest('insights.tooFar', { metres: Math.round(metres), max: ROUND_LIMITS.maxDistanceMetres }, [{ path, message: `${Math.round(metres)} m from the course` }]);
  body.shots.forEach((shot, i) => {
    const metres = metresFromExtent(extent, shot.lon, shot.lat);
    if (metres > ROUND_LIMITS.maxDistanceMetres) throw tooFar(metres, `shots[${i}]`);
  });
  body.track.forEach(([lon, lat], i) => {
    const metres = metresFromExtent(extent, lon, lat);
    if (metres > ROUND_LIMITS.maxDistanceMetres) throw tooFar(metres, `track[${i}]`);
  });

  // Per hole: when the group was on it, from the track (first and last point showing the hole),
  // else from its shots (first and last), else unknown.
  const onHole = new Map<number, [first: number, last: number]>();
  body.track.forEach(([, , seconds, hole]) => {
    if (hole === 0) return;
    const at = start + seconds * 1000;
    const span = onHole.get(hole);
    if (span) span[1] = at;
    else onHole.set(hole, [at, at]);
  });
  const byShots = new Map<number, [first: number, last: number]>();
  body.shots.forEach(({ hole }, i) => {
    const span = byShots.get(hole);
    if (span) span[1] = shotMs[i];
    else byShots.set(hole, [shotMs[i], shotMs[i]]);
  });
  const withShots = new Set(body.shots.map((s) => s.hole));
  let strokes = 0;
  let tracked = 0;
  const holes = body.holes.map(({ hole, strokes: count }) => {
    strokes += count;
    if (withShots.has(hole)) tracked++;
    const info = course.holes.get(hole)!;
    const span = onHole.get(hole) ?? byShots.get(hole);
    return {
      number: hole,
      holeId: info.id,
      par: info.par,
      strokes: count,
      startedAt: span ? new Date(span[0]).toISOString() : null,
      endedAt: span ? new Date(span[1]).toISOString() : null,
    };
  });
  return {
    appRoundId,
    body,
    teeId,
    appUserId,
    localStart: wallTime(body.started_at),
    strokes,
    shotTracked: tracked / body.holes.length,
    holes,
  };
}

// ---------------------------------------------------------------- writing rounds

type ArrayElement = string | number | boolean | null;

/**
 * A PostgreSQL array literal ('{1.5,2,NULL}', '{"a","b"}'), sent as one text parameter and cast in
 * the statement: for the rounds' own columns and the texts and times of holes and shots (a few
 * dozen elements). The long arrays of numbers go in binary (binary-array.ts).
 */
function arrayLiteral(values: readonly ArrayElement[]): string {
  const parts = values.map((v) =>
    v === null ? 'NULL' : typeof v === 'number' ? String(v) : typeof v === 'boolean' ? (v ? 't' : 'f') : `"${v.replace(/["\\]/g, '\\$&')}"`,
  );
  return `{${parts.join(',')}}`;
}

/**
 * Metres to the centimetre, what a `real` keeps of a course's metres anyway: the stored float is
 * the one nearest to the whole centimetres (Math.fround of this double is that float for every
 * position within 167 km of the course's origin: binary-array.test.ts).
 */
const cm = (metres: number) => Math.round(metres * 100) / 100;

/**
 * Writes checked rounds in one statement (the round, its holes, its shots and its track, each a
 * multi-row insert from arrays, chained by data-modifying CTEs); answers the ids of those inserted
 * (not of those stored before). Holes, shots and tracks name their round by its place in the call
 * (1-based; `k` gives the id of each round inserted, so nothing is written for one stored before).
 */
async function writeRounds(db: DbOrTx, clubId: number, rounds: CheckedRound[], origins: Map<number, Origin>): Promise<Map<string, number>> {
  const r = {
    id: [] as string[],
    guide: [] as number[],
    course: [] as number[],
    tee: [] as (number | null)[],
    user: [] as (number | null)[],
    start: [] as string[],
    end: [] as string[],
    local: [] as string[],
    sex: [] as string[],
    handicap: [] as number[],
    home: [] as boolean[],
    points: [] as number[],
    strokes: [] as number[],
    played: [] as number[],
    tracked: [] as number[],
  };
  let holeCount = 0;
  let shotCount = 0;
  let pointCount = 0;
  let trackCount = 0;
  for (const { holes, body } of rounds) {
    holeCount += holes.length;
    shotCount += body.shots.length;
    pointCount += body.track.length;
    if (body.track.length > 0) trackCount++;
  }
  const h = {
    n: new BinaryArray('int4', holeCount),
    number: new BinaryArray('int2', holeCount),
    hole: new BinaryArray('int4', holeCount),
    par: new BinaryArray('int2', holeCount),
    strokes: new BinaryArray('int2', holeCount),
    start: [] as (string | null)[],
    end: [] as (string | null)[],
  };
  const s = {
    n: new BinaryArray('int4', shotCount),
    seq: new BinaryArray('int2', shotCount),
    hole: new BinaryArray('int2', shotCount),
    lon: new BinaryArray('float8', shotCount),
    lat: new BinaryArray('float8', shotCount),
    x: new BinaryArray('float4', shotCount),
    y: new BinaryArray('float4', shotCount),
    at: [] as string[],
    club: [] as (string | null)[],
  };
  const t = {
    n: new BinaryArray('int4', trackCount),
    from: new BinaryArray('int4', trackCount),
    to: new BinaryArray('int4', trackCount),
    x: new BinaryArray('float4', pointCount),
    y: new BinaryArray('float4', pointCount),
    seconds: new BinaryArray('int4', pointCount),
    hole: new BinaryArray('int2', pointCount),
  };
  rounds.forEach((round, index) => {
    const { body, appRoundId } = round;
    const n = index + 1;
    const origin = origins.get(body.course_id)!;
    r.id.push(appRoundId);
    r.guide.push(body.guide_id);
    r.course.push(body.course_id);
    r.tee.push(round.teeId);
    r.user.push(round.appUserId);
    r.start.push(body.started_at);
    r.end.push(body.ended_at);
    r.local.push(round.localStart);
    r.sex.push(body.sex);
    r.handicap.push(body.handicap);
    r.home.push(body.home);
    r.points.push(body.points);
    r.strokes.push(round.strokes);
    r.played.push(round.holes.length);
    r.tracked.push(round.shotTracked);
    for (const hole of round.holes) {
      h.n.push(n);
      h.number.push(hole.number);
      h.hole.push(hole.holeId);
      h.par.push(hole.par);
      h.strokes.push(hole.strokes);
      h.start.push(hole.startedAt);
      h.end.push(hole.endedAt);
    }
    body.shots.forEach((shot, i) => {
      const { x, y } = toLocal(origin, shot.lon, shot.lat);
      s.n.push(n);
      s.seq.push(i + 1);
      s.hole.push(shot.hole);
      s.lon.push(shot.lon);
      s.lat.push(shot.lat);
      s.x.push(cm(x));
      s.y.push(cm(y));
      s.at.push(shot.at);
      s.club.push(shot.club ?? null);
    });
    if (body.track.length > 0) {
      t.n.push(n);
      // 1-based, inclusive bounds of the round's slice of the arrays.
      t.from.push(t.x.length + 1);
      for (const [lon, lat, seconds, hole] of body.track) {
        const { x, y } = toLocal(origin, lon, lat);
        t.x.push(cm(x));
        t.y.push(cm(y));
        t.seconds.push(seconds);
        t.hole.push(hole);
      }
      t.to.push(t.x.length);
    }
  });
  const p = (values: readonly ArrayElement[]): SQL => sql`${arrayLiteral(values)}`;
  const b = (values: BinaryArray): SQL => sql`${values.bytes()}`;
  // Named for one round only (the app's PUT): a plan made once for any number of rounds would not
  // know how many rows the arrays hold, and the bulk calls (the demo's 250 rounds) are few.
  const rows = await run<{ id: number; app_round_id: string }>(db, rounds.length === 1 ? 'insights_write_round' : null, sql`
    with r as (
      insert into rounds (club_id, app_round_id, guide_id, course_id, tee_id, app_user_id, started_at, ended_at, local_start,
        sex, handicap, home, points, strokes, holes_played, shot_tracked)
      select ${clubId}::int, u.* from unnest(${p(r.id)}::text[], ${p(r.guide)}::int[], ${p(r.course)}::int[], ${p(r.tee)}::int[],
        ${p(r.user)}::int[], ${p(r.start)}::timestamptz[], ${p(r.end)}::timestamptz[], ${p(r.local)}::timestamp[], ${p(r.sex)}::text[],
        ${p(r.handicap)}::real[], ${p(r.home)}::boolean[], ${p(r.points)}::int[], ${p(r.strokes)}::int[], ${p(r.played)}::smallint[],
        ${p(r.tracked)}::real[]) as u
      on conflict (club_id, app_round_id) do nothing
      returning id, app_round_id
    ), k as (
      select r.id, u.n from r join unnest(${p(r.id)}::text[]) with ordinality as u(app_round_id, n) on u.app_round_id = r.app_round_id
    ), h as (
      insert into round_holes (round_id, hole_number, hole_id, par, strokes, started_at, ended_at)
      select k.id, u.hole_number, u.hole_id, u.par, u.strokes, u.started_at, u.ended_at
      from unnest(${b(h.n)}::int[], ${b(h.number)}::smallint[], ${b(h.hole)}::int[], ${b(h.par)}::smallint[], ${b(h.strokes)}::smallint[],
        ${p(h.start)}::timestamptz[], ${p(h.end)}::timestamptz[]) as u(n, hole_number, hole_id, par, strokes, started_at, ended_at)
      join k on k.n = u.n
    ), s as (
      insert into shots (round_id, seq, hole_number, lon, lat, x, y, played_at, golf_club)
      select k.id, u.seq, u.hole, u.lon, u.lat, u.x, u.y, u.at, u.club
      from unnest(${b(s.n)}::int[], ${b(s.seq)}::smallint[], ${b(s.hole)}::smallint[], ${b(s.lon)}::float8[], ${b(s.lat)}::float8[],
        ${b(s.x)}::real[], ${b(s.y)}::real[], ${p(s.at)}::timestamptz[], ${p(s.club)}::text[]) as u(n, seq, hole, lon, lat, x, y, at, club)
      join k on k.n = u.n
    ), t as (
      insert into round_tracks (round_id, x, y, seconds, hole)
      select k.id, (${b(t.x)}::real[])[u.a:u.b], (${b(t.y)}::real[])[u.a:u.b], (${b(t.seconds)}::int[])[u.a:u.b], (${b(t.hole)}::smallint[])[u.a:u.b]
      from unnest(${b(t.n)}::int[], ${b(t.from)}::int[], ${b(t.to)}::int[]) as u(n, a, b)
      join k on k.n = u.n
    )
    select id, app_round_id from r`);
  return new Map(rows.map((row) => [row.app_round_id, row.id]));
}

export interface IngestedRound {
  appRoundId: string;
  id: number;
  /** False when a round of this id was stored before (a resend). */
  created: boolean;
}

export interface RefusedRound {
  appRoundId: string;
  /** The refusal, as the single call answers it (code, parameters, status 400). */
  error: HttpError;
}

export interface IngestResult {
  stored: IngestedRound[];
  refused: RefusedRound[];
}

/**
 * Checks and writes many rounds of a club with few statements: per batch of up to 250 rounds one
 * read of what the checks need and one write (plus, at a course's first round, its origin).
 * Refuses per round: a refused round is listed with its refusal and stores nothing; the others are
 * stored. A round id stored before, or given twice, is answered with `created: false` and its id.
 * Each round is stored whole or not at all (the batch's write is one statement).
 */
export async function ingestRounds(db: DbOrTx, clubId: number, rounds: readonly { appRoundId: string; body: RoundBody }[]): Promise<IngestResult> {
  const stored: IngestedRound[] = [];
  const refused: RefusedRound[] = [];
  // The first of a repeated id is the one considered; the repeats answer as resends of it.
  const seen = new Set<string>();
  const repeats: string[] = [];
  const unique = rounds.filter(({ appRoundId }) => {
    if (seen.has(appRoundId)) {
      repeats.push(appRoundId);
      return false;
    }
    seen.add(appRoundId);
    return true;
  });
  let batch: { appRoundId: string; body: RoundBody }[] = [];
  let points = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const result = await ingestBatch(db, clubId, batch);
    stored.push(...result.stored);
    refused.push(...result.refused);
    batch = [];
    points = 0;
  };
  for (const round of unique) {
    if (batch.length >= BATCH_ROUNDS || (batch.length > 0 && points + round.body.track.length > BATCH_TRACK_POINTS)) await flush();
    batch.push(round);
    points += round.body.track.length;
  }
  await flush();
  if (repeats.length > 0) {
    const byId = new Map(stored.map((s) => [s.appRoundId, s]));
    const refusedById = new Map(refused.map((r) => [r.appRoundId, r]));
    for (const appRoundId of repeats) {
      const first = byId.get(appRoundId);
      if (first) stored.push({ appRoundId, id: first.id, created: false });
      else refused.push({ appRoundId, error: refusedById.get(appRoundId)!.error });
    }
  }
  return { stored, refused };
}

async function ingestBatch(db: DbOrTx, clubId: number, rounds: { appRoundId: string; body: RoundBody }[]): Promise<IngestResult> {
  const ctx = await loadContext(db, clubId, {
    guides: rounds.map((r) => r.body.guide_id),
    courses: rounds.map((r) => r.body.course_id),
    tees: rounds.flatMap((r) => (r.body.tee_id === undefined ? [] : [r.body.tee_id])),
    users: rounds.flatMap((r) => (r.body.app_user_id === undefined ? [] : [r.body.app_user_id])),
    rounds: rounds.map((r) => r.appRoundId),
  });
  const stored: IngestedRound[] = [];
  const refused: RefusedRound[] = [];
  // A resend is answered before any check: what was stored stands, whatever the club changed since.
  const fresh = rounds.filter(({ appRoundId }) => {
    const id = ctx.existing.get(appRoundId);
    if (id !== undefined) stored.push({ appRoundId, id, created: false });
    return id === undefined;
  });
  const extentsOf = await courseExtents(
    db,
    ctx.courses,
    new Set(fresh.map((r) => r.body.course_id).filter((id) => ctx.courses.has(id))),
  );
  const checked: CheckedRound[] = [];
  for (const { appRoundId, body } of fresh) {
    try {
      checked.push(checkRound(ctx, extentsOf, appRoundId, body));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      refused.push({ appRoundId, error: err });
    }
  }
  if (checked.length === 0) return { stored, refused };
  // The courses' origins: stored at a course's first round (its drawings' middle).
  for (const courseId of new Set(checked.map((r) => r.body.course_id))) {
    if (ctx.origins.has(courseId)) continue;
    const origin = await courseOrigin(db, courseId, extentsOf.get(courseId) ?? null);
    if (!origin) throw badRequest('insights.courseNotDrawn');
    ctx.origins.set(courseId, origin);
  }
  const inserted = await writeRounds(db, clubId, checked, ctx.origins);
  // Not inserted: stored meanwhile by a request racing this one; answered as a resend.
  const raced = checked.filter((r) => !inserted.has(r.appRoundId)).map((r) => r.appRoundId);
  const racedIds = raced.length === 0 ? new Map<string, number>() : await storedRoundIds(db, clubId, raced);
  for (const { appRoundId } of checked) {
    const id = inserted.get(appRoundId);
    if (id !== undefined) stored.push({ appRoundId, id, created: true });
    else stored.push({ appRoundId, id: racedIds.get(appRoundId)!, created: false });
  }
  return { stored, refused };
}

async function storedRoundIds(db: DbOrTx, clubId: number, appRoundIds: string[]): Promise<Map<string, number>> {
  const result = await db.execute<{ id: number; app_round_id: string }>(
    sql`select id, app_round_id from rounds where club_id = ${clubId} and app_round_id = any(${sql.param(appRoundIds)}::text[])`,
  );
  return new Map(result.rows.map((row) => [row.app_round_id, row.id]));
}

/** PUT app/clubs/{clubId}/rounds/{appRoundId}: one round, stored whole or refused with nothing stored. */
export async function ingestRound(db: DbOrTx, clubId: number, appRoundId: string, body: RoundBody): Promise<RoundResponse> {
  const { stored, refused } = await ingestBatch(db, clubId, [{ appRoundId, body }]);
  if (refused.length > 0) throw refused[0].error;
  return { id: stored[0].id, app_round_id: appRoundId, created: stored[0].created };
}

// ---------------------------------------------------------------- users and downloads

export interface AppUserInput {
  appUserId: string;
  language: AppUserBody['language'];
  following: boolean;
  /** When the user began following (the demo's history); now when not given. Ignored when already following. */
  followedAt?: Date;
}

export type UpsertedAppUser = {
  app_user_id: string;
  language: string;
  following: boolean;
  created: boolean;
};

/**
 * Creates or updates the club's app users (the app's own ids), a statement per 5,000. Following
 * sets `followed_at` when it turns true (kept while it stays true) and clears it when false. An id
 * given twice counts once (the last).
 */
export async function upsertAppUsers(db: DbOrTx, clubId: number, users: readonly AppUserInput[]): Promise<UpsertedAppUser[]> {
  const last = [...new Map(users.map((u) => [u.appUserId, u])).values()];
  const answer: UpsertedAppUser[] = [];
  for (let i = 0; i < last.length; i += BATCH_ROWS) {
    const chunk = last.slice(i, i + BATCH_ROWS);
    const result = await db.execute<UpsertedAppUser>(sql`
      insert into app_users (club_id, app_id, language, following, followed_at)
      select ${clubId}::int, u.app_id, u.language, u.following, case when u.following then coalesce(u.followed_at, now()) end
      from unnest(${sql.param(chunk.map((u) => u.appUserId))}::text[], ${sql.param(chunk.map((u) => u.language))}::text[],
        ${sql.param(chunk.map((u) => u.following))}::boolean[], ${sql.param(chunk.map((u) => u.followedAt?.toISOString() ?? null))}::timestamptz[])
        as u(app_id, language, following, followed_at)
      on conflict (club_id, app_id) do update set
        language = excluded.language,
        following = excluded.following,
        followed_at = case when not excluded.following then null when app_users.following then app_users.followed_at else excluded.followed_at end,
        updated_at = now()
      returning app_id as app_user_id, language, following, (xmax = 0) as created`);
    answer.push(...result.rows);
  }
  return answer;
}

/** PUT app/clubs/{clubId}/users/{appUserId}. */
export async function upsertAppUser(db: DbOrTx, clubId: number, appUserId: string, body: AppUserBody): Promise<UpsertedAppUser> {
  const [row] = await upsertAppUsers(db, clubId, [{ appUserId, language: body.language, following: body.following }]);
  return row;
}

/**
 * Stores downloads of the club's guides' products. Every guide must be the club's and every app
 * user known to it, else nothing is stored (`unknownGuide`, `unknownAppUser`, the first found).
 */
export async function storeDownloads(db: DbOrTx, clubId: number, downloads: DownloadsBody['downloads']): Promise<{ stored: number }> {
  if (downloads.length === 0) return { stored: 0 };
  return db.transaction(async (tx) => {
    const known = await tx.execute<{ guides: number[]; users: [string, number][] }>(sql`select
      (select coalesce(json_agg(g.id), '[]') from guides g where g.club_id = ${clubId} and g.id = any(${ints(downloads.map((d) => d.guide_id))}::int[])) as guides,
      (select coalesce(json_agg(json_build_array(u.app_id, u.id)), '[]') from app_users u
        where u.club_id = ${clubId} and u.app_id = any(${texts(downloads.flatMap((d) => (d.app_user_id === undefined ? [] : [d.app_user_id])))}::text[])) as users`);
    const guides = new Set(known.rows[0].guides);
    const users = new Map(known.rows[0].users);
    downloads.forEach((d, i) => {
      if (!guides.has(d.guide_id)) throw badRequest('insights.unknownGuide', { guideId: d.guide_id }, [{ path: `downloads[${i}].guide_id`, message: 'Not a guide of this club' }]);
      if (d.app_user_id !== undefined && !users.has(d.app_user_id)) {
        throw badRequest('insights.unknownAppUser', { appUserId: d.app_user_id }, [{ path: `downloads[${i}].app_user_id`, message: 'Not an app user of this club' }]);
      }
    });
    let stored = 0;
    for (let i = 0; i < downloads.length; i += BATCH_ROWS) {
      const chunk = downloads.slice(i, i + BATCH_ROWS);
      const result = await tx.execute(sql`
        insert into guide_downloads (club_id, guide_id, product, app_user_id, downloaded_at)
        select ${clubId}::int, u.* from unnest(${sql.param(chunk.map((d) => d.guide_id))}::int[], ${sql.param(chunk.map((d) => d.product))}::text[],
          ${sql.param(chunk.map((d) => (d.app_user_id === undefined ? null : users.get(d.app_user_id)!)))}::int[],
          ${sql.param(chunk.map((d) => d.at))}::timestamptz[]) as u`);
      stored += result.rowCount ?? chunk.length;
    }
    return { stored };
  });
}

/** The club's app users who follow it (the followers the communication area messages), oldest first. */
export async function listFollowers(db: DbOrTx, clubId: number): Promise<{ id: number; appUserId: string; language: string; followedAt: Date | null }[]> {
  return db
    .select({ id: appUsers.id, appUserId: appUsers.appId, language: appUsers.language, followedAt: appUsers.followedAt })
    .from(appUsers)
    .where(and(eq(appUsers.clubId, clubId), eq(appUsers.following, true)))
    .orderBy(asc(appUsers.id));
}

import { sql, type SQL } from 'drizzle-orm';
import {
  GAMES_MAX_DAYS,
  PACE_BAND_STARTS,
  PACE_BANDS,
  type GamesInsights,
  type GamesQuery,
  type PaceBand,
} from '@golf/contract/api/insights';
import type { DbOrTx } from '../../platform/database';
import { badRequest } from '../../platform/errors';
import { roundGoalMinutes } from './settings-service';

/*
 * GET clubs/{clubId}/insights/games (issue 22, §2 /insights/games): the club's rounds of a date
 * range (their local start date, inclusive) and guides, counted and measured in SQL. Every query
 * names the path's club. A guide id that is not the club's is refused (400 insights.unknownGuide):
 * the screen offers the club's guides only, so another id is a mistake worth saying.
 */

const DAY_MS = 86_400_000;

/** A calendar date YYYY-MM-DD as UTC milliseconds; null for a day that does not exist (2026-02-30). */
export function dateMs(date: string): number | null {
  const [y, m, d] = date.split('-').map(Number);
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? ms : null;
}

/** 400 unless `from` and `to` are real days, from ≤ to, at most `maxDays` days (inclusive). */
export function checkDateRange(part: string, [fromPath, toPath]: [string, string], from: string, to: string, maxDays: number): void {
  const a = dateMs(from);
  const b = dateMs(to);
  if (a === null) throw badRequest('request.invalid', { part, path: fromPath, message: `${from} is not a day of the calendar` });
  if (b === null) throw badRequest('request.invalid', { part, path: toPath, message: `${to} is not a day of the calendar` });
  if (a > b) throw badRequest('request.invalid', { part, path: toPath, message: 'The end of a date range is on or after its start' });
  if ((b - a) / DAY_MS + 1 > maxDays) throw badRequest('insights.rangeTooLong', { max: maxDays });
}

/** A PostgreSQL integer array literal of ids (a parameter, not SQL text). */
export const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const round = (v: unknown, decimals: number): number | null => {
  const n = num(v);
  if (n === null || !Number.isFinite(n)) return null;
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
};

/** The band of a local start hour (PACE_BAND_STARTS), as SQL over `hour`. */
function bandCase(hour: SQL): SQL {
  const later = [...PACE_BANDS].sort((a, b) => PACE_BAND_STARTS[b] - PACE_BAND_STARTS[a]);
  const whens = later.slice(0, -1).map((band) => sql`when ${hour} >= ${sql.raw(String(PACE_BAND_STARTS[band]))} then ${sql.raw(`'${band}'`)}`);
  return sql`case ${sql.join(whens, sql` `)} else ${sql.raw(`'${later[later.length - 1]}'`)} end`;
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute<T & Record<string, unknown>>(query)).rows as T[];
}

export async function gamesInsights(db: DbOrTx, clubId: number, query: GamesQuery): Promise<GamesInsights> {
  checkDateRange('querystring', ['from', 'to'], query.from, query.to, GAMES_MAX_DAYS);
  const interval = query.interval;
  const asked = query.guide_ids ? [...new Set(query.guide_ids.split(',').map(Number))] : [];

  const guides = await rows<{ id: number; title: string }>(
    db,
    sql`select id, title from guides where club_id = ${clubId} order by lower(title), title, id`,
  );
  const own = new Set(guides.map((g) => g.id));
  const unknown = asked.find((id) => !own.has(id));
  if (unknown !== undefined) throw badRequest('insights.unknownGuide', { guideId: unknown });

  const guideOf = (column: SQL) => (asked.length ? sql`and ${column} = any(${intArray(asked)}::int[])` : sql``);
  // Rounds of the club whose local start date is in the range (inclusive).
  const inRange = sql`r.club_id = ${clubId} and r.local_start >= ${query.from}::date and r.local_start < ${query.to}::date + 1`;
  const goal = await roundGoalMinutes(db, clubId);

  const games = await rows<{ period: string; guide_id: number; rounds: number }>(
    db,
    sql`select to_char(date_trunc(${interval}, r.local_start), 'YYYY-MM-DD') as period, r.guide_id, count(*)::int as rounds
        from rounds r
        where ${inRange} ${guideOf(sql`r.guide_id`)}
        group by 1, 2
        order by 1, 2`,
  );

  const holes = await rows<{ course_id: number; course_name: string; hole_number: number; par: number; rounds: number; average_strokes: number }>(
    db,
    sql`select r.course_id, c.name as course_name, rh.hole_number::int as hole_number,
               (mode() within group (order by rh.par))::int as par,
               count(*)::int as rounds, avg(rh.strokes)::float8 as average_strokes
        from rounds r
        join round_holes rh on rh.round_id = r.id
        join courses c on c.id = r.course_id and c.club_id = r.club_id
        where ${inRange} ${guideOf(sql`r.guide_id`)} and rh.strokes > 0
        group by r.course_id, c.name, rh.hole_number
        order by lower(c.name), r.course_id, rh.hole_number`,
  );

  // Round time: 18-hole rounds that ended after they started, in minutes.
  const times = sql`select extract(epoch from (r.ended_at - r.started_at)) / 60.0 as m
                    from rounds r
                    where ${inRange} ${guideOf(sql`r.guide_id`)} and r.holes_played = 18 and r.ended_at > r.started_at`;
  const [stats] = await rows<{ n: number; average: number | null; median: number | null; p90: number | null; over_goal: number | null }>(
    db,
    sql`with t as (${times})
        select count(*)::int as n, avg(m)::float8 as average,
               (percentile_cont(0.5) within group (order by m))::float8 as median,
               (percentile_cont(0.9) within group (order by m))::float8 as p90,
               avg(case when m > ${goal} then 1.0 else 0.0 end)::float8 as over_goal
        from t`,
  );
  const histogram = await rows<{ bucket: number; rounds: number }>(
    db,
    sql`with t as (${times})
        select (floor(m / 10) * 10)::int as bucket, count(*)::int as rounds from t group by 1 order by 1`,
  );

  // Pace of play from the holes' times (the game tracks). For each course, local day and hole the
  // groups in the order they started it: a group's gap is its start minus the start of the group
  // ahead; its growth at a hole is that gap minus its gap at the hole it played before. Gaps are
  // taken over every round of the club's course that day (the group ahead may have used another
  // guide); the guide filter chooses the rounds averaged.
  const hour = sql`extract(hour from local_start)::int`;
  const pace = await rows<{ course_id: number; hole_number: number; band: PaceBand; rounds: number; average_minutes: number | null; gap_growth_minutes: number | null }>(
    db,
    sql`with holes as (
          select r.id as round_id, r.guide_id, r.course_id, r.local_start, rh.hole_number, rh.started_at, rh.ended_at,
                 rh.started_at - lag(rh.started_at) over (
                   partition by r.course_id, r.local_start::date, rh.hole_number order by rh.started_at, r.id
                 ) as gap
          from rounds r
          join round_holes rh on rh.round_id = r.id
          where ${inRange} and rh.started_at is not null and rh.ended_at is not null
        ), growth as (
          select *, extract(epoch from gap - lag(gap) over (partition by round_id order by started_at, hole_number)) / 60.0 as growth
          from holes
        )
        select course_id, hole_number::int as hole_number, ${bandCase(hour)} as band, count(*)::int as rounds,
               avg(extract(epoch from ended_at - started_at) / 60.0)::float8 as average_minutes,
               avg(growth)::float8 as gap_growth_minutes
        from growth
        where true ${guideOf(sql`guide_id`)}
        group by 1, 2, 3`,
  );
  const bandOrder = (b: PaceBand) => PACE_BANDS.indexOf(b);
  pace.sort((a, b) => a.course_id - b.course_id || a.hole_number - b.hole_number || bandOrder(a.band) - bandOrder(b.band));

  const downloads = await rows<{ product: string; year: number; downloads: number }>(
    db,
    sql`select d.product, extract(year from d.downloaded_at at time zone 'UTC')::int as year, count(*)::int as downloads
        from guide_downloads d
        where d.club_id = ${clubId}
          and d.downloaded_at >= (${query.from}::date)::timestamp at time zone 'UTC'
          and d.downloaded_at < (${query.to}::date + 1)::timestamp at time zone 'UTC'
          ${guideOf(sql`d.guide_id`)}
        group by 1, 2
        order by 2, 1`,
  );

  return {
    from: query.from,
    to: query.to,
    interval,
    round_goal_minutes: goal,
    guides: guides.map((g) => ({ id: g.id, title: g.title })),
    games: games.map((g) => ({ period: g.period, guide_id: g.guide_id, rounds: g.rounds })),
    holes: holes.map((h) => ({ ...h, average_strokes: round(h.average_strokes, 2) })),
    round_time: {
      rounds: stats.n,
      average: round(stats.average, 1),
      median: round(stats.median, 1),
      p90: round(stats.p90, 1),
      over_goal: round(stats.over_goal, 4),
      histogram: histogram.map((h) => [h.bucket, h.rounds] as [number, number]),
    },
    pace: pace.map((p) => ({ ...p, average_minutes: round(p.average_minutes, 2), gap_growth_minutes: round(p.gap_growth_minutes, 2) })),
    downloads: downloads.map((d) => ({ product: d.product, year: d.year, downloads: d.downloads })),
  };
}

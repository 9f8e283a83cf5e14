import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  HEATMAP_MAX_CELLS,
  HEATMAP_MIN_PLAYERS,
  type HeatmapCourse,
  type HeatmapFilter,
  type HeatmapRequest,
  type HeatmapResponse,
} from '@golf/contract/api/insights';
import { courses } from '../../db/schema/index';
import type { DbOrTx } from '../../platform/database';
import { badRequest, notFound } from '../../platform/errors';
import { dateMs, intArray } from './games-service';
import { courseExtent, courseOrigin, toLonLat } from './projection';

/*
 * The shot heatmap (issue 22, §2 /insights/heatmap, §3 Heatmap filters). The browser never gets
 * the positions: the server bins them in SQL on a grid of square cells in the course's local
 * projection (`floor(x / cell)`, `floor(y / cell)` of the metres stored with every shot and game
 * track point) and sends the cells' centres with a weight. A cell with fewer than
 * HEATMAP_MIN_PLAYERS distinct players is left out (their privacy; a round without an app user
 * counts as a player of its own). Every query names the path's club.
 */

/**
 * GET clubs/{clubId}/insights/heatmap-courses: every course of the club (a screen picks one; a
 * course without rounds is listed with 0, so the map can show it before the first round comes),
 * with its rounds and the extent of its hole drawings.
 */
export async function heatmapCourses(db: DbOrTx, clubId: number): Promise<HeatmapCourse[]> {
  const list = (
    await db.execute<{ id: number; name: string; rounds: number }>(sql`
      select c.id, c.name, (select count(*)::int from rounds r where r.club_id = c.club_id and r.course_id = c.id) as rounds
      from courses c
      where c.club_id = ${clubId}
      order by lower(c.name), c.name, c.id`)
  ).rows;
  const answer: HeatmapCourse[] = [];
  for (const c of list) {
    // The box of the course's hole drawings in the edit style (style 1).
    const e = await courseExtent(db, c.id);
    const extent = e ? ([e.minLon, e.minLat, e.maxLon, e.maxLat].map((v) => round(v, 6)) as HeatmapCourse['extent']) : null;
    answer.push({ id: c.id, name: c.name, rounds: c.rounds, extent });
  }
  return answer;
}

/** The bytes the cells of one answer may take (the whole answer stays under 100 KB). */
const CELLS_BUDGET_BYTES = 99_000;

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

/** 400 for a date of the filter that is not a day of the calendar (the contract checks the form only). */
function checkFilterDates(filter: HeatmapFilter, path: string): void {
  filter.datePlayed.forEach((date, i) => {
    if (dateMs(date) === null) throw badRequest('request.invalid', { part: 'body', path: `${path}.datePlayed.${i}`, message: `${date} is not a day of the calendar` });
  });
}

/**
 * The rounds of the club's course that a filter matches (§3), as SQL conditions over `r`
 * (rounds). Booleans include a group (both false: nobody); ranges are inclusive; the time of day
 * is [from, to) of the local start (24:00 the end of the day); guides not of the club match
 * nothing (a saved filter may name a guide deleted since).
 */
export function filterConditions(clubId: number, courseId: number, f: HeatmapFilter): SQL {
  const either = (a: boolean, b: boolean, whenA: SQL, whenB: SQL): SQL => (a && b ? sql`true` : a ? whenA : b ? whenB : sql`false`);
  const parts: SQL[] = [
    sql`r.club_id = ${clubId}`,
    sql`r.course_id = ${courseId}`,
    either(f.male, f.female, sql`r.sex = 'male'`, sql`r.sex = 'female'`),
    either(f.home, f.guest, sql`r.home`, sql`not r.home`),
    sql`r.handicap >= ${f.handicap[0]}::real and r.handicap <= ${f.handicap[1]}::real`,
    sql`r.local_start >= ${f.datePlayed[0]}::date and r.local_start < ${f.datePlayed[1]}::date + 1`,
    sql`r.local_start::time >= ${`${f.timePlayed[0]}:00`}::time and r.local_start::time < ${`${f.timePlayed[1]}:00`}::time`,
    f.weekday.length ? sql`extract(dow from r.local_start)::int = any(${intArray(f.weekday)}::int[])` : sql`false`,
    sql`r.points between ${f.points[0]}::int and ${f.points[1]}::int`,
    sql`r.strokes between ${f.shots[0]}::int and ${f.shots[1]}::int`,
    sql`r.shot_tracked >= ${f.shottracked}::real`,
  ];
  if (f.guides.length) parts.push(sql`r.guide_id = any(${intArray(f.guides)}::int[])`);
  return sql.join(parts, sql` and `);
}

/**
 * The positions of the matched rounds binned by cell, with their count and distinct players: the
 * shots and/or the game tracks' points, counted per (cell, player) first and then per cell (two
 * hash aggregations, cheaper than a count(distinct) that sorts).
 */
export function binnedQuery(where: SQL, cellMetres: number, includeShots: boolean, includeGametracks: boolean): SQL | null {
  const cell = sql`${cellMetres}::float8`;
  const sources: SQL[] = [];
  if (includeShots) sources.push(sql`select floor(s.x / ${cell})::int as cx, floor(s.y / ${cell})::int as cy, m.player from m join shots s on s.round_id = m.id`);
  if (includeGametracks) {
    sources.push(
      sql`select floor(u.x / ${cell})::int as cx, floor(u.y / ${cell})::int as cy, m.player
          from m join round_tracks t on t.round_id = m.id cross join lateral unnest(t.x, t.y) as u(x, y)`,
    );
  }
  if (!sources.length) return null;
  return sql`with m as (select r.id, coalesce(r.app_user_id, -r.id) as player from rounds r where ${where}),
    p as (${sql.join(sources, sql` union all `)}),
    pc as (select cx, cy, player, count(*) as n from p group by cx, cy, player)
    select cx, cy, sum(n)::int as n, count(*)::int as players from pc group by cx, cy`;
}

interface Side {
  rounds: number;
  positions: number;
  cells: Map<string, { cx: number; cy: number; n: number; players: number }>;
}

async function binSide(db: DbOrTx, clubId: number, courseId: number, cellMetres: number, filter: HeatmapFilter): Promise<Side> {
  const where = filterConditions(clubId, courseId, filter);
  const [{ n: rounds }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from rounds r where ${where}`)).rows;
  const query = binnedQuery(where, cellMetres, filter.includeShots, filter.includeGametracks);
  const cells: Side['cells'] = new Map();
  let positions = 0;
  if (query) {
    for (const row of (await db.execute<{ cx: number; cy: number; n: number; players: number }>(query)).rows) {
      cells.set(`${row.cx},${row.cy}`, row);
      positions += row.n;
    }
  }
  return { rounds, positions, cells };
}

/** POST clubs/{clubId}/insights/heatmap. */
export async function heatmap(db: DbOrTx, clubId: number, request: HeatmapRequest): Promise<HeatmapResponse> {
  checkFilterDates(request.filter, 'filter');
  if (request.compare) checkFilterDates(request.compare, 'compare');
  const courseId = request.course_id;
  const [course] = await db.select({ id: courses.id }).from(courses).where(and(eq(courses.id, courseId), eq(courses.clubId, clubId)));
  if (!course) throw notFound('insights.courseNotFound');
  const cellMetres = request.cell_metres;

  const a = await binSide(db, clubId, courseId, cellMetres, request.filter);
  const b = request.compare ? await binSide(db, clubId, courseId, cellMetres, request.compare) : null;

  // Which cells may be shown: each side a cell has positions on has at least the threshold there
  // (a cell shown with one side's data must not reveal fewer players of that side).
  const keys = new Set([...a.cells.keys(), ...(b ? b.cells.keys() : [])]);
  const shown: { cx: number; cy: number; value: number }[] = [];
  let hidden = 0;
  for (const key of keys) {
    const ca = a.cells.get(key);
    const cb = b?.cells.get(key);
    if ((ca && ca.players < HEATMAP_MIN_PLAYERS) || (cb && cb.players < HEATMAP_MIN_PLAYERS)) {
      hidden++;
      continue;
    }
    const { cx, cy } = (ca ?? cb)!;
    // Compare mode: the difference of the two sides' shares of their own positions.
    const value = b ? (ca && a.positions ? ca.n / a.positions : 0) - (cb && b.positions ? cb.n / b.positions : 0) : ca!.n;
    shown.push({ cx, cy, value });
  }
  // The fullest (or most different) cells first; the rest beyond the cap are left out.
  shown.sort((x, y) => Math.abs(y.value) - Math.abs(x.value) || x.cx - y.cx || x.cy - y.cy);
  let truncated = shown.length > HEATMAP_MAX_CELLS;
  const kept = truncated ? shown.slice(0, HEATMAP_MAX_CELLS) : shown;
  // Weights in 0…1 (compare: −1…1) of the largest kept value (all 0 when both sides' shares are equal).
  const scale = (kept.length && Math.abs(kept[0].value)) || 1;

  const cells: number[] = [];
  // Positions exist only for a course with an origin (set at its first round): it is read, not made.
  const origin = kept.length ? await courseOrigin(db, courseId) : null;
  if (origin) {
    // The answer stays under 100 KB: a cell is about 26 bytes of JSON, so a full HEATMAP_MAX_CELLS
    // would not fit; the emptiest cells past the budget are left out as past the cap.
    let bytes = 0;
    for (const c of kept) {
      const { lon, lat } = toLonLat(origin, (c.cx + 0.5) * cellMetres, (c.cy + 0.5) * cellMetres);
      const triple = [round(lon, 6), round(lat, 6), round(c.value / scale, 4)];
      bytes += triple.reduce((sum, v) => sum + String(v).length + 1, 0);
      if (bytes > CELLS_BUDGET_BYTES) {
        truncated = true;
        break;
      }
      cells.push(...triple);
    }
  }
  return {
    course_id: courseId,
    cell_metres: cellMetres,
    cells,
    rounds: a.rounds,
    positions: a.positions,
    compare_rounds: b ? b.rounds : null,
    compare_positions: b ? b.positions : null,
    hidden_cells: hidden,
    truncated,
  };
}

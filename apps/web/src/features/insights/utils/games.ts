import type { GamesInsights, PaceBand } from '@golf/contract/api/insights';

type Games = GamesInsights['games'];
type Holes = GamesInsights['holes'];
type Pace = GamesInsights['pace'];
type Downloads = GamesInsights['downloads'];

/** Games per period: the periods in order, and per guide (that played any) its rounds in each period. */
export interface GamesSeries {
  periods: string[];
  guides: { id: number; title: string; rounds: number[] }[];
  totals: number[];
}

export function gamesSeries(games: Games, guides: GamesInsights['guides']): GamesSeries {
  const periods = [...new Set(games.map((g) => g.period))].sort();
  const index = new Map(periods.map((p, i) => [p, i]));
  const byGuide = new Map<number, number[]>();
  for (const g of games) {
    const row = byGuide.get(g.guide_id) ?? periods.map(() => 0);
    row[index.get(g.period)!] += g.rounds;
    byGuide.set(g.guide_id, row);
  }
  const titles = new Map(guides.map((g) => [g.id, g.title]));
  const series = [...byGuide.entries()]
    .map(([id, rounds]) => ({ id, title: titles.get(id) ?? `#${id}`, rounds }))
    .sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
  const totals = periods.map((_, i) => series.reduce((sum, s) => sum + s.rounds[i], 0));
  return { periods, guides: series, totals };
}

/** A course's holes in order, with the average over par (null when no round played the hole). */
export interface CourseHoles {
  courseId: number;
  courseName: string;
  holes: { number: number; par: number; rounds: number; average: number | null; overPar: number | null }[];
}

export function holesByCourse(holes: Holes): CourseHoles[] {
  const courses = new Map<number, CourseHoles>();
  for (const h of holes) {
    const course = courses.get(h.course_id) ?? { courseId: h.course_id, courseName: h.course_name, holes: [] };
    course.holes.push({
      number: h.hole_number,
      par: h.par,
      rounds: h.rounds,
      average: h.average_strokes,
      overPar: h.average_strokes === null ? null : h.average_strokes - h.par,
    });
    courses.set(h.course_id, course);
  }
  for (const c of courses.values()) c.holes.sort((a, b) => a.number - b.number);
  return [...courses.values()].sort((a, b) => a.courseName.localeCompare(b.courseName) || a.courseId - b.courseId);
}

/** A gap to the group ahead that grows by at least this many minutes on a hole marks a bottleneck. */
export const BOTTLENECK_MINUTES = 1;
/** At most this many holes are named bottlenecks (the worst first). */
export const MAX_BOTTLENECKS = 3;

export interface PaceHole {
  number: number;
  rounds: number;
  minutes: number | null;
  gapGrowth: number | null;
  bottleneck: boolean;
}

/** The courses and bands the pace answer has rounds for. */
export function paceCourses(pace: Pace): number[] {
  return [...new Set(pace.filter((p) => p.rounds > 0).map((p) => p.course_id))];
}

/**
 * Pace of play on one course in one band, holes in order; the bottlenecks are the holes where the
 * gap to the group ahead grows by BOTTLENECK_MINUTES or more, at most MAX_BOTTLENECKS, worst first.
 */
export function paceHoles(pace: Pace, courseId: number, band: PaceBand): PaceHole[] {
  const rows = pace
    .filter((p) => p.course_id === courseId && p.band === band)
    .sort((a, b) => a.hole_number - b.hole_number)
    .map((p) => ({ number: p.hole_number, rounds: p.rounds, minutes: p.average_minutes, gapGrowth: p.gap_growth_minutes, bottleneck: false }));
  const worst = rows
    .filter((r) => r.gapGrowth !== null && r.gapGrowth >= BOTTLENECK_MINUTES)
    .sort((a, b) => b.gapGrowth! - a.gapGrowth! || a.number - b.number)
    .slice(0, MAX_BOTTLENECKS);
  for (const r of worst) r.bottleneck = true;
  return rows;
}

/** Rounds per band on a course (the band selector shows them; the busiest band is the default). */
export function bandRounds(pace: Pace, courseId: number): Record<PaceBand, number> {
  const counts: Record<PaceBand, number> = { morning: 0, midday: 0, afternoon: 0, evening: 0 };
  // A band's rounds are those of its hole with the most rounds (a round plays every hole).
  for (const p of pace) if (p.course_id === courseId) counts[p.band] = Math.max(counts[p.band], p.rounds);
  return counts;
}

/** Downloads as a table: years in order, products by name, a count per year and product. */
export interface DownloadsTable {
  years: number[];
  products: string[];
  counts: number[][];
}

export function downloadsTable(downloads: Downloads): DownloadsTable {
  const years = [...new Set(downloads.map((d) => d.year))].sort((a, b) => a - b);
  const products = [...new Set(downloads.map((d) => d.product))].sort();
  const counts = years.map(() => products.map(() => 0));
  for (const d of downloads) counts[years.indexOf(d.year)][products.indexOf(d.product)] += d.downloads;
  return { years, products, counts };
}

/** The round-time histogram split at the goal: per bucket, the rounds within the goal and those over it. */
export function histogramAtGoal(histogram: GamesInsights['round_time']['histogram'], goal: number, bucket = 10) {
  return histogram.map(([start, rounds]) => ({
    start,
    end: start + bucket - 1,
    within: start + bucket <= goal ? rounds : 0,
    over: start + bucket <= goal ? 0 : rounds,
  }));
}

/** Whether an answer has anything to show at all. */
export function hasGames(data: GamesInsights): boolean {
  return data.games.some((g) => g.rounds > 0) || data.round_time.rounds > 0 || data.downloads.length > 0 || data.holes.some((h) => h.rounds > 0);
}

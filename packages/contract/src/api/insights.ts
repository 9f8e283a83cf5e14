import { z } from 'zod';
import { IdParam, PositiveInt32, Text } from './common';

/**
 * Insights (§1, §2 /insights/games and /insights/heatmap, §3 Heatmap filters, §9 heatmap defaults;
 * issue 22): what the club's app reports (rounds, shots, game tracks, downloads; ./insights-app.ts)
 * shown to the club as game insights and a shot heatmap. Every console call is under the club,
 * role `insights`:
 * - GET  clubs/{clubId}/insights/games?from&to&interval&guide_ids  → GamesInsights
 * - GET  clubs/{clubId}/insights/settings, PUT (the club's goal round time)
 * - POST clubs/{clubId}/insights/heatmap  (HeatmapRequest → HeatmapResponse; a POST because a
 *   filter set, or two in compare mode, does not fit a query string)
 * - GET  clubs/{clubId}/insights/heatmap-courses → the club's courses that have rounds, with their
 *   extent
 * - GET/POST clubs/{clubId}/insights/heatmap-filters, PUT/DELETE …/heatmap-filters/{id}: filters
 *   saved by name, per user and club.
 */

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'A date looks like 2026-05-31');
/** A time of day, HH:MM (00:00 to 24:00; 24:00 is the end of the day). */
export const TimeOfDay = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'A time of day looks like 07:30');

/** Ranges of §9 and the app's data: what a filter may ask for. */
export const HANDICAP_RANGE = [-10, 72] as const;
export const POINTS_RANGE = [0, 100] as const;
export const SHOTS_RANGE = [0, 300] as const;

const Range = (min: number, max: number, integer: boolean) => {
  const n = integer ? z.number().int().min(min).max(max) : z.number().min(min).max(max);
  return z.tuple([n, n]).refine(([a, b]) => a <= b, 'The first value of a range is at most the second');
};

/**
 * §3 Heatmap filters. Booleans include a group (male and female both true: everyone); ranges are
 * inclusive; `weekday` lists days as 0 = Sunday … 6 = Saturday; `guides` empty means every guide;
 * `shottracked` is the least share of a round's holes that have shots (0.8: four in five holes);
 * `includeShots` and `includeGametracks` say which positions the map shows.
 */
export const HeatmapFilter = z.object({
  male: z.boolean(),
  female: z.boolean(),
  home: z.boolean(),
  guest: z.boolean(),
  handicap: Range(HANDICAP_RANGE[0], HANDICAP_RANGE[1], false),
  datePlayed: z.tuple([IsoDate, IsoDate]).refine(([a, b]) => a <= b, 'The first date is at most the second'),
  timePlayed: z.tuple([TimeOfDay, TimeOfDay]).refine(([a, b]) => a <= b, 'The first time is at most the second'),
  weekday: z.array(z.number().int().min(0).max(6)).max(7),
  points: Range(POINTS_RANGE[0], POINTS_RANGE[1], true),
  shots: Range(SHOTS_RANGE[0], SHOTS_RANGE[1], true),
  // Ids inside a JSON body are numbers (PositiveInt32); IdParam is the text of a path or query.
  guides: z.array(PositiveInt32).max(100),
  shottracked: z.number().min(0).max(1),
  includeShots: z.boolean(),
  includeGametracks: z.boolean(),
});
export type HeatmapFilter = z.infer<typeof HeatmapFilter>;

/** §9 heatmap defaults, for the year of `today` (YYYY-MM-DD). */
export function defaultHeatmapFilter(today: string): HeatmapFilter {
  const year = today.slice(0, 4);
  return {
    male: true,
    female: true,
    home: true,
    guest: true,
    handicap: [0, 72],
    datePlayed: [`${year}-01-01`, `${year}-12-31`],
    timePlayed: ['00:00', '24:00'],
    weekday: [0, 1, 2, 3, 4, 5, 6],
    points: [18, 54],
    shots: [36, 108],
    guides: [],
    shottracked: 0.8,
    includeShots: true,
    includeGametracks: false,
  };
}

/** Cells of a heatmap are squares of this many metres in the course's local projection. */
export const HEATMAP_CELL_METRES = [2, 4, 8, 16, 32, 64] as const;
/** A cell with fewer distinct players than this is left out (their privacy). */
export const HEATMAP_MIN_PLAYERS = 3;
/** At most this many cells in one answer (the answer stays under 100 KB). */
export const HEATMAP_MAX_CELLS = 6000;

export const HeatmapRequest = z.object({
  course_id: PositiveInt32,
  cell_metres: z
    .number()
    .int()
    .min(HEATMAP_CELL_METRES[0])
    .max(HEATMAP_CELL_METRES[HEATMAP_CELL_METRES.length - 1])
    .refine((m) => (HEATMAP_CELL_METRES as readonly number[]).includes(m), `A cell is ${HEATMAP_CELL_METRES.join(', ')} metres`),
  filter: HeatmapFilter,
  /** Compare mode: the second filter set; the answer's weights are then `filter` minus `compare`, each side normalised to its share. */
  compare: HeatmapFilter.optional(),
});
export type HeatmapRequest = z.infer<typeof HeatmapRequest>;

/**
 * The binned answer: `cells` is a flat array of [longitude, latitude, weight] triples (the cell's
 * centre, longitude and latitude to 6 decimals), weight in 0…1 (1: the fullest cell) or, in compare
 * mode, in −1…1 (positive where `filter` is the larger share). Only cells with at least
 * HEATMAP_MIN_PLAYERS distinct players on each side asked for are sent.
 */
export const HeatmapResponse = z.object({
  course_id: z.number().int(),
  cell_metres: z.number().int(),
  cells: z.array(z.number()),
  /** Rounds and positions the filter matched (and `compare`'s, in compare mode). */
  rounds: z.number().int(),
  positions: z.number().int(),
  compare_rounds: z.number().int().nullable(),
  compare_positions: z.number().int().nullable(),
  /** Cells left out for having fewer than HEATMAP_MIN_PLAYERS players. */
  hidden_cells: z.number().int(),
  /** True when there were more than HEATMAP_MAX_CELLS cells: the emptiest were left out (zoom in). */
  truncated: z.boolean(),
});
export type HeatmapResponse = z.infer<typeof HeatmapResponse>;

/** A course that has rounds, with the extent of its drawings ([minLon, minLat, maxLon, maxLat], or null when undrawn). */
export const HeatmapCourse = z.object({
  id: z.number().int(),
  name: z.string(),
  rounds: z.number().int(),
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type HeatmapCourse = z.infer<typeof HeatmapCourse>;

export const HEATMAP_FILTERS_MAX = 100;
const FilterName = Text.trim().min(1, 'Name is required').max(80, 'Name is at most 80 characters');
export const SavedHeatmapFilter = z.object({
  id: z.number().int(),
  name: z.string(),
  filter: HeatmapFilter,
  updated_at: z.string(),
});
export type SavedHeatmapFilter = z.infer<typeof SavedHeatmapFilter>;
export const SaveHeatmapFilterBody = z.object({ name: FilterName, filter: HeatmapFilter });
export type SaveHeatmapFilterBody = z.infer<typeof SaveHeatmapFilterBody>;
export const HeatmapFilterParams = z.object({ clubId: IdParam, id: IdParam });

/** The club's insight settings: the goal round time (minutes) the round-time distribution is held against. */
export const InsightSettings = z.object({ round_goal_minutes: z.number().int().min(60).max(600) });
export type InsightSettings = z.infer<typeof InsightSettings>;
export const DEFAULT_ROUND_GOAL_MINUTES = 255;

export const INSIGHT_INTERVALS = ['week', 'month'] as const;
export type InsightInterval = (typeof INSIGHT_INTERVALS)[number];
/** The longest date range one games answer covers (days). */
export const GAMES_MAX_DAYS = 3 * 366;

/** Query of GET clubs/{clubId}/insights/games: a date range (inclusive), week or month, guides (comma-separated ids; none: all). */
export const GamesQuery = z.object({
  from: IsoDate,
  to: IsoDate,
  interval: z.enum(INSIGHT_INTERVALS).default('week'),
  guide_ids: z
    .string()
    .regex(/^(\d{1,9}(,\d{1,9}){0,99})?$/, 'guide_ids is a comma-separated list of ids')
    .optional(),
});
export type GamesQuery = z.infer<typeof GamesQuery>;

/** Time-of-day bands of pace of play (the hour the round started). */
export const PACE_BANDS = ['morning', 'midday', 'afternoon', 'evening'] as const;
export type PaceBand = (typeof PACE_BANDS)[number];
/** Start hours (local time) at which each band begins: morning < 11, midday < 14, afternoon < 17, evening. */
export const PACE_BAND_STARTS = { morning: 0, midday: 11, afternoon: 14, evening: 17 } as const;

export const GamesInsights = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(INSIGHT_INTERVALS),
  round_goal_minutes: z.number().int(),
  guides: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** Games per period (the period's first day, YYYY-MM-DD) and guide. */
  games: z.array(z.object({ period: z.string(), guide_id: z.number().int(), rounds: z.number().int() })),
  /** Per course and hole: average strokes against par over the rounds that played it. */
  holes: z.array(
    z.object({
      course_id: z.number().int(),
      course_name: z.string(),
      hole_number: z.number().int(),
      par: z.number().int(),
      rounds: z.number().int(),
      average_strokes: z.number().nullable(),
    }),
  ),
  /** Round time in minutes (18-hole rounds that ended). */
  round_time: z.object({
    rounds: z.number().int(),
    average: z.number().nullable(),
    median: z.number().nullable(),
    p90: z.number().nullable(),
    /** Share (0…1) of rounds longer than the goal. */
    over_goal: z.number().nullable(),
    /** Rounds per 10-minute bucket: [bucket start minutes, rounds]. */
    histogram: z.array(z.tuple([z.number().int(), z.number().int()])),
  }),
  /**
   * Pace of play per course, hole and time-of-day band, from the game tracks: average minutes on
   * the hole, and the average growth (minutes) of the gap to the group ahead while playing it — a
   * hole where it grows is a bottleneck.
   */
  pace: z.array(
    z.object({
      course_id: z.number().int(),
      hole_number: z.number().int(),
      band: z.enum(PACE_BANDS),
      rounds: z.number().int(),
      average_minutes: z.number().nullable(),
      gap_growth_minutes: z.number().nullable(),
    }),
  ),
  /** Downloads of the guides' products per product and year. */
  downloads: z.array(z.object({ product: z.string(), year: z.number().int(), downloads: z.number().int() })),
});
export type GamesInsights = z.infer<typeof GamesInsights>;

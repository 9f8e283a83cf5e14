import { HEATMAP_CELL_METRES, HeatmapRequest, type HeatmapFilter } from '@golf/contract/api/insights';

/** A cell should cover about this many screen pixels: fine enough to read, coarse enough to stay under the cell cap. */
export const TARGET_CELL_PIXELS = 10;

/** Metres per screen pixel at a Web Mercator resolution and latitude. */
export function metresPerPixel(resolution: number, latitude: number): number {
  return resolution * Math.cos((latitude * Math.PI) / 180);
}

/** The cell size (one of HEATMAP_CELL_METRES) for the map's scale: the smallest at least TARGET_CELL_PIXELS pixels wide. */
export function cellMetresFor(mpp: number): (typeof HEATMAP_CELL_METRES)[number] {
  const wanted = mpp * TARGET_CELL_PIXELS;
  return HEATMAP_CELL_METRES.find((m) => m >= wanted) ?? HEATMAP_CELL_METRES[HEATMAP_CELL_METRES.length - 1];
}

/** A weighted point of the answer's flat `cells` ([lon, lat, weight, lon, lat, weight, …]). */
export interface HeatCell {
  lonLat: [number, number];
  weight: number;
}

/**
 * The answer's cells split by sign: `positive` (weights as sent, or in compare mode where the first
 * set is the larger share) and `negative` (the second set larger; weights made positive).
 */
export function splitCells(cells: readonly number[]): { positive: HeatCell[]; negative: HeatCell[] } {
  const positive: HeatCell[] = [];
  const negative: HeatCell[] = [];
  for (let i = 0; i + 2 < cells.length; i += 3) {
    const w = cells[i + 2];
    if (w > 0) positive.push({ lonLat: [cells[i], cells[i + 1]], weight: Math.min(1, w) });
    else if (w < 0) negative.push({ lonLat: [cells[i], cells[i + 1]], weight: Math.min(1, -w) });
  }
  return { positive, negative };
}

/** Whether a filter set may be sent (the contract's rules: ranges in order, dates and times well formed). */
export function filterProblems(filter: HeatmapFilter): string[] {
  const parsed = HeatmapRequest.shape.filter.safeParse(filter);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.') || i.message);
}

/** A time of day (HH:MM, 24:00 the end of the day) as minutes after midnight, and back. */
export function timeToMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}
export function minutesToTime(minutes: number): string {
  const clamped = Math.max(0, Math.min(24 * 60, Math.round(minutes)));
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}

/** Weekdays in the order a European week lists them (Monday first), as the contract counts them (0 = Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Compare mode's starting points: two filter sets made from the current one. */
export const COMPARE_PRESETS = ['membersGuests', 'handicaps', 'sexes'] as const;
export type ComparePreset = (typeof COMPARE_PRESETS)[number];
/** Handicaps up to this index count as low in the "low against high handicaps" preset. */
export const LOW_HANDICAP_MAX = 18;

export function comparePreset(preset: ComparePreset, base: HeatmapFilter): { filter: HeatmapFilter; compare: HeatmapFilter } {
  switch (preset) {
    case 'membersGuests':
      return { filter: { ...base, home: true, guest: false }, compare: { ...base, home: false, guest: true } };
    case 'handicaps': {
      const [low, high] = base.handicap;
      const split = Math.min(Math.max(LOW_HANDICAP_MAX, low), high);
      return {
        filter: { ...base, handicap: [low, split] },
        compare: { ...base, handicap: [Math.min(split + 0.1, high), high] },
      };
    }
    case 'sexes':
      return { filter: { ...base, male: true, female: false }, compare: { ...base, male: false, female: true } };
  }
}

/** Two filter sets are the same (a saved filter is "loaded" while the form still equals it). */
export function sameFilter(a: HeatmapFilter, b: HeatmapFilter): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}
/** The filter with its keys in one order and its lists sorted. */
function normalise(f: HeatmapFilter): [string, unknown][] {
  const sorted = { ...f, weekday: [...f.weekday].sort(), guides: [...f.guides].sort((x, y) => x - y) };
  return Object.entries(sorted).sort(([a], [b]) => a.localeCompare(b));
}

/** The colours of the heat: one set alone (cool to hot), or in compare mode the first set's larger share and the second's. */
export const GRADIENTS = {
  single: ['#2c7bb6', '#00a6ca', '#00ccbc', '#90eb9d', '#ffff8c', '#f9d057', '#f29e2e', '#e76818', '#d7191c'],
  positive: ['#c6dbef', '#6baed6', '#2171b5', '#08306b'],
  negative: ['#fdd0a2', '#fd8d3c', '#d94801', '#7f2704'],
} as const;

/** Calendar dates (YYYY-MM-DD) of the insights' date ranges, computed without time zones. */

export const DATE_PRESETS = ['thisYear', 'lastYear', 'last12Months'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export interface DateRange {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today in the reader's time zone, YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A date moved by whole days (UTC arithmetic on the calendar date). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The range of a preset as of `today`: this calendar year, last calendar year, or the 12 months up to today. */
export function presetRange(preset: DatePreset, today: string): DateRange {
  const year = Number(today.slice(0, 4));
  switch (preset) {
    case 'thisYear':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    case 'lastYear':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case 'last12Months': {
      // The day after the same date a year ago (29 February falls back to 28).
      const [, m, d] = today.split('-').map(Number);
      const lastYearDay = m === 2 && d === 29 ? `${year - 1}-02-28` : `${year - 1}-${pad(m)}-${pad(d)}`;
      return { from: addDays(lastYearDay, 1), to: today };
    }
  }
}

/** The preset a range is, or null for a range typed by hand. */
export function presetOf(range: DateRange, today: string): DatePreset | null {
  return DATE_PRESETS.find((p) => {
    const r = presetRange(p, today);
    return r.from === range.from && r.to === range.to;
  }) ?? null;
}

/** Days in an inclusive range (1 for a single day). */
export function daysInRange(range: DateRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
}

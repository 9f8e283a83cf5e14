import type { Rng } from './random';

/**
 * The calendar of a club's season as the generator sees it: which days have golf (April to
 * October), how busy each is (the month, the weekday, the weather), when the first and last tee
 * times are (daylight), how busy each tee time is (weekend mornings full, weekday middays quiet,
 * summer evenings late starts), and local times in Central European time (the demo club's).
 */

export interface Day {
  /** 'YYYY-MM-DD' */
  date: string;
  year: number;
  /** 0 = January. */
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Minutes east of UTC of the local clock that day. */
  offsetMinutes: number;
}

/** Months with golf: April to October. */
export const SEASON_MONTHS = [3, 4, 5, 6, 7, 8, 9];
const MONTH_WEIGHT: Record<number, number> = { 3: 0.55, 4: 0.9, 5: 1.1, 6: 1.0, 7: 1.05, 8: 0.8, 9: 0.45 };
const WEEKDAY_WEIGHT = [1.7, 0.85, 0.85, 0.85, 0.9, 1.05, 1.9];
/** First tee time and sunset per month (minutes after midnight, summer time). */
const DAYLIGHT: Record<number, [number, number]> = {
  3: [7 * 60 + 30, 20 * 60 + 15],
  4: [6 * 60 + 30, 21 * 60 + 10],
  5: [6 * 60, 21 * 60 + 55],
  6: [6 * 60, 21 * 60 + 45],
  7: [6 * 60 + 30, 20 * 60 + 50],
  8: [7 * 60 + 15, 19 * 60 + 35],
  9: [7 * 60 + 45, 18 * 60 + 20],
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Last Sunday of a month (UTC date number). */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/** Central European time: UTC+2 from the last Sunday of March to the last Sunday of October, else UTC+1. */
export function centralEuropeanOffset(year: number, month: number, day: number): number {
  const afterStart = month > 2 || (month === 2 && day >= lastSunday(year, 2));
  const beforeEnd = month < 9 || (month === 9 && day < lastSunday(year, 9));
  return afterStart && beforeEnd ? 120 : 60;
}

/** Parses 'YYYY-MM-DD'. */
export function parseDate(date: string): { year: number; month: number; day: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`A date is YYYY-MM-DD, got "${date}"`);
  return { year: Number(m[1]), month: Number(m[2]) - 1, day: Number(m[3]) };
}

/** Every day from `from` to `to` (inclusive), in order. */
export function* daysBetween(from: string, to: string): Generator<Day> {
  const a = parseDate(from);
  const b = parseDate(to);
  const end = Date.UTC(b.year, b.month, b.day);
  for (let t = Date.UTC(a.year, a.month, a.day); t <= end; t += 86_400_000) {
    const d = new Date(t);
    const year = d.getUTCFullYear();
    const month = d.getUTCMonth();
    const day = d.getUTCDate();
    yield { date: `${year}-${pad(month + 1)}-${pad(day)}`, year, month, day, weekday: d.getUTCDay(), offsetMinutes: centralEuropeanOffset(year, month, day) };
  }
}

export const isGolfDay = (d: Day) => SEASON_MONTHS.includes(d.month);

/** How busy the day is: month × weekday × weather (a rainy day has a third of the golfers). */
export function dayWeight(d: Day, weather: Rng): number {
  const w = weather();
  const factor = w < 0.15 ? 0.3 : 0.8 + weather() * 0.4;
  return (MONTH_WEIGHT[d.month] ?? 0) * WEEKDAY_WEIGHT[d.weekday] * factor;
}

/** First tee time and sunset in local minutes (after the clocks go back, an hour earlier). */
export function daylight(d: Day): { first: number; sunset: number } {
  const [first, sunset] = DAYLIGHT[d.month] ?? [8 * 60, 18 * 60];
  const shift = d.offsetMinutes === 60 ? 60 : 0;
  return { first: first - shift, sunset: sunset - shift };
}

const SUMMER = new Set([4, 5, 6, 7]);

/** How much golfers want a tee time at local minute `m`: full weekend mornings, quiet weekday middays, summer evenings. */
export function teeTimeWeight(d: Day, m: number): number {
  const h = m / 60;
  const summer = SUMMER.has(d.month);
  const weekend = d.weekday === 0 || d.weekday === 6;
  if (weekend) {
    if (h < 7) return 0.5;
    if (h < 11) return 1;
    if (h < 13) return 0.45;
    if (h < 16) return 0.3;
    if (h < 18) return 0.25;
    return summer ? 0.3 : 0.08;
  }
  if (h < 8) return 0.55;
  if (h < 11) return 0.7;
  if (h < 14) return 0.25;
  if (h < 16) return 0.4;
  if (h < 18.5) return summer ? 0.9 : 0.5;
  return summer ? 0.55 : 0.1;
}

/** An instant as the phone writes it: local time with its offset ('2026-06-14T08:12:30+02:00'). */
export function localInstant(d: Day, localSeconds: number): string {
  const t = Date.UTC(d.year, d.month, d.day) + Math.round(localSeconds) * 1000;
  const off = d.offsetMinutes;
  const sign = off >= 0 ? '+' : '-';
  const abs = Math.abs(off);
  return `${new Date(t).toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

import type { Language } from '../constants';
import type { TeeRating } from './input';

/**
 * Course handicap by the World Handicap System (Rules of Handicapping 6.1):
 * Handicap Index × Slope Rating / 113 + (Course Rating − Par), rounded to the nearest whole
 * number with .5 rounded upwards. A plus handicap is a negative index (+2.1 is −2.1).
 *
 * The sum is computed in whole tenths (an index and a course rating have one decimal), so the
 * rounding never depends on binary fractions: 0.5 is exactly 0.5.
 */
export function courseHandicap(index: number, rating: TeeRating): number {
  const indexTenths = Math.round(index * 10);
  const ratingTenths = Math.round(rating.courseRating * 10);
  // CH = (indexTenths × slope / 113 + ratingTenths − 10 × par) / 10 = numerator / 1130.
  const numerator = indexTenths * rating.slope + 113 * (ratingTenths - 10 * rating.par);
  return Math.floor((numerator + 565) / 1130);
}

/** Lowest and highest handicap index of the tables (+5.0 to 54.0, the WHS limits in practice). */
export const INDEX_RANGE = { min: -5, max: 54 } as const;

export interface HandicapRow {
  /** Lowest and highest index (one decimal) that give `courseHandicap`. */
  from: number;
  to: number;
  courseHandicap: number;
}

/** The handicap index ranges, in steps of 0.1, that give each course handicap, lowest index first. */
export function handicapRanges(rating: TeeRating, min: number = INDEX_RANGE.min, max: number = INDEX_RANGE.max): HandicapRow[] {
  const rows: HandicapRow[] = [];
  for (let tenths = Math.round(min * 10); tenths <= Math.round(max * 10); tenths++) {
    const index = tenths / 10;
    const ch = courseHandicap(index, rating);
    const last = rows[rows.length - 1];
    if (last && last.courseHandicap === ch) last.to = index;
    else rows.push({ from: index, to: index, courseHandicap: ch });
  }
  return rows;
}

const TENTHS = new Map<Language, Intl.NumberFormat>();

/** A number with one decimal as the guide's language writes it ('71.2'; '71,2' in Danish and Swedish). */
export function formatTenths(value: number, language: Language = 'en'): string {
  let format = TENTHS.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
    TENTHS.set(language, format);
  }
  return format.format(value);
}

/** An index as printed in the guide's language: one decimal, plus handicaps with '+' ('+2.1', '+2,1'). */
export function formatIndex(index: number, language: Language = 'en'): string {
  const text = formatTenths(Math.abs(index), language);
  return index < 0 ? `+${text}` : text;
}

/** A course handicap as printed: plus handicaps with '+'. */
export function formatCourseHandicap(ch: number): string {
  return ch < 0 ? `+${-ch}` : String(ch);
}

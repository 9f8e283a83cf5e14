import { AREA_UNITS, areaInUnit, type AreaSnapshot, type AreaUnit, type ClubAreas, type CourseAreas, type ElementArea } from '@golf/contract/api/greenkeeper';
import { EL } from '@golf/contract/graphics-catalogue';

/** Where the chosen unit is remembered in this browser. */
export const UNIT_STORAGE_KEY = 'golf-console.greenkeeper-areas.unit';
/** A superintendent thinks of a course's surfaces in hectares; m² is one click away. */
export const DEFAULT_UNIT: AreaUnit = 'ha';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The unit chosen last in this browser, else hectares. */
export function storedUnit(): AreaUnit {
  const value = storage()?.getItem(UNIT_STORAGE_KEY);
  return (AREA_UNITS as readonly string[]).includes(value ?? '') ? (value as AreaUnit) : DEFAULT_UNIT;
}

export function storeUnit(unit: AreaUnit): void {
  try {
    storage()?.setItem(UNIT_STORAGE_KEY, unit);
  } catch {
    // A full or blocked storage only forgets the choice.
  }
}

/** Numbers of the screen in the reader's language and the chosen unit. */
export interface AreaFormat {
  unit: AreaUnit;
  /** An area (given in m²) in the unit, without the unit: "12.34" ha or "123,400" m². */
  area: (squareMetres: number) => string;
  /** A difference (given in m²) in the unit with its sign: "+0.45", "−1,200", "0". */
  signedArea: (squareMetres: number) => string;
  /** A share 0–1 as a percentage: "12.3%". */
  percent: (share: number) => string;
  /** A change in percent with its sign: "+3.1%". */
  signedPercent: (percent: number) => string;
  integer: (value: number) => string;
  /** A calendar date YYYY-MM-DD in the reader's style. */
  date: (day: string) => string;
  /** The value in the unit, rounded as shown (for charts). */
  value: (squareMetres: number) => number;
}

/** Decimals an area is shown with: hectares to the hundredth (100 m²), square metres whole. */
export const UNIT_DIGITS: Record<AreaUnit, number> = { ha: 2, m2: 0 };

export function areaFormat(language: string, unit: AreaUnit): AreaFormat {
  const digits = UNIT_DIGITS[unit];
  const plain = new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const signed = new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: 'exceptZero' });
  const percent = new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const signedPercent = new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const round = (v: number) => {
    const f = 10 ** digits;
    return Math.round(v * f) / f;
  };
  // A value that rounds to zero shows as 0, not as "-0.00" or "+0.00".
  const clean = (v: number) => (round(v) === 0 ? 0 : v);
  return {
    unit,
    area: (m2) => plain.format(clean(areaInUnit(m2, unit))),
    signedArea: (m2) => signed.format(clean(areaInUnit(m2, unit))),
    percent: (share) => percent.format(share),
    signedPercent: (p) => signedPercent.format(Math.round(p * 10) / 10 === 0 ? 0 : p / 100),
    integer: (v) => integer.format(v),
    date: (day) => {
      const at = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(at.getTime()) ? day : dates.format(at);
    },
    value: (m2) => round(areaInUnit(m2, unit)),
  };
}

export type SortDirection = 'asc' | 'desc';
export type SortValue = string | number | null;

/**
 * Rows sorted by a value: numbers by size, texts in the reader's collation; missing values
 * (null) last whichever the direction. Ties keep their order (stable).
 */
export function sortRows<R>(rows: readonly R[], value: (row: R) => SortValue, direction: SortDirection, language: string): R[] {
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.index - b.index : a.v === null ? 1 : -1;
      const order = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map((r) => r.row);
}

/** The element types of a set of totals, largest area first (ties by name). */
export function elementsByArea(totals: readonly ElementArea[]): string[] {
  return [...totals].sort((a, b) => b.area - a.area || a.element.localeCompare(b.element)).map((e) => e.element);
}

/** One row of the per-hole (or per-course) table: each element's count and area in m². */
export interface AreaMatrixRow {
  key: string;
  /** Hole number (or the course's place in the club's list) to sort by. */
  order: number;
  name: string;
  cells: Record<string, { count: number; area: number }>;
}

export interface AreaMatrix {
  /** Columns: the element types, largest total area first. */
  elements: string[];
  rows: AreaMatrixRow[];
  /** The totals row: the course's (or the club's) totals by element. */
  totals: Record<string, { count: number; area: number }>;
}

const cellsOf = (elements: readonly ElementArea[]) => Object.fromEntries(elements.map((e) => [e.element, { count: e.count, area: e.area }]));

/** A course's holes by element: one row per hole in playing order, with the course's totals. */
export function holeMatrix(course: CourseAreas): AreaMatrix {
  return {
    elements: elementsByArea(course.totals),
    rows: [...course.holes].sort((a, b) => a.order - b.order).map((h) => ({ key: `hole-${h.holeId}`, order: h.order, name: h.name, cells: cellsOf(h.elements) })),
    totals: cellsOf(course.totals),
  };
}

/** The club's courses by element: one row per course, with the club's totals. */
export function courseMatrix(club: ClubAreas): AreaMatrix {
  return {
    elements: elementsByArea(club.totals),
    rows: club.courses.map((c, i) => ({ key: `course-${c.courseId}`, order: i + 1, name: c.name, cells: cellsOf(c.totals) })),
    totals: cellsOf(club.totals),
  };
}

/**
 * The make-up of a course: each surface's area, largest first. The hole boundary is left out: it
 * is the outline of the whole hole that the surfaces lie in, not a surface of its own.
 */
export function makeUp(totals: readonly ElementArea[]): ElementArea[] {
  return [...totals].filter((e) => e.element !== EL.holeBoundary && e.area > 0).sort((a, b) => b.area - a.area || a.element.localeCompare(b.element));
}

/** One element compared between two dates: areas in m², the difference and the change in percent (null when it was not there before). */
export interface CompareRow {
  element: string;
  fromArea: number;
  toArea: number;
  fromCount: number;
  toCount: number;
  difference: number;
  percent: number | null;
}

/** Change in percent from `from` to `to` (null when `from` is 0: new). */
export function percentChange(from: number, to: number): number | null {
  if (from === 0) return to === 0 ? 0 : null;
  return ((to - from) / from) * 100;
}

/** Every element of either date, with its area on both (0 where it was not drawn), largest change first. */
export function compareSnapshots(from: AreaSnapshot, to: AreaSnapshot): CompareRow[] {
  const before = new Map(from.totals.map((e) => [e.element, e]));
  const after = new Map(to.totals.map((e) => [e.element, e]));
  const elements = [...new Set([...before.keys(), ...after.keys()])];
  return elements
    .map((element) => {
      const a = before.get(element);
      const b = after.get(element);
      const fromArea = a?.area ?? 0;
      const toArea = b?.area ?? 0;
      return { element, fromArea, toArea, fromCount: a?.count ?? 0, toCount: b?.count ?? 0, difference: toArea - fromArea, percent: percentChange(fromArea, toArea) };
    })
    .sort((x, y) => Math.abs(y.difference) - Math.abs(x.difference) || x.element.localeCompare(y.element));
}

/** The elements the season's trend follows: the turf a superintendent reduces (fairway) and what it becomes (rough). */
export const TREND_ELEMENTS = [EL.fairway, EL.rough] as const;

export interface TrendSeries {
  element: string;
  /** m² per snapshot (0 on a date the element was not drawn). */
  areas: number[];
}

/** Fairway and rough area per snapshot date; an element drawn on no date is left out. */
export function trendSeries(snapshots: readonly AreaSnapshot[], elements: readonly string[] = TREND_ELEMENTS): TrendSeries[] {
  return elements
    .map((element) => ({ element, drawn: snapshots.some((s) => s.totals.some((e) => e.element === element)), areas: snapshots.map((s) => s.totals.find((e) => e.element === element)?.area ?? 0) }))
    .filter((s) => s.drawn)
    .map(({ element, areas }) => ({ element, areas }));
}

/**
 * The value axis of a trend: around the values with a margin of a tenth of their spread (at least
 * 2 % of the largest), so that a change of a few per cent is visible; never below 0.
 */
export function trendRange(values: readonly number[]): { min: number; max: number } {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = Math.max((high - low) * 0.1, Math.abs(high) * 0.02, 1e-6);
  return { min: Math.max(0, low - pad), max: high + pad };
}

/** The dates picked by default for a comparison: the first and the last snapshot. */
export function defaultComparison(snapshots: readonly AreaSnapshot[]): { from: number; to: number } | null {
  if (snapshots.length < 2) return null;
  return { from: 0, to: snapshots.length - 1 };
}

export type ExportFormat = 'csv' | 'xlsx';

/** The query of the server's export call: the course (none: every course), the format and the unit. */
export function exportQuery({ courseId, format, unit }: { courseId: number | null; format: ExportFormat; unit: AreaUnit }): string {
  const query = new URLSearchParams();
  if (courseId !== null) query.set('courseId', String(courseId));
  query.set('format', format);
  query.set('unit', unit);
  return query.toString();
}

/** The file name in a Content-Disposition header (RFC 6266: filename* first), else null. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain ? (plain[2] ?? plain[1]!).trim() : '';
  return name ? name : null;
}

/** A file name of the course and today's date when the server names none: "areas-old-course-2026-05-31.xlsx". */
export function fallbackFileName(courseName: string | null, format: ExportFormat, today: string): string {
  const slug = (courseName ?? 'all-courses')
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `areas-${slug || 'course'}-${today}.${format}`;
}

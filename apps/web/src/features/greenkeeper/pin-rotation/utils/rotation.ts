import { MAX_PIN_METRES } from '@golf/contract/api/pins';
import type { PlayedSpot, RotationGreen } from '@golf/contract/api/greenkeeper';
import { centroid, toLocalMetres } from '@golf/contract/geo/measure';
import type { PinFrame } from '@golf/contract/geo/pins';

const DAY_MS = 86_400_000;

/** The local calendar date of a moment, YYYY-MM-DD. */
export function localDate(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/** A calendar date in the reader's language ('Tue 3 Jun 2031' style). */
export function formatDay(date: string, language: string, style: 'short' | 'long' = 'short'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(language, options).format(new Date(`${date}T00:00:00Z`));
}

/** A typed whole number of metres (a minus sign, '−' or '-', allowed), or null. */
export function parseMetres(text: string): number | null {
  const clean = text.trim().replace(/^\u2212/, '-').replace(/^\+/, '');
  if (!/^-?\d{1,4}$/.test(clean)) return null;
  return Number.parseInt(clean, 10);
}

/** 'in' and 'side' of one green as typed in the table. */
export interface PinRow {
  in: string;
  side: string;
}

export type RowProblem = { field: 'in' | 'side'; key: 'greenkeeper.pins.errors.in' | 'greenkeeper.pins.errors.side' };

/** What is wrong with a row as typed (an empty row is fine: that green gets no pin), or null. */
export function rowProblem(row: PinRow): RowProblem | null {
  if (row.in.trim() === '' && row.side.trim() === '') return null;
  const inM = parseMetres(row.in);
  if (inM === null || inM < 0 || inM > MAX_PIN_METRES) return { field: 'in', key: 'greenkeeper.pins.errors.in' };
  const side = parseMetres(row.side);
  if (side === null || Math.abs(side) > MAX_PIN_METRES) return { field: 'side', key: 'greenkeeper.pins.errors.side' };
  return null;
}

/** The pin of a row when it is complete and valid, else null. */
export function rowPin(row: PinRow | undefined): { outMeters: number; sideMeters: number } | null {
  if (!row || rowProblem(row) || row.in.trim() === '') return null;
  return { outMeters: parseMetres(row.in)!, sideMeters: parseMetres(row.side)! };
}

/** The pins to save, in hole order, one per green whose row is complete. */
export function pinsToSave(greens: readonly RotationGreen[], rows: Record<number, PinRow>): { holeId: number; outMeters: number; sideMeters: number }[] {
  return [...greens]
    .sort((a, b) => a.order - b.order)
    .flatMap((g) => {
      const pin = rowPin(rows[g.holeId]);
      return pin ? [{ holeId: g.holeId, ...pin }] : [];
    });
}

/**
 * The played spots as the rules see them on `date`: days before it (a spot of that day itself or
 * later does not count against it).
 */
export function historyOn(spots: readonly PlayedSpot[], date: string): { daysAgo: number; outMeters: number; sideMeters: number }[] {
  return spots.flatMap((s) => {
    const daysAgo = daysBetween(s.date, date);
    return daysAgo >= 1 ? [{ daysAgo, outMeters: s.outMeters, sideMeters: s.sideMeters }] : [];
  });
}

/** Points on a green sketch: metres, x to the right of the direction of play, y against it (SVG y down). */
export type SketchPoint = [number, number];

export interface GreenSketch {
  rings: SketchPoint[][];
  /** minX, minY, width, height in metres, with a margin. */
  box: [number, number, number, number];
  /** Where a pin 'in' metres along the direction of play and 'side' metres to its right sits; null without a pin frame. */
  pinAt: ((outMeters: number, sideMeters: number) => SketchPoint) | null;
  /** A geographic point [lon, lat] on the sketch. */
  project: (p: number[]) => SketchPoint;
  /** True when the sketch is drawn with the direction of play up (the hole has a pin frame); the T-point is then at 0,0. */
  playUp: boolean;
}

const SKETCH_MARGIN = 3;

/**
 * A green in local metres (toLocalMetres around the pin frame's T-point), turned so that the
 * direction of play points up; without a pin frame, north up around the green's centre. A pin at
 * (in, side) is then simply (side, −in), as pinPoint measures along the same plane.
 */
export function greenSketch(green: number[][][], frame: PinFrame | null): GreenSketch | null {
  const outer = green[0];
  if (!outer || outer.length < 3) return null;
  let toSketch: (p: number[]) => SketchPoint;
  if (frame) {
    const local = toLocalMetres(frame.origin);
    const b = (frame.bearing * Math.PI) / 180;
    const [fx, fy] = [Math.sin(b), Math.cos(b)];
    const [rx, ry] = [Math.cos(b), -Math.sin(b)];
    toSketch = (p) => {
      const [x, y] = local.forward(p);
      return [x * rx + y * ry, -(x * fx + y * fy)];
    };
  } else {
    const local = toLocalMetres(centroid(outer));
    toSketch = (p) => {
      const [x, y] = local.forward(p);
      return [x, -y];
    };
  }
  const rings = green.map((ring) => ring.map(toSketch));
  const xs = rings[0].map((p) => p[0]);
  const ys = rings[0].map((p) => p[1]);
  // With a pin frame the T-point (0,0) is on the sketch too.
  if (frame) {
    xs.push(0);
    ys.push(0);
  }
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return {
    rings,
    box: [minX - SKETCH_MARGIN, minY - SKETCH_MARGIN, maxX - minX + 2 * SKETCH_MARGIN, maxY - minY + 2 * SKETCH_MARGIN],
    pinAt: frame ? (outMeters, sideMeters) => [sideMeters, -outMeters] : null,
    project: toSketch,
    playUp: frame !== null,
  };
}

/** An SVG path of rings (closed, even-odd filled). */
export function sketchPath(rings: SketchPoint[][]): string {
  return rings
    .filter((r) => r.length > 0)
    .map((r) => `M${r.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join('L')}Z`)
    .join('');
}

/** The colour of a played spot by its age: fresh spots red, within the reuse days orange, older grey. */
export function spotColour(daysAgo: number, reuseDays: number): string {
  if (daysAgo <= 1) return '#c62828';
  if (daysAgo <= Math.ceil(reuseDays / 2)) return '#e65100';
  if (daysAgo <= reuseDays) return '#8d6e00';
  return '#616161';
}

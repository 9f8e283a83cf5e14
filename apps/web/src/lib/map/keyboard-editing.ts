import type { ElementForEdit } from '@golf/contract/api/graphics';
import { destination, type Position } from '@golf/contract/geo/measure';

// The hole editor without a pointer: features drawn from typed coordinates, vertices typed or moved
// with the arrow keys. Pure functions; the map controller applies them.

/** A number typed with a decimal point or comma; null when empty, NaN when it is not a number. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^[-+]?\d+(?:[.,]\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

export const validLatitude = (v: number | null): v is number => v !== null && Number.isFinite(v) && Math.abs(v) <= 90;
export const validLongitude = (v: number | null): v is number => v !== null && Number.isFinite(v) && Math.abs(v) <= 180;

const NUMBER = String.raw`[-+]?\d+(?:[.,]\d+)?`;
const DOT_NUMBER = String.raw`[-+]?\d+(?:\.\d+)?`;
/** "55.7, 9.5" (points, separated by a comma) or "55,7 9,5" / "55,7; 9,5" (either decimal mark, separated by spaces or a semicolon). */
const PAIR = [new RegExp(`^(${DOT_NUMBER})\\s*,\\s*(${DOT_NUMBER})$`), new RegExp(`^(${NUMBER})\\s*(?:;|\\s)\\s*(${NUMBER})$`)];

export type CoordinateList = { ok: true; positions: [number, number][] } | { ok: false; line: number };

/**
 * Positions typed one a line as "latitude, longitude" (the order maps and GPS devices show), into
 * [longitude, latitude]. Blank lines are skipped; `line` (1-based) names the first line that is
 * not a position on Earth.
 */
export function parseCoordinateList(text: string): CoordinateList {
  const positions: [number, number][] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const match = PAIR.map((p) => line.match(p)).find(Boolean);
    const lat = match ? parseDecimal(match[1]) : null;
    const lon = match ? parseDecimal(match[2]) : null;
    if (!validLatitude(lat) || !validLongitude(lon)) return { ok: false, line: i + 1 };
    positions.push([lon, lat]);
  }
  return { ok: true, positions };
}

/** How many positions an element's geometry takes: a point exactly one, a line two or more, an area three or more. */
export function positionsNeeded(geometryType: ElementForEdit['geometryType']): { min: number; max: number } {
  if (geometryType === 'point') return { min: 1, max: 1 };
  if (geometryType === 'line') return { min: 2, max: Infinity };
  return { min: 3, max: Infinity };
}

/** Metres east and north one arrow key moves a vertex or feature; Shift moves ten times as far. */
export function arrowStep(key: string, shift: boolean): [east: number, north: number] | null {
  const step = shift ? 10 : 1;
  switch (key) {
    case 'ArrowUp':
      return [0, step];
    case 'ArrowDown':
      return [0, -step];
    case 'ArrowRight':
      return [step, 0];
    case 'ArrowLeft':
      return [-step, 0];
    default:
      return null;
  }
}

/** A position moved `east` and `north` metres (geodesic), keeping its height. */
export function offsetPosition(position: Position, east: number, north: number): Position {
  let moved: Position = [position[0], position[1]];
  if (north !== 0) moved = destination(moved, north > 0 ? 0 : 180, Math.abs(north));
  if (east !== 0) moved = destination(moved, east > 0 ? 90 : 270, Math.abs(east));
  return position.length > 2 ? [moved[0], moved[1], position[2]] : moved;
}

/** A coordinate as shown in the vertex fields: 7 decimals (about a centimetre, as drawings are stored). */
export function formatCoordinate(value: number): string {
  return value.toFixed(7);
}

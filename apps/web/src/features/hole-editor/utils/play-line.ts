import type { HoleTee } from '@golf/contract/api/courses';
import type { Position } from '@golf/contract/geo/measure';

/** Measures metres between two [lon, lat] positions (geodesic or the club's projection). */
export type Measure = (a: Position, b: Position) => number;

/** Lengths in metres of each leg of a line (tee → landing area → ... → green). */
export function legLengths(coords: readonly Position[], measure: Measure): number[] {
  const legs: number[] = [];
  for (let i = 1; i < coords.length; i++) legs.push(measure(coords[i - 1], coords[i]));
  return legs;
}

/** One vertex of a play line in the elevation editor. */
export interface VertexRow {
  index: number;
  /** Metres along the line from the tee (first vertex). */
  distance: number;
  /** Height in metres (the z coordinate), null when the line carries none. */
  height: number | null;
}

/** The elevation table of a play line: distance from the tee and height of each vertex. */
export function vertexRows(coords: readonly Position[], measure: Measure): VertexRow[] {
  let distance = 0;
  return coords.map((c, index) => {
    if (index > 0) distance += measure(coords[index - 1], c);
    const z = c.length > 2 && Number.isFinite(c[2]) ? c[2] : null;
    return { index, distance, height: z };
  });
}

/**
 * The coordinates after setting vertex `index` to `height` (null clears it). A line carries
 * heights on all of its vertices or on none: vertices without one are interpolated linearly by
 * distance between the known ones (constant beyond the ends); clearing the last known height
 * drops the z coordinates.
 */
export function withHeight(coords: readonly Position[], index: number, height: number | null, measure: Measure): Position[] {
  const rows = vertexRows(coords, measure);
  const heights = rows.map((r) => r.height);
  if (index >= 0 && index < heights.length) heights[index] = height;
  const known = rows.filter((_, i) => heights[i] !== null).map((r) => ({ d: r.distance, h: heights[r.index] as number }));
  if (known.length === 0) return coords.map((c) => [c[0], c[1]]);
  return coords.map((c, i) => [c[0], c[1], round(heights[i] ?? interpolate(known, rows[i].distance))]);
}

function interpolate(known: { d: number; h: number }[], d: number): number {
  if (d <= known[0].d) return known[0].h;
  for (let i = 1; i < known.length; i++) {
    const a = known[i - 1];
    const b = known[i];
    if (d <= b.d) return b.d === a.d ? b.h : a.h + ((b.h - a.h) * (d - a.d)) / (b.d - a.d);
  }
  return known[known.length - 1].h;
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Parses a height typed by the user ("12,5" or "12.5"): a number, null for empty, NaN when invalid. */
export function parseHeight(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return NaN;
  const n = Number(trimmed);
  return Math.abs(n) > 9000 ? NaN : n;
}

/** SVG path ("M x y L ...") of a height profile in a `width` × `height` box; '' with fewer than 2 heights. */
export function profilePath(rows: readonly VertexRow[], width: number, height: number, pad = 4): string {
  const points = rows.filter((r) => r.height !== null) as (VertexRow & { height: number })[];
  if (points.length < 2) return '';
  const maxD = Math.max(...points.map((p) => p.distance)) || 1;
  const minH = Math.min(...points.map((p) => p.height));
  const maxH = Math.max(...points.map((p) => p.height));
  const span = maxH - minH || 1;
  return points
    .map((p, i) => {
      const x = pad + (p.distance / maxD) * (width - 2 * pad);
      const y = height - pad - ((p.height - minH) / span) * (height - 2 * pad);
      return `${i === 0 ? 'M' : 'L'} ${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join(' ');
}

/** A hole's distances as PUT holes/{id} takes them (the list replaces the hole's), with the one from `teeId` set to `metres`. */
export function distancesWith(all: readonly HoleTee[], holeId: number, teeId: number, metres: number): { tee_id: number; distance: number }[] {
  const others = all.filter((d) => d.hole_id === holeId && d.tee_id !== teeId).map((d) => ({ tee_id: d.tee_id, distance: d.distance }));
  return [...others, { tee_id: teeId, distance: metres }];
}

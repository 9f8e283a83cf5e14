import { describe, expect, it } from 'vitest';
import type { DrawingFeature } from '@golf/contract/api/drawings';
import { EL } from '@golf/contract/graphics-catalogue';
import { assignHole, featureCentre, holeBoundaries } from './assign-holes';
import { holeOfMapId } from './course-drawing';

const rect = (x0: number, y0: number, x1: number, y1: number) => [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]];
const polygon = (id: string, element: string, coordinates: number[][][]): DrawingFeature => ({ type: 'Feature', id, geometry: { type: 'Polygon', coordinates }, properties: { element } });
const line = (id: string, coordinates: number[][]): DrawingFeature => ({ type: 'Feature', id, geometry: { type: 'LineString', coordinates }, properties: { element: EL.playLine } });
const point = (id: string, coordinates: number[]): DrawingFeature => ({ type: 'Feature', id, geometry: { type: 'Point', coordinates }, properties: { element: EL.tPoint } });

// Hole 1: x 0–10, hole 2: x 10–20 (touching), hole 3: a small boundary inside hole 2's (x 12–14).
const COURSE: DrawingFeature[] = [
  polygon('1:b', EL.holeBoundary, rect(0, 0, 10, 10)),
  polygon('2:b', EL.holeBoundary, rect(10, 0, 20, 10)),
  polygon('3:b', EL.holeBoundary, rect(12, 2, 14, 4)),
  polygon('1:g', EL.green, rect(1, 1, 2, 2)),
  // A boundary of no hole yet holds nothing.
  polygon('loose', EL.holeBoundary, rect(30, 30, 40, 40)),
];
const boundaries = holeBoundaries(COURSE, (f) => holeOfMapId(f.id));

describe('assign holes', () => {
  it('collects each hole’s boundaries, and no other element', () => {
    expect(boundaries.map((b) => b.holeId).sort()).toEqual([1, 2, 3]);
  });

  it('gives a feature to the hole whose boundary holds its centre', () => {
    expect(assignHole(polygon('n', EL.bunker, rect(4, 4, 5, 5)), boundaries)).toBe(1);
    expect(assignHole(polygon('n', EL.bunker, rect(16, 6, 17, 7)), boundaries)).toBe(2);
    expect(assignHole(point('n', [5, 5]), boundaries)).toBe(1);
    expect(assignHole(line('n', [[11, 1], [15, 5], [19, 9]]), boundaries)).toBe(2);
  });

  it('across two boundaries, takes the one holding its centre; inside a nested boundary, the smaller', () => {
    // Mostly in hole 2, reaching into hole 1.
    expect(assignHole(polygon('n', EL.bunker, rect(9, 4, 13, 5)), boundaries)).toBe(2);
    expect(assignHole(polygon('n', EL.bunker, rect(12.5, 2.5, 13.5, 3.5)), boundaries)).toBe(3);
  });

  it('leaves a feature outside every boundary without a hole, and a hole boundary to the mapper', () => {
    expect(assignHole(polygon('n', EL.bunker, rect(25, 25, 26, 26)), boundaries)).toBeNull();
    expect(assignHole(polygon('n', EL.holeBoundary, rect(4, 4, 5, 5)), boundaries)).toBeNull();
    expect(assignHole(polygon('n', EL.bunker, rect(4, 4, 5, 5)), [])).toBeNull();
  });

  it('takes a feature whose centre lies outside by where most of its vertices are', () => {
    // An L-shaped line whose middle lies outside every boundary, most vertices in hole 1.
    const l: DrawingFeature = line('n', [[1, 1], [2, 1], [3, 1], [50, 50], [60, 60]]);
    expect(featureCentre(l.geometry)).toEqual([3, 1]);
    const bent: DrawingFeature = line('n', [[1, 1], [2, 1], [55, 55], [3, 1], [4, 1]]);
    expect(featureCentre(bent.geometry)).toEqual([55, 55]);
    expect(assignHole(bent, boundaries)).toBe(1);
  });
});

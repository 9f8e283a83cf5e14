import { describe, expect, it } from 'vitest';
import type { Drawing, DrawingFeature } from '../api/drawings';
import { EL } from '../graphics-catalogue';
import { holeBoundaries, insideHoleBoundary } from './boundary';

const polygon = (id: string, element: string, rings: number[][][]): DrawingFeature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Polygon', coordinates: rings },
  properties: { element },
});
const drawing = (...features: DrawingFeature[]): Drawing => ({ type: 'FeatureCollection', features });

// A boundary around (9.53..9.54, 55.71..55.72) with a cut-out (a pond) in its south-west corner.
const outer = [[9.53, 55.71], [9.54, 55.71], [9.54, 55.72], [9.53, 55.72], [9.53, 55.71]];
const pond = [[9.531, 55.711], [9.533, 55.711], [9.533, 55.713], [9.531, 55.713], [9.531, 55.711]];
const boundary = polygon('b1', EL.holeBoundary, [outer, pond]);
const green = polygon('g1', EL.green, [[[9.6, 55.8], [9.61, 55.8], [9.61, 55.81], [9.6, 55.8]]]);

describe('hole boundary', () => {
  it('finds only the hole boundary polygons', () => {
    expect(holeBoundaries(drawing(boundary, green))).toEqual([[outer, pond]]);
    const line: DrawingFeature = { type: 'Feature', id: 'l', geometry: { type: 'LineString', coordinates: outer }, properties: { element: EL.holeBoundary } };
    expect(holeBoundaries(drawing(line, green))).toEqual([]);
    // A degenerate polygon (fewer than three points) bounds nothing.
    expect(holeBoundaries(drawing(polygon('d', EL.holeBoundary, [[[9.53, 55.71], [9.54, 55.71]]])))).toEqual([]);
  });

  it('says whether a point is inside, outside or in a cut-out', () => {
    const d = drawing(green, boundary);
    expect(insideHoleBoundary(d, [9.535, 55.715])).toBe(true);
    expect(insideHoleBoundary(d, [9.545, 55.715])).toBe(false);
    expect(insideHoleBoundary(d, [9.532, 55.712])).toBe(false);
    // Inside the green but not the boundary.
    expect(insideHoleBoundary(d, [9.605, 55.801])).toBe(false);
  });

  it('takes any of several boundaries', () => {
    const second = polygon('b2', EL.holeBoundary, [[[9.6, 55.8], [9.61, 55.8], [9.61, 55.81], [9.6, 55.81]]]);
    expect(insideHoleBoundary(drawing(boundary, second), [9.605, 55.805])).toBe(true);
  });

  it('answers null without a boundary to judge by', () => {
    expect(insideHoleBoundary(drawing(green), [9.535, 55.715])).toBeNull();
    expect(insideHoleBoundary(null, [9.535, 55.715])).toBeNull();
    expect(insideHoleBoundary(undefined, [9.535, 55.715])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { Drawing, DrawingFeature } from '../api/drawings';
import { boundarySelfIntersections, selfIntersections, type IntersectionCache } from './status';

const at = (x: number, y: number) => [9.5357 + x * 0.0001, 55.7113 + y * 0.0001];
const feature = (id: string, element: string, rings: number[][][]): DrawingFeature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Polygon', coordinates: rings },
  properties: { element },
});
const drawing = (...features: DrawingFeature[]): Drawing => ({ type: 'FeatureCollection', features });

describe('self-intersections with a cache shared by several drawings', () => {
  it('checks a geometry shared by drawings once and answers as without the cache', () => {
    // A bow tie: its edges cross at (2, 2). Holes 1 and 2 share this green, as an import gives it.
    const bowTie = feature('green', 'green', [[at(0, 0), at(4, 4), at(4, 0), at(0, 4), at(0, 0)]]);
    const holeOne = drawing(bowTie, feature('bunker', 'bunker', [[at(5, 0), at(6, 0), at(6, 1), at(5, 0)]]));
    const holeTwo = drawing({ ...bowTie, id: 'green' }, feature('fence', 'hole boundary', [[at(-1, -1), at(5, 5), at(5, -1), at(-1, 5), at(-1, -1)]]));
    const cache: IntersectionCache = new Map();
    for (const d of [holeOne, holeTwo]) {
      expect(selfIntersections(d, cache)).toEqual(selfIntersections(d));
      expect(boundarySelfIntersections(d, cache)).toEqual(boundarySelfIntersections(d));
    }
    // The bow tie, the bunker and the fence: the shared geometry object was measured once.
    expect(cache.size).toBe(3);
    expect(cache.get(bowTie.geometry)).toHaveLength(1);
  });
});

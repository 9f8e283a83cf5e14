import { describe, expect, it } from 'vitest';
import type { Drawing, DrawingFeature } from '../api/drawings';
import { destination } from './measure';
import { ellipse, polygonFeature, randomDrawing, referenceGreensWithinBoundary, seededRandom } from './reference-geometry.test-helper';
import { boundarySelfIntersections, featureSelfIntersections, greensWithinBoundary, selfIntersections } from './status';

// Shapes are drawn on a small grid near Fjordvang: grid unit = 0.0001° (≈ 6 m east, 11 m north).
const LON0 = 9.5357;
const LAT0 = 55.7113;
const K = 0.0001;
const at = (x: number, y: number) => [LON0 + x * K, LAT0 + y * K];
const grid = (p: number[]) => [(p[0] - LON0) / K, (p[1] - LAT0) / K];
const ring = (...xy: [number, number][]) => xy.map(([x, y]) => at(x, y));

function polygon(id: string, element: string, ...rings: number[][][]): DrawingFeature {
  return { type: 'Feature', id, geometry: { type: 'Polygon', coordinates: rings }, properties: { element } };
}
function line(id: string, element: string, coordinates: number[][]): DrawingFeature {
  return { type: 'Feature', id, geometry: { type: 'LineString', coordinates }, properties: { element } };
}
const drawing = (...features: DrawingFeature[]): Drawing => ({ type: 'FeatureCollection', features });

/** Intersection points of one feature on the grid, rounded. */
const gridPoints = (f: DrawingFeature) =>
  featureSelfIntersections(f)
    .map((p) => grid(p).map((v) => Math.round(v * 1e6) / 1e6))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);

const SQUARE = ring([0, 0], [4, 0], [4, 4], [0, 4], [0, 0]);

describe('selfIntersections', () => {
  it('finds nothing in clean shapes, including the closing vertex, collinear vertices and repeated vertices', () => {
    const clean = drawing(
      polygon('sq', 'green', SQUARE),
      polygon('sq-cw', 'green', [...SQUARE].reverse()),
      polygon('collinear', 'bunker', ring([0, 0], [1, 0], [2, 0], [2, 2], [0, 2], [0, 1], [0, 0])),
      polygon('repeated', 'bunker', ring([0, 0], [2, 0], [2, 0], [2, 2], [0, 2], [0, 0], [0, 0])),
      polygon('triangle', 'bunker', ring([0, 0], [2, 0], [1, 2], [0, 0])),
      polygon('with-hole', 'fairway', SQUARE, ring([1, 1], [3, 1], [3, 3], [1, 3], [1, 1])),
      line('l', 'play line', ring([0, 0], [1, 5], [2, 8], [1, 12])),
      line('loop', 'path', ring([0, 0], [3, 0], [3, 3], [0, 0])),
      { type: 'Feature', id: 'pt', geometry: { type: 'Point', coordinates: at(1, 1) }, properties: { element: 'tree' } },
    );
    expect(selfIntersections(clean)).toEqual([]);
  });

  it('finds the crossing of a bow-tie polygon', () => {
    const bowTie = polygon('bt', 'bunker', ring([0, 0], [4, 4], [4, 0], [0, 4], [0, 0]));
    expect(gridPoints(bowTie)).toEqual([[2, 2]]);
    const [found] = selfIntersections(drawing(bowTie));
    expect(found.feature).toBe('bt');
    expect(found.element).toBe('bunker');
    expect(found.points[0][0]).toBeCloseTo(LON0 + 2 * K, 12);
    expect(found.points[0][1]).toBeCloseTo(LAT0 + 2 * K, 12);
  });

  it('finds a ring whose vertex touches one of its own edges', () => {
    // Vertex (2,0) lies on the edge (0,0)→(4,0): the ring touches itself there.
    expect(gridPoints(polygon('t', 'bunker', ring([0, 0], [4, 0], [4, 4], [2, 0], [0, 4], [0, 0])))).toEqual([[2, 0]]);
  });

  it('finds a ring that passes twice through the same vertex (figure eight)', () => {
    expect(gridPoints(polygon('t', 'water', ring([0, 0], [2, 0], [1, 1], [2, 2], [0, 2], [1, 1], [0, 0])))).toEqual([[1, 1]]);
  });

  it('finds a ring that folds back over its previous edge (spike)', () => {
    expect(gridPoints(polygon('s', 'green', ring([0, 0], [2, 0], [2, 3], [2, 1], [0, 2], [0, 0])))).toEqual([[2, 1]]);
  });

  it('finds a line that crosses itself, and each crossing of a line crossing itself twice', () => {
    expect(gridPoints(line('l', 'path', ring([0, 0], [2, 0], [2, 2], [1, -1])))).toEqual([[Math.round((4 / 3) * 1e6) / 1e6, 0]]);
    const zigzag = line('z', 'cart path', ring([0, 0], [4, 0], [4, 2], [1, -1], [1, 3], [3, -1]));
    // On y = 0: (4,2)→(1,−1) crosses at x = 2, (1,−1)→(1,3) at x = 1, (1,3)→(3,−1) at x = 2.5.
    const pts = gridPoints(zigzag);
    expect(pts).toContainEqual([2, 0]);
    expect(pts).toContainEqual([2.5, 0]);
    expect(pts).toContainEqual([1, 0]);
    // (4,2)→(1,-1) is y = x − 2; (1,3)→(3,−1) is y = −2x + 5; they meet at (7/3, 1/3).
    expect(pts).toContainEqual([Math.round((7 / 3) * 1e6) / 1e6, Math.round((1 / 3) * 1e6) / 1e6]);
    expect(pts).toHaveLength(4);
  });

  it('finds a hole ring crossing its outer ring, and a hole touching it', () => {
    const crossing = polygon('f', 'fairway', SQUARE, ring([3, 1], [5, 1], [5, 3], [3, 3], [3, 1]));
    expect(gridPoints(crossing)).toEqual([[4, 1], [4, 3]]);
    const touching = polygon('f', 'fairway', SQUARE, ring([1, 1], [4, 2], [1, 3], [1, 1]));
    expect(gridPoints(touching)).toEqual([[4, 2]]);
    const holesCrossing = polygon('f', 'fairway', SQUARE, ring([1, 1], [2, 1], [2, 2], [1, 2], [1, 1]), ring([1.5, 1.5], [3, 1.5], [3, 3], [1.5, 3], [1.5, 1.5]));
    expect(gridPoints(holesCrossing)).toEqual([[1.5, 2], [2, 1.5]]);
  });

  it('reports only the features that intersect, in drawing order', () => {
    const result = selfIntersections(
      drawing(
        polygon('ok', 'green', SQUARE),
        polygon('bt', 'bunker', ring([0, 0], [4, 4], [4, 0], [0, 4], [0, 0])),
        line('l', 'path', ring([0, 0], [2, 0], [2, 2], [1, -1])),
      ),
    );
    expect(result.map((r) => [r.feature, r.element, r.points.length])).toEqual([
      ['bt', 'bunker', 1],
      ['l', 'path', 1],
    ]);
  });

  it('handles a 5,000-vertex polygon quickly and still finds a single crossing in it', () => {
    // A circle of radius 150 m with 5,000 vertices: selfIntersections takes 12 ms on the first call
    // and 0.4–0.8 ms once warm on this machine (performance.now() in a tsx script, Node 20); a naive
    // all-pairs test would be 12.5 M segment pairs. greensWithinBoundary with this circle as the
    // boundary and a 200-vertex green took 17–30 ms.
    const centre = [LON0, LAT0];
    const circle: number[][] = [];
    for (let i = 0; i < 5000; i++) circle.push(destination(centre, (i * 360) / 5000, 150));
    circle.push(circle[0]);
    expect(selfIntersections(drawing(polygon('big', 'hole boundary', circle)))).toEqual([]);
    // Swapping two neighbouring vertices makes their edges cross once.
    const broken = circle.slice();
    [broken[2500], broken[2501]] = [broken[2501], broken[2500]];
    const found = selfIntersections(drawing(polygon('big', 'hole boundary', broken)));
    expect(found).toHaveLength(1);
    expect(found[0].points).toHaveLength(1);
  });
});

describe('boundarySelfIntersections', () => {
  it('only checks hole boundary features', () => {
    const d = drawing(
      polygon('bt', 'bunker', ring([0, 0], [4, 4], [4, 0], [0, 4], [0, 0])),
      polygon('hb', 'hole boundary', ring([0, 0], [8, 8], [8, 0], [0, 8], [0, 0])),
      polygon('hb2', 'hole boundary', SQUARE),
    );
    const result = boundarySelfIntersections(d);
    expect(result.map((r) => r.feature)).toEqual(['hb']);
    expect(grid(result[0].points[0]).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([4, 4]);
    expect(boundarySelfIntersections(drawing(polygon('bt', 'bunker', ring([0, 0], [4, 4], [4, 0], [0, 4], [0, 0]))))).toEqual([]);
  });
});

describe('greensWithinBoundary', () => {
  const boundary = polygon('hb', 'hole boundary', ring([0, 0], [10, 0], [10, 10], [0, 10], [0, 0]));
  const green = (...xy: [number, number][]) => polygon(`g${xy.length}`, 'green', ring(...xy));

  it('is null without a boundary or without a green', () => {
    expect(greensWithinBoundary(drawing(boundary))).toBeNull();
    expect(greensWithinBoundary(drawing(green([1, 1], [2, 1], [2, 2], [1, 1])))).toBeNull();
    expect(greensWithinBoundary(drawing())).toBeNull();
  });

  it('is true for a green inside, also when it touches the boundary', () => {
    expect(greensWithinBoundary(drawing(boundary, green([1, 1], [3, 1], [3, 3], [1, 3], [1, 1])))).toBe(true);
    expect(greensWithinBoundary(drawing(boundary, green([0, 0], [3, 0], [3, 3], [0, 0])))).toBe(true);
  });

  it('is false when a green sticks out or lies outside', () => {
    expect(greensWithinBoundary(drawing(boundary, green([8, 8], [12, 8], [12, 9], [8, 9], [8, 8])))).toBe(false);
    expect(greensWithinBoundary(drawing(boundary, green([20, 20], [21, 20], [21, 21], [20, 20])))).toBe(false);
  });

  it('is false when one of several greens is outside', () => {
    const inside = green([1, 1], [3, 1], [3, 3], [1, 1]);
    const outside = polygon('g-out', 'green', ring([11, 1], [13, 1], [13, 3], [11, 1]));
    expect(greensWithinBoundary(drawing(boundary, inside, outside))).toBe(false);
  });

  it('is false when every green vertex is inside but an edge crosses a notch of the boundary', () => {
    // U-shaped boundary: the notch x 4..6, y 5..10 is outside.
    const u = polygon('hb', 'hole boundary', ring([0, 0], [10, 0], [10, 10], [6, 10], [6, 5], [4, 5], [4, 10], [0, 10], [0, 0]));
    expect(greensWithinBoundary(drawing(u, green([2, 8], [8, 8], [8, 9], [2, 9], [2, 8])))).toBe(false);
    expect(greensWithinBoundary(drawing(u, green([2, 2], [8, 2], [8, 4], [2, 4], [2, 2])))).toBe(true);
  });

  it('is true for a green across two neighbouring boundaries (their union)', () => {
    const left = polygon('hb1', 'hole boundary', ring([0, 0], [5, 0], [5, 10], [0, 10], [0, 0]));
    const right = polygon('hb2', 'hole boundary', ring([5, 0], [10, 0], [10, 10], [5, 10], [5, 0]));
    expect(greensWithinBoundary(drawing(left, right, green([3, 3], [7, 3], [7, 6], [3, 6], [3, 3])))).toBe(true);
    expect(greensWithinBoundary(drawing(left, green([3, 3], [7, 3], [7, 6], [3, 6], [3, 3])))).toBe(false);
  });

  it('is false when a hole of the boundary lies in the green or the green lies in that hole', () => {
    const holed = polygon('hb', 'hole boundary', ring([0, 0], [10, 0], [10, 10], [0, 10], [0, 0]), ring([4, 4], [6, 4], [6, 6], [4, 6], [4, 4]));
    expect(greensWithinBoundary(drawing(holed, green([2, 2], [8, 2], [8, 8], [2, 8], [2, 2])))).toBe(false);
    expect(greensWithinBoundary(drawing(holed, green([4.5, 4.5], [5.5, 4.5], [5.5, 5.5], [4.5, 4.5])))).toBe(false);
    expect(greensWithinBoundary(drawing(holed, green([1, 1], [3, 1], [3, 3], [1, 1])))).toBe(true);
  });
});

describe('greensWithinBoundary with the boundaries indexed', () => {
  it('answers as turf point by point did, on 400 random drawings', () => {
    // Boundaries: rectangles, concave stars, holes, neighbours sharing an edge; greens at their
    // vertices, on edge midpoints, crossing, overlapping and copying them; in grid units or
    // longitude/latitude. The reference is the implementation before the index (turf's
    // booleanPointInPolygon, robust orientation included, for every point).
    const random = seededRandom(7);
    const seen = { true: 0, false: 0, null: 0 };
    for (let n = 0; n < 400; n++) {
      const d = randomDrawing(random, 'hole boundary', [{ name: 'green', geometry: 'polygon' }]);
      const boundaries = d.features.filter((f) => f.properties.element === 'hole boundary');
      const greens = d.features.filter((f) => f.properties.element === 'green');
      // The whole drawing, and each of its greens alone with the boundaries.
      for (const [label, one] of [['all', d], ...greens.map((g) => [g.id, drawing(...boundaries, g)] as const)] as const) {
        const expected = referenceGreensWithinBoundary(one);
        expect(greensWithinBoundary(one), `drawing ${n}, ${label}`).toBe(expected);
        seen[String(expected) as keyof typeof seen]++;
      }
    }
    expect(seen.true).toBeGreaterThan(100);
    expect(seen.false).toBeGreaterThan(150);
  });

  it('checks a drawing at the size limits (five polygons of 20,000 vertices) in well under a minute', () => {
    // Before the index greensWithinBoundary took 12 s here: turf over the whole boundary for every
    // piece of every green edge. The bound is a sanity bound, not a timing.
    const n = 19999;
    const boundary = polygonFeature('b', 'hole boundary', [ellipse(LON0, LAT0, 0.01, 0.006, n)]);
    const fairways = [polygonFeature('f1', 'fairway', [ellipse(LON0 - 0.004, LAT0, 0.003, 0.0015, n)]), polygonFeature('f2', 'fairway', [ellipse(LON0 + 0.004, LAT0 - 0.002, 0.002, 0.001, n)])];
    const greens = [polygonFeature('g1', 'green', [ellipse(LON0 + 0.002, LAT0, 0.0003, 0.0002, n)]), polygonFeature('g2', 'green', [ellipse(LON0 + 0.005, LAT0 + 0.001, 0.0008, 0.0005, n)])];
    // Reaches 0.0005° past the boundary's eastern end.
    const greenOut = polygonFeature('g3', 'green', [ellipse(LON0 + 0.0095, LAT0, 0.001, 0.001, n)]);
    const started = performance.now();
    const d = drawing(boundary, ...fairways, ...greens);
    expect(selfIntersections(d)).toEqual([]);
    expect(boundarySelfIntersections(d)).toEqual([]);
    expect(greensWithinBoundary(d)).toBe(true);
    expect(greensWithinBoundary(drawing(boundary, ...fairways, greens[0], greenOut, greens[1]))).toBe(false);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

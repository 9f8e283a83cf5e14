import { describe, expect, it } from 'vitest';
import { distance } from './measure';
import {
  boundingBox,
  boxesOverlap,
  inBox,
  localPlane,
  pointInPolygon,
  pointInRing,
  polygonEdges,
  ringCentroid,
  ringsOverlap,
  round7,
  segmentsCross,
  segmentWithin,
  segmentWithinNear,
  signedRingArea,
  windRing,
  type XY,
} from './planar';

const square: XY[] = [[0, 0], [10, 0], [10, 10], [0, 10]];
const closedSquare: XY[] = [...square, [0, 0]];
// An L: the notch (5..10, 5..10) is outside.
const ell: XY[] = [[0, 0], [10, 0], [10, 5], [5, 5], [5, 10], [0, 10]];

describe('planar toolkit', () => {
  it('finds points inside and outside a ring, closed or not, convex or concave', () => {
    for (const ring of [square, closedSquare]) {
      expect(pointInRing([5, 5], ring)).toBe(true);
      expect(pointInRing([11, 5], ring)).toBe(false);
      expect(pointInRing([-0.001, 5], ring)).toBe(false);
    }
    expect(pointInRing([2, 8], ell)).toBe(true);
    expect(pointInRing([8, 2], ell)).toBe(true);
    expect(pointInRing([8, 8], ell)).toBe(false);
  });

  it('leaves out the holes of a polygon', () => {
    const hole: XY[] = [[4, 4], [6, 4], [6, 6], [4, 6]];
    expect(pointInPolygon([5, 5], [square, hole])).toBe(false);
    expect(pointInPolygon([2, 2], [square, hole])).toBe(true);
    expect(pointInPolygon([20, 2], [square, hole])).toBe(false);
    expect(pointInPolygon([2, 2], [])).toBe(false);
  });

  it('measures signed areas: counter-clockwise positive, a closing point adds nothing', () => {
    expect(signedRingArea(square)).toBe(100);
    expect(signedRingArea(closedSquare)).toBe(100);
    expect(signedRingArea([...square].reverse())).toBe(-100);
    expect(signedRingArea(ell)).toBe(75);
    expect(signedRingArea([[0, 0], [1, 1]])).toBe(0);
  });

  it('winds rings counter-clockwise for outer rings and clockwise for holes, leaving a ring that already turns so', () => {
    const clockwise = [...closedSquare].reverse();
    expect(windRing(closedSquare, true)).toBe(closedSquare);
    expect(windRing(clockwise, true)).toEqual(closedSquare);
    expect(signedRingArea(windRing(closedSquare, false))).toBe(-100);
    expect(windRing(clockwise, false)).toBe(clockwise);
  });

  it('finds the area centroid of a ring, closed or not, far from the origin too', () => {
    expect(ringCentroid(square)).toEqual([5, 5]);
    expect(ringCentroid(closedSquare)).toEqual([5, 5]);
    // The L's centroid: three 5×5 squares at (2.5,2.5), (7.5,2.5), (2.5,7.5).
    const [cx, cy] = ringCentroid(ell);
    expect(cx).toBeCloseTo(25 / 6, 9);
    expect(cy).toBeCloseTo(25 / 6, 9);
    const far = square.map(([x, y]): XY => [x + 6_500_000, y + 1_200_000]);
    expect(ringCentroid(far)).toEqual([6_500_005, 1_200_005]);
    // No area (all on one line): its first point.
    expect(ringCentroid([[1, 1], [2, 2], [3, 3]])).toEqual([1, 1]);
  });

  it('boxes points of several lists, and tells what lies in a box and which boxes meet', () => {
    const box = boundingBox([ell, [[-3, 4]], []]);
    expect(box).toEqual([-3, 0, 10, 10]);
    expect(boundingBox([])).toEqual([Infinity, Infinity, -Infinity, -Infinity]);
    expect(inBox([10, 10], box)).toBe(true);
    expect(inBox([10.01, 5], box)).toBe(false);
    expect(boxesOverlap([0, 0, 1, 1], [1, 1, 2, 2])).toBe(true);
    expect(boxesOverlap([0, 0, 1, 1], [1.01, 0, 2, 1])).toBe(false);
    expect(boxesOverlap([0, 0, 1, 1], [0, 1.01, 1, 2])).toBe(false);
  });

  it('tells crossing segments from those that miss', () => {
    expect(segmentsCross([0, 0], [10, 10], [0, 10], [10, 0])).toBe(true);
    expect(segmentsCross([0, 0], [10, 10], [0, 10], [4, 6.5])).toBe(false);
    expect(segmentsCross([0, 0], [10, 0], [0, 1], [10, 1])).toBe(false);
    expect(segmentsCross([0, 0], [4, 0], [5, -1], [5, 1])).toBe(false);
  });

  it('tells overlapping rings: crossing edges, one inside the other, or apart', () => {
    const moved = (dx: number, dy: number) => square.map(([x, y]): XY => [x + dx, y + dy]);
    expect(ringsOverlap(square, moved(5, 5))).toBe(true);
    const inner: XY[] = [[4, 4], [6, 4], [6, 6], [4, 6]];
    expect(ringsOverlap(square, inner)).toBe(true);
    expect(ringsOverlap(inner, square)).toBe(true);
    expect(ringsOverlap(square, moved(20, 0))).toBe(false);
    // The boxes meet but the rings do not: a square in the L's notch.
    expect(ringsOverlap(ell, [[6, 6], [9, 6], [9, 9], [6, 9]])).toBe(false);
  });

  it('lists every edge of every ring, the closing ones included', () => {
    const withHole: XY[][] = [square, [[2, 2], [3, 2], [3, 3]]];
    const edges = polygonEdges([withHole]);
    expect(edges).toHaveLength(7);
    expect(edges[3]).toEqual([[0, 10], [0, 0]]);
    expect(edges[6]).toEqual([[3, 3], [2, 2]]);
    expect(polygonEdges([])).toEqual([]);
  });

  /** Where edge cd crosses ab, as a parameter along ab (none when parallel). */
  const crossings = (a: XY, b: XY, c: XY, d: XY): number[] => {
    const denom = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0]);
    if (denom === 0) return [];
    const t = ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / denom;
    const u = ((c[0] - a[0]) * (b[1] - a[1]) - (c[1] - a[1]) * (b[0] - a[0])) / denom;
    return t > 0 && t < 1 && u >= 0 && u <= 1 ? [t] : [];
  };

  it('tells a segment inside a concave ring between its ends from one that leaves it, splitting it where edges meet it', () => {
    const edges = polygonEdges([[ell]]);
    const inside = (p: XY) => pointInRing(p, ell);
    expect(segmentWithin<XY>([1, 1], [9, 1], edges, crossings, inside)).toBe(true);
    // Both ends inside the L, the middle across its notch.
    expect(segmentWithin<XY>([3, 9], [9, 3], edges, crossings, inside)).toBe(false);
    // Pieces of the given length or less are passed over: here every piece.
    expect(segmentWithin<XY>([3, 9], [9, 3], edges, crossings, inside, 1)).toBe(true);
  });

  it('finds the same pieces with the edges near a segment handed on by a search as with the whole list', () => {
    const edges = polygonEdges([[ell]]);
    const asked: number[][] = [];
    const near = (minX: number, minY: number, maxX: number, maxY: number, visit: (c: XY, d: XY) => void) => {
      asked.push([minX, minY, maxX, maxY]);
      for (const [c, d] of edges) visit(c, d);
    };
    const inside = (p: XY) => pointInRing(p, ell);
    expect(segmentWithinNear<XY>([3, 9], [9, 3], near, crossings, inside)).toBe(false);
    expect(segmentWithinNear<XY>([1, 1], [9, 1], near, crossings, inside)).toBe(true);
    expect(segmentWithinNear<XY>([3, 9], [9, 3], near, crossings, inside, 1)).toBe(true);
    // The search is asked for the segment's box.
    expect(asked[0]).toEqual([3, 3, 9, 9]);
  });


  it('rounds degrees to 7 decimals', () => {
    expect(round7(9.123456789)).toBe(9.1234568);
    expect(round7(-55.00000004)).toBe(-55);
  });

  it('maps metres around an origin within centimetres of the geodesic distance, and back', () => {
    const origin: XY = [9.5, 55.7];
    const plane = localPlane(origin);
    const far = plane.inverse([300, 400]);
    expect(Math.abs(distance(origin, far) - 500)).toBeLessThan(0.05);
    const [x, y] = plane.forward(far);
    expect(x).toBeCloseTo(300, 1);
    expect(y).toBeCloseTo(400, 1);
    expect(plane.forward(origin)).toEqual([0, 0]);
  });
});

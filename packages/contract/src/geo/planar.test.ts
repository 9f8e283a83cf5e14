import { describe, expect, it } from 'vitest';
import { distance } from './measure';
import { localPlane, pointInPolygon, pointInRing, round7, signedRingArea, type XY } from './planar';

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

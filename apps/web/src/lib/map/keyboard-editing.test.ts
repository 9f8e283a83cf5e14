import { describe, expect, it } from 'vitest';
import { distance, bearing } from '@golf/contract/geo/measure';
import { arrowStep, formatCoordinate, offsetPosition, parseCoordinateList, parseDecimal, positionsNeeded } from './keyboard-editing';

describe('typed coordinates', () => {
  it('reads "latitude, longitude" lines into [longitude, latitude], with a decimal point or comma', () => {
    expect(parseCoordinateList('55.71234, 9.53456\n\n 55.7125,9.5347 \n55,7126 9,5348\n55,7127; 9,5349')).toEqual({
      ok: true,
      positions: [
        [9.53456, 55.71234],
        [9.5347, 55.7125],
        [9.5348, 55.7126],
        [9.5349, 55.7127],
      ],
    });
    expect(parseCoordinateList('-33.9, 151.2')).toEqual({ ok: true, positions: [[151.2, -33.9]] });
    expect(parseCoordinateList('')).toEqual({ ok: true, positions: [] });
  });

  it('names the first line that is not a position on Earth', () => {
    expect(parseCoordinateList('55.7, 9.5\nnorth of the green')).toEqual({ ok: false, line: 2 });
    expect(parseCoordinateList('95, 9.5')).toEqual({ ok: false, line: 1 });
    expect(parseCoordinateList('55.7, 181')).toEqual({ ok: false, line: 1 });
    // Three numbers with decimal commas are ambiguous.
    expect(parseCoordinateList('55,7,9,5')).toEqual({ ok: false, line: 1 });
    expect(parseCoordinateList('55.7')).toEqual({ ok: false, line: 1 });
  });

  it('parses one number with either decimal mark, empty as none, other text as NaN', () => {
    expect(parseDecimal(' 55,5 ')).toBe(55.5);
    expect(parseDecimal('-9.25')).toBe(-9.25);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('1e3')).toBeNaN();
    expect(parseDecimal('9.5.1')).toBeNaN();
  });

  it('knows how many positions each geometry takes', () => {
    expect(positionsNeeded('point')).toEqual({ min: 1, max: 1 });
    expect(positionsNeeded('line')).toEqual({ min: 2, max: Infinity });
    expect(positionsNeeded('polygon')).toEqual({ min: 3, max: Infinity });
  });

  it('shows 7 decimals, as drawings store them', () => {
    expect(formatCoordinate(9.5)).toBe('9.5000000');
  });
});

describe('moving with the arrow keys', () => {
  it('steps 1 m, or 10 m with Shift, in the arrow direction; other keys do nothing', () => {
    expect(arrowStep('ArrowUp', false)).toEqual([0, 1]);
    expect(arrowStep('ArrowDown', true)).toEqual([0, -10]);
    expect(arrowStep('ArrowRight', false)).toEqual([1, 0]);
    expect(arrowStep('ArrowLeft', true)).toEqual([-10, 0]);
    expect(arrowStep('Enter', false)).toBeNull();
  });

  it('moves a position the given metres east and north on the ground, keeping its height', () => {
    const start = [9.5345, 55.7123, 14.5];
    const north = offsetPosition(start, 0, 10);
    expect(distance(start, north)).toBeCloseTo(10, 6);
    expect(bearing(start, north)).toBeCloseTo(0, 6);
    expect(north[2]).toBe(14.5);
    const west = offsetPosition(start, -1, 0);
    expect(distance(start, west)).toBeCloseTo(1, 6);
    expect(bearing(start, west)).toBeCloseTo(270, 3);
    const both = offsetPosition([9.5, 55.7], 3, 4);
    expect(both).toHaveLength(2);
    expect(distance([9.5, 55.7], both)).toBeCloseTo(5, 3);
  });
});

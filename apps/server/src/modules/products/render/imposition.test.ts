import { describe, expect, it } from 'vitest';
import { bookletPadding, bookletPages, saddleStitchSides } from './imposition';

const oneBased = (sides: [number, number][]) => sides.map(([l, r]) => [l + 1, r + 1]);

describe('saddle-stitch imposition', () => {
  it('orders 8 pages for two folded sheets', () => {
    expect(bookletPadding(8)).toBe(0);
    expect(oneBased(saddleStitchSides(8))).toEqual([[8, 1], [2, 7], [6, 3], [4, 5]]);
  });

  it('pads 10 pages to 12 with blanks before the back cover and orders three sheets', () => {
    expect(bookletPadding(10)).toBe(2);
    expect(bookletPages(10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, null, null, 9]);
    expect(oneBased(saddleStitchSides(12))).toEqual([[12, 1], [2, 11], [10, 3], [4, 9], [8, 5], [6, 7]]);
  });

  it('pads at the end when the last page is not a back cover, so no page changes its number or side', () => {
    // 11 pages ending with a hole page (page 10, on the left) and its green (page 11, facing it):
    // a blank before the last page would part the green from its hole page.
    expect(bookletPages(11, false)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, null]);
    expect(bookletPages(11)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, null, 10]);
    expect(bookletPages(8, false)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(bookletPages(0, false)).toEqual([]);
  });

  it('puts every page once, facing pages summing to n + 1', () => {
    for (const n of [4, 8, 12, 48]) {
      const sides = saddleStitchSides(n);
      expect(sides.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      for (const [l, r] of sides) expect(l + r).toBe(n - 1);
    }
    expect(() => saddleStitchSides(10)).toThrow(/multiple of 4/);
  });
});

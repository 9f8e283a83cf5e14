/**
 * Saddle-stitch imposition: a booklet is printed on sheets folded once and stapled through the
 * fold. Each printed side holds two pages; for n pages (a multiple of 4) the sides are, in
 * printing order (1-based): [n, 1], [2, n−1], [n−2, 3], [4, n−3], … so that the folded, nested
 * sheets read 1, 2, …, n.
 */

/** Blanks needed to bring `count` pages to a multiple of 4. */
export function bookletPadding(count: number): number {
  return (4 - (count % 4)) % 4;
}

/**
 * The page order of a booklet of `count` pages after padding: the indexes of the original pages
 * with `null` for each blank. With a back cover the blanks go before it (the back cover stays at
 * the back); without one they go at the end, so no page moves: a page that is not the back cover
 * keeps its number and its side (a hole page on the left facing its green on the right).
 */
export function bookletPages(count: number, backCover = true): (number | null)[] {
  const pad = bookletPadding(count);
  const order: (number | null)[] = Array.from({ length: count }, (_, i) => i);
  if (pad === 0 || count === 0) return count === 0 ? [] : order;
  const blanks = Array<null>(pad).fill(null);
  return backCover ? [...order.slice(0, count - 1), ...blanks, count - 1] : [...order, ...blanks];
}

/** The printed sides of a booklet of `n` pages (a multiple of 4): [left, right] page indexes (0-based), front then back of each sheet. */
export function saddleStitchSides(n: number): [number, number][] {
  if (n % 4 !== 0) throw new Error(`saddleStitchSides: ${n} pages is not a multiple of 4`);
  const sides: [number, number][] = [];
  for (let i = 0; i < n / 2; i++) sides.push(i % 2 === 0 ? [n - 1 - i, i] : [i, n - 1 - i]);
  return sides;
}

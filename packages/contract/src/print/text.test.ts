import { describe, expect, it } from 'vitest';
import { demoGuideInput } from './demo-guide.test-support';
import { layoutGuide } from './layout';
import type { Item } from './page';
import { ellipsize, fitSize, textWidth, wrapText } from './text';

const texts = (items: Item[]): string[] => items.flatMap((i) => (i.kind === 'text' ? [i.text] : i.kind === 'group' ? texts(i.items) : []));

/**
 * The least time of `runs` runs of `fn` in milliseconds (the least is the run the loaded machine
 * disturbed least); a run of more than a second is not repeated (it is slow whatever the load).
 */
function leastTime(fn: () => unknown, runs: number): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    const ms = performance.now() - t0;
    best = Math.min(best, ms);
    if (ms > 1000) break;
  }
  return best;
}

/** A word without a space of `n` characters: Danish and Swedish letters, wide and narrow ones. */
function longWord(n: number): string {
  const letters = 'WiÆøåÖmlæ';
  let s = '';
  for (let i = 0; i < n; i++) s += letters[(i * 7) % letters.length];
  return s;
}

describe('wrapText on text without spaces', () => {
  it('cuts an over-long word into lines that each fit and together keep every character in order', () => {
    for (const [n, size, width, weight] of [[500, 8.5, 270, 400], [3000, 7, 120, 700], [40, 14, 30, 700]] as const) {
      const word = longWord(n);
      const lines = wrapText(word, size, width, weight);
      expect(lines.join('')).toBe(word);
      for (const line of lines) expect(textWidth(line, size, weight)).toBeLessThanOrEqual(width);
      // Each cut line is as long as fits: one more character would not.
      for (let i = 0; i < lines.length - 1; i++) expect(textWidth(lines[i] + [...lines[i + 1]][0], size, weight)).toBeGreaterThan(width);
    }
  });

  it('keeps the words around a long word and puts the rest of the long word on the line before the next word', () => {
    const word = longWord(200);
    const lines = wrapText(`Før ${word} efter`, 8, 100);
    expect(lines[0]).toBe('Før');
    expect(lines.join(' ').replace(/ /g, '')).toBe(`Før${word}efter`);
    for (const line of lines) expect(textWidth(line, 8)).toBeLessThanOrEqual(100);
    // A character wider than the line still gets a line of its own instead of looping.
    expect(wrapText('WWW', 20, 5)).toEqual(['W', 'W', 'W']);
  });

  it('takes time in proportion to the length: 8 times the characters take far less than 64 times the time', () => {
    const short = longWord(500);
    const long = longWord(4_000);
    // Warm up the code (the first runs are interpreted) before timing.
    for (let i = 0; i < 5; i++) wrapText(short, 8.5, 270);
    const tShort = leastTime(() => wrapText(short, 8.5, 270), 7);
    const tLong = leastTime(() => wrapText(long, 8.5, 270), 7);
    // Linear time gives about 8×; cutting with a fresh measure of each prefix gave 512× (cubic:
    // 4,000 characters took 10 s). 24× leaves room for a loaded machine; below a millisecond the
    // timer's grain and the collector dominate, so the short text counts as at least 1 ms.
    expect(tLong).toBeLessThan(24 * Math.max(tShort, 1));
  });

  it('lays out local rules of 8,000 and a back page of 4,000 characters without a space quickly (their longest)', () => {
    const word = longWord(8_000);
    const input = demoGuideInput({
      pages: { frontPage: false, welcome: false, overview: false, holes: false, handicapTables: false, localRules: true, backPage: true },
      localRules: { title: '', text: word },
      backPage: { title: '', text: word.slice(0, 4_000) },
    });
    const t0 = performance.now();
    const pages = layoutGuide(input);
    // Was 83 s for the local rules and 10 s for the back page; now milliseconds. One second is a generous bound.
    expect(performance.now() - t0).toBeLessThan(1000);
    const rules = pages.filter((p) => p.kind === 'local-rules');
    expect(rules.length).toBeGreaterThan(1);
    // Every character is on the pages, in order (the banner's title and the footer aside).
    expect(rules.flatMap((p) => texts(p.items)).filter((t) => t !== rules[0].label && /^[WiÆøåÖmlæ]+$/.test(t)).join('')).toBe(word);
  });
});

describe('ellipsize and fitSize', () => {
  it('cut a long text with an ellipsis to the longest prefix that fits, in linear time', () => {
    const word = longWord(20_000);
    const cut = ellipsize(word, 8, 100);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut, 8)).toBeLessThanOrEqual(100);
    const kept = cut.slice(0, -1);
    expect(word.startsWith(kept)).toBe(true);
    expect(textWidth(`${word.slice(0, kept.length + 1)}…`, 8)).toBeGreaterThan(100);
    expect(ellipsize('Hul 7', 8, 100)).toBe('Hul 7');
    const short = longWord(2_000);
    for (let i = 0; i < 5; i++) ellipsize(short, 8, 100);
    expect(leastTime(() => ellipsize(word, 8, 100), 5)).toBeLessThan(24 * Math.max(leastTime(() => ellipsize(short, 8, 100), 5), 1));
  });

  it('fitSize answers the largest half-point size that fits', () => {
    const size = fitSize('Fjordudsigten', 14, 50, 700);
    expect(textWidth('Fjordudsigten', size, 700)).toBeLessThanOrEqual(50);
    expect(textWidth('Fjordudsigten', size + 0.5, 700)).toBeGreaterThan(50);
  });
});

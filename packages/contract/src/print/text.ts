import { NOTO_SANS_BOLD, NOTO_SANS_REGULAR } from './font-metrics';
import type { FontFace, FontWeight } from './page';

/**
 * Text measuring with the embedded metrics of the guide font (font-metrics.ts): deterministic, the
 * same in the browser and on the server, and exact for the PDF (written without kerning).
 */

/** Width of a code point the table lacks (the PDF draws the font's .notdef box there). */
const MISSING_WIDTH = 600;

function table(face: FontFace): Map<number, number> {
  const map = new Map<number, number>();
  for (const [start, widths] of face.runs) {
    for (let i = 0; i < widths.length / 2; i++) map.set(start + i, parseInt(widths.slice(i * 2, i * 2 + 2), 36));
  }
  return map;
}

let tables: Record<FontWeight, Map<number, number>> | null = null;

function widthsOf(weight: FontWeight): Map<number, number> {
  tables ??= { 400: table(NOTO_SANS_REGULAR), 700: table(NOTO_SANS_BOLD) };
  return tables[weight];
}

/** The face (ascent, descent, …) of a weight. */
export function faceOf(weight: FontWeight): FontFace {
  return weight === 700 ? NOTO_SANS_BOLD : NOTO_SANS_REGULAR;
}

/** Advance width of one code point in thousandths of the font size. */
function advanceOf(widths: Map<number, number>, ch: string): number {
  return widths.get(ch.codePointAt(0) ?? 0) ?? MISSING_WIDTH;
}

/** Width of `text` in thousandths of the font size (a sum of integers, so exact). */
function unitsOf(text: string, weight: FontWeight): number {
  const widths = widthsOf(weight);
  let units = 0;
  for (const ch of text) units += advanceOf(widths, ch);
  return units;
}

/** Width in points of `text` at `size` points. */
export function textWidth(text: string, size: number, weight: FontWeight = 400): number {
  return (unitsOf(text, weight) * size) / 1000;
}

/** True when every character of `text` is in the font's table. */
export function fontCovers(text: string): boolean {
  const widths = widthsOf(400);
  for (const ch of text) if (!widths.has(ch.codePointAt(0) ?? 0)) return false;
  return true;
}

/**
 * Breaks text into lines no wider than `maxWidth`: paragraphs at line breaks, lines at spaces,
 * a word longer than a line at characters (a line keeps at least one character).
 *
 * The time grows linearly with the text: the layout has no kerning, so a line's width is the sum
 * of its characters' advances; each word is measured once and added to the running width of its
 * line, and an over-long word is cut by walking its advances once (a paragraph of thousands of
 * characters without a space took seconds to minutes when every cut measured its prefixes anew).
 */
export function wrapText(text: string, size: number, maxWidth: number, weight: FontWeight = 400): string[] {
  const widths = widthsOf(weight);
  // Compared as textWidth computes it, so a line fits exactly when textWidth says it does.
  const fits = (units: number) => (units * size) / 1000 <= maxWidth;
  const space = advanceOf(widths, ' ');
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    const words = paragraph.split(/[ \t]+/).filter((w) => w.length > 0);
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    let lineUnits = 0;
    for (const word of words) {
      const wordUnits = unitsOf(word, weight);
      const candidate = line ? lineUnits + space + wordUnits : wordUnits;
      if (fits(candidate)) {
        line = line ? `${line} ${word}` : word;
        lineUnits = candidate;
        continue;
      }
      if (line) lines.push(line);
      if (fits(wordUnits)) {
        line = word;
        lineUnits = wordUnits;
        continue;
      }
      // A word wider than the line is cut at characters: each piece is the longest prefix of the
      // rest that fits (at least one character), the last piece starts the next line.
      const chars = [...word];
      const advances = chars.map((ch) => advanceOf(widths, ch));
      let start = 0;
      let rest = wordUnits;
      while (!fits(rest) && chars.length - start > 1) {
        let end = start + 1;
        let piece = advances[start];
        while (end < chars.length && fits(piece + advances[end])) piece += advances[end++];
        lines.push(chars.slice(start, end).join(''));
        rest -= piece;
        start = end;
      }
      line = chars.slice(start).join('');
      lineUnits = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** The largest size from `size` down to `min` (in steps of 0.5 pt) at which `text` fits in `maxWidth`. */
export function fitSize(text: string, size: number, maxWidth: number, weight: FontWeight = 400, min = 5): number {
  const units = unitsOf(text, weight);
  let s = size;
  while (s > min && (units * s) / 1000 > maxWidth) s -= 0.5;
  return s;
}

/** `text` cut with an ellipsis so it fits in `maxWidth` (its advances walked once: linear in the text's length). */
export function ellipsize(text: string, size: number, maxWidth: number, weight: FontWeight = 400): string {
  const units = unitsOf(text, weight);
  const fits = (u: number) => (u * size) / 1000 <= maxWidth;
  if (fits(units)) return text;
  const widths = widthsOf(weight);
  const ellipsis = advanceOf(widths, '…');
  const chars = [...text];
  let n = 0;
  let kept = 0;
  while (n < chars.length && fits(kept + advanceOf(widths, chars[n]) + ellipsis)) kept += advanceOf(widths, chars[n++]);
  return `${chars.slice(0, n).join('').trimEnd()}…`;
}

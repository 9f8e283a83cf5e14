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

/** Width in points of `text` at `size` points. */
export function textWidth(text: string, size: number, weight: FontWeight = 400): number {
  const widths = widthsOf(weight);
  let units = 0;
  for (const ch of text) units += widths.get(ch.codePointAt(0) ?? 0) ?? MISSING_WIDTH;
  return (units * size) / 1000;
}

/** True when every character of `text` is in the font's table. */
export function fontCovers(text: string): boolean {
  const widths = widthsOf(400);
  for (const ch of text) if (!widths.has(ch.codePointAt(0) ?? 0)) return false;
  return true;
}

/**
 * Breaks text into lines no wider than `maxWidth`: paragraphs at line breaks, lines at spaces,
 * a word longer than a line at characters.
 */
export function wrapText(text: string, size: number, maxWidth: number, weight: FontWeight = 400): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    const words = paragraph.split(/[ \t]+/).filter((w) => w.length > 0);
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, size, weight) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      // A word wider than the line is cut at characters.
      let rest = word;
      while (textWidth(rest, size, weight) > maxWidth && rest.length > 1) {
        const chars = [...rest];
        let n = chars.length - 1;
        while (n > 1 && textWidth(chars.slice(0, n).join(''), size, weight) > maxWidth) n--;
        lines.push(chars.slice(0, n).join(''));
        rest = chars.slice(n).join('');
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** The largest size from `size` down to `min` (in steps of 0.5 pt) at which `text` fits in `maxWidth`. */
export function fitSize(text: string, size: number, maxWidth: number, weight: FontWeight = 400, min = 5): number {
  let s = size;
  while (s > min && textWidth(text, s, weight) > maxWidth) s -= 0.5;
  return s;
}

/** `text` cut with an ellipsis so it fits in `maxWidth`. */
export function ellipsize(text: string, size: number, maxWidth: number, weight: FontWeight = 400): string {
  if (textWidth(text, size, weight) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(`${chars.join('')}…`, size, weight) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

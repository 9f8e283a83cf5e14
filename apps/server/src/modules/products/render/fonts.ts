import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import type { FontWeight } from '@golf/contract/print/page';

/**
 * The guide font on the server: Noto Sans from @fontsource/noto-sans (docs/decisions/0010), its
 * latin and latin-ext files for each weight. The PDF embeds subsets of them; the PNG and WebP
 * outputs draw text as their outlines. The layout measured the text with the same widths
 * (packages/contract/src/print/font-metrics.ts, generated from these files).
 */

export type Subset = 'latin' | 'latin-ext';
const SUBSETS: Subset[] = ['latin', 'latin-ext'];

export interface FaceFile {
  /** Name the PDF registers the face under, e.g. 'noto-700-latin'. */
  name: string;
  weight: FontWeight;
  subset: Subset;
  data: Buffer;
  font: fontkit.Font;
}

let faces: FaceFile[] | null = null;

/** The four faces, read once per process (or worker). */
export function guideFaces(): FaceFile[] {
  if (faces) return faces;
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files');
  const out: FaceFile[] = [];
  for (const weight of [400, 700] as const) {
    for (const subset of SUBSETS) {
      const data = sfntOfWoff(readFileSync(join(dir, `noto-sans-${subset}-${weight}-normal.woff`)));
      out.push({ name: `noto-${weight}-${subset}`, weight, subset, data, font: fontkit.create(data) as fontkit.Font });
    }
  }
  faces = out;
  return out;
}

/**
 * `text` cut into runs each drawn with one face of `weight`: the latin file where it has the
 * character, else latin-ext; characters neither has stay with latin (drawn as its .notdef box).
 */
export function faceRuns(text: string, weight: FontWeight): { face: FaceFile; text: string }[] {
  const [latin, ext] = guideFaces().filter((f) => f.weight === weight);
  const runs: { face: FaceFile; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const face = latin.font.hasGlyphForCodePoint(cp) || !ext.font.hasGlyphForCodePoint(cp) ? latin : ext;
    const last = runs[runs.length - 1];
    if (last && last.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs;
}

/**
 * A WOFF 1.0 file as the plain TrueType (sfnt) font it wraps: every table inflated once. fontkit
 * reads WOFF too, but inflates a table again at every read (half a second per guide); pdfkit
 * embeds the same glyphs either way.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('sfntOfWoff: not a WOFF 1.0 file');
  const numTables = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({ tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw });
  }
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    header.writeUInt32BE(t.tag, 12 + i * 16);
    header.writeUInt32BE(t.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(t.data.length, 24 + i * 16);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

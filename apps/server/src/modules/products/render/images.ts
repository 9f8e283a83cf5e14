import sharp, { type OutputInfo } from 'sharp';
import type { Page, TextItem } from '@golf/contract/print/page';
import { num } from '@golf/contract/print/page';
import { pageToSvg } from '@golf/contract/print/svg';
import { textWidth } from '@golf/contract/print/text';
import { faceRuns, type FaceFile } from './fonts';

/**
 * Pages as PNG or WebP through sharp (which rasterises SVG with librsvg): the page's SVG with
 * every text drawn as the guide font's outlines, so the picture shows the same letters as the PDF
 * whatever fonts the machine has.
 */

export type ImageFormat = 'png' | 'webp';

/** Widths in pixels the app shows pages at (phone and tablet), and print images at 300 dpi of a pocket page. */
export const APP_IMAGE_WIDTHS = [540, 1080] as const;

const glyphPaths = new Map<string, { d: string; advance: number }>();
const IMAGE_CONCURRENCY = 4;

/** A glyph's outline as SVG path data, per face and glyph (the same glyphs recur on every page). */
function glyphPath(face: FaceFile, cp: number): { d: string; advance: number } {
  const key = `${face.name}/${cp}`;
  let g = glyphPaths.get(key);
  if (g === undefined) {
    const glyph = face.font.glyphForCodePoint(cp);
    glyphPaths.set(key, (g = { d: glyph.path.toSVG(), advance: glyph.advanceWidth }));
  }
  return g;
}

/**
 * A text item as filled glyph outlines (SVG markup), placed and anchored as the PDF places it:
 * one glyph per code point from the font's cmap, without shaping, kerning or ligatures (pdf.ts).
 */
export function textOutlines(t: TextItem): string {
  const width = textWidth(t.text, t.size, t.weight);
  let x = t.anchor === 'middle' ? t.x - width / 2 : t.anchor === 'end' ? t.x - width : t.x;
  const parts: string[] = [];
  for (const run of faceRuns(t.text, t.weight)) {
    const k = t.size / run.face.font.unitsPerEm;
    const scale = `scale(${k.toPrecision(5)} ${(-k).toPrecision(5)})`;
    let pen = 0;
    for (const ch of run.text) {
      const g = glyphPath(run.face, ch.codePointAt(0) ?? 0);
      if (g.d) parts.push(`<path transform="translate(${num(x + pen * k)} ${num(t.y)}) ${scale}" d="${g.d}"/>`);
      pen += g.advance;
    }
    x += textWidth(run.text, t.size, t.weight);
  }
  return `<g fill="${t.fill}"${t.opacity !== undefined && t.opacity < 1 ? ` opacity="${num(t.opacity)}"` : ''}>${parts.join('')}</g>`;
}

export interface ImageOptions {
  format: ImageFormat;
  /** Width in pixels; the height follows the page. */
  width: number;
  /** Image bytes by reference (as data URLs in the SVG). */
  images?: Record<string, { data: Uint8Array; type: string }>;
}

/** WebP: lossy at quality 82, effort 1 (of 0–6: the larger efforts take several times as long for a few per cent smaller files). */
const WEBP = { quality: 82, effort: 1 } as const;
const PNG = { compressionLevel: 6 } as const;

/** The page rasterised once at `width` pixels, without alpha (the page is opaque: a white sheet under everything). */
async function rasterise(page: Page, width: number, images: ImageOptions['images']): Promise<{ data: Buffer; info: OutputInfo }> {
  const hrefs = new Map(Object.entries(images ?? {}).map(([ref, img]) => [ref, `data:${img.type};base64,${Buffer.from(img.data).toString('base64')}`]));
  const svg = pageToSvg(page, { pixelWidth: width, textToSvg: textOutlines, imageHref: (ref) => hrefs.get(ref) ?? null });
  return sharp(Buffer.from(svg), { limitInputPixels: 8000 * 8000 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

function encode(raster: { data: Buffer; info: OutputInfo }, format: ImageFormat): Promise<Buffer> {
  const image = sharp(raster.data, { raw: { width: raster.info.width, height: raster.info.height, channels: raster.info.channels } });
  // RGB without an alpha plane: WebP encodes in about a third of the time it takes with alpha.
  return format === 'png' ? image.png(PNG).toBuffer() : image.webp(WEBP).toBuffer();
}

/** One page as a PNG or WebP picture. */
export async function renderPageImage(page: Page, options: ImageOptions): Promise<Buffer> {
  return encode(await rasterise(page, options.width, options.images), options.format);
}

export interface NamedImage {
  /** File name, e.g. 'hole-07-1080.webp'. */
  name: string;
  page: string;
  width: number;
  format: ImageFormat;
  data: Buffer;
}

/** File name stem of a page: 'hole-07', 'green-07', 'tee-sign-07', else the page's kind and position. */
export function pageStem(page: Page, index: number): string {
  const n = String(page.hole ?? index + 1).padStart(2, '0');
  return `${page.kind}-${n}`;
}

/** The raster scaled down to `width` pixels (Lanczos, as a browser shrinks a picture). */
async function scaled(raster: { data: Buffer; info: OutputInfo }, width: number): Promise<{ data: Buffer; info: OutputInfo }> {
  if (width >= raster.info.width) return raster;
  const { width: w, height: h, channels } = raster.info;
  return sharp(raster.data, { raw: { width: w, height: h, channels } }).resize({ width, kernel: 'lanczos3' }).raw().toBuffer({ resolveWithObject: true });
}

/**
 * Every page at every width in every format (web images: the hole pages at the app's sizes): each
 * page is rasterised once, at the largest width (librsvg's parse and draw of the page is the
 * costly part), scaled down for the smaller widths, and encoded in every format from the same
 * pixels.
 */
export async function renderImages(pages: Page[], widths: readonly number[] = APP_IMAGE_WIDTHS, formats: readonly ImageFormat[] = ['png', 'webp'], images?: ImageOptions['images']): Promise<NamedImage[]> {
  const largest = Math.max(...widths);
  const out: NamedImage[][] = new Array(pages.length);
  // A few pages at a time: sharp works in libuv's thread pool, so pictures are encoded on every core.
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < pages.length; i = next++) {
      const page = pages[i];
      const raster = await rasterise(page, largest, images);
      const sized = await Promise.all(widths.map(async (width) => ({ width, raster: await scaled(raster, width) })));
      out[i] = await Promise.all(
        sized.flatMap(({ width, raster: r }) => formats.map(async (format) => ({ name: `${pageStem(page, i)}-${width}.${format}`, page: page.label, width, format, data: await encode(r, format) }))),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMAGE_CONCURRENCY, pages.length) }, worker));
  return out.flat();
}

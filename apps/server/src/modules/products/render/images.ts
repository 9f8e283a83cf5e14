import sharp from 'sharp';
import type { Page, TextItem } from '@golf/contract/print/page';
import { num } from '@golf/contract/print/page';
import { pageToSvg } from '@golf/contract/print/svg';
import { textWidth } from '@golf/contract/print/text';
import { faceRuns } from './fonts';

/**
 * Pages as PNG or WebP through sharp (which rasterises SVG with librsvg): the page's SVG with
 * every text drawn as the guide font's outlines, so the picture shows the same letters as the PDF
 * whatever fonts the machine has.
 */

export type ImageFormat = 'png' | 'webp';

/** Widths in pixels the app shows pages at (phone and tablet), and print images at 300 dpi of a pocket page. */
export const APP_IMAGE_WIDTHS = [540, 1080] as const;

const glyphPaths = new Map<string, string>();
const IMAGE_CONCURRENCY = 4;

/** A text item as filled glyph outlines (SVG markup), placed and anchored as the PDF places it. */
export function textOutlines(t: TextItem): string {
  const width = textWidth(t.text, t.size, t.weight);
  let x = t.anchor === 'middle' ? t.x - width / 2 : t.anchor === 'end' ? t.x - width : t.x;
  const parts: string[] = [];
  for (const run of faceRuns(t.text, t.weight)) {
    const font = run.face.font;
    const k = t.size / font.unitsPerEm;
    const laid = font.layout(run.text, { kern: false, liga: false, calt: false });
    let pen = 0;
    laid.glyphs.forEach((glyph, i) => {
      const key = `${run.face.name}/${glyph.id}`;
      let d = glyphPaths.get(key);
      if (d === undefined) glyphPaths.set(key, (d = glyph.path.toSVG()));
      const pos = laid.positions[i];
      if (d) parts.push(`<path transform="translate(${num(x + (pen + pos.xOffset) * k)} ${num(t.y - pos.yOffset * k)}) scale(${k.toPrecision(5)} ${(-k).toPrecision(5)})" d="${d}"/>`);
      pen += pos.xAdvance;
    });
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

/** One page as a PNG or WebP picture. */
export async function renderPageImage(page: Page, options: ImageOptions): Promise<Buffer> {
  const hrefs = new Map(Object.entries(options.images ?? {}).map(([ref, img]) => [ref, `data:${img.type};base64,${Buffer.from(img.data).toString('base64')}`]));
  const svg = pageToSvg(page, { pixelWidth: options.width, textToSvg: textOutlines, imageHref: (ref) => hrefs.get(ref) ?? null });
  const image = sharp(Buffer.from(svg), { limitInputPixels: 8000 * 8000 });
  return options.format === 'png' ? image.png({ compressionLevel: 6 }).toBuffer() : image.webp({ quality: 82, effort: 1 }).toBuffer();
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

/** Every page at every width in every format (web images: the hole pages at the app's sizes). */
export async function renderImages(pages: Page[], widths: readonly number[] = APP_IMAGE_WIDTHS, formats: readonly ImageFormat[] = ['png', 'webp'], images?: ImageOptions['images']): Promise<NamedImage[]> {
  const jobs = pages.flatMap((page, i) => widths.flatMap((width) => formats.map((format) => ({ page, i, width, format }))));
  const out: NamedImage[] = new Array(jobs.length);
  // A few at a time: sharp works in libuv's thread pool, so pictures are encoded on every core.
  for (let start = 0; start < jobs.length; start += IMAGE_CONCURRENCY) {
    await Promise.all(
      jobs.slice(start, start + IMAGE_CONCURRENCY).map(async ({ page, i, width, format }, k) => {
        const data = await renderPageImage(page, { format, width, images });
        out[start + k] = { name: `${pageStem(page, i)}-${width}.${format}`, page: page.label, width, format, data };
      }),
    );
  }
  return out;
}

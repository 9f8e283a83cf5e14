import { layoutGreens, layoutGuide, layoutHoles, layoutTeeSigns } from '@golf/contract/print/layout';
import type { GuideRenderInputIn } from '@golf/contract/print/input';
import { sniffImageFormat } from '../../../platform/images';
import { APP_IMAGE_WIDTHS, renderImages, type ImageFormat } from './images';
import { renderPdf, type PdfOptions } from './pdf';

/**
 * The products the renderer makes from one GuideRenderInput, as files. The same function runs in
 * the render worker (render.ts) and, in tests and the benchmark, directly.
 */
export type RenderTask =
  /** The printed guide as one PDF (options: bleed, crop marks, saddle-stitch). */
  | { product: 'guide-pdf'; input: GuideRenderInputIn; pdf?: Omit<PdfOptions, 'images'>; images?: Record<string, Uint8Array> }
  /** Tee signs: one print-size page per hole, as one PDF. */
  | { product: 'tee-signs'; input: GuideRenderInputIn; size?: 'a4' | 'a3'; pdf?: Omit<PdfOptions, 'images'>; images?: Record<string, Uint8Array> }
  /** Green drawings: a PDF of the greens and a PNG of each. */
  | { product: 'green-drawings'; input: GuideRenderInputIn; width?: number }
  /** Web images: each hole page as PNG and WebP at the app's widths. */
  | { product: 'web-images'; input: GuideRenderInputIn; widths?: number[]; formats?: ImageFormat[]; images?: Record<string, Uint8Array> };

export interface RenderedFile {
  name: string;
  contentType: string;
  data: Uint8Array;
}

export interface RenderResult {
  files: RenderedFile[];
  pages: number;
}

const TYPES: Record<ImageFormat, string> = { png: 'image/png', webp: 'image/webp' };

function bytes(b: Buffer): Uint8Array {
  // A copy of its own, so the worker can transfer it (Buffers may share a pooled ArrayBuffer).
  return new Uint8Array(b);
}

/** The images of the input with their types, for the rasteriser (PNG, JPEG or WebP by their first bytes). */
function imageTypes(images: Record<string, Uint8Array> | undefined): Record<string, { data: Uint8Array; type: string }> | undefined {
  if (!images) return undefined;
  return Object.fromEntries(Object.entries(images).map(([ref, data]) => [ref, { data, type: `image/${sniffImageFormat(Buffer.from(data.buffer, data.byteOffset, data.byteLength)) ?? 'png'}` }]));
}

export async function renderTask(task: RenderTask): Promise<RenderResult> {
  switch (task.product) {
    case 'guide-pdf': {
      const pages = layoutGuide(task.input);
      const pdf = await renderPdf(pages, { title: task.input.guide.title, author: task.input.club.name, ...task.pdf, images: task.images });
      return { pages: pages.length, files: [{ name: 'guide.pdf', contentType: 'application/pdf', data: bytes(pdf) }] };
    }
    case 'tee-signs': {
      const pages = layoutTeeSigns(task.input, task.size);
      const pdf = await renderPdf(pages, { ...task.pdf, images: task.images });
      return { pages: pages.length, files: [{ name: 'tee-signs.pdf', contentType: 'application/pdf', data: bytes(pdf) }] };
    }
    case 'green-drawings': {
      const pages = layoutGreens(task.input);
      const pdf = await renderPdf(pages);
      const pngs = await renderImages(pages, [task.width ?? 1200], ['png']);
      return {
        pages: pages.length,
        files: [{ name: 'greens.pdf', contentType: 'application/pdf', data: bytes(pdf) }, ...pngs.map((img) => ({ name: img.name, contentType: TYPES.png, data: bytes(img.data) }))],
      };
    }
    case 'web-images': {
      const pages = layoutHoles(task.input);
      const images = await renderImages(pages, task.widths ?? APP_IMAGE_WIDTHS, task.formats ?? ['png', 'webp'], imageTypes(task.images));
      return { pages: pages.length, files: images.map((img) => ({ name: img.name, contentType: TYPES[img.format], data: bytes(img.data) })) };
    }
  }
}

import { FONT_FAMILY } from './font-metrics';
import { BLEED_PT, num, type Item, type Page } from './page';

/**
 * A page as an SVG document: the browser's live preview and (through sharp) the server's PNG and
 * WebP. Text is SVG text in the guide font, without kerning or ligatures, like the PDF; the
 * server converts text to outlines before rasterising (it has no fonts installed).
 */
export interface SvgOptions {
  /** The URL (or data URL) of an image reference; images without one are left out. */
  imageHref?: (ref: string) => string | null;
  /** Show the bleed around the page (print preview); default false: the trimmed page. */
  bleed?: boolean;
  /** Pixel width of the SVG (height follows); default the page's size in points. */
  pixelWidth?: number;
  /** Replaces text items (e.g. by outlines); answers SVG markup. */
  textToSvg?: (item: Extract<Item, { kind: 'text' }>) => string;
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const ANCHOR = { start: 'start', middle: 'middle', end: 'end' } as const;

export function pageToSvg(page: Page, options: SvgOptions = {}): string {
  const b = options.bleed ? BLEED_PT : 0;
  const w = page.width + 2 * b;
  const h = page.height + 2 * b;
  const pxW = options.pixelWidth ?? w;
  const pxH = (pxW * h) / w;
  const defs: string[] = [];
  const body: string[] = [];
  let clipId = 0;

  const paint = (it: Extract<Item, { kind: 'path' }>): string => {
    let a = ` fill="${it.fill ?? 'none'}"`;
    if (it.evenOdd) a += ' fill-rule="evenodd"';
    if (it.stroke) {
      a += ` stroke="${it.stroke}" stroke-width="${num(it.width ?? 1)}"`;
      if (it.dash?.length) a += ` stroke-dasharray="${it.dash.map(num).join(' ')}"`;
      if (it.lineCap) a += ` stroke-linecap="${it.lineCap}"`;
      if (it.lineJoin) a += ` stroke-linejoin="${it.lineJoin}"`;
    }
    if (it.opacity !== undefined && it.opacity < 1) a += ` opacity="${num(it.opacity)}"`;
    return a;
  };

  const emit = (items: Item[], out: string[]) => {
    for (const it of items) {
      switch (it.kind) {
        case 'path':
          if (it.d) out.push(`<path d="${it.d}"${paint(it)}/>`);
          break;
        case 'text':
          if (options.textToSvg) {
            out.push(options.textToSvg(it));
            break;
          }
          out.push(
            `<text x="${num(it.x)}" y="${num(it.y)}" font-size="${num(it.size)}" font-weight="${it.weight}" text-anchor="${ANCHOR[it.anchor]}" fill="${it.fill}"${it.opacity !== undefined && it.opacity < 1 ? ` opacity="${num(it.opacity)}"` : ''}>${escapeXml(it.text)}</text>`,
          );
          break;
        case 'image': {
          const href = options.imageHref?.(it.ref);
          if (!href) break;
          const ratio = it.fit === 'cover' ? 'xMidYMid slice' : 'xMidYMid meet';
          out.push(`<image href="${escapeXml(href)}" x="${num(it.x)}" y="${num(it.y)}" width="${num(it.width)}" height="${num(it.height)}" preserveAspectRatio="${ratio}"/>`);
          break;
        }
        case 'group': {
          const id = `c${clipId++}`;
          const c = it.clip;
          defs.push(`<clipPath id="${id}"><rect x="${num(c.x)}" y="${num(c.y)}" width="${num(c.width)}" height="${num(c.height)}"/></clipPath>`);
          const inner: string[] = [];
          emit(it.items, inner);
          out.push(`<g clip-path="url(#${id})">${inner.join('')}</g>`);
          break;
        }
      }
    }
  };
  emit(page.items, body);

  defs.push(`<clipPath id="page"><rect x="${num(-b)}" y="${num(-b)}" width="${num(w)}" height="${num(h)}"/></clipPath>`);
  const font = `font-family="${FONT_FAMILY}, sans-serif" style="font-kerning:none;font-variant-ligatures:none"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(pxW)}" height="${num(pxH)}" viewBox="${num(-b)} ${num(-b)} ${num(w)} ${num(h)}">` +
    `<defs>${defs.join('')}</defs>` +
    `<rect x="${num(-b)}" y="${num(-b)}" width="${num(w)}" height="${num(h)}" fill="#ffffff"/>` +
    `<g clip-path="url(#page)" ${font}>${body.join('')}</g></svg>`
  );
}

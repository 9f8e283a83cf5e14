import type { Drawing, DrawingFeature } from '../api/drawings';
import { EL } from '../graphics-catalogue';
import type { XY } from '../geo/planar';
import type { ElementStyle, GuideCourse, GuideRenderInput, GuideTheme } from './input';
import { PRINT_LABELS, type PrintLabels } from './labels';
import { BLEED_PT, circlePath, pathOf, rectPath, roundRectPath, type FontWeight, type Item, type PathItem, type TextAnchor, type TextItem } from './page';
import { DEFAULT_SYMBOL, isPrintSymbol, symbolPath } from './symbols';
import { ellipsize, faceOf, textWidth, wrapText } from './text';

/** What every page builder needs: the input, the words, the page size and the guide's look. */
export interface PageContext {
  input: GuideRenderInput;
  labels: PrintLabels;
  width: number;
  height: number;
  /** Size factor of the layout against the pocket page (1 for pocket, about 1.4 for A5, 2 for A4). */
  s: number;
  margin: number;
  /** The banner colour of the pages being laid out: the course's own colour on its pages, else the guide's. */
  colour: string;
}

export function pageContext(input: GuideRenderInput, width: number, height: number): PageContext {
  const s = width / 306;
  return { input, labels: PRINT_LABELS[input.guide.language], width, height, s, margin: 14 * s, colour: input.guide.bannerColour };
}

/** The context of a course's pages: its own banner colour (print course colours) when it has one. */
export function courseContext(ctx: PageContext, course: GuideCourse): PageContext {
  return { ...ctx, colour: course.colour ?? ctx.input.guide.bannerColour };
}

/** The same context on a page of another size (a landscape overview). */
export function resizedContext(ctx: PageContext, width: number, height: number): PageContext {
  return { ...ctx, width, height };
}

/** Font sizes grow slower than the page: an A4 page is twice as wide, its text 1.6 times as large. */
export function fontScale(ctx: PageContext): number {
  return Math.min(ctx.s, 1 + (ctx.s - 1) * 0.6);
}

export const INK = '#1d2b24';
export const MUTED = '#5f6f66';

/* Colours ----------------------------------------------------------------------------------- */

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `a` mixed with `b`: t = 0 is a, 1 is b. */
export function mix(a: string, b: string, t: number): string {
  const [x, y] = [rgb(a), rgb(b)];
  return `#${x.map((v, i) => Math.round(v + (y[i] - v) * t).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (WCAG) of a colour. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or the ink colour, whichever reads better on `background`. */
export function textOn(background: string): string {
  return luminance(background) > 0.45 ? INK : '#ffffff';
}

/* Items ------------------------------------------------------------------------------------- */

export function text(x: number, y: number, value: string, size: number, opts: { weight?: FontWeight; anchor?: TextAnchor; fill?: string; opacity?: number } = {}): TextItem {
  return { kind: 'text', x, y, text: value, size, weight: opts.weight ?? 400, anchor: opts.anchor ?? 'start', fill: opts.fill ?? INK, ...(opts.opacity !== undefined ? { opacity: opts.opacity } : {}) };
}

export function rect(x: number, y: number, w: number, h: number, paint: Omit<PathItem, 'kind' | 'd'>): PathItem {
  return { kind: 'path', d: rectPath(x, y, w, h), ...paint };
}

/** A rectangle reaching past the trim where it touches a page edge (for the bleed). */
export function bleedRect(ctx: PageContext, x: number, y: number, w: number, h: number, fill: string): PathItem {
  const x0 = x <= 0 ? -BLEED_PT : x;
  const y0 = y <= 0 ? -BLEED_PT : y;
  const x1 = x + w >= ctx.width ? ctx.width + BLEED_PT : x + w;
  const y1 = y + h >= ctx.height ? ctx.height + BLEED_PT : y + h;
  return rect(x0, y0, x1 - x0, y1 - y0, { fill });
}

/** Wrapped text from `y` (the first baseline) downwards; answers the items and the y after the last line. */
export function paragraph(x: number, y: number, value: string, size: number, maxWidth: number, opts: { weight?: FontWeight; fill?: string; lineHeight?: number; anchor?: TextAnchor } = {}): { items: TextItem[]; y: number } {
  const lh = size * (opts.lineHeight ?? 1.4);
  const items: TextItem[] = [];
  for (const line of wrapText(value, size, maxWidth, opts.weight ?? 400)) {
    if (line) items.push(text(x, y, line, size, opts));
    y += lh;
  }
  return { items, y };
}

/** A page header: a banner in the guide's colour with a title, a subtitle and an optional badge (the hole number). */
export function banner(ctx: PageContext, title: string, subtitle: string, badge?: string): { items: Item[]; bottom: number; after: { x: number; y: number; size: number; ink: string } } {
  const { width, margin } = ctx;
  const f = fontScale(ctx);
  const colour = ctx.colour;
  const ink = textOn(colour);
  const h = 58 * f;
  const items: Item[] = [bleedRect(ctx, 0, 0, width, h, colour)];
  let x = margin;
  if (badge) {
    const size = 34 * f;
    items.push(text(x, h - 15 * f, badge, size, { weight: 700, fill: ink }));
    x += textWidth(badge, size, 700) + 10 * f;
    items.push({ kind: 'path', d: pathOf([[x - 5 * f, 14 * f], [x - 5 * f, h - 14 * f]], false), stroke: ink, width: 0.6 * f, opacity: 0.5 });
  }
  const maxW = width - x - margin;
  items.push(text(x, h / 2 + 1 * f, ellipsize(title, 14 * f, maxW, 700), 14 * f, { weight: 700, fill: ink }));
  const sub = ellipsize(subtitle, 8.5 * f, maxW);
  if (subtitle) items.push(text(x, h / 2 + 14 * f, sub, 8.5 * f, { fill: ink, opacity: 0.85 }));
  // Where something may follow the subtitle on its line (the stroke dots of a hole).
  return { items, bottom: h, after: { x: x + (subtitle ? textWidth(sub, 8.5 * f) : 0), y: h / 2 + 14 * f, size: 8.5 * f, ink } };
}

/** The footer of an inside page: the page number on the outer side, the guide's title in the middle. */
export function footer(ctx: PageContext, pageNumber: number): Item[] {
  const f = fontScale(ctx);
  const y = ctx.height - 11 * f;
  const size = 6.5 * f;
  const outer = pageNumber % 2 === 0 ? { x: ctx.margin, anchor: 'start' as const } : { x: ctx.width - ctx.margin, anchor: 'end' as const };
  return [
    text(outer.x, y, String(pageNumber), size, { weight: 700, anchor: outer.anchor, fill: MUTED }),
    text(ctx.width / 2, y, ellipsize(`${ctx.input.club.name} · ${ctx.input.guide.title}`, size, ctx.width - 6 * ctx.margin), size, { anchor: 'middle', fill: MUTED }),
  ];
}

/** Line width in points of each border style on a pocket page (scaled with the page). */
export const BORDER_WIDTHS = { none: 0, thin: 0.8, thick: 2.4, rounded: 0.8 } as const;

/** The frame of the drawings (border style): none, a thin or thick frame, or a thin frame with rounded corners. */
export function border(ctx: PageContext, x: number, y: number, w: number, h: number): Item[] {
  const style = ctx.input.guide.borderStyle;
  if (style === 'none') return [];
  const d = style === 'rounded' ? roundRectPath(x, y, w, h, 8 * ctx.s) : rectPath(x, y, w, h);
  return [{ kind: 'path', d, stroke: mix(ctx.colour, '#ffffff', 0.2), width: BORDER_WIDTHS[style] * ctx.s, ...(style === 'rounded' ? {} : { lineJoin: 'miter' as const }) }];
}

/** A small rounded label with text centred at (x, y) (the text's middle). */
export function pill(x: number, y: number, value: string, size: number, opts: { fill?: string; ink?: string; weight?: FontWeight; stroke?: string }): Item[] {
  const face = faceOf(opts.weight ?? 700);
  const w = Math.max(textWidth(value, size, opts.weight ?? 700), size * 0.6) + size * 0.9;
  const h = size * 1.45;
  const baseline = y + ((face.capHeight / 1000) * size) / 2;
  return [
    { kind: 'path', d: roundRectPath(x - w / 2, y - h / 2, w, h, h / 2), fill: opts.fill ?? '#ffffff', ...(opts.stroke ? { stroke: opts.stroke, width: size * 0.08 } : {}) },
    text(x, baseline, value, size, { weight: opts.weight ?? 700, anchor: 'middle', fill: opts.ink ?? INK }),
  ];
}

/** A tee's dot: its colour, with a rim so white and yellow tees show on white paper. */
export function teeDot(x: number, y: number, r: number, colour: string): PathItem {
  return { kind: 'path', d: circlePath(x, y, r), fill: colour, stroke: mix(colour, '#000000', 0.45), width: r * 0.25 };
}

/* Drawings ---------------------------------------------------------------------------------- */

/** Elements drawn by the layout itself rather than as styled features. */
const SPECIAL = new Set<string>([EL.playLine, EL.tPoint, EL.pinPosition, EL.label, EL.icon, EL.holeBoundary, EL.background]);

const FALLBACK_STYLE: ElementStyle = { fill: '#bdbdbd', stroke: '#757575', strokeWidth: 1, opacity: 1, dash: 0, radius: 4, zIndex: 0 };

export function styleOf(theme: GuideTheme, element: string): ElementStyle {
  return theme.elements[element] ?? FALLBACK_STYLE;
}

/** How catalogue pixels become points on a drawing: `line` for stroke widths and dashes, `symbol` for point radii. */
export interface DrawScale {
  line: number;
  symbol: number;
}

/** The styled features of a drawing, bottom layer first, with page points from `toPage`. */
export function drawFeatures(drawing: Drawing, theme: GuideTheme, toPage: (p: readonly number[]) => XY, scale: DrawScale, skip: ReadonlySet<string> = SPECIAL): Item[] {
  const features = drawing.features
    .map((f, i) => ({ f, i, style: styleOf(theme, f.properties.element) }))
    .filter(({ f }) => !skip.has(f.properties.element))
    .sort((a, b) => a.style.zIndex - b.style.zIndex || a.i - b.i);
  const items: Item[] = [];
  for (const { f, style } of features) items.push(...featureItems(f, style, toPage, scale));
  return items;
}

export function featureItems(f: DrawingFeature, style: ElementStyle, toPage: (p: readonly number[]) => XY, scale: DrawScale): Item[] {
  const g = f.geometry;
  const stroke = style.stroke && style.strokeWidth > 0 ? { stroke: style.stroke, width: style.strokeWidth * scale.line } : {};
  const dash = style.dash > 0 ? { dash: [style.dash * scale.line * 1.5, style.dash * scale.line] } : {};
  const opacity = style.opacity < 1 ? { opacity: style.opacity } : {};
  if (g.type === 'Polygon') {
    const d = g.coordinates
      .filter((ring) => ring.length >= 3)
      .map((ring) => pathOf(ring.map(toPage), true))
      .join('');
    if (!d || style.opacity === 0) return style.opacity === 0 && style.stroke && d ? [{ kind: 'path', d, ...stroke, ...dash }] : [];
    return [{ kind: 'path', d, ...(style.fill ? { fill: style.fill } : {}), ...stroke, ...dash, ...opacity, ...(g.coordinates.length > 1 ? { evenOdd: true } : {}), lineJoin: 'round' }];
  }
  if (g.type === 'LineString') {
    if (g.coordinates.length < 2 || !style.stroke) return [];
    return [{ kind: 'path', d: pathOf(g.coordinates.map(toPage), false), ...stroke, ...dash, ...opacity, lineJoin: 'round', lineCap: 'round' }];
  }
  // A point: the theme's print symbol (symbols.ts), a circle without one.
  const [x, y] = toPage(g.coordinates);
  const join = isPrintSymbol(style.icon) && style.icon !== DEFAULT_SYMBOL ? { lineJoin: 'round' as const } : {};
  return [{ kind: 'path', d: symbolPath(style.icon, x, y, Math.max(0.5, style.radius * scale.symbol)), ...(style.fill ? { fill: style.fill } : {}), ...stroke, ...opacity, ...join }];
}

/** The labels ('label' features) of a drawing as text. */
export function labelItems(drawing: Drawing, toPage: (p: readonly number[]) => XY, size: number): Item[] {
  return drawing.features.flatMap((f) => {
    if (f.properties.element !== EL.label || f.geometry.type !== 'Point' || !f.properties.label) return [];
    const [x, y] = toPage(f.geometry.coordinates);
    return [text(x, y + size * 0.35, f.properties.label, size, { weight: 700, anchor: 'middle', fill: INK })];
  });
}

/** A scale bar of a round length with its label ('50 m', the unit in the guide's language), left end at (x, y). */
export function scaleBar(x: number, y: number, ptPerMetre: number, maxWidth: number, size: number, ink: string, unit: string): Item[] {
  const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];
  let metres = steps[0];
  for (const m of steps) if (m * ptPerMetre <= maxWidth) metres = m;
  const w = metres * ptPerMetre;
  const h = size * 0.45;
  return [
    rect(x, y - h, w / 2, h, { fill: ink }),
    rect(x + w / 2, y - h, w / 2, h, { fill: '#ffffff', stroke: ink, width: h * 0.25 }),
    rect(x, y - h, w, h, { stroke: ink, width: h * 0.25 }),
    text(x + w + size * 0.4, y, `${metres} ${unit}`, size, { weight: 700, fill: ink }),
  ];
}

/** A north arrow pointing to north on a page whose up direction has bearing `upBearing`, marked with `letter`. */
export function northArrow(cx: number, cy: number, r: number, upBearing: number, ink: string, letter: string): Item[] {
  const a = (-upBearing * Math.PI) / 180;
  const rot = ([x, y]: XY): XY => [cx + x * Math.cos(a) - y * Math.sin(a), cy + x * Math.sin(a) + y * Math.cos(a)];
  const tip = rot([0, -r]);
  const left = rot([-r * 0.45, r * 0.6]);
  const right = rot([r * 0.45, r * 0.6]);
  const notch = rot([0, r * 0.25]);
  const label = rot([0, -r - r * 0.75]);
  return [
    { kind: 'path', d: circlePath(cx, cy, r * 1.15), fill: '#ffffff', opacity: 0.85 },
    { kind: 'path', d: pathOf([tip, right, notch, left], true), fill: ink },
    text(label[0], label[1] + r * 0.35, letter, r * 0.95, { weight: 700, anchor: 'middle', fill: ink }),
  ];
}

/**
 * The display list of a printed page: what `layoutGuide` makes and every output format draws
 * (svg.ts for the browser and PNG, the server's pdf.ts for PDF). Units are PostScript points
 * (1/72 inch); x grows to the right and y downwards from the top-left corner of the trimmed page.
 * Items that touch the page edge extend BLEED_PT beyond it, so a print-shop PDF with bleed needs
 * no other layout; without bleed the page clips them.
 */

export const PT_PER_INCH = 72;
export const PT_PER_MM = 72 / 25.4;
/** How far edge-touching items run past the trim (3 mm, the print shops' bleed). */
export const BLEED_PT = 3 * PT_PER_MM;

export interface Paint {
  /** '#rrggbb'; no fill when absent. */
  fill?: string;
  /** '#rrggbb'; no stroke when absent. */
  stroke?: string;
  /** Stroke width in points (default 1). */
  width?: number;
  /** Dash pattern in points. */
  dash?: number[];
  /** 0..1 for fill and stroke (default 1). */
  opacity?: number;
  /** Even-odd for polygons with holes (default non-zero). */
  evenOdd?: boolean;
  lineCap?: 'butt' | 'round' | 'square';
  lineJoin?: 'miter' | 'round' | 'bevel';
}

/** A path in SVG path syntax with absolute M, L, C and Z commands only. */
export interface PathItem extends Paint {
  kind: 'path';
  d: string;
}

/**
 * Metrics of the guide font's face (font-metrics.ts, generated): advance widths in thousandths of
 * the font size without kerning or ligatures (the PDF is written with both turned off, so these
 * widths are exact), as runs of a first code point and two base-36 digits per code point.
 */
export interface FontFace {
  runs: [start: number, widths: string][];
  /** Above the baseline, in thousandths of the font size. */
  ascent: number;
  /** Below the baseline (negative), in thousandths of the font size. */
  descent: number;
  capHeight: number;
  xHeight: number;
}

export type TextAnchor = 'start' | 'middle' | 'end';
export type FontWeight = 400 | 700;

/** One line of text; y is the baseline. */
export interface TextItem {
  kind: 'text';
  x: number;
  y: number;
  text: string;
  size: number;
  weight: FontWeight;
  anchor: TextAnchor;
  fill: string;
  opacity?: number;
}

/** An image by reference (e.g. 'front' for the guide's front image); the output resolves the reference to its bytes or URL. */
export interface ImageItem {
  kind: 'image';
  ref: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** 'cover' fills the box (cropped by the clip around it), 'contain' fits inside it. */
  fit: 'cover' | 'contain';
}

/** Items drawn inside a clip rectangle. */
export interface GroupItem {
  kind: 'group';
  clip: { x: number; y: number; width: number; height: number };
  items: Item[];
}

export type Item = PathItem | TextItem | ImageItem | GroupItem;

export type PageKind = 'front' | 'welcome' | 'local-rules' | 'custom' | 'hole' | 'green' | 'handicap' | 'overview' | 'back' | 'blank' | 'tee-sign';

/** Where geographic points land on a drawing page: page = offset + R(rotation) · local metres × ptPerMetre (y flipped). */
export interface GeoFrame {
  /** [lon, lat] of the local plane's origin. */
  origin: [number, number];
  /** Degrees clockwise from north of the page's up direction. */
  upBearing: number;
  /** Points per metre on the page. */
  ptPerMetre: number;
  /** Page point of the origin. */
  offset: [number, number];
}

export interface Page {
  kind: PageKind;
  /** Trimmed size in points. */
  width: number;
  height: number;
  items: Item[];
  /** A short name of the page in the guide's language ('Hul 7', 'Green 7', 'Forside'): the preview's page list, the page a rendered image shows. */
  label: string;
  /** The hole a hole or green page shows (its number). */
  hole?: number;
  /** The frame of the page's drawing, for measuring (tests) and placing things on it. */
  geo?: GeoFrame;
  /** The scale of a drawing page as its denominator (500 for 1:500), when it is printed to scale. */
  scale?: number;
}

/** A path through points, closed or open, in the display list's syntax. */
export function pathOf(points: readonly (readonly number[])[], closed: boolean): string {
  if (points.length === 0) return '';
  let d = `M${num(points[0][0])} ${num(points[0][1])}`;
  for (let i = 1; i < points.length; i++) d += `L${num(points[i][0])} ${num(points[i][1])}`;
  return closed ? `${d}Z` : d;
}

/** A rectangle path. */
export function rectPath(x: number, y: number, w: number, h: number): string {
  return `M${num(x)} ${num(y)}L${num(x + w)} ${num(y)}L${num(x + w)} ${num(y + h)}L${num(x)} ${num(y + h)}Z`;
}

/** A rectangle with rounded corners (radius r), with cubic curves. */
export function roundRectPath(x: number, y: number, w: number, h: number, r: number): string {
  const k = r * 0.5523;
  const [x2, y2] = [x + w, y + h];
  return (
    `M${num(x + r)} ${num(y)}L${num(x2 - r)} ${num(y)}C${num(x2 - r + k)} ${num(y)} ${num(x2)} ${num(y + r - k)} ${num(x2)} ${num(y + r)}` +
    `L${num(x2)} ${num(y2 - r)}C${num(x2)} ${num(y2 - r + k)} ${num(x2 - r + k)} ${num(y2)} ${num(x2 - r)} ${num(y2)}` +
    `L${num(x + r)} ${num(y2)}C${num(x + r - k)} ${num(y2)} ${num(x)} ${num(y2 - r + k)} ${num(x)} ${num(y2 - r)}` +
    `L${num(x)} ${num(y + r)}C${num(x)} ${num(y + r - k)} ${num(x + r - k)} ${num(y)} ${num(x + r)} ${num(y)}Z`
  );
}

/** A circle of radius r around (cx, cy), with four cubic curves. */
export function circlePath(cx: number, cy: number, r: number): string {
  const k = r * 0.5523;
  return (
    `M${num(cx + r)} ${num(cy)}C${num(cx + r)} ${num(cy + k)} ${num(cx + k)} ${num(cy + r)} ${num(cx)} ${num(cy + r)}` +
    `C${num(cx - k)} ${num(cy + r)} ${num(cx - r)} ${num(cy + k)} ${num(cx - r)} ${num(cy)}` +
    `C${num(cx - r)} ${num(cy - k)} ${num(cx - k)} ${num(cy - r)} ${num(cx)} ${num(cy - r)}` +
    `C${num(cx + k)} ${num(cy - r)} ${num(cx + r)} ${num(cy - k)} ${num(cx + r)} ${num(cy)}Z`
  );
}

/** A coordinate with at most two decimals (1/7200 inch), without trailing zeros. */
export function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

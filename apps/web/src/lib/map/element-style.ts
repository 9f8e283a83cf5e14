/**
 * Resolution of a graphics element's style (§3 attribute values such as 'fill colour',
 * 'stroke width', 'opacity' %) into plain drawing parameters. No OpenLayers here, so it can be
 * tested and reused by any renderer.
 */

export type ElementStyleValues = Readonly<Record<string, string | undefined>>;

export interface ResolvedStyle {
  /** CSS colour of the fill with the element's opacity applied, or null for no fill. */
  fill: string | null;
  /** CSS colour of the outline, or null for none. */
  stroke: string | null;
  strokeWidth: number;
  lineDash: number[] | null;
  /** Radius in pixels of a point symbol. */
  radius: number;
  fontSize: number;
}

export type StyleVariant = 'normal' | 'dimmed' | 'selected';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const FALLBACK = { fill: '#9e9e9e', stroke: '#616161' };
/** How much of its alpha a read-only (context) feature keeps. */
export const DIMMED_ALPHA = 0.35;

function number(value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

/** An `rgba()` colour from `#rgb`/`#rrggbb` and an alpha 0–1; null when the colour is not a hex colour. */
export function hexToRgba(hex: string | undefined, alpha: number): string | null {
  const match = hex?.trim().match(HEX);
  if (!match) return null;
  let digits = match[1];
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const value = Number.parseInt(digits, 16);
  const a = Math.round(Math.min(1, Math.max(0, alpha)) * 1000) / 1000;
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${a})`;
}

/**
 * The drawing parameters of an element. 'opacity' (%) applies to the fill of areas and points,
 * and to the stroke of lines (which have no fill); a dimmed variant keeps a third of the alpha,
 * a selected one gets a wider outline.
 */
export function resolveElementStyle(
  values: ElementStyleValues,
  geometryType: 'line' | 'point' | 'polygon',
  variant: StyleVariant = 'normal',
): ResolvedStyle {
  const opacity = number(values.opacity, 100, 0, 100) / 100;
  const factor = variant === 'dimmed' ? DIMMED_ALPHA : 1;
  const strokeWidth = number(values['stroke width'], 1, 0, 50);
  const dash = number(values['line dash'], 0, 0, 100);
  const isLine = geometryType === 'line';
  const fillColour = values['fill colour'] ?? (isLine ? undefined : FALLBACK.fill);
  const strokeColour = values['stroke colour'] ?? (isLine ? FALLBACK.stroke : undefined);
  const fill = isLine ? null : hexToRgba(fillColour, opacity * factor);
  const strokeAlpha = (isLine ? opacity : 1) * factor;
  const stroke = strokeWidth > 0 ? hexToRgba(strokeColour, strokeAlpha) : null;
  return {
    fill: fill && opacity > 0 ? fill : null,
    stroke,
    strokeWidth: variant === 'selected' ? Math.max(strokeWidth, 1) + 2 : strokeWidth,
    lineDash: dash > 0 ? [dash, dash] : null,
    radius: number(values.radius, 5, 1, 50),
    fontSize: number(values['font size'], 13, 6, 72),
  };
}

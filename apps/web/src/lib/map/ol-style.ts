import type { FeatureLike } from 'ol/Feature';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Icon from 'ol/style/Icon';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { EL } from '@golf/contract/graphics-catalogue';
import { DEFAULT_SYMBOL, isPrintSymbol, symbolPath, takesIcon } from '@golf/contract/print/symbols';
import { resolveElementStyle, type StyleVariant } from './element-style';

/** Short text drawn inside an 'icon' point, by icon name (LABEL_ICONS). */
export const ICON_GLYPHS: Record<string, string> = {
  info: 'i',
  warning: '!',
  'drop-zone': 'DZ',
  toilet: 'WC',
  'water-fountain': 'W',
  shelter: 'S',
  parking: 'P',
  restaurant: 'R',
  'first-aid': '+',
};

const SELECTED_STROKE = 'rgba(25, 118, 210, 1)';
interface StrokeSpec {
  color: string;
  width: number;
  lineDash?: number[] | null;
}
/** The outline of a point drawn without a stroke of its own (as the circle always was). */
const DEFAULT_POINT_STROKE: StrokeSpec = { color: '#212121', width: 1 };

/** The side in px of the square a symbol of this radius and outline is drawn in (even, so the point is at a pixel corner). */
function symbolSize(radius: number, stroke: StrokeSpec | null): number {
  return 2 * Math.ceil(radius + (stroke && stroke.width > 0 ? stroke.width / 2 : 0) + 1);
}

/** The print symbol `icon` as an OpenLayers icon centred on the point (its size known before the SVG loads). */
function symbolIcon(icon: string, radius: number, fill: string | null, stroke: StrokeSpec): Icon {
  const size = symbolSize(radius, stroke);
  return new Icon({ src: symbolDataUrl(icon, radius, fill, stroke), size: [size, size] });
}

/**
 * An SVG data URL of the print symbol `icon` (decision 0028) with radius `radius` px, filled and
 * outlined like the print renderer draws it (`symbolPath`, round joins), in a square just big
 * enough for the outline. The icon's centre is the point.
 */
export function symbolDataUrl(icon: string, radius: number, fill: string | null, stroke: StrokeSpec | null): string {
  const size = symbolSize(radius, stroke);
  const half = size / 2;
  const attrs = [`d="${symbolPath(icon, half, half, radius)}"`, `fill="${fill ?? 'none'}"`];
  if (stroke && stroke.width > 0) {
    attrs.push(`stroke="${stroke.color}"`, `stroke-width="${stroke.width}"`, 'stroke-linejoin="round"');
    if (stroke.lineDash?.length) attrs.push(`stroke-dasharray="${stroke.lineDash.join(' ')}"`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><path ${attrs.join(' ')}/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export type ElementStyler = (feature: FeatureLike, variant?: StyleVariant) => Style;

/**
 * Makes OpenLayers styles for drawing features from the graphics elements' resolved styles. Each
 * style is built once per element, variant (and label text) and reused on every frame, so
 * dragging a vertex does not allocate styles. A point element whose theme gives it an icon is
 * drawn with that print symbol (one SVG icon per element, icon and variant). Layers give the
 * z-order (`zIndex`), then the catalogue order inside a layer.
 */
export function createElementStyler(elements: readonly ElementForEdit[]): ElementStyler {
  const byName = new Map(elements.map((e, index) => [e.name, { element: e, order: e.zIndex * 100 + Math.min(index, 99) }]));
  const cache = new Map<string, Style>();

  const build = (name: string, variant: StyleVariant, label: string | undefined, icon: string | undefined): Style => {
    const known = byName.get(name);
    const geometryType = known?.element.geometryType ?? 'polygon';
    const resolved = resolveElementStyle(known?.element.style ?? {}, geometryType, variant);
    const zIndex = known?.order ?? 0;
    const fill = resolved.fill ? new Fill({ color: resolved.fill }) : undefined;
    const outline: StrokeSpec | undefined = resolved.stroke
      ? { color: variant === 'selected' ? SELECTED_STROKE : resolved.stroke, width: resolved.strokeWidth, lineDash: resolved.lineDash }
      : variant === 'selected'
        ? { color: SELECTED_STROKE, width: 3, lineDash: null }
        : undefined;
    const stroke = outline ? new Stroke({ color: outline.color, width: outline.width, lineDash: outline.lineDash ?? undefined }) : undefined;

    if (name === EL.label) {
      return new Style({
        zIndex,
        text: new Text({
          text: label || '?',
          font: `600 ${resolved.fontSize}px sans-serif`,
          fill: new Fill({ color: resolved.fill ?? '#212121' }),
          stroke: new Stroke({ color: variant === 'selected' ? SELECTED_STROKE : (resolved.stroke ?? '#ffffff'), width: Math.max(2, resolved.strokeWidth) }),
          overflow: true,
        }),
      });
    }
    if (geometryType === 'point') {
      const glyph = name === EL.icon ? (ICON_GLYPHS[icon ?? ''] ?? '?') : undefined;
      const radius = resolved.radius + (variant === 'selected' ? 2 : 0);
      // The theme's print symbol (its 'icon' value), drawn as the print renderer draws it; no
      // symbol, 'circle', or a point the layout draws in a shape of its own keeps the circle.
      const symbol = known?.element.style.icon;
      const image =
        isPrintSymbol(symbol) && symbol !== DEFAULT_SYMBOL && takesIcon(name, geometryType)
          ? symbolIcon(symbol, radius, resolved.fill, outline ?? DEFAULT_POINT_STROKE)
          : new CircleStyle({ radius, fill, stroke: stroke ?? new Stroke({ color: DEFAULT_POINT_STROKE.color, width: DEFAULT_POINT_STROKE.width }) });
      return new Style({
        zIndex,
        image,
        text:
          glyph || label
            ? new Text({
                text: glyph ?? '',
                font: `700 ${Math.max(9, resolved.radius * 1.5)}px sans-serif`,
                fill: new Fill({ color: '#ffffff' }),
                overflow: true,
                ...(label && !glyph ? { text: label, offsetY: -resolved.radius - 9, fill: new Fill({ color: '#212121' }), stroke: new Stroke({ color: '#fff', width: 3 }) } : {}),
              })
            : undefined,
      });
    }
    return new Style({ zIndex, fill, stroke });
  };

  return (feature, variant = 'normal') => {
    const name = String(feature.get('element') ?? '');
    const label = feature.get('label') as string | undefined;
    const icon = feature.get('icon') as string | undefined;
    const textual = name === EL.label || name === EL.icon;
    const key = textual ? `${name}\u0000${variant}\u0000${label ?? ''}\u0000${icon ?? ''}` : `${name}\u0000${variant}`;
    let style = cache.get(key);
    if (!style) {
      style = build(name, variant, label, icon);
      cache.set(key, style);
    }
    return style;
  };
}

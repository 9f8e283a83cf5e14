import type { FeatureLike } from 'ol/Feature';
import CircleStyle from 'ol/style/Circle';
import Fill from 'ol/style/Fill';
import Stroke from 'ol/style/Stroke';
import Style from 'ol/style/Style';
import Text from 'ol/style/Text';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { EL } from '@golf/contract/graphics-catalogue';
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

export type ElementStyler = (feature: FeatureLike, variant?: StyleVariant) => Style;

/**
 * Makes OpenLayers styles for drawing features from the graphics elements' resolved styles. Each
 * style is built once per element, variant (and label text) and reused on every frame, so
 * dragging a vertex does not allocate styles. Layers give the z-order (`zIndex`), then the
 * catalogue order inside a layer.
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
    const stroke = resolved.stroke
      ? new Stroke({
          color: variant === 'selected' ? SELECTED_STROKE : resolved.stroke,
          width: resolved.strokeWidth,
          lineDash: resolved.lineDash ?? undefined,
        })
      : variant === 'selected'
        ? new Stroke({ color: SELECTED_STROKE, width: 3 })
        : undefined;

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
      return new Style({
        zIndex,
        image: new CircleStyle({ radius: resolved.radius + (variant === 'selected' ? 2 : 0), fill, stroke: stroke ?? new Stroke({ color: '#212121', width: 1 }) }),
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

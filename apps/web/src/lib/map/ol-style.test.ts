import { describe, expect, it } from 'vitest';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import CircleStyle from 'ol/style/Circle';
import Icon from 'ol/style/Icon';
import type { ElementForEdit } from '@golf/contract/api/graphics';
import { EL } from '@golf/contract/graphics-catalogue';
import { symbolPath, unitSymbolPath } from '@golf/contract/print/symbols';
import { createElementStyler, symbolDataUrl } from './ol-style';

const element = (id: number, name: string, style: Record<string, string>, geometryType: ElementForEdit['geometryType'] = 'point'): ElementForEdit => ({
  id,
  name,
  groupName: 'Vegetation',
  layerName: 'Trees',
  geometryType,
  shorthand: `E${id}`,
  zIndex: 50,
  style,
});
const point = (name: string, props: Record<string, unknown> = {}) => new Feature({ geometry: new Point([0, 0]), element: name, ...props });
const TREE = { 'fill colour': '#2e7d32', 'stroke colour': '#1b5e20', 'stroke width': '1', radius: '6' };

/** The SVG inside an icon's data URL. */
function svgOf(icon: Icon): string {
  const src = icon.getSrc() ?? '';
  expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
  return decodeURIComponent(src.slice(src.indexOf(',') + 1));
}

describe('point symbols on the map (theme icons, decision 0028)', () => {
  it("draws a tree whose theme gives it the icon 'tree' as that symbol in its colours and radius", () => {
    const styler = createElementStyler([element(1, EL.tree, { ...TREE, icon: 'tree' })]);
    const image = styler(point(EL.tree)).getImage();
    expect(image).toBeInstanceOf(Icon);
    const svg = svgOf(image as Icon);
    // Radius 6 and stroke width 1: a 16 px square (6 + 0.5 + 1, rounded up, twice) centred on the point.
    expect(svg).toContain('width="16" height="16" viewBox="0 0 16 16"');
    expect(svg).toContain(`d="${symbolPath('tree', 8, 8, 6)}"`);
    expect(symbolPath('tree', 8, 8, 6)).not.toBe(symbolPath('circle', 8, 8, 6));
    expect(svg).toContain('fill="rgba(46, 125, 50, 1)"');
    expect(svg).toContain('stroke="rgba(27, 94, 32, 1)" stroke-width="1" stroke-linejoin="round"');
    expect((image as Icon).getSize()).toEqual([16, 16]);
    expect((image as Icon).getAnchor()).toEqual([8, 8]);
  });

  it("draws a point without an icon, with 'circle' or with an unknown value as today's circle", () => {
    const styler = createElementStyler([
      element(1, EL.tree, TREE),
      element(2, EL.distanceMarker, { ...TREE, icon: 'circle' }),
      element(3, EL.tPoint, { ...TREE, icon: 'palm' }),
    ]);
    for (const name of [EL.tree, EL.distanceMarker, EL.tPoint]) {
      const image = styler(point(name)).getImage();
      expect(image, name).toBeInstanceOf(CircleStyle);
      expect((image as CircleStyle).getRadius()).toBe(6);
      expect((image as CircleStyle).getFill()?.getColor()).toBe('rgba(46, 125, 50, 1)');
      expect((image as CircleStyle).getStroke()?.getColor()).toBe('rgba(27, 94, 32, 1)');
    }
  });

  it('keeps the own shapes of pins and label icons, whatever their icon value', () => {
    const styler = createElementStyler([element(1, EL.pinPosition, { ...TREE, icon: 'star' }), element(2, EL.icon, { ...TREE, icon: 'star' })]);
    expect(styler(point(EL.pinPosition)).getImage()).toBeInstanceOf(CircleStyle);
    const labelIcon = styler(point(EL.icon, { icon: 'info' }));
    expect(labelIcon.getImage()).toBeInstanceOf(CircleStyle);
    expect(labelIcon.getText()?.getText()).toBe('i');
  });

  it('reuses one style per element and variant, and draws the selected symbol larger with the selection outline', () => {
    const styler = createElementStyler([element(1, EL.tree, { ...TREE, icon: 'conifer' })]);
    const normal = styler(point(EL.tree));
    expect(styler(point(EL.tree))).toBe(normal);
    const selected = styler(point(EL.tree), 'selected');
    expect(selected).not.toBe(normal);
    expect(styler(point(EL.tree), 'selected')).toBe(selected);
    const svg = svgOf(selected.getImage() as Icon);
    // Radius 6 + 2 and stroke width 1 + 2.
    expect(svg).toContain(`d="${symbolPath('conifer', 11, 11, 8)}"`);
    expect(svg).toContain('stroke="rgba(25, 118, 210, 1)" stroke-width="3"');
    // Dimmed: the theme's colours at a third of their alpha.
    expect(svgOf(styler(point(EL.tree), 'dimmed').getImage() as Icon)).toContain('fill="rgba(46, 125, 50, 0.35)"');
  });

  it('outlines a symbol without a stroke like the circle, and leaves an unfilled one empty', () => {
    const svg = decodeURIComponent(symbolDataUrl('drop', 5, null, { color: '#212121', width: 1 }).split(',')[1]);
    expect(svg).toContain('fill="none"');
    expect(svg).toContain('stroke="#212121" stroke-width="1"');
    expect(unitSymbolPath('drop')).toMatch(/^M/);
    const styler = createElementStyler([element(1, EL.tree, { 'fill colour': '#2e7d32', radius: '4', icon: 'bush' })]);
    expect(svgOf(styler(point(EL.tree)).getImage() as Icon)).toContain('stroke="#212121" stroke-width="1"');
  });
});

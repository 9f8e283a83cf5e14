import { describe, expect, it } from 'vitest';
import type { DrawingFeature } from '../api/drawings';
import { themeValueProblem, ThemeValue } from '../api/themes';
import { CATALOGUE_ATTRIBUTES, EL } from '../graphics-catalogue';
import { demoGuideInput } from './demo-guide.test-support';
import type { HolePage } from './hole-page';
import { GuideRenderInput, type ElementStyle } from './input';
import { layoutGuide } from './layout';
import { circlePath, type Item } from './page';
import { featureItems } from './parts';
import { DEFAULT_SYMBOL, PRINT_SYMBOLS, symbolPath, takesIcon, unitSymbolPath } from './symbols';
import { builtInCatalogue, resolveTheme, type CatalogueData } from './theme';

function paths(items: Item[]): string[] {
  return items.flatMap((i) => (i.kind === 'path' ? [i.d] : i.kind === 'group' ? paths(i.items) : []));
}

const STYLE: ElementStyle = { fill: '#2e6b30', stroke: '#1b4d1e', strokeWidth: 1, opacity: 1, dash: 0, radius: 6, zIndex: 60 };
const point: DrawingFeature = { type: 'Feature', id: 't1', geometry: { type: 'Point', coordinates: [10, 56] }, properties: { element: EL.tree } };
const toPage = () => [100, 200] as [number, number];
const scale = { line: 0.5, symbol: 0.5 };

describe('print symbols', () => {
  it('are closed outlines of absolute M, L, C and Z within the unit box, circle first', () => {
    expect(PRINT_SYMBOLS[0]).toBe(DEFAULT_SYMBOL);
    expect(PRINT_SYMBOLS.length).toBeGreaterThanOrEqual(10);
    for (const id of PRINT_SYMBOLS) {
      const d = unitSymbolPath(id);
      expect(d, id).toMatch(/^M[-\d. MLCZ]+Z$/);
      const numbers = d.split(/[MLCZ\s]+/).filter(Boolean).map(Number);
      expect(numbers.every((n) => Number.isFinite(n) && Math.abs(n) <= 1.0001), id).toBe(true);
      expect(numbers.length % 2, id).toBe(0);
    }
  });

  it('draw a circle exactly as before without an icon, with circle, and with an id that is no symbol', () => {
    for (const id of [undefined, 'circle', 'no-such-symbol']) expect(symbolPath(id, 12.5, 40, 3)).toBe(circlePath(12.5, 40, 3));
  });

  it('scale the unit outline by the radius and move it to the point', () => {
    // The diamond's corners: top, right, bottom, left.
    expect(symbolPath('diamond', 10, 20, 5)).toBe('M10 15L15 20L10 25L5 20Z');
    expect(symbolPath('square', 0, 0, 2)).toBe('M-1.7 -1.7L1.7 -1.7L1.7 1.7L-1.7 1.7Z');
    // The tree starts at the foot of its trunk.
    expect(symbolPath('tree', 100, 200, 3)).toMatch(/^M99\.58 203L/);
  });

  it('are offered for the point elements the layout draws as symbols', () => {
    expect(takesIcon(EL.tree, 'point')).toBe(true);
    expect(takesIcon(EL.distanceMarker, 'point')).toBe(true);
    expect(takesIcon(EL.tPoint, 'point')).toBe(true);
    expect(takesIcon(EL.pinPosition, 'point')).toBe(false);
    expect(takesIcon(EL.sponsorSign, 'point')).toBe(false);
    expect(takesIcon(EL.bunker, 'polygon')).toBe(false);
  });
});

describe("a theme's 'icon' attribute", () => {
  it('is a theme attribute of the catalogue whose values must be symbol ids', () => {
    expect(CATALOGUE_ATTRIBUTES).toContainEqual(['icon', 'text']);
    expect(themeValueProblem('icon', 'tree')).toBeNull();
    expect(themeValueProblem('icon', 'Tree')).toMatch(/Icon must be one of circle/);
    expect(themeValueProblem('icon', '')).not.toBeNull();
    expect(ThemeValue.safeParse({ elementName: EL.tree, attributeName: 'icon', value: 'bush' }).success).toBe(true);
    expect(ThemeValue.safeParse({ elementName: EL.tree, attributeName: 'icon', value: 'palm' }).success).toBe(false);
  });

  it("draws a point feature with the element's symbol, filled and outlined in its colours", () => {
    const [plain] = featureItems(point, STYLE, toPage, scale);
    expect(plain).toMatchObject({ kind: 'path', d: circlePath(100, 200, 3), fill: '#2e6b30', stroke: '#1b4d1e' });
    expect(plain).not.toHaveProperty('lineJoin');
    const [tree] = featureItems(point, { ...STYLE, icon: 'tree' }, toPage, scale);
    expect(tree).toMatchObject({ kind: 'path', d: symbolPath('tree', 100, 200, 3), fill: '#2e6b30', stroke: '#1b4d1e', width: 0.5, lineJoin: 'round' });
    expect(featureItems(point, { ...STYLE, icon: 'circle' }, toPage, scale)).toEqual([plain]);
  });

  it('is inherited from the parent theme, and a child’s own icon wins (resolveTheme)', () => {
    const base = builtInCatalogue();
    const data: CatalogueData = {
      ...base,
      themes: [...base.themes, { name: 'Parkland', parentName: 'Standard' }, { name: 'Parkland pines', parentName: 'Parkland' }],
      themeAttributes: [
        ...base.themeAttributes,
        { themeName: 'Parkland', elementName: EL.tree, attributeName: 'icon', value: 'tree' },
        { themeName: 'Parkland', elementName: EL.distanceMarker, attributeName: 'icon', value: 'post' },
        { themeName: 'Parkland pines', elementName: EL.tree, attributeName: 'icon', value: 'conifer' },
        // Not a symbol: ignored, the element keeps its circle.
        { themeName: 'Parkland pines', elementName: EL.tPoint, attributeName: 'icon', value: 'rocket' },
      ],
    };
    const parent = resolveTheme(data, 'Parkland');
    const child = resolveTheme(data, 'Parkland pines');
    expect(parent.elements[EL.tree].icon).toBe('tree');
    expect(child.elements[EL.tree].icon).toBe('conifer');
    expect(child.elements[EL.distanceMarker].icon).toBe('post');
    expect(child.elements[EL.tPoint]).not.toHaveProperty('icon');
    expect(resolveTheme(data, 'Standard').elements[EL.tree]).not.toHaveProperty('icon');
    // Through the renderer: the child's trees are conifers, its markers posts.
    const [conifer] = featureItems(point, child.elements[EL.tree], toPage, scale);
    expect((conifer as { d: string }).d).toBe(symbolPath('conifer', 100, 200, child.elements[EL.tree].radius * scale.symbol));
  });

  it("renders the guide's hole pages with the symbols, and with an icon-less theme as before", () => {
    const before = layoutGuide(GuideRenderInput.parse(demoGuideInput()));
    const withCircle = resolveTheme(builtInCatalogue(), 'Standard');
    withCircle.elements[EL.distanceMarker] = { ...withCircle.elements[EL.distanceMarker], icon: 'circle' };
    expect(layoutGuide(GuideRenderInput.parse(demoGuideInput({ theme: withCircle })))).toEqual(before);

    const theme = resolveTheme(
      { ...builtInCatalogue(), themeAttributes: [{ themeName: 'Standard', elementName: EL.distanceMarker, attributeName: 'icon', value: 'post' }, { themeName: 'Standard', elementName: EL.tPoint, attributeName: 'icon', value: 'star' }] },
      'Standard',
    );
    const after = layoutGuide(GuideRenderInput.parse(demoGuideInput({ theme })));
    const holeBefore = before.find((p): p is HolePage => p.kind === 'hole')!;
    const holeAfter = after.find((p): p is HolePage => p.kind === 'hole')!;
    const post = unitSymbolPath('post');
    // The post's outline has five corners: M and four L, then Z; a circle has four curves.
    const shape = (d: string) => d.replace(/[^MLCZ]/g, '');
    expect(shape(post)).toBe('MLLLLZ');
    expect(paths(holeBefore.items).filter((d) => shape(d) === 'MLLLLZ').length).toBeLessThan(paths(holeAfter.items).filter((d) => shape(d) === 'MLLLLZ').length);
    // The green page's T-point is the theme's star.
    const greenAfter = after.find((p) => p.kind === 'green')!;
    expect(paths(greenAfter.items).some((d) => shape(d) === `M${'L'.repeat(9)}Z`)).toBe(true);
    expect(paths(before.find((p) => p.kind === 'green')!.items).some((d) => shape(d) === `M${'L'.repeat(9)}Z`)).toBe(false);
  });
});

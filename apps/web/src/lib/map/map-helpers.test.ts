import { describe, expect, it } from 'vitest';
import { distance } from '@golf/contract/geo/measure';
import { hexToRgba, resolveElementStyle } from './element-style';
import { formatArea, formatHeight, formatLength, tenthsOfMetres, wholeMetres } from './format';
import { canRedo, canUndo, createHistory, current, currentId, push, redo, undo } from './history';
import { unproject } from '@golf/contract/geo/projection';
import { createMeasurer, projectedPolygonArea, shoelaceArea } from './measure';

describe('undo/redo history', () => {
  it('undoes and redoes snapshots in order and drops the redo branch on a new change', () => {
    let h = createHistory<string[]>([]);
    expect(canUndo(h)).toBe(false);
    h = push(h, ['a']);
    h = push(h, ['a', 'b']);
    expect(current(h)).toEqual(['a', 'b']);
    h = undo(h);
    expect(current(h)).toEqual(['a']);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(current(h)).toEqual(['a', 'b']);
    h = undo(undo(h));
    expect(current(h)).toEqual([]);
    expect(undo(h)).toBe(h);
    h = push(h, ['c']);
    expect(canRedo(h)).toBe(false);
    expect(current(h)).toEqual(['c']);
    expect(redo(h)).toBe(h);
  });

  it('tells unsaved changes by entry id, clean again after undoing back to the saved entry', () => {
    let h = createHistory(0);
    const saved = currentId(h);
    h = push(h, 1);
    expect(currentId(h)).not.toBe(saved);
    h = undo(h);
    expect(currentId(h)).toBe(saved);
  });

  it('keeps at most `limit` entries, dropping the oldest', () => {
    let h = createHistory(0, 3);
    for (let i = 1; i <= 5; i++) h = push(h, i);
    expect(h.entries.map((e) => e.value)).toEqual([3, 4, 5]);
    h = undo(undo(h));
    expect(current(h)).toBe(3);
    expect(canUndo(h)).toBe(false);
  });
});

describe('element style resolution', () => {
  it('converts hex colours with alpha', () => {
    expect(hexToRgba('#f3e3b3', 1)).toBe('rgba(243, 227, 179, 1)');
    expect(hexToRgba('#fff', 0.5)).toBe('rgba(255, 255, 255, 0.5)');
    expect(hexToRgba('red', 1)).toBeNull();
    expect(hexToRgba(undefined, 1)).toBeNull();
  });

  it('applies opacity % to the fill of areas and keeps the outline opaque', () => {
    const s = resolveElementStyle({ 'fill colour': '#2e6b30', 'stroke colour': '#1b4d1e', 'stroke width': '1', opacity: '90' }, 'polygon');
    expect(s.fill).toBe('rgba(46, 107, 48, 0.9)');
    expect(s.stroke).toBe('rgba(27, 77, 30, 1)');
    expect(s.strokeWidth).toBe(1);
    expect(s.lineDash).toBeNull();
  });

  it('draws no fill at 0 % (hole boundary) but its dashed outline', () => {
    const s = resolveElementStyle({ 'fill colour': '#000000', 'stroke colour': '#6d4c41', 'stroke width': '2', opacity: '0', 'line dash': '6' }, 'polygon');
    expect(s.fill).toBeNull();
    expect(s.stroke).toBe('rgba(109, 76, 65, 1)');
    expect(s.lineDash).toEqual([6, 6]);
  });

  it('gives lines no fill and their opacity on the stroke; dims read-only features; widens the selected outline', () => {
    const line = resolveElementStyle({ 'stroke colour': '#9e9e9e', 'stroke width': '3', opacity: '50' }, 'line');
    expect(line.fill).toBeNull();
    expect(line.stroke).toBe('rgba(158, 158, 158, 0.5)');
    const dimmed = resolveElementStyle({ 'fill colour': '#ffffff', opacity: '100' }, 'polygon', 'dimmed');
    expect(dimmed.fill).toBe('rgba(255, 255, 255, 0.35)');
    expect(resolveElementStyle({ 'stroke width': '2', 'stroke colour': '#000' }, 'polygon', 'selected').strokeWidth).toBe(4);
  });

  it('falls back on sane values for missing or broken attributes', () => {
    const s = resolveElementStyle({ 'stroke width': 'wide', radius: '-3', opacity: '250' }, 'point');
    expect(s.strokeWidth).toBe(1);
    expect(s.radius).toBe(1);
    expect(s.fill).toBe('rgba(158, 158, 158, 1)');
    expect(resolveElementStyle({}, 'point').radius).toBe(5);
  });
});

describe('measurement formatting', () => {
  it('formats lengths in metres, areas in m² and heights', () => {
    expect(formatLength(7.46, 'en')).toBe('7.5 m');
    expect(formatLength(312.4, 'en')).toBe('312 m');
    expect(formatLength(1234.4, 'en')).toBe('1,234 m');
    expect(formatLength(7.46, 'da')).toBe('7,5 m');
    expect(formatArea(1234.6, 'en')).toBe('1,235 m²');
    expect(formatArea(NaN, 'en')).toBe('–');
    expect(formatHeight(12, 'en')).toBe('12.0 m');
    expect(formatHeight(null, 'en')).toBe('–');
    // A tee's total, a column's total: the unit comes from the translation.
    expect(wholeMetres(6343.6, 'da')).toBe('6.344');
    expect(wholeMetres(6343.6, 'en')).toBe('6,344');
    // A pin's distances: a tenth, the unit in the sentence.
    expect(tenthsOfMetres(8.84, 'da')).toBe('8,8');
    expect(tenthsOfMetres(4, 'en')).toBe('4.0');
  });
});

describe('measurer by srid', () => {
  const a = [12.861, 56.2437];
  const b = [12.8625, 56.2449];
  it('measures geodesically for srid 4326 and in SWEREF99 TM for srid 3006 (within its scale error)', () => {
    const geodesic = createMeasurer(4326);
    const sweref = createMeasurer(3006);
    expect(geodesic.projected).toBe(false);
    expect(sweref.projected).toBe(true);
    expect(geodesic.distance(a, b)).toBeCloseTo(distance(a, b), 6);
    const d = sweref.distance(a, b);
    expect(Math.abs(d - distance(a, b)) / distance(a, b)).toBeLessThan(0.001);
    expect(sweref.lineLength([a, b, a])).toBeCloseTo(2 * d, 6);
  });
  it('measures a 100 m × 100 m square as about 10,000 m²', () => {
    const m = createMeasurer(4326);
    const lat = 55.7113;
    const dLat = 100 / 111_320;
    const dLon = 100 / (111_320 * Math.cos((lat * Math.PI) / 180));
    const ring = [[9.5, lat], [9.5 + dLon, lat], [9.5 + dLon, lat + dLat], [9.5, lat + dLat], [9.5, lat]];
    expect(m.polygonArea([ring])).toBeGreaterThan(9900);
    expect(m.polygonArea([ring])).toBeLessThan(10100);
  });
  it('measures areas of srid 3006 clubs in SWEREF99 TM: a 100 m square of that grid is 10,000 m², minus its hole', () => {
    // Corners given in SWEREF99 TM (easting, northing near Ljungbacka), turned into lon/lat by proj4.
    const [e, n] = [370_000, 6_236_000];
    const square = (x0: number, y0: number, size: number) =>
      [[x0, y0], [x0 + size, y0], [x0 + size, y0 + size], [x0, y0 + size], [x0, y0]].map(([x, y]) => unproject(3006, [x, y]));
    const outer = square(e, n, 100);
    const hole = square(e + 20, n + 20, 10);
    const sweref = createMeasurer(3006);
    expect(sweref.polygonArea([outer])).toBeCloseTo(10_000, 3);
    expect(sweref.polygonArea([outer, hole])).toBeCloseTo(9_900, 3);
    expect(projectedPolygonArea(3006, [[...outer].reverse()])).toBeCloseTo(10_000, 3);
    // The grid square is not exactly 10,000 m² on the ellipsoid (scale factor 0.9996 and distortion).
    const geodesic = createMeasurer(4326).polygonArea([outer]);
    expect(Math.abs(geodesic - 10_000)).toBeGreaterThan(1);
    expect(Math.abs(geodesic - 10_000) / 10_000).toBeLessThan(0.002);
  });

  it('computes planar ring areas by the shoelace formula, open or closed, either orientation', () => {
    expect(shoelaceArea([[0, 0], [4, 0], [4, 3], [0, 3]])).toBe(12);
    expect(shoelaceArea([[0, 0], [0, 3], [4, 3], [4, 0], [0, 0]])).toBe(12);
    expect(shoelaceArea([[0, 0], [1, 1]])).toBe(0);
    expect(projectedPolygonArea(3006, [])).toBe(0);
  });
});

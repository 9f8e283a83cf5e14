import { describe, expect, it } from 'vitest';
import { DRAWING_LIMITS, type Drawing, type DrawingFeature } from '../api/drawings';
import type { GeometryType } from '../api/graphics';
import { CATALOGUE_ELEMENTS } from '../graphics-catalogue';
import { validateDrawing } from './validate';

const ELEMENTS: ReadonlyMap<string, GeometryType> = new Map(CATALOGUE_ELEMENTS.map(([name, , , geometry]) => [name, geometry]));

const SQUARE = [[9.53, 55.71], [9.531, 55.71], [9.531, 55.711], [9.53, 55.711], [9.53, 55.71]];
const HOLE = [[9.5302, 55.7102], [9.5304, 55.7102], [9.5304, 55.7104], [9.5302, 55.7102]];

function polygon(id: string, element: string, coordinates: number[][][]): DrawingFeature {
  return { type: 'Feature', id, geometry: { type: 'Polygon', coordinates }, properties: { element } };
}
function line(id: string, element: string, coordinates: number[][]): DrawingFeature {
  return { type: 'Feature', id, geometry: { type: 'LineString', coordinates }, properties: { element } };
}
function point(id: string, element: string, coordinates: number[]): DrawingFeature {
  return { type: 'Feature', id, geometry: { type: 'Point', coordinates }, properties: { element } };
}
const drawing = (...features: DrawingFeature[]): Drawing => ({ type: 'FeatureCollection', features });

/** The problems of a drawing of one feature. */
const check = (f: DrawingFeature) => validateDrawing(drawing(f), ELEMENTS);

describe('validateDrawing', () => {
  it('accepts a good drawing (polygons with holes, lines with heights, points)', () => {
    const good = drawing(
      polygon('g1', 'green', [SQUARE]),
      polygon('f1', 'fairway', [SQUARE, HOLE]),
      line('pl', 'play line', [[9.53, 55.705, 12.5], [9.5305, 55.7105, 14], [9.531, 55.712, 13]]),
      point('t1', 'tree', [9.5301, 55.7101]),
      point('tp', 'T-point', [9.5301, 55.7101, 13]),
    );
    expect(validateDrawing(good, ELEMENTS)).toEqual([]);
    expect(validateDrawing(drawing(), ELEMENTS)).toEqual([]);
  });

  it('refuses an element that is not in the catalogue', () => {
    expect(check(point('x1', 'flamingo', [9.53, 55.71]))).toEqual([
      { feature: 'x1', message: "Flamingo 'x1': 'flamingo' is not an element of the graphics catalogue" },
    ]);
  });

  it('refuses a geometry type that does not match the element', () => {
    expect(check(point('b12', 'bunker', [9.53, 55.71]))).toEqual([
      { feature: 'b12', message: "Bunker 'b12': a polygon element cannot be drawn as Point" },
    ]);
    expect(check(polygon('pl', 'play line', [SQUARE]))[0].message).toBe("Play line 'pl': a line element cannot be drawn as Polygon");
    expect(check(line('t', 'tree', [[9.53, 55.71], [9.531, 55.71]]))[0].message).toBe("Tree 't': a point element cannot be drawn as LineString");
  });

  it('refuses coordinates that are not finite numbers', () => {
    for (const bad of [NaN, Infinity, -Infinity]) {
      const problems = check(line('l1', 'path', [[9.53, 55.71], [bad, 55.711]]));
      expect(problems).toEqual([{ feature: 'l1', message: "Path 'l1': has a coordinate that is not a finite number" }]);
    }
  });

  it('refuses longitudes and latitudes out of range', () => {
    expect(check(point('t', 'tree', [180.5, 55.71]))[0].message).toBe("Tree 't': has longitude 180.5 outside -180..180");
    expect(check(point('t', 'tree', [9.53, -90.1]))[0].message).toBe("Tree 't': has latitude -90.1 outside -90..90");
    expect(check(point('t', 'tree', [-180, 90]))).toEqual([]);
  });

  it('refuses a height that is not finite or 10 000 m or more', () => {
    expect(check(point('t', 'tree', [9.53, 55.71, NaN]))[0].message).toBe("Tree 't': has a height that is not a finite number");
    expect(check(point('t', 'tree', [9.53, 55.71, 10000]))[0].message).toBe("Tree 't': has height 10000 m, beyond ±10000 m");
    expect(check(point('t', 'tree', [9.53, 55.71, -9999.5]))).toEqual([]);
  });

  it('refuses a line with fewer than 2 distinct positions', () => {
    const msg = "Path 'p': a line needs at least 2 different positions";
    expect(check(line('p', 'path', [[9.53, 55.71]]))).toEqual([{ feature: 'p', message: msg }]);
    expect(check(line('p', 'path', [[9.53, 55.71], [9.53, 55.71], [9.53, 55.71]]))).toEqual([{ feature: 'p', message: msg }]);
    expect(check(line('p', 'path', []))).toEqual([{ feature: 'p', message: msg }]);
  });

  it('refuses a ring that is not closed', () => {
    expect(check(polygon('b12', 'bunker', [SQUARE.slice(0, -1)]))).toEqual([
      { feature: 'b12', message: "Bunker 'b12': ring 1 (outer) is not closed (its first and last positions differ)" },
    ]);
    expect(check(polygon('f', 'fairway', [SQUARE, HOLE.slice(0, -1)]))[0].message).toBe(
      "Fairway 'f': ring 2 is not closed (its first and last positions differ)",
    );
  });

  it('refuses a ring with fewer than 4 positions or fewer than 3 corners, and a polygon without rings', () => {
    expect(check(polygon('g', 'green', [[[9.53, 55.71], [9.531, 55.71], [9.53, 55.71]]]))[0].message).toBe(
      "Green 'g': ring 1 (outer) has 3 positions; a closed ring needs at least 4",
    );
    expect(check(polygon('g', 'green', [[[9.53, 55.71], [9.531, 55.71], [9.531, 55.71], [9.53, 55.71]]]))[0].message).toBe(
      "Green 'g': ring 1 (outer) needs at least 3 different corners",
    );
    expect(check(polygon('g', 'green', []))[0].message).toBe("Green 'g': a polygon needs an outer ring");
  });

  it('refuses more rings than DRAWING_LIMITS.ringsPerPolygon', () => {
    const rings = [SQUARE, ...Array.from({ length: DRAWING_LIMITS.ringsPerPolygon }, () => HOLE)];
    expect(check(polygon('f', 'fairway', rings))).toEqual([
      { feature: 'f', message: `Fairway 'f': has ${rings.length} rings; at most ${DRAWING_LIMITS.ringsPerPolygon} are allowed` },
    ]);
  });

  it('refuses more vertices than allowed per feature and in total', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => [9.53 + i * 1e-7, 55.71 + (i % 2) * 1e-7]);
    const big = line('p', 'path', many(DRAWING_LIMITS.verticesPerFeature + 1));
    expect(check(big)).toEqual([
      { feature: 'p', message: `Path 'p': has ${DRAWING_LIMITS.verticesPerFeature + 1} vertices; at most ${DRAWING_LIMITS.verticesPerFeature} are allowed per feature` },
    ]);
    const perFeature = DRAWING_LIMITS.verticesPerFeature;
    const count = Math.floor(DRAWING_LIMITS.vertices / perFeature) + 1;
    const features = Array.from({ length: count }, (_, i) => line(`p${i}`, 'path', many(perFeature)));
    expect(validateDrawing(drawing(...features), ELEMENTS)).toEqual([
      { feature: '', message: `The drawing has ${count * perFeature} vertices; at most ${DRAWING_LIMITS.vertices} are allowed` },
    ]);
  });

  it('refuses more features than allowed', () => {
    const features = Array.from({ length: DRAWING_LIMITS.features + 1 }, (_, i) => point(`t${i}`, 'tree', [9.53, 55.71]));
    expect(validateDrawing(drawing(...features), ELEMENTS)).toEqual([
      { feature: '', message: `The drawing has ${DRAWING_LIMITS.features + 1} features; at most ${DRAWING_LIMITS.features} are allowed` },
    ]);
  });

  it('refuses duplicate feature ids once per id', () => {
    const problems = validateDrawing(
      drawing(point('t', 'tree', [9.53, 55.71]), point('t', 'tree', [9.531, 55.71]), point('t', 'tree', [9.532, 55.71])),
      ELEMENTS,
    );
    expect(problems).toEqual([{ feature: 't', message: "Tree 't': the feature id is used by more than one feature" }]);
  });

  it('reports every broken feature, one problem per rule', () => {
    const problems = validateDrawing(
      drawing(polygon('b1', 'bunker', [SQUARE.slice(0, -1)]), point('x', 'nope', [200, 0]), line('ok', 'path', [[9.53, 55.71], [9.531, 55.71]])),
      ELEMENTS,
    );
    expect(problems.map((p) => p.feature)).toEqual(['b1', 'x', 'x']);
  });
});

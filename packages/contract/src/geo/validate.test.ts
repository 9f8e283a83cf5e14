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
      {
        feature: 'x1',
        code: 'drawings.problem.unknownElement',
        params: { element: 'flamingo', feature: 'x1', name: 'flamingo' },
        message: "Flamingo 'x1': 'flamingo' is not an element of the graphics catalogue",
      },
    ]);
  });

  it('refuses a geometry type that does not match the element', () => {
    expect(check(point('b12', 'bunker', [9.53, 55.71]))).toEqual([
      {
        feature: 'b12',
        code: 'drawings.problem.wrongGeometry',
        params: { element: 'bunker', feature: 'b12', geometry: 'polygon', drawnAs: 'Point' },
        message: "Bunker 'b12': a polygon element cannot be drawn as Point",
      },
    ]);
    expect(check(polygon('pl', 'play line', [SQUARE]))[0].message).toBe("Play line 'pl': a line element cannot be drawn as Polygon");
    expect(check(line('t', 'tree', [[9.53, 55.71], [9.531, 55.71]]))[0].message).toBe("Tree 't': a point element cannot be drawn as LineString");
  });

  it('refuses coordinates that are not finite numbers', () => {
    for (const bad of [NaN, Infinity, -Infinity]) {
      const problems = check(line('l1', 'path', [[9.53, 55.71], [bad, 55.711]]));
      expect(problems).toEqual([
        { feature: 'l1', code: 'drawings.problem.coordinateNotFinite', params: { element: 'path', feature: 'l1' }, message: "Path 'l1': has a coordinate that is not a finite number" },
      ]);
    }
  });

  it('refuses longitudes and latitudes out of range', () => {
    expect(check(point('t', 'tree', [180.5, 55.71]))[0].message).toBe("Tree 't': has longitude 180.5 outside -180..180");
    expect(check(point('t', 'tree', [9.53, -90.1]))[0].message).toBe("Tree 't': has latitude -90.1 outside -90..90");
    expect(check(point('t', 'tree', [180.5, 55.71]))[0]).toMatchObject({ code: 'drawings.problem.longitudeOutOfRange', params: { element: 'tree', feature: 't', longitude: 180.5 } });
    expect(check(point('t', 'tree', [9.53, -90.1]))[0]).toMatchObject({ code: 'drawings.problem.latitudeOutOfRange', params: { element: 'tree', feature: 't', latitude: -90.1 } });
    expect(check(point('t', 'tree', [-180, 90]))).toEqual([]);
  });

  it('refuses a height that is not finite or 10 000 m or more', () => {
    expect(check(point('t', 'tree', [9.53, 55.71, NaN]))[0].message).toBe("Tree 't': has a height that is not a finite number");
    expect(check(point('t', 'tree', [9.53, 55.71, 10000]))[0].message).toBe("Tree 't': has height 10000 m, beyond ±10000 m");
    expect(check(point('t', 'tree', [9.53, 55.71, NaN]))[0]).toMatchObject({ code: 'drawings.problem.heightNotFinite', params: { element: 'tree', feature: 't' } });
    expect(check(point('t', 'tree', [9.53, 55.71, 10000]))[0]).toMatchObject({ code: 'drawings.problem.heightOutOfRange', params: { height: 10000, max: 10000 } });
    expect(check(point('t', 'tree', [9.53, 55.71, -9999.5]))).toEqual([]);
  });

  it('refuses a line with fewer than 2 distinct positions', () => {
    const problem = { feature: 'p', code: 'drawings.problem.lineTooShort', params: { element: 'path', feature: 'p' }, message: "Path 'p': a line needs at least 2 different positions" };
    expect(check(line('p', 'path', [[9.53, 55.71]]))).toEqual([problem]);
    expect(check(line('p', 'path', [[9.53, 55.71], [9.53, 55.71], [9.53, 55.71]]))).toEqual([problem]);
    expect(check(line('p', 'path', []))).toEqual([problem]);
  });

  it('refuses a ring that is not closed', () => {
    expect(check(polygon('b12', 'bunker', [SQUARE.slice(0, -1)]))).toEqual([
      {
        feature: 'b12',
        code: 'drawings.problem.outerRingNotClosed',
        params: { element: 'bunker', feature: 'b12' },
        message: "Bunker 'b12': ring 1 (outer) is not closed (its first and last positions differ)",
      },
    ]);
    expect(check(polygon('f', 'fairway', [SQUARE, HOLE.slice(0, -1)]))[0].message).toBe(
      "Fairway 'f': ring 2 is not closed (its first and last positions differ)",
    );
    expect(check(polygon('f', 'fairway', [SQUARE, HOLE.slice(0, -1)]))[0]).toMatchObject({ code: 'drawings.problem.ringNotClosed', params: { ring: 2 } });
  });

  it('refuses a ring with fewer than 4 positions or fewer than 3 corners, and a polygon without rings', () => {
    expect(check(polygon('g', 'green', [[[9.53, 55.71], [9.531, 55.71], [9.53, 55.71]]]))[0].message).toBe(
      "Green 'g': ring 1 (outer) has 3 positions; a closed ring needs at least 4",
    );
    expect(check(polygon('g', 'green', [[[9.53, 55.71], [9.531, 55.71], [9.531, 55.71], [9.53, 55.71]]]))[0].message).toBe(
      "Green 'g': ring 1 (outer) needs at least 3 different corners",
    );
    expect(check(polygon('g', 'green', []))[0].message).toBe("Green 'g': a polygon needs an outer ring");
    expect(check(polygon('g', 'green', [[[9.53, 55.71], [9.531, 55.71], [9.53, 55.71]]]))[0]).toMatchObject({ code: 'drawings.problem.outerRingTooShort', params: { positions: 3 } });
    expect(check(polygon('g', 'green', [[[9.53, 55.71], [9.531, 55.71], [9.531, 55.71], [9.53, 55.71]]]))[0].code).toBe('drawings.problem.outerRingTooFewCorners');
    expect(check(polygon('g', 'green', []))[0]).toMatchObject({ code: 'drawings.problem.noOuterRing', params: { element: 'green', feature: 'g' } });
    // Inner rings have codes of their own, with the ring's number.
    const short = [[9.5302, 55.7102], [9.5304, 55.7102], [9.5302, 55.7102]];
    expect(check(polygon('f', 'fairway', [SQUARE, short]))[0]).toMatchObject({
      code: 'drawings.problem.ringTooShort',
      params: { ring: 2, positions: 3 },
      message: "Fairway 'f': ring 2 has 3 positions; a closed ring needs at least 4",
    });
    const flat = [[9.5302, 55.7102], [9.5304, 55.7102], [9.5304, 55.7102], [9.5302, 55.7102]];
    expect(check(polygon('f', 'fairway', [SQUARE, flat]))[0]).toMatchObject({
      code: 'drawings.problem.ringTooFewCorners',
      params: { ring: 2 },
      message: "Fairway 'f': ring 2 needs at least 3 different corners",
    });
  });

  it('refuses more rings than DRAWING_LIMITS.ringsPerPolygon', () => {
    const rings = [SQUARE, ...Array.from({ length: DRAWING_LIMITS.ringsPerPolygon }, () => HOLE)];
    expect(check(polygon('f', 'fairway', rings))).toEqual([
      {
        feature: 'f',
        code: 'drawings.problem.tooManyRings',
        params: { element: 'fairway', feature: 'f', rings: rings.length, max: DRAWING_LIMITS.ringsPerPolygon },
        message: `Fairway 'f': has ${rings.length} rings; at most ${DRAWING_LIMITS.ringsPerPolygon} are allowed`,
      },
    ]);
  });

  it('refuses more vertices than allowed per feature and in total', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => [9.53 + i * 1e-7, 55.71 + (i % 2) * 1e-7]);
    const big = line('p', 'path', many(DRAWING_LIMITS.verticesPerFeature + 1));
    expect(check(big)).toEqual([
      {
        feature: 'p',
        code: 'drawings.problem.tooManyFeatureVertices',
        params: { element: 'path', feature: 'p', vertices: DRAWING_LIMITS.verticesPerFeature + 1, max: DRAWING_LIMITS.verticesPerFeature },
        message: `Path 'p': has ${DRAWING_LIMITS.verticesPerFeature + 1} vertices; at most ${DRAWING_LIMITS.verticesPerFeature} are allowed per feature`,
      },
    ]);
    const perFeature = DRAWING_LIMITS.verticesPerFeature;
    const count = Math.floor(DRAWING_LIMITS.vertices / perFeature) + 1;
    const features = Array.from({ length: count }, (_, i) => line(`p${i}`, 'path', many(perFeature)));
    expect(validateDrawing(drawing(...features), ELEMENTS)).toEqual([
      {
        feature: '',
        code: 'drawings.problem.tooManyVertices',
        params: { vertices: count * perFeature, max: DRAWING_LIMITS.vertices },
        message: `The drawing has ${count * perFeature} vertices; at most ${DRAWING_LIMITS.vertices} are allowed`,
      },
    ]);
  });

  it('refuses more features than allowed', () => {
    const features = Array.from({ length: DRAWING_LIMITS.features + 1 }, (_, i) => point(`t${i}`, 'tree', [9.53, 55.71]));
    expect(validateDrawing(drawing(...features), ELEMENTS)).toEqual([
      {
        feature: '',
        code: 'drawings.problem.tooManyFeatures',
        params: { features: DRAWING_LIMITS.features + 1, max: DRAWING_LIMITS.features },
        message: `The drawing has ${DRAWING_LIMITS.features + 1} features; at most ${DRAWING_LIMITS.features} are allowed`,
      },
    ]);
  });

  it('refuses duplicate feature ids once per id', () => {
    const problems = validateDrawing(
      drawing(point('t', 'tree', [9.53, 55.71]), point('t', 'tree', [9.531, 55.71]), point('t', 'tree', [9.532, 55.71])),
      ELEMENTS,
    );
    expect(problems).toEqual([
      { feature: 't', code: 'drawings.problem.duplicateId', params: { element: 'tree', feature: 't' }, message: "Tree 't': the feature id is used by more than one feature" },
    ]);
  });

  it('reports every broken feature, one problem per rule', () => {
    const problems = validateDrawing(
      drawing(polygon('b1', 'bunker', [SQUARE.slice(0, -1)]), point('x', 'nope', [200, 0]), line('ok', 'path', [[9.53, 55.71], [9.531, 55.71]])),
      ELEMENTS,
    );
    expect(problems.map((p) => p.feature)).toEqual(['b1', 'x', 'x']);
    expect(problems.map((p) => p.code)).toEqual(['drawings.problem.outerRingNotClosed', 'drawings.problem.unknownElement', 'drawings.problem.longitudeOutOfRange']);
  });

  it('gives malformed features (not through the schema) codes too, naming a feature without an element "Feature"', () => {
    const raw = (f: unknown) => validateDrawing(drawing(f as DrawingFeature), ELEMENTS);
    expect(raw({ type: 'Feature', id: 'n', geometry: { type: 'Point', coordinates: [9.53, 55.71] }, properties: {} })).toEqual([
      {
        feature: 'n',
        code: 'drawings.problem.unknownElement',
        params: { element: '', feature: 'n', name: '' },
        message: "Feature 'n': '' is not an element of the graphics catalogue",
      },
    ]);
    expect(raw({ type: 'Feature', id: 'g', properties: { element: 'green' } })).toEqual([
      { feature: 'g', code: 'drawings.problem.notDrawn', params: { element: 'green', feature: 'g', geometry: 'polygon' }, message: "Green 'g': a polygon element cannot be drawn as nothing" },
      { feature: 'g', code: 'drawings.problem.noGeometry', params: { element: 'green', feature: 'g' }, message: "Green 'g': has no point, line or polygon geometry" },
    ]);
    expect(raw(point('t', 'tree', [9.53] as number[]))).toEqual([
      {
        feature: 't',
        code: 'drawings.problem.badPosition',
        params: { element: 'tree', feature: 't' },
        message: "Tree 't': has a position that is not [longitude, latitude] or [longitude, latitude, height]",
      },
    ]);
    expect(raw(polygon('b', 'bunker', ['not a ring'] as unknown as number[][][]))).toEqual([
      { feature: 'b', code: 'drawings.problem.ringNotList', params: { element: 'bunker', feature: 'b' }, message: "Bunker 'b': has a ring that is not a list of positions" },
    ]);
  });
});

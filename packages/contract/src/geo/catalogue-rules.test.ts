import { describe, expect, it } from 'vitest';
import type { Drawing, DrawingFeature } from '../api/drawings';
import { breachProblem, catalogueRuleBreaches, describeBreach, featureWithin, type ElementRule } from './catalogue-rules';
import { ellipse, polygonFeature, randomDrawing, referenceCatalogueRuleBreaches, referenceFeatureWithin, seededRandom } from './reference-geometry.test-helper';

// A local square grid around a Danish course: 1e-4° of longitude ≈ 6.3 m, of latitude ≈ 11.1 m.
const X0 = 9.53;
const Y0 = 55.71;
const at = (x: number, y: number) => [X0 + x * 1e-4, Y0 + y * 1e-4];
const ring = (...points: [number, number][]) => [...points.map(([x, y]) => at(x, y)), at(...points[0])];

function polygon(id: string, element: string, rings: number[][][], attributes?: Record<string, string | number>): DrawingFeature {
  return { type: 'Feature', id, geometry: { type: 'Polygon', coordinates: rings }, properties: { element, ...(attributes ? { attributes } : {}) } };
}
function line(id: string, element: string, coordinates: number[][]): DrawingFeature {
  return { type: 'Feature', id, geometry: { type: 'LineString', coordinates }, properties: { element } };
}
function point(id: string, element: string, coordinates: number[]): DrawingFeature {
  return { type: 'Feature', id, geometry: { type: 'Point', coordinates }, properties: { element } };
}
const drawing = (...features: DrawingFeature[]): Drawing => ({ type: 'FeatureCollection', features });

const rule = (name: string, geometryType: ElementRule['geometryType'], more: Partial<ElementRule> = {}): ElementRule => ({
  name,
  geometryType,
  requiredAttributes: [],
  mustLieInside: null,
  minAreaM2: null,
  maxAreaM2: null,
  ...more,
});

const RULES = new Map<string, ElementRule>([
  ['hole boundary', rule('hole boundary', 'polygon')],
  ['green', rule('green', 'polygon', { mustLieInside: 'hole boundary', minAreaM2: 100, maxAreaM2: 3000 })],
  ['tee', rule('tee', 'polygon', { mustLieInside: 'hole boundary' })],
  ['distance marker', rule('distance marker', 'point', { mustLieInside: 'hole boundary', requiredAttributes: ['distance'] })],
  ['path', rule('path', 'line', { mustLieInside: 'hole boundary' })],
]);

// An L-shaped boundary: 0..100 × 0..20 and 0..20 × 0..100 (concave at (20, 20)).
const L_BOUNDARY = polygon('b', 'hole boundary', [ring([0, 0], [100, 0], [100, 20], [20, 20], [20, 100], [0, 100])]);
// A green of about 12.6 m × 22 m ≈ 280 m², inside the L's foot.
const GREEN_IN = polygon('g', 'green', [ring([80, 5], [82, 5], [82, 7], [80, 7])]);

describe('catalogueRuleBreaches', () => {
  it('answers nothing for a drawing that keeps every rule', () => {
    const d = drawing(L_BOUNDARY, GREEN_IN, point('m', 'distance marker', at(10, 50)), polygon('t', 'tee', [ring([5, 80], [6, 80], [6, 81], [5, 81])]));
    (d.features[2].properties as { attributes?: Record<string, string> }).attributes = { distance: '150' };
    expect(catalogueRuleBreaches(d, RULES)).toEqual([]);
  });

  it('names a polygon whose edge leaves a concave container although all its corners are inside', () => {
    // Corners (10, 90), (90, 10) … lie in the L; the diagonal edge between them crosses its empty corner.
    const tee = polygon('t', 'tee', [ring([10, 90], [90, 10], [90, 12], [12, 90])]);
    expect(catalogueRuleBreaches(drawing(L_BOUNDARY, tee), RULES)).toEqual([{ featureId: 't', element: 'tee', rule: 'mustLieInside', params: { container: 'hole boundary' } }]);
  });

  it('names a line leaving its container, and a point outside it', () => {
    const path = line('p', 'path', [at(10, 90), at(90, 10)]);
    const marker = point('m', 'distance marker', at(50, 50));
    (marker.properties as { attributes?: Record<string, string> }).attributes = { distance: '100' };
    const breaches = catalogueRuleBreaches(drawing(L_BOUNDARY, path, marker), RULES);
    expect(breaches.map((b) => [b.featureId, b.rule])).toEqual([
      ['p', 'mustLieInside'],
      ['m', 'mustLieInside'],
    ]);
  });

  it('counts a feature touching the container from inside as within, and one inside the union of two containers', () => {
    const left = polygon('b1', 'hole boundary', [ring([0, 0], [50, 0], [50, 50], [0, 50])]);
    const right = polygon('b2', 'hole boundary', [ring([50, 0], [100, 0], [100, 50], [50, 50])]);
    const across = polygon('t', 'tee', [ring([40, 10], [60, 10], [60, 20], [40, 20])]);
    const onEdge = polygon('t2', 'tee', [ring([0, 0], [5, 0], [5, 5], [0, 5])]);
    expect(catalogueRuleBreaches(drawing(left, right, across, onEdge), RULES)).toEqual([]);
    expect(featureWithin(across, [left.geometry.coordinates as number[][][]])).toBe(false);
  });

  it("names a polygon that covers a hole of its container", () => {
    const withHole = polygon('b', 'hole boundary', [ring([0, 0], [100, 0], [100, 100], [0, 100]), ring([40, 40], [60, 40], [60, 60], [40, 60])]);
    const around = polygon('t', 'tee', [ring([30, 30], [70, 30], [70, 70], [30, 70])]);
    expect(catalogueRuleBreaches(drawing(withHole, around), RULES).map((b) => b.rule)).toEqual(['mustLieInside']);
  });

  it('judges "must lie inside" only when the drawing has the container', () => {
    expect(catalogueRuleBreaches(drawing(polygon('t', 'tee', [ring([500, 500], [501, 500], [501, 501], [500, 501])])), RULES)).toEqual([]);
  });

  it('names areas out of the plausible range with the area and the bound', () => {
    const tiny = polygon('g1', 'green', [ring([1, 1], [2, 1], [2, 2], [1, 2])]); // ≈ 70 m²
    const huge = polygon('g2', 'green', [ring([0, 0], [19, 0], [19, 19], [0, 19])]); // ≈ 25,000 m²
    const breaches = catalogueRuleBreaches(drawing(L_BOUNDARY, tiny, huge), RULES);
    expect(breaches).toHaveLength(2);
    expect(breaches[0]).toMatchObject({ featureId: 'g1', rule: 'areaTooSmall', params: { min: 100 } });
    expect(breaches[0].params.area).toBeGreaterThan(60);
    expect(breaches[0].params.area).toBeLessThan(80);
    expect(breaches[1]).toMatchObject({ featureId: 'g2', rule: 'areaTooLarge', params: { max: 3000 } });
  });

  it('leaves the area of a polygon crossing itself to the status checks', () => {
    const bowTie = polygon('g', 'green', [ring([1, 1], [3, 3], [3, 1], [1, 3])]);
    expect(catalogueRuleBreaches(drawing(L_BOUNDARY, bowTie), RULES)).toEqual([]);
  });

  it('names missing and empty required attributes, and accepts a number', () => {
    const marker = (id: string, attributes?: Record<string, string | number>) => {
      const f = point(id, 'distance marker', at(10, 10));
      if (attributes) (f.properties as { attributes?: Record<string, string | number> }).attributes = attributes;
      return f;
    };
    const breaches = catalogueRuleBreaches(drawing(L_BOUNDARY, marker('a'), marker('b', { distance: ' ' }), marker('c', { distance: 150 })), RULES);
    expect(breaches).toEqual([
      { featureId: 'a', element: 'distance marker', rule: 'requiredAttribute', params: { attribute: 'distance' } },
      { featureId: 'b', element: 'distance marker', rule: 'requiredAttribute', params: { attribute: 'distance' } },
    ]);
  });

  it('leaves elements without a rule alone, and describes each breach naming the feature and the rule', () => {
    expect(catalogueRuleBreaches(drawing(polygon('x', 'pond', [ring([0, 0], [1, 0], [1, 1])])), RULES)).toEqual([]);
    expect(describeBreach({ featureId: 'g1', element: 'green', rule: 'areaTooSmall', params: { area: 70, min: 100 } })).toBe(
      "Green 'g1': covers 70 m², less than the graphics catalogue's smallest green (100 m²)",
    );
    expect(describeBreach({ featureId: 't', element: 'tee', rule: 'mustLieInside', params: { container: 'hole boundary' } })).toBe(
      "Tee 't': the graphics catalogue requires it to lie inside the hole boundary",
    );
    expect(describeBreach({ featureId: 'm', element: 'distance marker', rule: 'requiredAttribute', params: { attribute: 'distance' } })).toMatch(/'distance'/);
    expect(describeBreach({ featureId: 'g', element: 'green', rule: 'areaTooLarge', params: { area: 9000, max: 3000 } })).toMatch(/9000 m², more than .* \(3000 m²\)/);
  });

  it('makes each breach a drawing problem with its code and parameters beside the English message', () => {
    expect(breachProblem({ featureId: 'm', element: 'distance marker', rule: 'requiredAttribute', params: { attribute: 'distance' } })).toEqual({
      feature: 'm',
      code: 'drawings.problem.requiredAttribute',
      params: { element: 'distance marker', feature: 'm', attribute: 'distance' },
      message: "Distance marker 'm': the graphics catalogue requires the attribute 'distance'",
    });
    expect(breachProblem({ featureId: 't', element: 'tee', rule: 'mustLieInside', params: { container: 'hole boundary' } })).toEqual({
      feature: 't',
      code: 'drawings.problem.mustLieInside',
      params: { element: 'tee', feature: 't', container: 'hole boundary' },
      message: "Tee 't': the graphics catalogue requires it to lie inside the hole boundary",
    });
    expect(breachProblem({ featureId: 'g1', element: 'green', rule: 'areaTooSmall', params: { area: 70, min: 100 } })).toEqual({
      feature: 'g1',
      code: 'drawings.problem.areaTooSmall',
      params: { element: 'green', feature: 'g1', area: 70, min: 100 },
      message: "Green 'g1': covers 70 m², less than the graphics catalogue's smallest green (100 m²)",
    });
    expect(breachProblem({ featureId: 'g', element: 'green', rule: 'areaTooLarge', params: { area: 9000, max: 3000 } })).toMatchObject({
      code: 'drawings.problem.areaTooLarge',
      params: { element: 'green', feature: 'g', area: 9000, max: 3000 },
    });
  });
});

describe('catalogueRuleBreaches with the containers indexed', () => {
  it('answers as the scan of every container edge did, on 400 random drawings', () => {
    // Containers: rectangles, concave stars, holes, neighbours sharing an edge; features at their
    // vertices, on edge midpoints, crossing, overlapping and copying them; in grid units (exact) or
    // longitude/latitude. The reference is the implementation before the index.
    const random = seededRandom(20261128);
    const elements = [
      { name: 'green', geometry: 'polygon' },
      { name: 'tee', geometry: 'polygon' },
      { name: 'path', geometry: 'line' },
      { name: 'distance marker', geometry: 'point' },
    ] as const;
    const seen = { within: 0, outside: 0, breaches: 0 };
    for (let n = 0; n < 400; n++) {
      const d = randomDrawing(random, 'hole boundary', elements);
      const expected = referenceCatalogueRuleBreaches(d, RULES);
      expect(catalogueRuleBreaches(d, RULES), `drawing ${n}`).toEqual(expected);
      seen.breaches += expected.filter((b) => b.rule === 'mustLieInside').length;
      const containers = d.features.flatMap((f) => (f.properties.element === 'hole boundary' && f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : []));
      for (const f of d.features) {
        if (f.properties.element === 'hole boundary') continue;
        const within = referenceFeatureWithin(f, containers);
        expect(featureWithin(f, containers), `drawing ${n}, feature ${f.id}`).toBe(within);
        seen[within ? 'within' : 'outside']++;
      }
    }
    // Both answers are well represented, not only one of them.
    expect(seen.within).toBeGreaterThan(150);
    expect(seen.outside).toBeGreaterThan(150);
    expect(seen.breaches).toBeGreaterThan(100);
  });

  it('judges a drawing at the size limits (five polygons of 20,000 vertices) in well under a minute', () => {
    // Before the index this took minutes (199 s measured): every vertex and edge piece of each
    // feature against every boundary edge. The bound is a sanity bound, not a timing.
    const rules = new Map(RULES).set('fairway', rule('fairway', 'polygon', { mustLieInside: 'hole boundary', minAreaM2: 50, maxAreaM2: 150000 }));
    const n = 19999;
    const boundary = polygonFeature('b', 'hole boundary', [ellipse(X0, Y0, 0.01, 0.006, n)]);
    const fairwayIn = polygonFeature('f1', 'fairway', [ellipse(X0 - 0.004, Y0, 0.003, 0.0015, n)]);
    // Reaches 0.0005° past the boundary's eastern end.
    const fairwayOut = polygonFeature('f2', 'fairway', [ellipse(X0 + 0.0095, Y0, 0.001, 0.001, n)]);
    const greenOk = polygonFeature('g1', 'green', [ellipse(X0 + 0.002, Y0, 0.0003, 0.0002, n)]);
    const greenLarge = polygonFeature('g2', 'green', [ellipse(X0 + 0.005, Y0 + 0.001, 0.0008, 0.0005, n)]);
    const started = performance.now();
    const breaches = catalogueRuleBreaches(drawing(boundary, fairwayIn, fairwayOut, greenOk, greenLarge), rules);
    expect(breaches.map((b) => [b.featureId, b.rule])).toEqual([
      ['f2', 'mustLieInside'],
      ['g2', 'areaTooLarge'],
    ]);
    expect(catalogueRuleBreaches(drawing(boundary, fairwayIn, greenOk, greenLarge), rules).map((b) => [b.featureId, b.rule])).toEqual([['g2', 'areaTooLarge']]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

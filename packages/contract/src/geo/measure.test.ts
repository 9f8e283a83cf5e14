import { describe, expect, it } from 'vitest';
import type { Drawing } from '../api/drawings';
import { bearing, centroid, destination, distance, drawingAreas, lineLength, polygonArea, toLocalMetres } from './measure';

/** Degrees, minutes, seconds → decimal degrees (sign taken from the degrees). */
const dms = (d: number, m: number, s: number) => (d < 0 ? -1 : 1) * (Math.abs(d) + m / 60 + s / 3600);

// Vincenty (1975) / Geoscience Australia's published worked example (GRS80; WGS84 differs by < 0.1 mm here):
// Flinders Peak 37°57'03.72030"S 144°25'29.52440"E → Buninyong 37°39'10.15610"S 143°55'35.38390"E,
// ellipsoidal distance 54 972.271 m, forward azimuth 306°52'05.37", reverse azimuth 127°10'25.07".
const FLINDERS_PEAK = [dms(144, 25, 29.5244), dms(-37, 57, 3.7203)];
const BUNINYONG = [dms(143, 55, 35.3839), dms(-37, 39, 10.1561)];

describe('distance and bearing', () => {
  it('matches Vincenty’s Flinders Peak → Buninyong example', () => {
    expect(distance(FLINDERS_PEAK, BUNINYONG)).toBeCloseTo(54972.271, 3);
    expect(bearing(FLINDERS_PEAK, BUNINYONG)).toBeCloseTo(dms(306, 52, 5.37), 5);
    // The reverse azimuth at Buninyong is 127°10'25.07"; the initial bearing back from Buninyong
    // is that azimuth, so Buninyong → Flinders Peak starts at 127°10'25.07".
    expect(bearing(BUNINYONG, FLINDERS_PEAK)).toBeCloseTo(dms(127, 10, 25.07), 5);
  });

  it('matches GeographicLib’s published Wellington → Salamanca inverse (README of geographiclib-geodesic)', () => {
    // "Find the distance from Wellington, NZ (41.32S, 174.81E) to Salamanca, Spain (40.96N, 5.50W)" → 19959679.267 m.
    expect(distance([174.81, -41.32], [-5.5, 40.96])).toBeCloseTo(19959679.267, 3);
  });

  it('matches GeographicLib test case 1 of geodesictest.js (distance and azimuth)', () => {
    // lat1 35.60777, lon1 -139.44815, azi1 111.098748429560326, lat2 -11.17491, lon2 -69.95921, s12 8935244.5604818305 (published; rounded to doubles below)
    expect(distance([-139.44815, 35.60777], [-69.95921, -11.17491])).toBeCloseTo(8935244.56048183, 6);
    expect(bearing([-139.44815, 35.60777], [-69.95921, -11.17491])).toBeCloseTo(111.09874842956033, 9);
  });

  it('is zero between a point and itself, and bearings lie in [0, 360)', () => {
    expect(distance([9.5357, 55.7113], [9.5357, 55.7113])).toBe(0);
    const west = bearing([9.5357, 55.7113], [9.5, 55.7113]);
    expect(west).toBeGreaterThanOrEqual(0);
    expect(west).toBeLessThan(360);
    expect(west).toBeCloseTo(270, 0);
    expect(bearing([0, 0], [0, 1])).toBeCloseTo(0, 9);
    expect(bearing([0, 0], [1, 0])).toBeCloseTo(90, 9);
  });

  it('one degree of latitude at the equator is 110 574.389 m (meridian arc of WGS84)', () => {
    // Meridian arc 0°→1° on WGS84, computed from the series M(φ) = a(1−e²)∫(1−e² sin²φ)^(−3/2) dφ:
    // 110 574.3886 m (commonly tabulated as 110.574 km).
    expect(distance([0, 0], [0, 1])).toBeCloseTo(110574.389, 2);
  });
});

describe('destination', () => {
  it('matches GeographicLib’s published Perth example: 20 000 km SW of 32.06S 115.74E', () => {
    // README of geographiclib-geodesic: "The position is (32.11195529, -63.95925278)."
    const [lon, lat] = destination([115.74, -32.06], 225, 20000e3);
    expect(lat).toBeCloseTo(32.11195529, 8);
    expect(lon).toBeCloseTo(-63.95925278, 8);
  });

  it('round-trips with distance and bearing on a golf hole', () => {
    const tee = [9.5357, 55.7113];
    const green = destination(tee, 37.5, 412.3);
    expect(distance(tee, green)).toBeCloseTo(412.3, 6);
    expect(bearing(tee, green)).toBeCloseTo(37.5, 6);
  });
});

describe('lineLength', () => {
  it('adds the legs and ignores heights', () => {
    const a = [9.5357, 55.7113, 12];
    const b = destination(a, 10, 250);
    const c = destination(b, 80, 150);
    expect(lineLength([a, [...b, 15], [...c, 9]])).toBeCloseTo(400, 6);
    expect(lineLength([a])).toBe(0);
    expect(lineLength([])).toBe(0);
  });
});

describe('polygonArea', () => {
  it('a 1°×1° cell at the equator is 12 308 778 361 m² (GeographicLib geodesic polygon)', () => {
    // Independent check: bounded by the parallel 1°N instead of a geodesic, the cell is
    // b²Δλ/2·[q(1°) − q(0)] = 12 308 463 894 m² (authalic formula, computed in Python); the
    // geodesic top edge bulges ≈ 4.2 m poleward over 111 km, adding ≈ ⅔·4.2·111 320 ≈ 3.1·10⁵ m².
    const area = polygonArea([[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]]);
    expect(area).toBeCloseTo(12308778361, -1);
    expect(area - 12308463894).toBeGreaterThan(2.5e5);
    expect(area - 12308463894).toBeLessThan(3.5e5);
  });

  it('the equator–pole lune of 1° is 1/720 of the WGS84 surface', () => {
    // Every edge is a geodesic (equator, two meridians). Ellipsoid area 2πa²(1 + (1−e²)/e·atanh e)
    // = 510 065 621 724 088.5 m² (also GeographicLib's published value) → /720 = 708 424 474 616.79 m².
    expect(polygonArea([[[0, 0], [1, 0], [0, 90], [0, 0]]])).toBeCloseTo(708424474616.79, 0);
  });

  it('is positive for either winding, accepts open rings and subtracts holes', () => {
    const ccw = [[0, 0], [0.001, 0], [0.001, 0.001], [0, 0.001], [0, 0]];
    const cw = [...ccw].reverse();
    const open = ccw.slice(0, -1);
    const a = polygonArea([ccw]);
    expect(a).toBeGreaterThan(0);
    expect(polygonArea([cw])).toBeCloseTo(a, 6);
    expect(polygonArea([open])).toBeCloseTo(a, 6);
    const hole = [[0.00025, 0.00025], [0.00075, 0.00025], [0.00075, 0.00075], [0.00025, 0.00075], [0.00025, 0.00025]];
    expect(polygonArea([ccw, hole])).toBeCloseTo(a - polygonArea([hole]), 3);
    expect(polygonArea([ccw, hole])).toBeCloseTo(a * 0.75, -1);
  });

  it('a 30 m × 20 m green near Fjordvang measures 600 m²', () => {
    const sw = [9.5357, 55.7113];
    const se = destination(sw, 90, 30);
    const ne = destination(se, 0, 20);
    const nw = destination(sw, 0, 20);
    expect(polygonArea([[sw, se, ne, nw, sw]])).toBeCloseTo(600, 1);
  });

  it('is zero for degenerate input', () => {
    expect(polygonArea([])).toBe(0);
    expect(polygonArea([[[0, 0], [1, 1], [0, 0]]])).toBe(0);
  });
});

describe('centroid', () => {
  it('is the middle of a rectangle, also when a vertex is added on an edge', () => {
    const ring = [[10, 55], [10.002, 55], [10.002, 55.001], [10, 55.001], [10, 55]];
    const [lon, lat] = centroid(ring);
    expect(lon).toBeCloseTo(10.001, 9);
    expect(lat).toBeCloseTo(55.0005, 9);
    const [lon2, lat2] = centroid([[10, 55], [10.001, 55], [10.002, 55], [10.002, 55.001], [10, 55.001], [10, 55]]);
    expect(lon2).toBeCloseTo(10.001, 9);
    expect(lat2).toBeCloseTo(55.0005, 9);
  });

  it('is the area centroid, not the vertex mean, for an L shape', () => {
    // L of unit squares (0,0)-(2,1) plus (0,1)-(1,2): area centroid (5/6, 5/6) in the plane.
    const k = 0.0001;
    const lat0 = 0;
    const ring = [[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2], [0, 0]].map(([x, y]) => [x * k, lat0 + y * k]);
    const [lon, lat] = centroid(ring);
    expect(lon / k).toBeCloseTo(5 / 6, 4);
    expect(lat / k).toBeCloseTo(5 / 6, 4);
  });

  it('falls back to the vertex mean for a degenerate ring', () => {
    expect(centroid([[1, 1], [3, 1], [1, 1]])).toEqual([2, 1]);
  });
});

describe('drawingAreas', () => {
  const square = (lon: number, lat: number, metres: number) => {
    const sw = [lon, lat];
    const se = destination(sw, 90, metres);
    const ne = destination(se, 0, metres);
    const nw = destination(sw, 0, metres);
    return [[sw, se, ne, nw, sw]];
  };
  const feature = (id: string, element: string, coordinates: number[][][]) => ({
    type: 'Feature' as const,
    id,
    geometry: { type: 'Polygon' as const, coordinates },
    properties: { element },
  });

  it('counts and sums polygon areas per element, leaving out mounds, hollows and background', () => {
    const drawing: Drawing = {
      type: 'FeatureCollection',
      features: [
        feature('b1', 'bunker', square(9.53, 55.71, 10)),
        feature('b2', 'bunker', square(9.531, 55.71, 5)),
        feature('g', 'green', square(9.532, 55.71, 25)),
        feature('m', 'mound', square(9.533, 55.71, 10)),
        feature('bg', 'background', square(9.52, 55.7, 300)),
        feature('h', 'hollow', square(9.534, 55.71, 10)),
        feature('x', '', square(9.535, 55.71, 10)),
        { type: 'Feature', id: 'p', geometry: { type: 'Point', coordinates: [9.53, 55.71] }, properties: { element: 'tree' } },
      ],
    };
    const areas = drawingAreas(drawing);
    expect(Object.keys(areas).sort()).toEqual(['bunker', 'green']);
    expect(areas.bunker.count).toBe(2);
    expect(areas.bunker.area).toBeCloseTo(125, 1);
    expect(areas.green.count).toBe(1);
    expect(areas.green.area).toBeCloseTo(625, 1);
  });
});

describe('toLocalMetres', () => {
  const origin = [9.5357, 55.7113];
  const local = toLocalMetres(origin);

  it('puts the origin at (0, 0) and keeps distances and bearings from it exactly', () => {
    expect(local.forward(origin)).toEqual([0, 0]);
    const p = destination(origin, 30, 1500);
    const [x, y] = local.forward(p);
    expect(Math.hypot(x, y)).toBeCloseTo(1500, 6);
    expect((Math.atan2(x, y) * 180) / Math.PI).toBeCloseTo(30, 9);
  });

  it('inverts its forward mapping', () => {
    for (const [x, y] of [[0, 0], [120, -45], [-1800, 900], [3, 1999]] as [number, number][]) {
      const back = local.forward(local.inverse([x, y]));
      expect(back[0]).toBeCloseTo(x, 6);
      expect(back[1]).toBeCloseTo(y, 6);
    }
  });

  it('keeps distances between other points within 0.1 % inside 2 km', () => {
    const a = destination(origin, 200, 1900);
    const b = destination(origin, 95, 1700);
    const [ax, ay] = local.forward(a);
    const [bx, by] = local.forward(b);
    const planar = Math.hypot(bx - ax, by - ay);
    expect(Math.abs(planar / distance(a, b) - 1)).toBeLessThan(1e-3);
  });
});

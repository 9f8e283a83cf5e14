import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { distance } from './measure';
import { measureDistance, project, PROJECTION_DEFS, projectionCode, registerProjections, unproject } from './projection';

/*
 * Reference SWEREF 99 TM coordinates computed independently of proj4, in Python, with Lantmäteriet's
 * published Gauss–Krüger formulas ("Gauss konforma projektion", series in n to n⁴: φ* = φ − sinφcosφ(A +
 * B sin²φ + C sin⁴φ + D sin⁶φ), ξ' = atan(tan(φ*) ÷ cos(δλ)), η' = atanh(cosφ* sinδλ), x = k₀â(ξ' + Σβᵢ sin2iξ'
 * cosh2iη'), y = k₀â(η' + Σβᵢ cos2iξ' sinh2iη') + 500 000) on GRS80 (a = 6 378 137, 1/f = 298.257222101),
 * central meridian 15°E, k₀ = 0.9996. Lantmäteriet writes them as N (x, northing) then E (y, easting).
 */
const REFERENCE: { name: string; lon: number; lat: number; N: number; E: number }[] = [
  { name: 'Ljungbacka (demo club 2)', lon: 12.861, lat: 56.2437, N: 6235260.785, E: 367447.6923 },
  { name: 'Stockholm', lon: 18.0686, lat: 59.3293, N: 6580743.0083, E: 674571.8664 },
  { name: 'Kiruna', lon: 20.2253, lat: 67.8558, N: 7536069.9699, E: 719583.123 },
  { name: 'Göteborg', lon: 11.987286, lat: 57.705918, N: 6399960.5703, E: 320498.7435 },
];

describe('projectionCode and definitions', () => {
  it('knows SWEREF 99 TM and WGS 84 and falls back to WGS 84', () => {
    expect(Object.keys(PROJECTION_DEFS).map(Number).sort()).toEqual([3006, 4326]);
    expect(projectionCode(3006)).toBe('EPSG:3006');
    expect(projectionCode(4326)).toBe('EPSG:4326');
    expect(projectionCode(25832)).toBe('EPSG:4326');
  });

  it('registers the definitions on a proj4 instance', () => {
    registerProjections(proj4);
    expect(proj4.defs('EPSG:3006')).toBeTruthy();
    const [e, n] = proj4('EPSG:4326', 'EPSG:3006', [15, 0]);
    // On the central meridian at the equator: false easting 500 000, northing 0.
    expect(e).toBeCloseTo(500000, 6);
    expect(n).toBeCloseTo(0, 6);
  });
});

describe('project / unproject EPSG:3006', () => {
  for (const r of REFERENCE) {
    it(`${r.name}: matches Lantmäteriet's formulas to 1 mm, x = easting, y = northing`, () => {
      const [x, y] = project(3006, [r.lon, r.lat]);
      expect(x).toBeCloseTo(r.E, 3);
      expect(y).toBeCloseTo(r.N, 3);
      const [lon, lat] = unproject(3006, [r.E, r.N]);
      expect(lon).toBeCloseTo(r.lon, 8);
      expect(lat).toBeCloseTo(r.lat, 8);
    });
  }

  it('ignores a height and is the identity for 4326 and unknown srids', () => {
    expect(project(3006, [12.861, 56.2437, 40])).toEqual(project(3006, [12.861, 56.2437]));
    expect(project(4326, [12.861, 56.2437, 40])).toEqual([12.861, 56.2437]);
    expect(unproject(4326, [12.861, 56.2437])).toEqual([12.861, 56.2437]);
    expect(project(9999, [1, 2])).toEqual([1, 2]);
  });
});

describe('measureDistance', () => {
  it('measures on the SWEREF 99 TM grid for srid 3006 (scale factor included) and geodesically otherwise', () => {
    const a = [12.861, 56.2437];
    const b = [12.864, 56.2437];
    // Grid distance from the reference table: E 367 633.5673 − 367 447.6923, N 6 235 255.0171 − 6 235 260.7850.
    const grid = Math.hypot(367633.5673 - 367447.6923, 6235255.0171 - 6235260.785);
    expect(measureDistance(3006, a, b)).toBeCloseTo(grid, 3);
    expect(measureDistance(4326, a, b)).toBeCloseTo(distance(a, b), 9);
    expect(measureDistance(0, a, b)).toBeCloseTo(distance(a, b), 9);
    // 2.2° west of the central meridian the TM scale is ≈ 0.99981: grid and geodesic differ by ≈ 0.02 %.
    expect(measureDistance(3006, a, b) / distance(a, b)).toBeCloseTo(0.99981, 4);
  });
});

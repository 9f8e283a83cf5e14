import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FeatureCollection } from 'geojson';
import { describe, expect, it } from 'vitest';
import { ImportPlan } from '@golf/contract/api/course-import';
import { CATALOGUE_ELEMENTS, EL } from '@golf/contract/graphics-catalogue';
import { pointInRing } from '@golf/contract/geo/planar';
import { NO_HOLES_MESSAGE, OSM_ATTRIBUTION, planImport } from './osm-plan';
import { checkedPlan } from './plan';
import { HttpError } from '../../platform/errors';
import { validateDrawing } from '@golf/contract/geo/validate';

// Real OpenStreetMap data: © OpenStreetMap contributors, ODbL (see the README beside the file).
const FIXTURE = join(import.meta.dirname, '../../seed/data/augusta-national.geojson');
const augusta = JSON.parse(readFileSync(FIXTURE, 'utf8')) as FeatureCollection;
const elements = new Map(CATALOGUE_ELEMENTS.map(([name, , , geometry]) => [name, geometry]));

const NAMES = [
  'Tea Olive', 'Pink Dogwood', 'Flowering Peach', 'Flowering Crab Apple', 'Magnolia', 'Juniper', 'Pampas', 'Yellow Jasmine',
  'Carolina Cherry', 'Camellia', 'White Dogwood', 'Golden Bell', 'Azalea', 'Chinese Fir', 'Firethorn', 'Redbud', 'Nandina', 'Holly',
];

/** Signed area (degrees², counter-clockwise positive) of a ring. */
function signed(ring: number[][]): number {
  let s = 0;
  for (let i = 0; i + 1 < ring.length; i++) s += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return s;
}

describe('planImport of the Augusta National OSM fixture', () => {
  const plan = planImport(augusta);
  const byRef = new Map(plan.holes.map((h) => [h.ref, h]));
  const features = (ref: number, element: string) => byRef.get(ref)!.drawing.features.filter((f) => f.properties.element === element);

  it('answers a plan of the wire shape with the OSM attribution and the boundary', () => {
    expect(() => ImportPlan.parse(plan)).not.toThrow();
    expect(plan.attribution).toBe(OSM_ATTRIBUTION);
    expect(plan.name).toBe('Augusta National Golf Club');
    expect(plan.boundary?.type).toBe('Polygon');
    expect(planImport(augusta, { name: ' Augusta National ' }).name).toBe('Augusta National');
  });

  it('reads 18 holes with refs 1–18, par 72, handicaps 1–18 once each and their names', () => {
    expect(plan.holes.map((h) => h.ref)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(plan.holes.reduce((s, h) => s + h.par, 0)).toBe(72);
    expect(plan.holes.map((h) => h.handicap).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(plan.holes.map((h) => h.name)).toEqual(NAMES);
    expect(byRef.get(2)).toMatchObject({ par: 5, handicap: 1 });
    expect(byRef.get(12)).toMatchObject({ name: 'Golden Bell', par: 3, handicap: 16 });
  });

  it('gives each hole exactly one green: the one holding the end of its line', () => {
    for (const hole of plan.holes) {
      const greens = features(hole.ref, EL.green);
      expect(greens, `hole ${hole.ref}`).toHaveLength(1);
      expect(hole.counts[EL.green]).toBe(1);
      const line = features(hole.ref, EL.playLine)[0].geometry.coordinates as number[][];
      const ring = (greens[0].geometry.coordinates as number[][][])[0];
      expect(pointInRing(line[line.length - 1], ring), `hole ${hole.ref}`).toBe(true);
    }
    const greenIds = plan.holes.map((h) => features(h.ref, EL.green)[0].id);
    expect(new Set(greenIds).size).toBe(18);
  });

  it('leaves the 2 practice greens unmatched', () => {
    expect(plan.unmatched[EL.green]).toBe(2);
    const all = plan.holes.flatMap((h) => h.drawing.features.map((f) => f.id));
    expect(all).not.toContain('way/856580301');
    expect(all).not.toContain('way/930626996');
  });

  it('gives every hole the tee at the start of its line, hole 12 despite the 2 m gap', () => {
    for (const hole of plan.holes) expect(hole.counts[EL.tee] ?? 0, `hole ${hole.ref}`).toBeGreaterThanOrEqual(1);
    expect(features(12, EL.tee).map((f) => f.id)).toContain('way/855657865');
  });

  it('warns about and skips the 9-ha tee relation 13998937', () => {
    expect(plan.warnings.some((w) => w.includes('relation/13998937') && w.includes('ha'))).toBe(true);
    const all = plan.holes.flatMap((h) => h.drawing.features.map((f) => f.id));
    expect(all).not.toContain('relation/13998937');
    const tees = plan.holes.reduce((s, h) => s + (h.counts[EL.tee] ?? 0), 0) + (plan.unmatched[EL.tee] ?? 0);
    expect(tees).toBe(33);
  });

  it('accounts for all 45 bunkers, matched or unmatched', () => {
    const matched = plan.holes.reduce((s, h) => s + (h.counts[EL.bunker] ?? 0), 0);
    expect(matched + (plan.unmatched[EL.bunker] ?? 0)).toBe(45);
    expect(matched).toBeGreaterThan(40);
  });

  it('gives fairways with a ref to that hole', () => {
    const fairwaysWithRef = augusta.features.filter((f) => f.properties?.golf === 'fairway' && f.properties.ref);
    expect(fairwaysWithRef).toHaveLength(18);
    for (const f of fairwaysWithRef) {
      expect(features(Number(f.properties!.ref), EL.fairway).map((x) => x.id)).toContain(f.id);
    }
  });

  it('keeps multipolygon fairways as polygons with their inner rings', () => {
    const fairways = plan.holes.flatMap((h) => features(h.ref, EL.fairway));
    const withHoles = fairways.filter((f) => (f.geometry.coordinates as number[][][]).length > 1);
    expect(withHoles.length).toBeGreaterThanOrEqual(1);
    expect(withHoles.every((f) => f.id.startsWith('relation/'))).toBe(true);
  });

  it('counts the pins per hole but leaves them out of the drawings', () => {
    for (const hole of plan.holes) {
      expect(hole.counts[EL.pinPosition]).toBe(1);
      expect(features(hole.ref, EL.pinPosition)).toHaveLength(0);
    }
  });

  it('places a T-point on the green edge where each play line enters', () => {
    for (const hole of plan.holes) {
      const [t] = features(hole.ref, EL.tPoint);
      expect(t, `hole ${hole.ref}`).toBeDefined();
      const ring = (features(hole.ref, EL.green)[0].geometry.coordinates as number[][][])[0];
      const p = t.geometry.coordinates as number[];
      // On the edge: a step of ~1 m either way along the line lands once in and once out.
      const line = features(hole.ref, EL.playLine)[0].geometry.coordinates as number[][];
      const end = line[line.length - 1];
      const dx = end[0] - p[0];
      const dy = end[1] - p[1];
      const len = Math.hypot(dx, dy);
      const step = 1e-5 / len;
      expect(pointInRing([p[0] + dx * step, p[1] + dy * step], ring), `hole ${hole.ref}`).toBe(true);
      expect(pointInRing([p[0] - dx * step, p[1] - dy * step], ring), `hole ${hole.ref}`).toBe(false);
    }
  });

  it('produces drawings that pass validateDrawing, with ids unique and rings wound per RFC 7946', () => {
    for (const hole of plan.holes) {
      expect(validateDrawing(hole.drawing, elements), `hole ${hole.ref}`).toEqual([]);
      for (const f of hole.drawing.features) {
        if (f.geometry.type !== 'Polygon') continue;
        const [outer, ...inner] = f.geometry.coordinates;
        expect(signed(outer), f.id).toBeGreaterThan(0);
        for (const ring of inner) expect(signed(ring), f.id).toBeLessThan(0);
      }
    }
    expect(features(1, EL.playLine)[0].id).toBe('way/854913181');
  });
});

describe('planImport of other inputs', () => {
  const line = (ref: string | undefined, coords: number[][], extra: Record<string, string> = {}) => ({
    type: 'Feature' as const,
    properties: { golf: 'hole', ...(ref ? { ref } : {}), ...extra },
    geometry: { type: 'LineString' as const, coordinates: coords },
  });
  const square = (cx: number, cy: number, d: number, props: Record<string, string>, id?: string) => ({
    type: 'Feature' as const,
    ...(id ? { id } : {}),
    properties: props,
    // Clockwise on purpose: the import rewinds it.
    geometry: { type: 'Polygon' as const, coordinates: [[[cx - d, cy - d], [cx - d, cy + d], [cx + d, cy + d], [cx + d, cy - d], [cx - d, cy - d]]] },
  });

  it('has no holes and no attribution for a plain GeoJSON without hole lines', () => {
    const plan = planImport({ type: 'FeatureCollection', features: [square(10, 55, 0.0002, { golf: 'green' })] });
    expect(plan.holes).toEqual([]);
    expect(plan.attribution).toBeNull();
    expect(plan.unmatched[EL.green]).toBe(1);
    expect(plan.name).toBe('Imported course');
    expect(NO_HOLES_MESSAGE).toMatch(/No holes found/);
  });

  it('leaves out hole lines without ref, estimates a missing par and drops a repeated handicap', () => {
    const plan = planImport({
      type: 'FeatureCollection',
      features: [
        line(undefined, [[10, 55], [10.001, 55]]),
        line('2', [[10, 55.01], [10.008, 55.01]], { handicap: '1' }),
        line('1', [[10, 55.02], [10.002, 55.02]], { par: '3', handicap: '1' }),
        square(10.008, 55.01, 0.0001, { golf: 'green' }, 'way/7'),
        square(10.0049, 55.0101, 0.00002, { natural: 'tree' }, 'way/8'),
        { type: 'Feature', properties: { natural: 'tree' }, geometry: { type: 'Point', coordinates: [10.003, 55.0101] } },
      ],
    });
    expect(plan.holes.map((h) => [h.ref, h.par, h.handicap])).toEqual([[1, 3, 1], [2, 5, null]]);
    expect(plan.warnings.some((w) => w.includes('no ref'))).toBe(true);
    expect(plan.warnings.some((w) => w.includes('Hole 2 has no par'))).toBe(true);
    expect(plan.warnings.some((w) => w.includes('Hole 2 has handicap 1'))).toBe(true);
    expect(plan.warnings.some((w) => w.includes('Hole 1: no green'))).toBe(true);
    const green = plan.holes[1].drawing.features.find((f) => f.properties.element === EL.green)!;
    expect(signed(green.geometry.coordinates[0] as number[][])).toBeGreaterThan(0);
    expect(plan.holes[1].counts[EL.tree]).toBe(1);
    expect(plan.warnings.some((w) => w.includes('Tree way/8 has a Polygon geometry'))).toBe(true);
    expect(plan.attribution).toBe(OSM_ATTRIBUTION);
    expect(validateDrawing(plan.holes[1].drawing, elements)).toEqual([]);
  });

  it('reads the nested tags osmtogeojson writes and splits multipolygons into polygons', () => {
    const plan = planImport({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', id: 'way/1', properties: { tags: { golf: 'hole', ref: '1', par: '4' } }, geometry: { type: 'LineString', coordinates: [[10, 55], [10.004, 55]] } },
        {
          type: 'Feature',
          id: 'relation/2',
          properties: { tags: { golf: 'bunker' } },
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [[[10.001, 55.0001], [10.0011, 55.0001], [10.0011, 55.0002], [10.001, 55.0001]]],
              [[[10.002, 55.0001], [10.0021, 55.0001], [10.0021, 55.0002], [10.002, 55.0001]]],
            ],
          },
        },
      ],
    });
    const bunkers = plan.holes[0].drawing.features.filter((f) => f.properties.element === EL.bunker).map((f) => f.id);
    expect(bunkers).toEqual(['relation/2', 'relation/2#2']);
    expect(validateDrawing(plan.holes[0].drawing, elements)).toEqual([]);
  });

  it('leaves out features whose coordinates are not lists (null, numbers, broken multi-parts) instead of throwing', () => {
    const hostile = (type: string, coordinates: unknown, props: Record<string, unknown>) => ({ type: 'Feature', properties: props, geometry: { type, coordinates } });
    const input = {
      type: 'FeatureCollection',
      features: [
        hostile('Polygon', null, { golf: 'green' }),
        hostile('MultiPolygon', [null, 5, [null], [[null]]], { golf: 'bunker' }),
        hostile('MultiLineString', null, { golf: 'hole', ref: '2' }),
        hostile('MultiLineString', [null, 'x'], { golf: 'cartpath' }),
        hostile('MultiPoint', null, { natural: 'tree' }),
        hostile('Point', null, { golf: 'pin' }),
        hostile('LineString', 7, { golf: 'hole', ref: '3' }),
        line('1', [[10, 55], [10.004, 55]], { par: '4' }),
      ],
    } as unknown as FeatureCollection;
    const plan = planImport(input);
    expect(plan.holes.map((h) => h.ref)).toEqual([1]);
    expect(plan.warnings.some((w) => w.includes('is not a line'))).toBe(true);
    expect(validateDrawing(plan.holes[0].drawing, elements)).toEqual([]);
  });
});

describe('checkedPlan', () => {
  it("refuses a plan whose hole drawings fail the checks: each problem with its hole, its code and values, the first in the error's own", () => {
    const plan = planImport(augusta);
    // Hole 2's drawing with a point 20 km high, as no drawing may hold.
    const hole = plan.holes[1]!;
    const point = hole.drawing.features.find((f) => f.geometry?.type === 'Point')!;
    const [lon, lat] = (point.geometry as { coordinates: number[] }).coordinates;
    const broken = { ...plan, holes: plan.holes.map((h) => (h === hole ? { ...h, drawing: { ...h.drawing, features: h.drawing.features.map((f) => (f === point ? { ...f, geometry: { type: 'Point' as const, coordinates: [lon!, lat!, 20_000] } } : f)) } } : h)) };
    let refusal: unknown;
    try {
      checkedPlan(broken);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    const { statusCode, code, params, details } = refusal as HttpError & { details: { path: string; code: string; params: Record<string, unknown>; message: string }[] };
    expect({ statusCode, code, params }).toEqual({ statusCode: 400, code: 'imports.invalidDrawing', params: { hole: hole.ref, message: details[0]!.message } });
    expect(details).toEqual([
      {
        path: String(hole.ref),
        code: 'drawings.problem.heightOutOfRange',
        params: { element: point.properties.element, feature: String(point.id), height: 20_000, max: 10_000 },
        message: expect.stringContaining('20000') as string,
      },
    ]);
    expect(checkedPlan(plan)).toBe(plan);
  });
});

import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { describe, expect, it } from 'vitest';
import { Drawing, type DrawingFeature } from '@golf/contract/api/drawings';
import { CATALOGUE_ELEMENTS, EL } from '@golf/contract/graphics-catalogue';
import { generateDemoCourse } from './demo-course';
import { distance, lineLength, polygonArea } from '@golf/contract/geo/measure';
import { pinFrame } from '@golf/contract/geo/pins';
import { greensWithinBoundary, selfIntersections } from '@golf/contract/geo/status';
import { validateDrawing } from '@golf/contract/geo/validate';

const FJORDVANG: [number, number] = [9.5357, 55.7113];
const elements = new Map(CATALOGUE_ELEMENTS.map(([name, , , geometry]) => [name, geometry]));
const course = generateDemoCourse(FJORDVANG, { seed: 1 });

const of = (drawing: Drawing, element: string) => drawing.features.filter((f) => f.properties.element === element);
const polygon = (f: DrawingFeature) => f.geometry.coordinates as number[][][];
const positions = (f: DrawingFeature): number[][] =>
  f.geometry.type === 'Point' ? [f.geometry.coordinates] : f.geometry.type === 'LineString' ? f.geometry.coordinates : f.geometry.coordinates.flat();

function segmentsCross(a: number[], b: number[], c: number[], d: number[]): boolean {
  const o = (p: number[], q: number[], r: number[]) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) !== o(a, b, d) && o(c, d, a) !== o(c, d, b);
}

/** Whether two polygons share any area: an edge crossing, or a vertex of one inside the other. */
function overlap(p: number[][][], q: number[][][]): boolean {
  const [r1, r2] = [p[0], q[0]];
  for (let i = 0; i + 1 < r1.length; i++) for (let j = 0; j + 1 < r2.length; j++) if (segmentsCross(r1[i], r1[i + 1], r2[j], r2[j + 1])) return true;
  return booleanPointInPolygon(r1[0], { type: 'Polygon', coordinates: q }) || booleanPointInPolygon(r2[0], { type: 'Polygon', coordinates: p });
}

describe('generateDemoCourse', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateDemoCourse(FJORDVANG, { seed: 1 })).toEqual(course);
    expect(generateDemoCourse(FJORDVANG, { seed: 2 }).holes[0].drawing).not.toEqual(course.holes[0].drawing);
  });

  it('has 18 holes of par 72 with 4 par 3s, 4 par 5s and stroke indexes 1–18 (odd out, even home)', () => {
    expect(course.holes).toHaveLength(18);
    expect(course.holes.reduce((s, h) => s + h.par, 0)).toBe(72);
    expect(course.holes.filter((h) => h.par === 3)).toHaveLength(4);
    expect(course.holes.filter((h) => h.par === 5)).toHaveLength(4);
    expect(course.holes.map((h) => h.handicap).sort((a, b) => a - b)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(course.holes.slice(0, 9).every((h) => h.handicap % 2 === 1)).toBe(true);
    expect(course.tees.map((t) => t.color)).toEqual(['#ffffff', '#fbc02d', '#d32f2f']);
  });

  it('makes a 9-hole course of par 36 on request', () => {
    const nine = generateDemoCourse(FJORDVANG, { seed: 3, holes: 9, name: 'Short', holeNames: ['Et'] });
    expect(nine.name).toBe('Short');
    expect(nine.holes).toHaveLength(9);
    expect(nine.holes.reduce((s, h) => s + h.par, 0)).toBe(36);
    expect(nine.holes.map((h) => h.handicap).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(nine.holes.map((h) => h.name).slice(0, 2)).toEqual(['Et', 'Hole 2']);
  });

  it('gives distances per tee along the play line, back ≥ middle ≥ forward, all 130–520 m', () => {
    for (const hole of course.holes) {
      const line = of(hole.drawing, EL.playLine)[0].geometry.coordinates as number[][];
      expect(hole.distances).toHaveLength(3);
      expect(hole.distances[0]).toBe(Math.round(lineLength(line)));
      expect(hole.distances[0]).toBeGreaterThan(hole.distances[1]);
      expect(hole.distances[1]).toBeGreaterThan(hole.distances[2]);
      for (const d of hole.distances) {
        expect(d).toBeGreaterThanOrEqual(130);
        expect(d).toBeLessThanOrEqual(520);
      }
      const range = hole.par === 3 ? [130, 210] : hole.par === 4 ? [250, 420] : [380, 520];
      expect(hole.distances[0]).toBeGreaterThanOrEqual(range[0]);
      expect(hole.distances[0]).toBeLessThanOrEqual(range[1]);
    }
  });

  it('draws every element a hole needs', () => {
    let water = 0;
    for (const [i, hole] of course.holes.entries()) {
      const d = hole.drawing;
      const msg = `hole ${i + 1}`;
      expect(of(d, EL.holeBoundary), msg).toHaveLength(1);
      expect(of(d, EL.tee), msg).toHaveLength(3);
      expect(of(d, EL.rough), msg).toHaveLength(1);
      expect(of(d, EL.fairway), msg).toHaveLength(hole.par === 3 ? 0 : 1);
      expect(of(d, EL.green), msg).toHaveLength(1);
      expect(of(d, EL.fringe), msg).toHaveLength(1);
      expect(of(d, EL.bunker).length, msg).toBeGreaterThanOrEqual(2);
      expect(of(d, EL.bunker).length, msg).toBeLessThanOrEqual(5);
      expect(of(d, EL.trees).length, msg).toBeGreaterThanOrEqual(1);
      expect(of(d, EL.tPoint), msg).toHaveLength(1);
      expect(of(d, EL.distanceMarker).length, msg).toBeGreaterThanOrEqual(hole.par === 3 ? 1 : 2);
      const area = polygonArea(polygon(of(d, EL.green)[0]));
      expect(area, msg).toBeGreaterThanOrEqual(450);
      expect(area, msg).toBeLessThanOrEqual(650);
      water += of(d, EL.water).length;
    }
    expect(water).toBeGreaterThanOrEqual(3);
  });

  it('gives the play line heights of gentle terrain, from the back tee into the green', () => {
    for (const hole of course.holes) {
      const line = of(hole.drawing, EL.playLine)[0].geometry.coordinates as number[][];
      expect(line.length).toBeGreaterThanOrEqual(hole.par === 3 ? 2 : 3);
      for (const p of line) {
        expect(p).toHaveLength(3);
        expect(p[2]).toBeGreaterThanOrEqual(10);
        expect(p[2]).toBeLessThanOrEqual(40);
      }
      const backTee = of(hole.drawing, EL.tee).find((f) => f.id.endsWith('tee-back'))!;
      expect(booleanPointInPolygon(line[0].slice(0, 2), { type: 'Polygon', coordinates: polygon(backTee) })).toBe(true);
      expect(booleanPointInPolygon(line[line.length - 1].slice(0, 2), { type: 'Polygon', coordinates: polygon(of(hole.drawing, EL.green)[0]) })).toBe(true);
    }
  });

  it('passes validateDrawing, has no self-intersections and keeps every feature inside the hole boundary', () => {
    for (const [i, hole] of course.holes.entries()) {
      const d = Drawing.parse(hole.drawing);
      expect(validateDrawing(d, elements), `hole ${i + 1}`).toEqual([]);
      expect(selfIntersections(d), `hole ${i + 1}`).toEqual([]);
      expect(greensWithinBoundary(d), `hole ${i + 1}`).toBe(true);
      const boundary = { type: 'Polygon' as const, coordinates: polygon(of(d, EL.holeBoundary)[0]) };
      for (const f of d.features) {
        if (f.properties.element === EL.holeBoundary) continue;
        for (const p of positions(f)) expect(booleanPointInPolygon(p.slice(0, 2), boundary), `hole ${i + 1} ${f.id}`).toBe(true);
      }
    }
  });

  it('puts the T-point on the green edge where the pin frame starts', () => {
    for (const hole of course.holes) {
      const t = of(hole.drawing, EL.tPoint)[0].geometry.coordinates as number[];
      const frame = pinFrame(hole.drawing);
      expect(frame?.origin).toEqual([t[0], t[1]]);
      const ring = polygon(of(hole.drawing, EL.green)[0])[0];
      const nearest = Math.min(...ring.map((p) => distance(p, t)));
      expect(nearest).toBeLessThan(3);
    }
  });

  it('lays the holes out without overlaps, in two loops that start and end near the clubhouse', () => {
    const boundaries = course.holes.map((h) => polygon(of(h.drawing, EL.holeBoundary)[0]));
    for (let i = 0; i < boundaries.length; i++) {
      for (let j = i + 1; j < boundaries.length; j++) expect(overlap(boundaries[i], boundaries[j]), `holes ${i + 1} and ${j + 1}`).toBe(false);
    }
    const line = (n: number) => of(course.holes[n - 1].drawing, EL.playLine)[0].geometry.coordinates as number[][];
    for (const n of [1, 10]) expect(distance(line(n)[0], FJORDVANG)).toBeLessThan(150);
    for (const n of [9, 18]) expect(distance(line(n)[line(n).length - 1], FJORDVANG)).toBeLessThan(250);
  });

  it('is valid for other seeds and places', () => {
    for (const [centre, seed] of [[[12.861, 56.2437], 7], [[-82.02, 33.5], 99], [[18.07, 59.33], 2024]] as [[number, number], number][]) {
      const c = generateDemoCourse(centre, { seed });
      expect(c.holes.reduce((s, h) => s + h.par, 0)).toBe(72);
      for (const hole of c.holes) {
        expect(validateDrawing(hole.drawing, elements)).toEqual([]);
        expect(selfIntersections(hole.drawing)).toEqual([]);
        expect(greensWithinBoundary(hole.drawing)).toBe(true);
      }
      const boundaries = c.holes.map((h) => polygon(of(h.drawing, EL.holeBoundary)[0]));
      for (let i = 0; i < boundaries.length; i++) for (let j = i + 1; j < boundaries.length; j++) expect(overlap(boundaries[i], boundaries[j])).toBe(false);
    }
  });
});

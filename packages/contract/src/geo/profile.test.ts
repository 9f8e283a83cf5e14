import { describe, expect, it } from 'vitest';
import type { Drawing, DrawingFeature } from '../api/drawings';
import { destination } from './measure';
import { heightProfile, playLine, playLineLegs } from './profile';

const TEE = [9.5357, 55.7113];
const line = (id: string, element: string, coordinates: number[][]): DrawingFeature => ({
  type: 'Feature', id, geometry: { type: 'LineString', coordinates }, properties: { element },
});
const drawing = (...features: DrawingFeature[]): Drawing => ({ type: 'FeatureCollection', features });

// A dog-leg: 240 m on bearing 15°, then 160 m on bearing 60° (positions built with the geodesic direct problem).
const LANDING = destination(TEE, 15, 240);
const GREEN = destination(LANDING, 60, 160);

describe('playLine', () => {
  it('is the first play line feature’s coordinates, or null', () => {
    const coords = [TEE, LANDING, GREEN];
    expect(playLine(drawing(line('p', 'path', [TEE, GREEN]), line('pl', 'play line', coords), line('pl2', 'play line', [GREEN, TEE])))).toBe(coords);
    expect(playLine(drawing(line('p', 'path', [TEE, GREEN])))).toBeNull();
    expect(playLine(drawing())).toBeNull();
  });
});

describe('playLineLegs', () => {
  it('gives each leg with its geodesic length', () => {
    const legs = playLineLegs([TEE, LANDING, GREEN]);
    expect(legs).toHaveLength(2);
    expect(legs[0].from).toBe(TEE);
    expect(legs[0].to).toBe(LANDING);
    expect(legs[0].metres).toBeCloseTo(240, 6);
    expect(legs[1].metres).toBeCloseTo(160, 6);
    expect(playLineLegs([TEE])).toEqual([]);
  });
});

describe('heightProfile', () => {
  it('gives the cumulative distance and height at each vertex that has one', () => {
    const mid = destination(TEE, 15, 100);
    const profile = heightProfile(drawing(line('pl', 'play line', [[...TEE, 21.5], [...mid], [...LANDING, 18], [...GREEN, 24.25]])));
    expect(profile).not.toBeNull();
    expect(profile!.length).toBeCloseTo(400, 6);
    expect(profile!.points.map((p) => p.height)).toEqual([21.5, 18, 24.25]);
    expect(profile!.points[0].distance).toBe(0);
    expect(profile!.points[1].distance).toBeCloseTo(240, 6);
    expect(profile!.points[2].distance).toBeCloseTo(400, 6);
  });

  it('is null without a play line or without heights', () => {
    expect(heightProfile(drawing())).toBeNull();
    expect(heightProfile(drawing(line('pl', 'play line', [TEE, LANDING, GREEN])))).toBeNull();
  });
});

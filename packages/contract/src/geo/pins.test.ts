import { describe, expect, it } from 'vitest';
import type { Drawing, DrawingFeature } from '../api/drawings';
import { bearing, destination, distance } from './measure';
import { pinFrame, pinPoint } from './pins';

const TEE = [9.5357, 55.7113];

/** An axis-aligned square (north–south, east–west) of `side` metres centred on `c`. */
function square(c: number[], side: number): number[][] {
  const h = side / 2;
  const s = destination(c, 180, h);
  const n = destination(c, 0, h);
  const w = destination(c, 270, h)[0];
  const e = destination(c, 90, h)[0];
  return [[w, s[1]], [e, s[1]], [e, n[1]], [w, n[1]], [w, s[1]]];
}
const polygon = (id: string, element: string, ring: number[][]): DrawingFeature => ({
  type: 'Feature', id, geometry: { type: 'Polygon', coordinates: [ring] }, properties: { element },
});
const line = (id: string, element: string, coordinates: number[][]): DrawingFeature => ({
  type: 'Feature', id, geometry: { type: 'LineString', coordinates }, properties: { element },
});
const point = (id: string, element: string, coordinates: number[]): DrawingFeature => ({
  type: 'Feature', id, geometry: { type: 'Point', coordinates }, properties: { element },
});
const drawing = (...features: DrawingFeature[]): Drawing => ({ type: 'FeatureCollection', features });

/** Smallest difference between two bearings in degrees. */
const angleDiff = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('pinFrame', () => {
  const greenCentre = destination(TEE, 0, 350);
  const green = polygon('g', 'green', square(greenCentre, 30));
  const tees = polygon('t', 'tee', square(TEE, 6));

  it('is null without a green, or with a green and nothing to give a direction', () => {
    expect(pinFrame(drawing(tees, line('pl', 'play line', [TEE, greenCentre])))).toBeNull();
    expect(pinFrame(drawing(green))).toBeNull();
  });

  it('uses the T-point with the direction of the play line’s last leg', () => {
    const landing = destination(TEE, 10, 230);
    const front = destination(greenCentre, 180, 15);
    const frame = pinFrame(drawing(tees, green, line('pl', 'play line', [TEE, landing, greenCentre]), point('tp', 'T-point', front)));
    expect(frame).not.toBeNull();
    expect(frame!.origin).toEqual([front[0], front[1]]);
    expect(frame!.bearing).toBeCloseTo(bearing(landing, greenCentre), 9);
  });

  it('uses the T-point with the tee centre → green centroid direction when there is no play line', () => {
    const front = destination(greenCentre, 180, 15);
    const frame = pinFrame(drawing(tees, green, point('tp', 'T-point', front)));
    expect(angleDiff(frame!.bearing, 0)).toBeLessThan(1e-6);
    expect(frame!.origin).toEqual([front[0], front[1]]);
  });

  it('derives the T-point where the last play-line leg enters the green', () => {
    // The last leg arrives at the green centre on bearing 30°; the 30 m square's south edge is
    // 15 m south of the centre, so the leg enters it 15 / cos 30° = 17.32 m before the centre.
    const landing = destination(greenCentre, 210, 120);
    const frame = pinFrame(drawing(tees, green, line('pl', 'play line', [TEE, landing, greenCentre])));
    expect(frame).not.toBeNull();
    expect(distance(frame!.origin, greenCentre)).toBeCloseTo(15 / Math.cos(Math.PI / 6), 1);
    expect(angleDiff(bearing(frame!.origin, greenCentre), 30)).toBeLessThan(0.01);
    expect(angleDiff(frame!.bearing, bearing(landing, greenCentre))).toBeLessThan(1e-9);
  });

  it('derives the T-point from the tee centre → green centroid line without a play line', () => {
    const frame = pinFrame(drawing(tees, green));
    expect(frame).not.toBeNull();
    // Straight north into the square: the front edge midpoint, 15 m before the centre.
    expect(distance(frame!.origin, greenCentre)).toBeCloseTo(15, 1);
    expect(angleDiff(frame!.bearing, 0)).toBeLessThan(1e-6);
  });

  it('takes the last leg that has length (a repeated final vertex is skipped)', () => {
    const landing = destination(greenCentre, 210, 120);
    const frame = pinFrame(drawing(green, line('pl', 'play line', [TEE, landing, greenCentre, greenCentre])));
    expect(angleDiff(frame!.bearing, bearing(landing, greenCentre))).toBeLessThan(1e-9);
  });
});

describe('pinPoint', () => {
  const frame = { origin: [9.5357, 55.7113] as [number, number], bearing: 37 };

  it('round-trips: the pin is hypot(in, side) metres away at bearing + atan(side / in)', () => {
    for (const [out, side] of [[12, 0], [20, 5], [18, -7], [0, 6], [33, -1]]) {
      const pin = pinPoint(frame, out, side);
      expect(distance(frame.origin, pin)).toBeCloseTo(Math.hypot(out, side), 6);
      const expected = frame.bearing + (Math.atan2(side, out) * 180) / Math.PI;
      expect(angleDiff(bearing(frame.origin, pin), expected)).toBeLessThan(1e-6);
    }
  });

  it('puts positive side to the right of the direction of play and negative to the left', () => {
    const north = { origin: frame.origin, bearing: 0 };
    expect(pinPoint(north, 10, 5)[0]).toBeGreaterThan(north.origin[0]);
    expect(pinPoint(north, 10, -5)[0]).toBeLessThan(north.origin[0]);
    const east = { origin: frame.origin, bearing: 90 };
    expect(pinPoint(east, 10, 5)[1]).toBeLessThan(east.origin[1]);
    expect(pinPoint(east, 10, -5)[1]).toBeGreaterThan(east.origin[1]);
  });

  it('is the origin for 0/0 and the geodesic destination for a pin on the line of play', () => {
    expect(pinPoint(frame, 0, 0)).toEqual(frame.origin);
    const [lon, lat] = pinPoint(frame, 25, 0);
    const [lon2, lat2] = destination(frame.origin, 37, 25);
    expect(lon).toBeCloseTo(lon2, 10);
    expect(lat).toBeCloseTo(lat2, 10);
  });
});

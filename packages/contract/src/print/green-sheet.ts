import type { Drawing } from '../api/drawings';
import { EL } from '../graphics-catalogue';
import { toLocalMetres, type Position } from '../geo/measure';
import { pinFrame, pinPoint, type PinFrame } from '../geo/pins';

/** Metres on the sheet: x to the right of the direction of play, y against it (SVG y grows down), the T-point at 0,0. */
export type SheetPoint = [number, number];

export interface GreenSheet {
  /** The T-point and the direction of play the sheet is drawn around. */
  frame: PinFrame;
  green: SheetPoint[][];
  /** The fringe around the green, when drawn. */
  fringe: SheetPoint[][] | null;
  bunkers: SheetPoint[][][];
  /** Water near the green. */
  water: SheetPoint[][][];
  pin: SheetPoint | null;
  /** The box to show: minX, minY, width, height in metres. */
  box: [number, number, number, number];
}

/** Bunkers whose nearest vertex is within this many metres of the green's box are drawn. */
const NEAR_GREEN_METRES = 12;
const MARGIN_METRES = 4;

/**
 * A hole's green (with its fringe), the bunkers and water near it and the pin, in metres around the T-point, turned so that
 * the direction of play points up. Null when the hole has no green or no pin frame.
 */
export function greenSheet(drawing: Drawing, pin: { outMeters: number; sideMeters: number } | null): GreenSheet | null {
  const frame = pinFrame(drawing);
  const greenFeature = drawing.features.find((f) => f.properties.element === EL.green && f.geometry.type === 'Polygon');
  if (!frame || !greenFeature || greenFeature.geometry.type !== 'Polygon') return null;
  const local = toLocalMetres(frame.origin);
  const b = (frame.bearing * Math.PI) / 180;
  const [fx, fy] = [Math.sin(b), Math.cos(b)];
  const [rx, ry] = [Math.cos(b), -Math.sin(b)];
  const toSheet = (p: Position): SheetPoint => {
    const [x, y] = local.forward(p);
    return [x * rx + y * ry, -(x * fx + y * fy)];
  };
  const green = greenFeature.geometry.coordinates.map((ring) => ring.map(toSheet));
  const xs = green[0].map((p) => p[0]);
  const ys = green[0].map((p) => p[1]);
  let [minX, maxX, minY, maxY] = [Math.min(...xs, 0), Math.max(...xs, 0), Math.min(...ys, 0), Math.max(...ys, 0)];
  const near = (p: SheetPoint) => p[0] > minX - NEAR_GREEN_METRES && p[0] < maxX + NEAR_GREEN_METRES && p[1] > minY - NEAR_GREEN_METRES && p[1] < maxY + NEAR_GREEN_METRES;
  const nearby = (element: string) =>
    drawing.features.flatMap((f) => {
      if (f.properties.element !== element || f.geometry.type !== 'Polygon') return [];
      const rings = f.geometry.coordinates.map((ring) => ring.map(toSheet));
      return rings[0]?.some(near) ? [rings] : [];
    });
  const bunkers = nearby(EL.bunker);
  const water = nearby(EL.water);
  const fringe = nearby(EL.fringe)[0] ?? null;
  const pinAt = pin ? toSheet(pinPoint(frame, pin.outMeters, pin.sideMeters)) : null;
  const extra = [...bunkers.flatMap((r) => r[0]), ...(fringe ? fringe[0] : []), ...(pinAt ? [pinAt] : [])];
  for (const [x, y] of extra) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return {
    frame,
    green,
    fringe,
    bunkers,
    water,
    pin: pinAt,
    box: [minX - MARGIN_METRES, minY - MARGIN_METRES, maxX - minX + 2 * MARGIN_METRES, maxY - minY + 2 * MARGIN_METRES],
  };
}

/** An SVG path of rings (even-odd fill for holes). */
export function ringsPath(rings: SheetPoint[][]): string {
  return rings
    .filter((r) => r.length >= 3)
    .map((r) => `M${r.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join('L')}Z`)
    .join('');
}

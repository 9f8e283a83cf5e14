import { pinPoint, type PinFrame } from '@golf/contract/geo/pins';

/** Spacing in metres of the pin chart grid. */
export const GRID_STEP = 5;

/** Guides of a pin chart in [lon, lat]: the grid lines (every 5 m 'in' and 'side') and the direction arrow. */
export function pinGuides(frame: PinFrame, { depth = 50, width = 25, step = GRID_STEP } = {}) {
  const lines: [number, number][][] = [];
  for (let side = -width; side <= width; side += step) lines.push([pinPoint(frame, -step, side), pinPoint(frame, depth, side)]);
  for (let inM = -step; inM <= depth; inM += step) lines.push([pinPoint(frame, inM, -width), pinPoint(frame, inM, width)]);
  const arrow = [pinPoint(frame, -20, 0), pinPoint(frame, 0, 0)];
  const head = [pinPoint(frame, -4, -2.5), pinPoint(frame, 0, 0), pinPoint(frame, -4, 2.5)];
  return { lines, arrow, head };
}

import type { ElementArea } from '@golf/contract/api/greenkeeper';
import { EL } from '@golf/contract/graphics-catalogue';
import type { DemoContext } from '../../platform/app-types';
import { dateOf, liveCourseAreas, storeSnapshot } from './areas-service';
import { addDays } from './pin-rotation-service';

/** How much more fairway and less rough the course had at the first snapshot of the season. */
const FAIRWAY_SHRINK = 0.06;
const ROUGH_GROWTH = 0.05;

/**
 * A season of area snapshots for the demo course (turf reduction): six dates from mid-April (or
 * half a year back, early in a year) to today. Today's is the drawings' real numbers; the earlier
 * ones are the same drawings with the fairways a few per cent larger and the rough a few per cent
 * smaller the further back they lie, so the history shows fairway turned into rough.
 */
export async function seedAreaHistoryDemo(demo: DemoContext): Promise<void> {
  const { tx, clubId, courseId } = demo;
  const live = await liveCourseAreas(tx, clubId, courseId);
  if (!live.drawnAt) return;
  const today = dateOf(new Date());
  let start = `${today.slice(0, 4)}-04-15`;
  if (start > addDays(today, -60)) start = addDays(today, -180);
  const span = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;
  const steps = 5;
  for (let k = 0; k <= steps; k++) {
    const back = (steps - k) / steps;
    const scale = (list: ElementArea[]) =>
      list.map((e) => ({
        ...e,
        area: e.element === EL.fairway ? e.area * (1 + FAIRWAY_SHRINK * back) : e.element === EL.rough ? e.area * (1 - ROUGH_GROWTH * back) : e.area,
      }));
    const date = k === steps ? dateOf(live.drawnAt) : addDays(start, Math.round((span * k) / steps));
    await storeSnapshot(tx, {
      courseId,
      date,
      drawnAt: k === steps ? live.drawnAt : new Date(`${date}T12:00:00Z`),
      totals: scale(live.areas.totals),
      holes: Object.fromEntries(Object.entries(live.holes).map(([holeId, list]) => [holeId, scale(list)])),
    });
  }
}

import type { DemoContext } from '../../platform/app-types';
import { dateOf } from './areas-service';
import { addDays, recordSuggestedDay, saveSuggestedSetup, suggestSetup } from './pin-rotation-service';

/** Days of play the demo course has behind it. */
const DEMO_DAYS = 21;

/**
 * Three weeks of pins on the demo course, made by the rotation rules day after day (each day's
 * suggestion respects the days before it): the first 20 days as played spots (their setups long
 * since replaced), yesterday as a saved pin setup recorded as played, so the pin sheet prints it.
 */
export async function seedPinRotationDemo(demo: DemoContext): Promise<void> {
  const { tx, clubId, courseId } = demo;
  const today = dateOf(new Date());
  for (let back = DEMO_DAYS; back >= 1; back--) {
    const date = addDays(today, -back);
    const suggestion = await suggestSetup(tx, clubId, courseId, date);
    if (back > 1) {
      await recordSuggestedDay(tx, clubId, courseId, suggestion);
    } else {
      const pins = suggestion.pins.map((p) => ({ holeId: p.holeId, outMeters: p.outMeters, sideMeters: p.sideMeters }));
      await saveSuggestedSetup(tx, clubId, courseId, { date, name: `Pins ${date}`, pins, markPlayed: true });
    }
  }
}

import type { DemoContext } from '../../platform/app-types';
import { seedAreaHistoryDemo } from './areas-demo';
import { seedPinRotationDemo } from './pin-rotation-demo';
import { seedTrackingDemo } from './tracking-demo';

/**
 * The greenkeeper demo (issue 25) for the Danish demo club: tracking groups on its course with a
 * log book, descriptions and hole texts; a season of area snapshots (turf reduction); three weeks
 * of pins played by the rotation rules.
 */
export async function greenkeeperDemo(demo: DemoContext): Promise<void> {
  await seedTrackingDemo(demo);
  await seedAreaHistoryDemo(demo);
  await seedPinRotationDemo(demo);
}

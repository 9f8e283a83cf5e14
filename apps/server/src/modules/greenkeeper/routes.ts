import type { AppDeps, TypedApp } from '../../platform/app-types';
import { registerAreaJobs } from './areas-jobs';
import { registerAreaRoutes } from './areas-routes';
import { registerTrackingCommentRoutes } from './comments-routes';
import { registerPinRotationRoutes } from './pin-rotation-routes';
import { registerTrackingGroupRoutes } from './tracking-groups-routes';

/**
 * Greenkeeper (issue 25; contract api/greenkeeper.ts): the area statistics of the mapped courses
 * with their dated history and exports (role `areas`), the tech map's tracking groups with their
 * elements, log book, descriptions and hole texts (role `tech-map`), and pin rotation (role
 * `courses`, as the pin setups it makes).
 */
export function greenkeeperRoutes(app: TypedApp, deps: AppDeps) {
  registerAreaRoutes(app, deps);
  registerTrackingGroupRoutes(app, deps);
  registerTrackingCommentRoutes(app, deps);
  registerPinRotationRoutes(app, deps);
  registerAreaJobs(deps);
}

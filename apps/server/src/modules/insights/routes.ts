import type { AppDeps, TypedApp } from '../../platform/app-types';
import { registerInsightAppRoutes } from './app-routes';
import { registerInsightConsoleRoutes } from './console-routes';
import { registerDemoSeasonJob } from './demo-season-job';

/**
 * Insights (issue 22): the console's calls (role `insights`: games, heatmap, saved filters,
 * settings) and the golfers' app's ingestion under /api/app/clubs/{clubId}/... (the club's app key).
 */
export function insightRoutes(app: TypedApp, deps: AppDeps) {
  registerInsightConsoleRoutes(app, deps);
  registerInsightAppRoutes(app, deps);
  registerDemoSeasonJob(deps);
}

import type { AppDeps, TypedApp } from '../../platform/app-types';
import { registerAnnouncementRoutes } from './announcement-routes';
import { registerConnectionRoutes } from './connection-routes';
import { registerFeedAppRoutes } from './feed-app-routes';
import { registerFeedJobs } from './feed-jobs';
import { registerFeedRoutes } from './feed-routes';
import { registerNotificationRoutes } from './notification-routes';
import { registerPushAppRoutes } from './push-app-routes';
import { registerPushJobs } from './push-jobs';
import { registerPublicFeedRoutes } from './public-feed-routes';

/**
 * Communication (issue 23): the club's status (role `club-status`), messages to the followers and
 * their Web Push delivery, the news feed with external feeds and the club's own RSS and Atom, and
 * the social connections (role `communication`); the golfers' app's side (push subscriptions, the
 * status and feed it shows, views) under /api/app/clubs/{clubId}/...; the public feeds.
 */
export function communicationRoutes(app: TypedApp, deps: AppDeps) {
  registerAnnouncementRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerFeedRoutes(app, deps);
  registerConnectionRoutes(app, deps);
  registerPushAppRoutes(app, deps);
  registerFeedAppRoutes(app, deps);
  registerPublicFeedRoutes(app, deps);
  registerPushJobs(deps);
  registerFeedJobs(deps);
}

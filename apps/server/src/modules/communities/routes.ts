import type { AppDeps, TypedApp } from '../../platform/app-types';
import { registerAppCommunityRoutes } from './app-communities-routes';
import { registerAppPostRoutes } from './app-posts-routes';
import { registerCommunityRoutes } from './communities-routes';
import { registerMemberRoutes } from './members-routes';
import { registerPostRoutes } from './posts-routes';

/**
 * Communities (issue 24; contract api/communities.ts and api/communities-app.ts): the club's
 * communities with their managers and settings, posts, comments, replies and images, moderation
 * and its log, members and invitations (role `communities`; a user who is not one of the club's
 * community managers sees only the communities they were added to), and the golfers' app's side
 * under /api/app/clubs/{clubId}/users/{appUserId}/communities.
 */
export function communityRoutes(app: TypedApp, deps: AppDeps) {
  registerCommunityRoutes(app, deps);
  registerPostRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerAppCommunityRoutes(app, deps);
  registerAppPostRoutes(app, deps);
}

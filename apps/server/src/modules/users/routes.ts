import { IdParams, ErrorResponse } from '@golf/contract/api/common';
import { Profile, ProfileUpdateBody } from '@golf/contract/api/session';
import { requireAuth, type AppDeps, type TypedApp } from '../../app';
import { bearerToken, loadSession } from '../../platform/auth';
import { updateOwnProfile } from './service';

const tags = ['users'];

export function userRoutes(app: TypedApp, { db, sessions }: AppDeps) {
  app.put(
    '/users/:id',
    { schema: { tags, params: IdParams, body: ProfileUpdateBody, response: { 200: Profile, 400: ErrorResponse, 403: ErrorResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      await updateOwnProfile(db, auth.userId, request.params.id, request.body);
      sessions.forgetUser(auth.userId);
      const fresh = await loadSession(db, bearerToken(request.headers.authorization) ?? '');
      return (fresh ?? auth).profile;
    },
  );
}

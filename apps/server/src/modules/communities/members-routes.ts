import { z } from 'zod';
import { ErrorResponse } from '@golf/contract/api/common';
import {
  CommunityMember,
  CommunityMemberIdsBody,
  CommunityMemberParams,
  CommunityMembersQuery,
  CommunityMembersResponse,
  CommunityParams,
  CommunityRemovalsResponse,
  InvitableMember,
  InvitableQuery,
  InvitationsResult,
  InviteBody,
  MuteBody,
} from '@golf/contract/api/communities';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { readCacheUntil } from '../../platform/read-cache';
import { communityInScope, type Actor } from './access';
import {
  banMember,
  inviteToCommunity,
  listCommunityMembers,
  listInvitable,
  membersChangeAt,
  muteMember,
  removeCommunityMembers,
  unbanMember,
  unmuteMember,
} from './members-service';

const tags = ['communities'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 413: ErrorResponse };

/** Role `communities` in the path's club; which communities the user manages is checked by communityInScope. */
const COMMUNITIES = { club: 'clubId', roles: ['communities'] } as const satisfies ApiAccess;

/** JSON bodies of ids: InviteBody's 2 × 1000 ids fit in 64 KB, the removals' 5000 ids in 128 KB. */
const BODY_BYTES = 64 * 1024;
const REMOVALS_BODY_BYTES = 128 * 1024;

const actorOf = (request: Parameters<typeof requireAuth>[0]): Actor => {
  const { userId, subject } = requireAuth(request);
  return { userId, subject };
};

/**
 * A community's members (issue 24; contract api/communities.ts): the list with its filters and
 * counts, the club's imported members who may be invited, invitations by mail (24-hour throttle),
 * ban, unban, mute, unmute and removal, each logged. Every call first checks that the user
 * manages the community (another club's or an unmanaged community's id: 404).
 */
export function registerMemberRoutes(app: TypedApp, deps: AppDeps) {
  const { db, mailer } = deps;

  app.get(
    '/clubs/:clubId/communities/:communityId/members',
    {
      config: { access: COMMUNITIES, readCache: true },
      schema: { tags, params: CommunityParams, querystring: CommunityMembersQuery, response: { 200: CommunityMembersResponse, ...errors } },
    },
    async (request) => {
      const { clubId, communityId } = request.params;
      await communityInScope(db, actorOf(request), clubId, communityId);
      const page = await listCommunityMembers(db, clubId, communityId, request.query);
      // recently_mailed and muted_until change by the clock: a kept page holds until the first one does.
      readCacheUntil(request, membersChangeAt(page.items));
      return page;
    },
  );

  app.get(
    '/clubs/:clubId/communities/:communityId/invitable',
    {
      config: { access: COMMUNITIES },
      schema: { tags, params: CommunityParams, querystring: InvitableQuery, response: { 200: z.array(InvitableMember), ...errors } },
    },
    async (request) => {
      const { clubId, communityId } = request.params;
      await communityInScope(db, actorOf(request), clubId, communityId);
      return listInvitable(db, clubId, communityId, request.query.search);
    },
  );

  app.post(
    '/clubs/:clubId/communities/:communityId/members/invitations',
    {
      config: { access: COMMUNITIES },
      bodyLimit: BODY_BYTES,
      schema: { tags, params: CommunityParams, body: InviteBody, response: { 200: InvitationsResult, ...errors } },
    },
    async (request) => {
      const { clubId, communityId } = request.params;
      const actor = actorOf(request);
      const scope = await communityInScope(db, actor, clubId, communityId);
      return inviteToCommunity(
        { db, mailer, log: (err) => request.log.error({ err }, 'community invitation mail failed') },
        actor,
        clubId,
        scope,
        request.body,
      );
    },
  );

  app.post(
    '/clubs/:clubId/communities/:communityId/members/removals',
    {
      config: { access: COMMUNITIES },
      bodyLimit: REMOVALS_BODY_BYTES,
      schema: { tags, params: CommunityParams, body: CommunityMemberIdsBody, response: { 200: CommunityRemovalsResponse, ...errors } },
    },
    async (request) => {
      const { clubId, communityId } = request.params;
      const actor = actorOf(request);
      await communityInScope(db, actor, clubId, communityId);
      return { removed: await removeCommunityMembers(db, actor, clubId, communityId, request.body.ids) };
    },
  );

  app.post(
    '/clubs/:clubId/communities/:communityId/members/:memberId/ban',
    { config: { access: COMMUNITIES }, schema: { tags, params: CommunityMemberParams, response: { 200: CommunityMember, ...errors } } },
    async (request) => {
      const { clubId, communityId, memberId } = request.params;
      const actor = actorOf(request);
      await communityInScope(db, actor, clubId, communityId);
      return banMember(db, actor, clubId, communityId, memberId);
    },
  );

  app.post(
    '/clubs/:clubId/communities/:communityId/members/:memberId/unban',
    { config: { access: COMMUNITIES }, schema: { tags, params: CommunityMemberParams, response: { 200: CommunityMember, ...errors } } },
    async (request) => {
      const { clubId, communityId, memberId } = request.params;
      const actor = actorOf(request);
      await communityInScope(db, actor, clubId, communityId);
      return unbanMember(db, actor, clubId, communityId, memberId);
    },
  );

  app.post(
    '/clubs/:clubId/communities/:communityId/members/:memberId/mute',
    {
      config: { access: COMMUNITIES },
      bodyLimit: BODY_BYTES,
      schema: { tags, params: CommunityMemberParams, body: MuteBody, response: { 200: CommunityMember, ...errors } },
    },
    async (request) => {
      const { clubId, communityId, memberId } = request.params;
      const actor = actorOf(request);
      await communityInScope(db, actor, clubId, communityId);
      return muteMember(db, actor, clubId, communityId, memberId, request.body.until);
    },
  );

  app.delete(
    '/clubs/:clubId/communities/:communityId/members/:memberId/mute',
    { config: { access: COMMUNITIES }, schema: { tags, params: CommunityMemberParams, response: { 200: CommunityMember, ...errors } } },
    async (request) => {
      const { clubId, communityId, memberId } = request.params;
      const actor = actorOf(request);
      await communityInScope(db, actor, clubId, communityId);
      return unmuteMember(db, actor, clubId, communityId, memberId);
    },
  );
}

import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { Community, CommunityBody, CommunityParams, CommunitySettings, CommunitySummary, ManagerCandidate } from '@golf/contract/api/communities';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { readUploadedFile, registerImageUploads } from '../../platform/uploads';
import {
  assertCommunityInScope,
  createCommunity,
  deleteCommunity,
  getCommunity,
  getCommunitySettings,
  listCommunities,
  managerCandidates,
  removeCommunityImage,
  saveCommunitySettings,
  setCommunityImage,
  updateCommunity,
} from './communities-service';

const tags = ['communities'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const uploadErrors = { ...errors, 413: ErrorResponse, 415: ErrorResponse, 422: ErrorResponse };

/** Role `communities` in the club of the path; which communities is the service's question (§6). */
const COMMUNITIES = { club: 'clubId', roles: ['communities'] } as const satisfies ApiAccess;
/** The club's community managers: the admin and the owners of the club's region. */
const COMMUNITIES_MANAGEMENT = { club: 'clubId', roles: ['communities'], management: true } as const satisfies ApiAccess;

/** The multipart field of the community's image ('data', as the other image uploads and the web app's COMMUNITY_IMAGE_FIELD). */
const IMAGE_FIELDS = ['data'] as const;

/**
 * A community is a name, a description of at most 2000 characters and at most 50 manager ids:
 * 64 KB leaves room for any escaping; a larger body is refused with 413 before it is parsed.
 */
const BODY_BYTES = 64 * 1024;

/**
 * The communities themselves (issue 24; contract api/communities.ts): list, create, read, edit,
 * delete, the community's image, the manager candidates and the club's report threshold. The
 * static paths (manager-candidates, settings) are found before `:communityId` by the router.
 */
export function registerCommunityRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;

  app.get(
    '/clubs/:clubId/communities',
    { config: { access: COMMUNITIES }, schema: { tags, params: ClubIdParams, response: { 200: z.array(CommunitySummary), ...errors } } },
    async (request) => listCommunities(db, requireAuth(request), request.params.clubId),
  );

  app.post(
    '/clubs/:clubId/communities',
    {
      config: { access: COMMUNITIES_MANAGEMENT },
      bodyLimit: BODY_BYTES,
      schema: { tags, params: ClubIdParams, body: CommunityBody, response: { 201: Community, ...errors, 409: ErrorResponse, 413: ErrorResponse } },
    },
    async (request, reply) => reply.status(201).send(await createCommunity(db, requireAuth(request), request.params.clubId, request.body)),
  );

  app.get(
    '/clubs/:clubId/communities/manager-candidates',
    { config: { access: COMMUNITIES_MANAGEMENT }, schema: { tags, params: ClubIdParams, response: { 200: z.array(ManagerCandidate), ...errors } } },
    async (request) => managerCandidates(db, request.params.clubId),
  );

  app.get(
    '/clubs/:clubId/communities/settings',
    { config: { access: COMMUNITIES }, schema: { tags, params: ClubIdParams, response: { 200: CommunitySettings, ...errors } } },
    async (request) => getCommunitySettings(db, request.params.clubId),
  );

  app.put(
    '/clubs/:clubId/communities/settings',
    {
      config: { access: COMMUNITIES_MANAGEMENT },
      bodyLimit: BODY_BYTES,
      schema: { tags, params: ClubIdParams, body: CommunitySettings, response: { 200: CommunitySettings, ...errors, 413: ErrorResponse } },
    },
    async (request) => saveCommunitySettings(db, request.params.clubId, request.body),
  );

  app.get(
    '/clubs/:clubId/communities/:communityId',
    { config: { access: COMMUNITIES }, schema: { tags, params: CommunityParams, response: { 200: Community, ...errors } } },
    async (request) => getCommunity(db, requireAuth(request), request.params.clubId, request.params.communityId),
  );

  app.put(
    '/clubs/:clubId/communities/:communityId',
    {
      config: { access: COMMUNITIES },
      bodyLimit: BODY_BYTES,
      schema: { tags, params: CommunityParams, body: CommunityBody, response: { 200: Community, ...errors, 409: ErrorResponse, 413: ErrorResponse } },
    },
    async (request) => updateCommunity(db, requireAuth(request), request.params.clubId, request.params.communityId, request.body),
  );

  // The deletion (which deletes stored files) and the image, in a scope of its own that parses multipart.
  void app.register(async (scope) => {
    await registerImageUploads(scope);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const fileDeps = { db, storage: deps.storage, log: scope.log };

    typed.delete(
      '/clubs/:clubId/communities/:communityId',
      { config: { access: COMMUNITIES_MANAGEMENT }, schema: { tags, params: CommunityParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteCommunity(fileDeps, requireAuth(request), request.params.clubId, request.params.communityId);
        return reply.status(204).send(null);
      },
    );

    typed.post(
      '/clubs/:clubId/communities/:communityId/image',
      {
        config: { access: COMMUNITIES },
        schema: { tags, consumes: ['multipart/form-data'], params: CommunityParams, response: { 200: Community, ...uploadErrors } },
      },
      async (request) => {
        const actor = requireAuth(request);
        const { clubId, communityId } = request.params;
        // A community the user may not manage is refused before the upload is read.
        await assertCommunityInScope(db, actor, clubId, communityId);
        const file = await readUploadedFile(request, IMAGE_FIELDS);
        return setCommunityImage(fileDeps, actor, clubId, communityId, file);
      },
    );

    typed.delete(
      '/clubs/:clubId/communities/:communityId/image',
      { config: { access: COMMUNITIES }, schema: { tags, params: CommunityParams, response: { 200: Community, ...errors } } },
      async (request) => removeCommunityImage(fileDeps, requireAuth(request), request.params.clubId, request.params.communityId),
    );
  });
}

import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import {
  AppOrders,
  CopyGuideBody,
  CreateGuideBody,
  DistanceMarkersBody,
  Guide,
  GUIDE_IMAGE_FIELD,
  GuideDataResponse,
  GuideHoleParams,
  GuideOverridesResponse,
  GuideParams,
  GuidesResponse,
  Org,
  OrgsCoursesTeesQuery,
  OrgsCoursesTeesResponse,
  UpdateGuideBody,
} from '@golf/contract/api/guides';
import { SponsorReport } from '@golf/contract/api/sponsors';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { badRequest } from '../../platform/errors';
import { GUIDE_READERS, PRODUCTS } from './access';
import { readUploadedFile, registerImageUploads } from '../../platform/uploads';
import { copyGuide, deleteGuideFiles, removeGuide, removeGuideImage, removeOverrideImage, setGuideImage, setOverrideImage } from './images';
import { guideGenerationRoutes } from './generation/routes';
import { listOrgCourseTees, listOrgs } from './orgs-service';
import { sponsorReport } from './sponsor-report';
import { createGuide, getAppOrders, setAppOrders, updateGuide } from './guides-service';
import { getGuide, listGuides } from './guide-rows';
import { guideData, setDistanceMarkers } from './markers-service';
import { guideOverrides } from './files-service';


const tags = ['products'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const saveErrors = { ...errors, 409: ErrorResponse };
const uploadErrors = { ...saveErrors, 413: ErrorResponse, 415: ErrorResponse, 422: ErrorResponse };

/** Products: course guides (§7 Guides), their app order, and the rating organisations (§7 reference data). */
export function productRoutes(app: TypedApp, deps: AppDeps) {
  const { db } = deps;
  const fileDeps = { db, storage: deps.storage, log: app.log };

  app.get('/clubs/:clubId/guides', { config: { access: GUIDE_READERS }, schema: { tags, params: ClubIdParams, response: { 200: GuidesResponse, ...errors } } }, async (request) =>
    listGuides(db, request.params.clubId),
  );

  app.post(
    '/clubs/:clubId/guides',
    { config: { access: PRODUCTS }, schema: { tags, params: ClubIdParams, body: CreateGuideBody, response: { 201: Guide, ...saveErrors } } },
    async (request, reply) => reply.status(201).send(await createGuide(db, request.params.clubId, request.body)),
  );

  app.get('/clubs/:clubId/guides/:id', { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, response: { 200: Guide, ...errors } } }, async (request) =>
    getGuide(db, request.params.clubId, request.params.id),
  );

  app.get(
    '/clubs/:clubId/guides/:id/sponsor-report',
    { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, response: { 200: SponsorReport, ...errors } } },
    async (request) => sponsorReport(db, request.params.clubId, request.params.id),
  );

  app.put(
    '/clubs/:clubId/guides/:id',
    { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, body: UpdateGuideBody, response: { 200: Guide, ...saveErrors } } },
    async (request) => {
      const { clubId, id } = request.params;
      const { guide, orphanedFiles } = await updateGuide(db, clubId, id, request.body);
      await deleteGuideFiles(fileDeps, clubId, id, orphanedFiles);
      return guide;
    },
  );

  app.delete('/clubs/:clubId/guides/:id', { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await removeGuide(fileDeps, request.params.clubId, request.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    '/clubs/:clubId/guides/:id/copy',
    { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, body: CopyGuideBody, response: { 201: Guide, ...saveErrors } } },
    async (request, reply) => {
      const { clubId, id } = request.params;
      if (request.body.guide_id !== id) throw badRequest('guides.idMismatch', undefined, [{ path: 'guide_id', message: 'Not the guide of the path' }]);
      return reply.status(201).send(await copyGuide(fileDeps, clubId, id, request.body.title));
    },
  );

  app.get(
    '/clubs/:clubId/guides/:id/overrides',
    { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, response: { 200: GuideOverridesResponse, ...errors } } },
    async (request) => guideOverrides(db, request.params.clubId, request.params.id),
  );

  app.get('/clubs/:clubId/guides/:id/data', { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, response: { 200: GuideDataResponse, ...errors } } }, async (request) =>
    guideData(db, request.params.clubId, request.params.id),
  );

  app.post(
    '/clubs/:clubId/guides/:id/holes/:holeId/distance_markers',
    { config: { access: PRODUCTS }, schema: { tags, params: GuideHoleParams, body: DistanceMarkersBody, response: { 200: Guide, ...errors } } },
    async (request) => setDistanceMarkers(db, request.params.clubId, request.params.id, request.params.holeId, request.body),
  );

  app.get('/clubs/:clubId/app-orders', { config: { access: PRODUCTS }, schema: { tags, params: ClubIdParams, response: { 200: AppOrders, ...errors } } }, async (request) =>
    getAppOrders(db, request.params.clubId),
  );

  app.put(
    '/clubs/:clubId/app-orders',
    { config: { access: PRODUCTS }, schema: { tags, params: ClubIdParams, body: AppOrders, response: { 200: AppOrders, ...errors } } },
    async (request) => setAppOrders(db, request.params.clubId, request.body),
  );

  app.get('/orgs', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(Org) } } }, async () => listOrgs(db));

  app.get(
    '/orgs-courses-tees',
    { config: { access: 'signed-in' }, schema: { tags, querystring: OrgsCoursesTeesQuery, response: { 200: OrgsCoursesTeesResponse, 400: ErrorResponse } } },
    async (request) => listOrgCourseTees(db, request.query.org_id),
  );

  // The guide's images (§7 'POST guides/{id}/icon (data)', the custom front page, hole overrides), in a scope that parses multipart.
  void app.register(async (scope) => {
    await registerImageUploads(scope);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const upload = { tags, consumes: ['multipart/form-data'], response: { 200: Guide, ...uploadErrors } };
    const read = (request: Parameters<typeof readUploadedFile>[0]) => readUploadedFile(request, [GUIDE_IMAGE_FIELD]);

    for (const [path, kind] of [['icon', 'icon'], ['front_page_image', 'front_page']] as const) {
      typed.post(`/clubs/:clubId/guides/:id/${path}`, { config: { access: PRODUCTS }, schema: { ...upload, params: GuideParams } }, async (request) =>
        setGuideImage(fileDeps, request.params.clubId, request.params.id, kind, await read(request)),
      );
      typed.delete(`/clubs/:clubId/guides/:id/${path}`, { config: { access: PRODUCTS }, schema: { tags, params: GuideParams, response: { 200: Guide, ...saveErrors } } }, async (request) =>
        removeGuideImage(fileDeps, request.params.clubId, request.params.id, kind),
      );
    }

    typed.post('/clubs/:clubId/guides/:id/overrides/:holeId', { config: { access: PRODUCTS }, schema: { ...upload, params: GuideHoleParams } }, async (request) =>
      setOverrideImage(fileDeps, request.params.clubId, request.params.id, request.params.holeId, await read(request)),
    );
    typed.delete(
      '/clubs/:clubId/guides/:id/overrides/:holeId',
      { config: { access: PRODUCTS }, schema: { tags, params: GuideHoleParams, response: { 200: Guide, ...saveErrors } } },
      async (request) => removeOverrideImage(fileDeps, request.params.clubId, request.params.id, request.params.holeId),
    );
  });
  guideGenerationRoutes(app, deps);
}

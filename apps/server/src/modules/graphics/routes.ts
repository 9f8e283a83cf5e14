import { z } from 'zod';
import { ErrorResponse, IdParam } from '@golf/contract/api/common';
import {
  Attribute,
  AttributeGraphic,
  AttributeUnit,
  ClubContextsResponse,
  Context,
  CreateAttributeBody,
  CreateElementBody,
  Element,
  ElementForEdit,
  GraphicsResponse,
  Group,
  Layer,
  Theme,
  ThemeAttribute,
} from '@golf/contract/api/graphics';
import { isAdmin } from '@golf/contract/permissions';
import { requireAuth, type AppDeps, type TypedApp } from '../../app';
import { forbidden } from '../../platform/errors';
import { assertClubAccess } from '../clubs/service';
import {
  clubContexts,
  createAttribute,
  createElement,
  elementsForEdit,
  getGraphics,
  listAttributeGraphics,
  listAttributes,
  listAttributeUnits,
  listContexts,
  listElements,
  listGroups,
  listLayers,
  listThemeAttributes,
  listThemes,
} from './service';

const tags = ['graphics'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const ClubQuery = z.object({ club_id: IdParam });
const ClubParams = z.object({ clubId: IdParam });

/** The graphics catalogue (§7 "Graphics and assets"): any signed-in user reads, admins add elements and attributes. */
export function graphicsRoutes(app: TypedApp, { db }: AppDeps) {
  app.get('/graphics', { schema: { tags, response: { 200: GraphicsResponse } } }, async () => getGraphics(db));
  app.get('/graphics/themes', { schema: { tags, response: { 200: z.array(Theme) } } }, async () => listThemes(db));
  app.get('/graphics/groups', { schema: { tags, response: { 200: z.array(Group) } } }, async () => listGroups(db));
  app.get('/graphics/layers', { schema: { tags, response: { 200: z.array(Layer) } } }, async () => listLayers(db));
  app.get('/graphics/elements', { schema: { tags, response: { 200: z.array(Element) } } }, async () => listElements(db));
  app.get('/graphics/attributes', { schema: { tags, response: { 200: z.array(Attribute) } } }, async () => listAttributes(db));
  app.get('/graphics/attribute-units', { schema: { tags, response: { 200: z.array(AttributeUnit) } } }, async () => listAttributeUnits(db));
  app.get('/graphics/theme-attributes', { schema: { tags, response: { 200: z.array(ThemeAttribute) } } }, async () => listThemeAttributes(db));
  app.get('/graphics/attribute-graphics', { schema: { tags, response: { 200: z.array(AttributeGraphic) } } }, async () => listAttributeGraphics(db));
  app.get('/graphics/contexts', { schema: { tags, response: { 200: z.array(Context) } } }, async () => listContexts(db));

  app.get(
    '/graphics/elements-for-edit',
    { schema: { tags, querystring: ClubQuery, response: { 200: z.array(ElementForEdit), ...errors } } },
    async (request) => {
      assertClubAccess(requireAuth(request).subject, request.query.club_id);
      return elementsForEdit(db, request.query.club_id);
    },
  );

  app.get('/graphics/contexts/:clubId', { schema: { tags, params: ClubParams, response: { 200: ClubContextsResponse, ...errors } } }, async (request) => {
    assertClubAccess(requireAuth(request).subject, request.params.clubId);
    return clubContexts(db, request.params.clubId);
  });

  app.post('/graphics/elements', { schema: { tags, body: CreateElementBody, response: { 201: Element, ...errors, 409: ErrorResponse } } }, async (request, reply) => {
    if (!isAdmin(requireAuth(request).subject)) throw forbidden('Only administrators can change the graphics catalogue');
    return reply.status(201).send(await createElement(db, request.body));
  });

  app.post(
    '/graphics/attributes',
    { schema: { tags, body: CreateAttributeBody, response: { 201: Attribute, ...errors, 409: ErrorResponse } } },
    async (request, reply) => {
      if (!isAdmin(requireAuth(request).subject)) throw forbidden('Only administrators can change the graphics catalogue');
      return reply.status(201).send(await createAttribute(db, request.body));
    },
  );
}

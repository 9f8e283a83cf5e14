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
import type { AppDeps, TypedApp } from '../../platform/app-types';
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
  app.get('/graphics', { config: { access: 'signed-in' }, schema: { tags, response: { 200: GraphicsResponse } } }, async () => getGraphics(db));
  app.get('/graphics/themes', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(Theme) } } }, async () => listThemes(db));
  app.get('/graphics/groups', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(Group) } } }, async () => listGroups(db));
  app.get('/graphics/layers', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(Layer) } } }, async () => listLayers(db));
  app.get('/graphics/elements', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(Element) } } }, async () => listElements(db));
  app.get('/graphics/attributes', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(Attribute) } } }, async () => listAttributes(db));
  app.get('/graphics/attribute-units', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(AttributeUnit) } } }, async () => listAttributeUnits(db));
  app.get('/graphics/theme-attributes', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(ThemeAttribute) } } }, async () => listThemeAttributes(db));
  app.get('/graphics/attribute-graphics', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(AttributeGraphic) } } }, async () => listAttributeGraphics(db));
  app.get('/graphics/contexts', { config: { access: 'signed-in' }, schema: { tags, response: { 200: z.array(Context) } } }, async () => listContexts(db));

  app.get(
    '/graphics/elements-for-edit',
    { config: { access: { club: { query: 'club_id' } } }, schema: { tags, querystring: ClubQuery, response: { 200: z.array(ElementForEdit), ...errors } } },
    async (request) => {
      return elementsForEdit(db, request.query.club_id);
    },
  );

  app.get('/graphics/contexts/:clubId', { config: { access: { club: 'clubId' } }, schema: { tags, params: ClubParams, response: { 200: ClubContextsResponse, ...errors } } }, async (request) => {
    return clubContexts(db, request.params.clubId);
  });

  app.post('/graphics/elements', { config: { access: { admin: true, denied: 'Only administrators can change the graphics catalogue' } }, schema: { tags, body: CreateElementBody, response: { 201: Element, ...errors, 409: ErrorResponse } } }, async (request, reply) => {
    return reply.status(201).send(await createElement(db, request.body));
  });

  app.post(
    '/graphics/attributes',
    { config: { access: { admin: true, denied: 'Only administrators can change the graphics catalogue' } }, schema: { tags, body: CreateAttributeBody, response: { 201: Attribute, ...errors, 409: ErrorResponse } } },
    async (request, reply) => {
      return reply.status(201).send(await createAttribute(db, request.body));
    },
  );
}

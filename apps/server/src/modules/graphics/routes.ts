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
import { clientHasCurrent, sendJsonBytes, sendNotModified } from '../../platform/http-cache';
import { registerCatalogueAdminRoutes } from './catalogue-admin-routes';
import { registerThemeRoutes } from './themes-routes';
import { catalogue, clubContexts, createAttribute, createElement, elementsForEdit } from './service';

const tags = ['graphics'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const ClubQuery = z.object({ club_id: IdParam });
const ClubParams = z.object({ clubId: IdParam });

const notModified = { 304: z.null().describe('Not modified: the copy named in If-None-Match is current') };

/**
 * The graphics catalogue (§7 "Graphics and assets"): any signed-in user reads, admins add elements
 * and attributes. Reads come from the catalogue kept in memory (service.ts: one small query tells
 * whether it is current); GET graphics answers 304 to a client whose copy is current.
 */
export function graphicsRoutes(app: TypedApp, deps: AppDeps) {
  const { db, config } = deps;
  // The catalogue's administration and the themes (issue 26).
  registerCatalogueAdminRoutes(app, deps);
  registerThemeRoutes(app, deps);
  app.get('/graphics', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: GraphicsResponse, ...notModified } } }, async (request, reply) => {
    const { json, etag } = await catalogue(db);
    reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
    if (clientHasCurrent(request, etag)) return sendNotModified(reply, etag);
    return sendJsonBytes(reply, json, { schema: GraphicsResponse, checked: config.responseChecks });
  });
  const data = async () => (await catalogue(db)).data;
  app.get('/graphics/themes', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(Theme) } } }, async () => (await data()).themes);
  app.get('/graphics/groups', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(Group) } } }, async () => (await data()).groups);
  app.get('/graphics/layers', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(Layer) } } }, async () => (await data()).layers);
  app.get('/graphics/elements', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(Element) } } }, async () => (await data()).elements);
  app.get('/graphics/attributes', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(Attribute) } } }, async () => (await data()).attributes);
  app.get('/graphics/attribute-units', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(AttributeUnit) } } }, async () => (await data()).attributeUnits);
  app.get('/graphics/theme-attributes', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(ThemeAttribute) } } }, async () => (await data()).themeAttributes);
  app.get('/graphics/attribute-graphics', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(AttributeGraphic) } } }, async () => (await data()).attributeGraphics);
  app.get('/graphics/contexts', { config: { access: 'signed-in', readCache: true }, schema: { tags, response: { 200: z.array(Context) } } }, async () => (await data()).contexts);

  app.get(
    '/graphics/elements-for-edit',
    { config: { access: { club: { query: 'club_id' } }, readCache: true }, schema: { tags, querystring: ClubQuery, response: { 200: z.array(ElementForEdit), ...errors } } },
    async (request) => {
      return elementsForEdit(db, request.query.club_id);
    },
  );

  app.get('/graphics/contexts/:clubId', { config: { access: { club: 'clubId' }, readCache: true }, schema: { tags, params: ClubParams, response: { 200: ClubContextsResponse, ...errors } } }, async (request) => {
    return clubContexts(db, request.params.clubId);
  });

  app.post('/graphics/elements', { config: { access: { admin: true, denied: 'graphics.adminOnly' } }, schema: { tags, body: CreateElementBody, response: { 201: Element, ...errors, 409: ErrorResponse } } }, async (request, reply) => {
    return reply.status(201).send(await createElement(db, request.body));
  });

  app.post(
    '/graphics/attributes',
    { config: { access: { admin: true, denied: 'graphics.adminOnly' } }, schema: { tags, body: CreateAttributeBody, response: { 201: Attribute, ...errors, 409: ErrorResponse } } },
    async (request, reply) => {
      return reply.status(201).send(await createAttribute(db, request.body));
    },
  );
}

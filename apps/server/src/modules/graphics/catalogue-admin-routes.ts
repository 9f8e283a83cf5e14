import { z } from 'zod';
import { ErrorResponse, IdParams } from '@golf/contract/api/common';
import {
  AttributeGraphic,
  AttributeGraphicBody,
  AttributeUnit,
  Attribute,
  CreateAttributeUnitBody,
  Element,
  ElementAttributeParams,
  ElementUsage,
  UpdateAttributeBody,
  UpdateElementBody,
} from '@golf/contract/api/graphics';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import {
  createAttributeUnit,
  deleteAttributeGraphic,
  deleteElement,
  elementUsage,
  setAttributeGraphic,
  updateAttribute,
  updateElement,
} from './catalogue-admin-service';

const tags = ['graphics'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const ADMIN = { admin: true, denied: 'graphics.adminOnly' } as const;

/**
 * The catalogue's administration (issue 26, /admin/elements): elements with their rules, units,
 * attributes and the elements' default graphics; administrators only. Reads are GET graphics and
 * its parts (routes.ts); what is added here is the writes and the elements' use in drawings.
 */
export function registerCatalogueAdminRoutes(app: TypedApp, { db }: AppDeps) {
  app.get('/graphics/elements/usage', { config: { access: ADMIN }, schema: { tags, response: { 200: z.array(ElementUsage), ...errors } } }, async () => elementUsage(db));

  app.put('/graphics/elements/:id', { config: { access: ADMIN }, schema: { tags, params: IdParams, body: UpdateElementBody, response: { 200: Element, ...errors } } }, async (request) =>
    updateElement(db, request.params.id, request.body),
  );

  app.delete('/graphics/elements/:id', { config: { access: ADMIN }, schema: { tags, params: IdParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await deleteElement(db, request.params.id);
    return reply.status(204).send(null);
  });

  app.post('/graphics/attribute-units', { config: { access: ADMIN }, schema: { tags, body: CreateAttributeUnitBody, response: { 201: AttributeUnit, ...errors } } }, async (request, reply) =>
    reply.status(201).send(await createAttributeUnit(db, request.body)),
  );

  app.put('/graphics/attributes/:id', { config: { access: ADMIN }, schema: { tags, params: IdParams, body: UpdateAttributeBody, response: { 200: Attribute, ...errors } } }, async (request) =>
    updateAttribute(db, request.params.id, request.body),
  );

  app.put(
    '/graphics/elements/:id/attribute-graphics/:attributeId',
    { config: { access: ADMIN }, schema: { tags, params: ElementAttributeParams, body: AttributeGraphicBody, response: { 200: AttributeGraphic, ...errors } } },
    async (request) => setAttributeGraphic(db, request.params.id, request.params.attributeId, request.body),
  );

  app.delete(
    '/graphics/elements/:id/attribute-graphics/:attributeId',
    { config: { access: ADMIN }, schema: { tags, params: ElementAttributeParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteAttributeGraphic(db, request.params.id, request.params.attributeId);
      return reply.status(204).send(null);
    },
  );
}

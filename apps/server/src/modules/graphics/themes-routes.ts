import { z } from 'zod';
import { ErrorResponse } from '@golf/contract/api/common';
import { CreateThemeBody, ThemeDetails, ThemeIdParams, ThemeValuesBody, UpdateThemeBody } from '@golf/contract/api/themes';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { createTheme, deleteTheme, listThemeDetails, replaceThemeValues, updateTheme } from './themes-service';

const tags = ['graphics'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const writeErrors = { ...errors, 409: ErrorResponse, 413: ErrorResponse };
const ADMIN = { admin: true, denied: 'graphics.adminOnly' } as const;

/** A name and a parent; the values: at most 2000 of about 90 bytes. */
const SMALL_BODY_BYTES = 4 * 1024;
const VALUES_BODY_BYTES = 256 * 1024;

/**
 * Themes (issue 26, /admin/themes; contract api/themes.ts): every theme with its own values and
 * what uses it, a new theme made from a parent, a rename or new parent, the values it sets itself,
 * and a delete of a theme nothing uses. Admins only; everyone signed in reads the resolved
 * catalogue through GET graphics.
 */
export function registerThemeRoutes(app: TypedApp, { db }: AppDeps) {
  app.get(
    '/graphics/themes/details',
    { config: { access: ADMIN, readCache: true }, schema: { tags, response: { 200: z.array(ThemeDetails), ...errors } } },
    async () => listThemeDetails(db),
  );

  app.post(
    '/graphics/themes',
    { config: { access: ADMIN }, bodyLimit: VALUES_BODY_BYTES, schema: { tags, body: CreateThemeBody, response: { 201: ThemeDetails, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await createTheme(db, request.body)),
  );

  app.patch(
    '/graphics/themes/:id',
    { config: { access: ADMIN }, bodyLimit: SMALL_BODY_BYTES, schema: { tags, params: ThemeIdParams, body: UpdateThemeBody, response: { 200: ThemeDetails, ...writeErrors } } },
    async (request) => updateTheme(db, request.params.id, request.body),
  );

  app.put(
    '/graphics/themes/:id/values',
    { config: { access: ADMIN }, bodyLimit: VALUES_BODY_BYTES, schema: { tags, params: ThemeIdParams, body: ThemeValuesBody, response: { 200: ThemeDetails, ...writeErrors } } },
    async (request) => replaceThemeValues(db, request.params.id, request.body),
  );

  app.delete(
    '/graphics/themes/:id',
    { config: { access: ADMIN }, schema: { tags, params: ThemeIdParams, response: { 204: z.null(), ...errors, 409: ErrorResponse } } },
    async (request, reply) => {
      await deleteTheme(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@golf/contract/api/common';
import {
  Asset,
  ASSET_BUNDLE,
  ASSET_UPLOAD_FIELDS,
  AssetBundle,
  AssetBundleNameParams,
  AssetCategoryParams,
  AssetCategorySummary,
  AssetUpload,
  AssetUploadParams,
  ClubAssetsParams,
  ClubElementAssetsParams,
} from '@golf/contract/api/assets';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { requireAuth, type ApiAccess } from '../../platform/authorize';
import { HttpError } from '../../platform/errors';
import { fileTooLarge, registerUploads } from '../../platform/uploads';
import { listBundles, listCategories, listCategoryAssets, listClubAssets } from './assets-service';
import { bundleNameOf, createUpload, deleteBundle, discardUpload, listUploads, publishUpload } from './uploads-service';

const tags = ['assets'];
const ADMIN = { admin: true } as const satisfies ApiAccess;
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const FILE_FIELD = `"${ASSET_UPLOAD_FIELDS.file}"`;

/**
 * The multipart form of POST assets/upload: the field `name`, then the zip in the field `file`.
 * Answers as platform/uploads.ts does (415 not multipart, 400 no file or another field, 413 past
 * the size limit, whether or not the parser raised it); 400 'assets.badName' for a missing or bad name.
 */
async function readBundleForm(request: FastifyRequest): Promise<{ name: string; data: Buffer }> {
  const tooLarge = () => fileTooLarge(ASSET_BUNDLE.maxFileBytes);
  const formError = (err: unknown): Error => {
    if (err instanceof HttpError) return err;
    const code = (err as { code?: string } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, 'uploads.notMultipartFile', { fields: FILE_FIELD });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(413, 'uploads.oneFile');
    return new HttpError(400, 'uploads.unreadable');
  };
  let part;
  try {
    part = await request.file();
  } catch (err) {
    throw formError(err);
  }
  if (!part) throw new HttpError(400, 'uploads.noFile', { fields: FILE_FIELD });
  if (part.fieldname !== ASSET_UPLOAD_FIELDS.file) {
    part.file.resume();
    throw new HttpError(400, 'uploads.wrongFieldFile', { fields: FILE_FIELD });
  }
  const field = part.fields[ASSET_UPLOAD_FIELDS.name];
  const value = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
  let name: string;
  try {
    name = bundleNameOf(value);
  } catch (err) {
    part.file.resume();
    throw err;
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    throw formError(err);
  }
  if (part.file.truncated) throw tooLarge();
  return { name, data };
}

/** Assets (issue 26, /admin/assets, §7 assets calls): bundles checked, previewed and published; all admin only. */
export function assetRoutes(app: TypedApp, deps: AppDeps) {
  const { db, config } = deps;
  const readDeps = { db, config };

  app.get(
    '/assets/categories',
    { config: { access: ADMIN }, schema: { tags, response: { 200: z.array(AssetCategorySummary), ...errors } } },
    async () => listCategories(db),
  );

  app.get(
    '/assets/categories/:category',
    { config: { access: ADMIN }, schema: { tags, params: AssetCategoryParams, response: { 200: z.array(Asset), ...errors } } },
    async (request) => listCategoryAssets(readDeps, request.params.category),
  );

  app.get(
    '/assets/bundles',
    { config: { access: ADMIN }, schema: { tags, response: { 200: z.array(AssetBundle), ...errors } } },
    async () => listBundles(db),
  );

  app.get(
    '/assets/uploads',
    { config: { access: ADMIN }, schema: { tags, response: { 200: z.array(AssetUpload), ...errors } } },
    async () => listUploads(db),
  );

  app.get(
    '/assets/:clubId',
    { config: { access: ADMIN }, schema: { tags, params: ClubAssetsParams, response: { 200: z.array(Asset), ...errors } } },
    async (request) => listClubAssets(readDeps, request.params.clubId),
  );

  app.get(
    '/assets/:clubId/:element',
    { config: { access: ADMIN }, schema: { tags, params: ClubElementAssetsParams, response: { 200: z.array(Asset), ...errors } } },
    async (request) => listClubAssets(readDeps, request.params.clubId, request.params.element),
  );

  // The upload and what follows it, in a scope of its own that parses multipart.
  void app.register(async (scope) => {
    await registerUploads(scope, { maxBytes: ASSET_BUNDLE.maxFileBytes });
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const fileDeps = { db, storage: deps.storage, log: scope.log };

    typed.post(
      '/assets/upload',
      {
        config: { access: ADMIN },
        bodyLimit: ASSET_BUNDLE.maxFileBytes + 1024 * 1024,
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          description: 'The bundle name in the multipart field `name`, then the zip in the field `file`.',
          response: { 201: AssetUpload, ...errors, 409: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse, 422: ErrorResponse, 503: ErrorResponse },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const form = await readBundleForm(request);
        return reply.status(201).send(await createUpload(fileDeps, { ...form, userId: auth.userId }));
      },
    );

    typed.post(
      '/assets/uploads/:id/publish',
      { config: { access: ADMIN }, schema: { tags, params: AssetUploadParams, response: { 200: AssetBundle, ...errors } } },
      async (request) => publishUpload(fileDeps, request.params.id, requireAuth(request).userId),
    );

    typed.delete(
      '/assets/uploads/:id',
      { config: { access: ADMIN }, schema: { tags, params: AssetUploadParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await discardUpload(fileDeps, request.params.id);
        return reply.status(204).send(null);
      },
    );

    typed.delete(
      '/assets/upload/:name',
      { config: { access: ADMIN }, schema: { tags, params: AssetBundleNameParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteBundle(fileDeps, request.params.name);
        return reply.status(204).send(null);
      },
    );
  });
}

import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClubIdParams, ErrorResponse } from '@golf/contract/api/common';
import { GALLERY_FILE_FIELD, GalleryImage, GalleryImageParams } from '@golf/contract/api/gallery';
import type { AppDeps, TypedApp } from '../../platform/app-types';
import { readUploadedFile, registerImageUploads } from '../../platform/uploads';
import { addGalleryImage, assertGalleryHasRoom, deleteGalleryImage, listGallery } from './service';

const tags = ['gallery'];
const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** The club gallery (§7 'GET gallery; POST gallery (data); DELETE gallery/{id}'); role club-gallery. */
export function galleryRoutes(app: TypedApp, { db, storage }: AppDeps) {
  void app.register(async (scope) => {
    await registerImageUploads(scope);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const deps = { db, storage, log: scope.log };

    typed.get('/clubs/:clubId/gallery', { config: { access: { club: 'clubId', roles: ['club-gallery'] }, readCache: true }, schema: { tags, params: ClubIdParams, response: { 200: z.array(GalleryImage), ...errors } } }, async (request) => {
      return listGallery(db, request.params.clubId);
    });

    typed.post(
      '/clubs/:clubId/gallery',
      {
        config: { access: { club: 'clubId', roles: ['club-gallery'] } },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: ClubIdParams,
          response: { 201: GalleryImage, ...errors, 409: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse, 422: ErrorResponse },
        },
      },
      async (request, reply) => {
        const { clubId } = request.params;
        await assertGalleryHasRoom(db, clubId);
        const file = await readUploadedFile(request, [GALLERY_FILE_FIELD]);
        return reply.status(201).send(await addGalleryImage(deps, clubId, file));
      },
    );

    typed.delete('/clubs/:clubId/gallery/:id', { config: { access: { club: 'clubId', roles: ['club-gallery'] } }, schema: { tags, params: GalleryImageParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
      await deleteGalleryImage(deps, request.params.clubId, request.params.id);
      return reply.status(204).send(null);
    });
  });
}

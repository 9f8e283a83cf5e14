import { and, asc, count, eq, sql } from 'drizzle-orm';
import { GALLERY_MAX_IMAGES, type GalleryImage } from '@golf/contract/api/gallery';
import { clubs, galleryImages } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { conflict, notFound } from '../../platform/errors';
import { encodeGalleryImage, type UploadedFile } from '../../platform/images';
import { deleteStoredFiles, storeThenRecord, type StoredImageDeps } from '../../platform/stored-images';
import { randomUUID } from 'node:crypto';
import { clubFilesPrefix } from '../clubs';
import { publicFileUrl } from '../../platform/file-urls';
import { preparedQuery } from '../../platform/prepared';

export interface GalleryDeps extends StoredImageDeps {
  db: Db;
}

type Row = typeof galleryImages.$inferSelect;

function present(row: Row): GalleryImage {
  return {
    id: row.id,
    club_id: row.clubId,
    url: publicFileUrl(row.fileKey, row.createdAt)!,
    thumb_url: publicFileUrl(row.thumbKey, row.createdAt)!,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    created_at: row.createdAt.toISOString(),
  };
}

async function imageCount(db: DbOrTx, clubId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(galleryImages).where(eq(galleryImages.clubId, clubId));
  return n;
}

/** GET clubs/{clubId}/gallery: oldest first, the order in which they were added. */
const clubGallery = preparedQuery('club_gallery', (db) =>
  db.select().from(galleryImages).where(eq(galleryImages.clubId, sql.placeholder('clubId'))).orderBy(asc(galleryImages.createdAt), asc(galleryImages.id)),
);

export async function listGallery(db: Db, clubId: number): Promise<GalleryImage[]> {
  const rows = await clubGallery(db).execute({ clubId });
  return rows.map(present);
}

/** Refuses an upload to a full gallery before the image is processed. */
export async function assertGalleryHasRoom(db: Db, clubId: number): Promise<void> {
  if ((await imageCount(db, clubId)) >= GALLERY_MAX_IMAGES) throw conflict('gallery.full', { max: GALLERY_MAX_IMAGES });
}

/**
 * POST clubs/{clubId}/gallery: checks and re-encodes the image, stores it and its thumbnail under
 * the club's public folder, then records it. The count is checked again with the club row locked,
 * so two uploads at once cannot pass the cap.
 */
export async function addGalleryImage(deps: GalleryDeps, clubId: number, file: UploadedFile): Promise<GalleryImage> {
  const { image, thumbnail } = await encodeGalleryImage(file);
  const base = `${clubFilesPrefix(clubId)}/gallery/${randomUUID()}`;
  const fileKey = `${base}.${image.ext}`;
  const thumbKey = `${base}-thumb.${thumbnail.ext}`;
  const files = [
    { key: fileKey, image },
    { key: thumbKey, image: thumbnail },
  ];
  const row = await storeThenRecord(deps, files, () =>
    deps.db.transaction(async (tx) => {
      const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for('update');
      if (!club) throw notFound('clubs.notFound');
      if ((await imageCount(tx, clubId)) >= GALLERY_MAX_IMAGES) throw conflict('gallery.full', { max: GALLERY_MAX_IMAGES });
      const [inserted] = await tx
        .insert(galleryImages)
        .values({
          clubId,
          fileKey,
          thumbKey,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          bytes: image.data.length,
        })
        .returning();
      return inserted;
    }),
  );
  return present(row);
}

/** DELETE clubs/{clubId}/gallery/{id}: 404 unless the image belongs to this club. */
export async function deleteGalleryImage(deps: GalleryDeps, clubId: number, id: number): Promise<void> {
  const [row] = await deps.db
    .delete(galleryImages)
    .where(and(eq(galleryImages.id, id), eq(galleryImages.clubId, clubId)))
    .returning({ fileKey: galleryImages.fileKey, thumbKey: galleryImages.thumbKey });
  if (!row) throw notFound('gallery.imageNotFound');
  await deleteStoredFiles(deps, [row.fileKey, row.thumbKey]);
}

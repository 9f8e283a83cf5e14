/**
 * The images of the log book's comments (issue 25, §4): one image per upload, checked by its
 * bytes and pixels and re-encoded as the gallery's large image (platform/images.ts
 * `encodeGalleryImage`: at most 2560 px, without metadata, JPEG, PNG or WebP), stored under a new
 * name in the club's public files (`public/clubs/<clubId>/greenkeeper/`) before the row that
 * points at it is written, at most GREENKEEPER_LIMITS.commentImagesMax on a comment. The files of
 * rows that are deleted (an image, a comment, a group) are deleted after the commit.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { GREENKEEPER_LIMITS, type TrackingCommentImage } from '@golf/contract/api/greenkeeper';
import { trackingCommentImages, trackingComments } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { conflict, notFound } from '../../platform/errors';
import { encodeGalleryImage, type UploadedFile } from '../../platform/images';
import { newFileName } from '../../platform/storage';
import { deleteStoredFiles, storeThenRecord, storedFileUrl, type StoredImageDeps } from '../../platform/stored-images';
import { clubFilesPrefix } from '../clubs';
import { commentOfClub } from './access';

type ImageRow = typeof trackingCommentImages.$inferSelect;

/** What the calls that store or delete files need: the database and the storage with a log. */
export interface CommentFileDeps extends StoredImageDeps {
  db: Db;
}

/** The folder of the club's log book images, in the club's public files. */
export function commentImageFolder(clubId: number): string {
  return `${clubFilesPrefix(clubId)}/greenkeeper`;
}

function presentImage(row: ImageRow): TrackingCommentImage {
  return { id: row.id, url: storedFileUrl(row.fileKey) ?? '', width: row.width, height: row.height };
}

/** The images of these comments, in the order they were added. */
export async function imagesOfComments(db: DbOrTx, commentIds: number[]): Promise<Map<number, TrackingCommentImage[]>> {
  if (commentIds.length === 0) return new Map();
  const rows = await db.select().from(trackingCommentImages).where(inArray(trackingCommentImages.commentId, commentIds)).orderBy(asc(trackingCommentImages.id));
  const byComment = new Map<number, TrackingCommentImage[]>();
  for (const row of rows) {
    const list = byComment.get(row.commentId) ?? [];
    list.push(presentImage(row));
    byComment.set(row.commentId, list);
  }
  return byComment;
}

/** The stored files of a comment (read before it is deleted). */
export async function fileKeysOfComment(tx: DbOrTx, commentId: number): Promise<string[]> {
  const rows = await tx.select({ key: trackingCommentImages.fileKey }).from(trackingCommentImages).where(eq(trackingCommentImages.commentId, commentId));
  return rows.map((r) => r.key);
}

/** The stored files of every comment of a group (read before it is deleted). */
export async function fileKeysOfGroup(tx: DbOrTx, groupId: number): Promise<string[]> {
  const rows = await tx
    .select({ key: trackingCommentImages.fileKey })
    .from(trackingCommentImages)
    .innerJoin(trackingComments, eq(trackingComments.id, trackingCommentImages.commentId))
    .where(eq(trackingComments.trackingGroupId, groupId));
  return rows.map((r) => r.key);
}

async function imageCount(db: DbOrTx, commentId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(trackingCommentImages).where(eq(trackingCommentImages.commentId, commentId));
  return Number(row.n);
}

const capReached = () => conflict('greenkeeper.imagesCapReached', { max: GREENKEEPER_LIMITS.commentImagesMax });

/**
 * The checks of an image upload, made before its body is read: the comment is the club's (404)
 * and has room for one more (409 `greenkeeper.imagesCapReached`). Made again in the transaction
 * that records the image.
 */
export async function assertImageCanBeAdded(db: DbOrTx, clubId: number, commentId: number): Promise<void> {
  await commentOfClub(db, clubId, commentId);
  if ((await imageCount(db, commentId)) >= GREENKEEPER_LIMITS.commentImagesMax) throw capReached();
}

/**
 * POST clubs/{clubId}/tracking-groups/comments/{commentId}/images: checks and re-encodes the
 * image, stores it, then records it in a transaction that locks the comment and counts its
 * images again (two uploads at once cannot pass the cap); if the row cannot be written the stored
 * file is deleted again.
 */
export async function addImage(deps: CommentFileDeps, clubId: number, commentId: number, file: UploadedFile): Promise<TrackingCommentImage> {
  const { image } = await encodeGalleryImage(file);
  const key = `${commentImageFolder(clubId)}/${newFileName(image.ext)}`;
  const row = await storeThenRecord(deps, [{ key, image }], () =>
    deps.db.transaction(async (tx) => {
      await commentOfClub(tx, clubId, commentId, true);
      if ((await imageCount(tx, commentId)) >= GREENKEEPER_LIMITS.commentImagesMax) throw capReached();
      const [inserted] = await tx.insert(trackingCommentImages).values({ commentId, fileKey: key, width: image.width, height: image.height }).returning();
      return inserted;
    }),
  );
  return presentImage(row);
}

/**
 * DELETE clubs/{clubId}/tracking-groups/comments/{commentId}/images/{imageId}: an image of that
 * comment only (an image of another comment answers 404); the file is deleted after the commit.
 */
export async function deleteImage(deps: CommentFileDeps, clubId: number, commentId: number, imageId: number): Promise<void> {
  const key = await deps.db.transaction(async (tx) => {
    await commentOfClub(tx, clubId, commentId, true);
    const [row] = await tx
      .delete(trackingCommentImages)
      .where(and(eq(trackingCommentImages.id, imageId), eq(trackingCommentImages.commentId, commentId)))
      .returning({ key: trackingCommentImages.fileKey });
    if (!row) throw notFound('greenkeeper.imageNotFound');
    return row.key;
  });
  await deleteStoredFiles(deps, [key]);
}

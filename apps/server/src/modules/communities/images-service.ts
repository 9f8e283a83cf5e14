/**
 * The images of posts and comments (issue 24): one image per upload, checked by its bytes and
 * pixels and re-encoded as the gallery's large image (platform/images.ts `encodeGalleryImage`,
 * at most 2560 px, without metadata), stored under a new name in the club's public files
 * (`public/clubs/<clubId>/communities/`) before the row that points at it is written, at most
 * COMMUNITY_LIMITS.postImagesMax on a post and commentImagesMax on a comment. The files of rows
 * that are deleted (an image, a post, a comment with its replies) are deleted after the commit.
 */
import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import { COMMUNITY_LIMITS, type CommunityImage } from '@golf/contract/api/communities';
import { communityComments, communityImages, communityPosts } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { encodeGalleryImage, type UploadedFile } from '../../platform/images';
import { newFileName } from '../../platform/storage';
import { deleteStoredFiles, storeThenRecord, storedFileUrl, type StoredImageDeps } from '../../platform/stored-images';
import { clubFilesPrefix } from '../clubs';
import { communityInScope, type Actor } from './access';

type ImageRow = typeof communityImages.$inferSelect;

/** What the calls that store or delete files need: the database and the storage with a log. */
export interface CommunityFileDeps extends StoredImageDeps {
  db: Db;
}

/** The folder of the club's community images, in the club's public files. */
export function communityImageFolder(clubId: number): string {
  return `${clubFilesPrefix(clubId)}/communities`;
}

function presentImage(row: ImageRow): CommunityImage {
  return { id: row.id, url: storedFileUrl(row.fileKey) ?? '', width: row.width, height: row.height };
}

function groupImages(rows: ImageRow[], ownerOf: (r: ImageRow) => number | null): Map<number, CommunityImage[]> {
  const byOwner = new Map<number, CommunityImage[]>();
  for (const row of rows) {
    const owner = ownerOf(row);
    if (owner === null) continue;
    const list = byOwner.get(owner) ?? [];
    list.push(presentImage(row));
    byOwner.set(owner, list);
  }
  return byOwner;
}

/** The images of these posts, in the order they were added. */
export async function imagesOfPosts(db: DbOrTx, postIds: number[]): Promise<Map<number, CommunityImage[]>> {
  if (postIds.length === 0) return new Map();
  const rows = await db.select().from(communityImages).where(inArray(communityImages.postId, postIds)).orderBy(asc(communityImages.id));
  return groupImages(rows, (r) => r.postId);
}

/** The images of these comments and replies, in the order they were added. */
export async function imagesOfComments(db: DbOrTx, commentIds: number[]): Promise<Map<number, CommunityImage[]>> {
  if (commentIds.length === 0) return new Map();
  const rows = await db.select().from(communityImages).where(inArray(communityImages.commentId, commentIds)).orderBy(asc(communityImages.id));
  return groupImages(rows, (r) => r.commentId);
}

/** The stored files of a post: its own images and those of its comments and replies (read before it is deleted). */
export async function fileKeysOfPost(tx: DbOrTx, postId: number): Promise<string[]> {
  const rows = await tx
    .select({ key: communityImages.fileKey })
    .from(communityImages)
    .leftJoin(communityComments, eq(communityComments.id, communityImages.commentId))
    .where(or(eq(communityImages.postId, postId), eq(communityComments.postId, postId)));
  return rows.map((r) => r.key);
}

/** The stored files of a comment and of its replies (read before it is deleted). */
export async function fileKeysOfComment(tx: DbOrTx, commentId: number): Promise<string[]> {
  const rows = await tx
    .select({ key: communityImages.fileKey })
    .from(communityImages)
    .innerJoin(communityComments, eq(communityComments.id, communityImages.commentId))
    .where(or(eq(communityComments.id, commentId), eq(communityComments.parentId, commentId)));
  return rows.map((r) => r.key);
}

/** What an image belongs to: a post or a comment (reply) of the community of the path. */
export type ImageOwner = { kind: 'post'; id: number } | { kind: 'comment'; id: number };

interface OwnerRow {
  authorUserId: number | null;
}

/** The post or comment of the community (locked for the rest of the transaction when asked); 404 when it is not the community's. */
async function ownerInCommunity(db: DbOrTx, communityId: number, owner: ImageOwner, lock: boolean): Promise<OwnerRow> {
  if (owner.kind === 'post') {
    const query = db
      .select({ authorUserId: communityPosts.authorUserId })
      .from(communityPosts)
      .where(and(eq(communityPosts.id, owner.id), eq(communityPosts.communityId, communityId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('communities.postNotFound');
    return row;
  }
  const query = db
    .select({ authorUserId: communityComments.authorUserId })
    .from(communityComments)
    .innerJoin(communityPosts, eq(communityPosts.id, communityComments.postId))
    .where(and(eq(communityComments.id, owner.id), eq(communityPosts.communityId, communityId)));
  const [row] = lock ? await query.for('update', { of: communityComments }) : await query;
  if (!row) throw notFound('communities.commentNotFound');
  return row;
}

const capOf = (owner: ImageOwner) => (owner.kind === 'post' ? COMMUNITY_LIMITS.postImagesMax : COMMUNITY_LIMITS.commentImagesMax);
const ownerColumn = (owner: ImageOwner) => (owner.kind === 'post' ? communityImages.postId : communityImages.commentId);

async function imageCount(db: DbOrTx, owner: ImageOwner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(communityImages).where(eq(ownerColumn(owner), owner.id));
  return row.n;
}

/**
 * The checks of an image upload, made before its body is read: the community is one the user
 * manages, the post or comment is the community's (404), the user wrote it (403
 * `communities.notAuthor`: images are added by the author), and it has room for one more (409
 * `communities.imagesCapReached`). Made again in the transaction that records the image.
 */
export async function assertImageCanBeAdded(db: DbOrTx, actor: Actor, clubId: number, communityId: number, owner: ImageOwner): Promise<void> {
  await communityInScope(db, actor, clubId, communityId);
  const row = await ownerInCommunity(db, communityId, owner, false);
  if (row.authorUserId !== actor.userId) throw forbidden('communities.notAuthor');
  if ((await imageCount(db, owner)) >= capOf(owner)) throw conflict('communities.imagesCapReached', { max: capOf(owner) });
}

/**
 * POST C/posts/{postId}/images and C/comments/{commentId}/images: checks and re-encodes the
 * image, stores it, then records it in a transaction that locks the post or comment and counts
 * its images again (two uploads at once cannot pass the cap); if the row cannot be written the
 * stored file is deleted again.
 */
export async function addImage(
  deps: CommunityFileDeps,
  actor: Actor,
  clubId: number,
  communityId: number,
  owner: ImageOwner,
  file: UploadedFile,
): Promise<CommunityImage> {
  const { image } = await encodeGalleryImage(file);
  const key = `${communityImageFolder(clubId)}/${newFileName(image.ext)}`;
  const row = await storeThenRecord(deps, [{ key, image }], () =>
    deps.db.transaction(async (tx) => {
      await communityInScope(tx, actor, clubId, communityId);
      const ownerRow = await ownerInCommunity(tx, communityId, owner, true);
      if (ownerRow.authorUserId !== actor.userId) throw forbidden('communities.notAuthor');
      if ((await imageCount(tx, owner)) >= capOf(owner)) throw conflict('communities.imagesCapReached', { max: capOf(owner) });
      const [inserted] = await tx
        .insert(communityImages)
        .values({
          postId: owner.kind === 'post' ? owner.id : null,
          commentId: owner.kind === 'comment' ? owner.id : null,
          fileKey: key,
          width: image.width,
          height: image.height,
        })
        .returning();
      return inserted;
    }),
  );
  return presentImage(row);
}

/**
 * DELETE C/posts/{postId}/images/{imageId} and C/comments/{commentId}/images/{imageId}: by the
 * author or a manager of the community (every user the community is in scope for manages it);
 * the file is deleted after the commit.
 */
export async function deleteImage(deps: CommunityFileDeps, actor: Actor, clubId: number, communityId: number, owner: ImageOwner, imageId: number): Promise<void> {
  const key = await deps.db.transaction(async (tx) => {
    await communityInScope(tx, actor, clubId, communityId);
    await ownerInCommunity(tx, communityId, owner, true);
    const [row] = await tx
      .delete(communityImages)
      .where(and(eq(communityImages.id, imageId), eq(ownerColumn(owner), owner.id)))
      .returning({ key: communityImages.fileKey });
    if (!row) throw notFound('communities.imageNotFound');
    return row.key;
  });
  await deleteStoredFiles(deps, [key]);
}

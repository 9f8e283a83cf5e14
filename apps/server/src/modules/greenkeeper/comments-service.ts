/**
 * The log book of a tracking group (issue 25, §3 comments, §4 comment create or update): what
 * the crew did and saw, newest first, each with its author and images. Anyone with the club's
 * `tech-map` role writes, edits and deletes entries. A comment's text may be empty (the web
 * saves the comment first and uploads its images one by one after it, §4); deleting a comment
 * deletes its images, and their files after the commit.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { CreateTrackingCommentBody, TrackingComment, UpdateTrackingCommentBody } from '@golf/contract/api/greenkeeper';
import { trackingComments } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/db-types';
import { deleteStoredFiles } from '../../platform/stored-images';
import { commentOfClub, groupOfClub, userNames, type TrackingCommentRow } from './access';
import { fileKeysOfComment, imagesOfComments, type CommentFileDeps } from './comment-images-service';

/** Comments as the log book shows them, in the rows' order. */
export async function presentComments(db: DbOrTx, rows: TrackingCommentRow[]): Promise<TrackingComment[]> {
  const images = await imagesOfComments(
    db,
    rows.map((r) => r.id),
  );
  const names = await userNames(
    db,
    rows.flatMap((r) => (r.authorId === null ? [] : [r.authorId])),
  );
  return rows.map((r) => ({
    id: r.id,
    trackingGroupId: r.trackingGroupId,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    author: r.authorId !== null && names.has(r.authorId) ? { id: r.authorId, name: names.get(r.authorId)! } : null,
    images: images.get(r.id) ?? [],
  }));
}

/** GET clubs/{clubId}/tracking-groups/comments?trackingGroupId=: the group's log book, newest first. */
export async function listComments(db: DbOrTx, clubId: number, groupId: number): Promise<TrackingComment[]> {
  await groupOfClub(db, clubId, groupId);
  const rows = await db
    .select()
    .from(trackingComments)
    .where(eq(trackingComments.trackingGroupId, groupId))
    .orderBy(desc(trackingComments.createdAt), desc(trackingComments.id));
  return presentComments(db, rows);
}

/** Writes a comment in the group (in the caller's transaction, the group checked). Also the demo's way in. */
export async function insertComment(tx: DbOrTx, groupId: number, text: string, authorId: number | null, at?: Date): Promise<TrackingCommentRow> {
  const [row] = await tx
    .insert(trackingComments)
    .values({ trackingGroupId: groupId, text, authorId, ...(at ? { createdAt: at, updatedAt: at } : {}) })
    .returning();
  return row;
}

/** POST clubs/{clubId}/tracking-groups/comments: a comment by the signed-in user in a group of the club (404 for another club's group). */
export async function createComment(db: Db, clubId: number, userId: number, body: CreateTrackingCommentBody): Promise<TrackingComment> {
  const row = await db.transaction(async (tx) => {
    // Locked: a group being deleted meanwhile takes no comment after it.
    await groupOfClub(tx, clubId, body.trackingGroupId, true);
    return insertComment(tx, body.trackingGroupId, body.text, userId);
  });
  return (await presentComments(db, [row]))[0];
}

/** PUT clubs/{clubId}/tracking-groups/comments/{commentId}: a new text. */
export async function updateComment(db: Db, clubId: number, commentId: number, body: UpdateTrackingCommentBody): Promise<TrackingComment> {
  const row = await db.transaction(async (tx) => {
    await commentOfClub(tx, clubId, commentId, true);
    const [updated] = await tx.update(trackingComments).set({ text: body.text, updatedAt: sql`now()` }).where(eq(trackingComments.id, commentId)).returning();
    return updated;
  });
  return (await presentComments(db, [row]))[0];
}

/** DELETE clubs/{clubId}/tracking-groups/comments/{commentId}: with its images; their files after the commit. */
export async function deleteComment(deps: CommentFileDeps, clubId: number, commentId: number): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    await commentOfClub(tx, clubId, commentId, true);
    const fileKeys = await fileKeysOfComment(tx, commentId);
    await tx.delete(trackingComments).where(eq(trackingComments.id, commentId));
    return fileKeys;
  });
  await deleteStoredFiles(deps, keys);
}

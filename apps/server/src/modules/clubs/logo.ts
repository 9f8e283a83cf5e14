import { eq, sql } from 'drizzle-orm';
import type { Club, LogoShape } from '@golf/contract/api/clubs';
import { clubs } from '../../db/schema/index';
import type { Db } from '../../platform/database';
import { notFound } from '../../platform/errors';
import { encodeLogo, type UploadedFile } from '../../platform/images';
import { newFileName, type FileStorage } from '../../platform/storage';
import { clubLogoKey } from './files';
import { getClub } from './service';

interface LogoDeps {
  db: Db;
  storage: FileStorage;
  log: { warn(obj: object, msg: string): void };
}

/** Points the club at `fileName` (or at no logo) and answers the file name it had before. */
async function swapLogo(db: Db, clubId: number, fileName: string | null, shape: LogoShape | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ logoFileName: clubs.logoFileName }).from(clubs).where(eq(clubs.id, clubId)).for('update');
    if (!row) throw notFound('Club not found');
    await tx
      .update(clubs)
      .set({ logoFileName: fileName, logoShape: shape, updatedAt: sql`now()` as unknown as Date })
      .where(eq(clubs.id, clubId));
    return row.logoFileName;
  });
}

async function deleteQuietly({ storage, log }: LogoDeps, key: string | null): Promise<void> {
  if (!key) return;
  try {
    await storage.delete(key);
  } catch (err) {
    log.warn({ err, key }, 'could not delete a replaced logo file');
  }
}

/**
 * POST clubs/{clubId}/logo: the image is checked and re-encoded as PNG (transparency kept), stored
 * under a new name, the club points at it, and the old file is deleted. Access is checked by the
 * caller before the upload is read.
 */
export async function setClubLogo(
  deps: LogoDeps,
  clubId: number,
  file: UploadedFile,
  shape: LogoShape,
): Promise<Club> {
  const encoded = await encodeLogo(file, shape);
  const fileName = newFileName(encoded.ext);
  const key = clubLogoKey(clubId, fileName)!;
  await deps.storage.put(key, encoded.data, encoded.contentType);
  let previous: string | null;
  try {
    previous = await swapLogo(deps.db, clubId, fileName, shape);
  } catch (err) {
    await deleteQuietly(deps, key);
    throw err;
  }
  await deleteQuietly(deps, clubLogoKey(clubId, previous));
  return getClub(deps.db, clubId);
}

/** DELETE clubs/{clubId}/logo: the club has no logo afterwards and the file is gone. */
export async function removeClubLogo(deps: LogoDeps, clubId: number): Promise<Club> {
  const previous = await swapLogo(deps.db, clubId, null, null);
  await deleteQuietly(deps, clubLogoKey(clubId, previous));
  return getClub(deps.db, clubId);
}

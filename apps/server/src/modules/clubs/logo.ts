import { eq, sql } from 'drizzle-orm';
import type { Club, LogoShape } from '@golf/contract/api/clubs';
import { clubs } from '../../db/schema/index';
import type { Db } from '../../platform/database';
import { notFound } from '../../platform/errors';
import { encodeLogo, type UploadedFile } from '../../platform/images';
import { removeStoredImage, replaceStoredImage, type Repointed, type StoredImageDeps } from '../../platform/stored-images';
import { clubLogoFolder } from './files';
import { getClub } from './service';

interface LogoDeps extends StoredImageDeps {
  db: Db;
}

/** Points the club at `fileName` (or at no logo) and answers the file name it had before. */
async function swapLogo(db: Db, clubId: number, fileName: string | null, shape: LogoShape | null): Promise<Repointed<void>> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ logoFileName: clubs.logoFileName }).from(clubs).where(eq(clubs.id, clubId)).for('update');
    if (!row) throw notFound('clubs.notFound');
    await tx
      .update(clubs)
      .set({ logoFileName: fileName, logoShape: shape, updatedAt: sql`now()` as unknown as Date })
      .where(eq(clubs.id, clubId));
    return { previous: row.logoFileName, value: undefined };
  });
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
  await replaceStoredImage(deps, clubLogoFolder(clubId), await encodeLogo(file, shape), (fileName) => swapLogo(deps.db, clubId, fileName, shape));
  return getClub(deps.db, clubId);
}

/** DELETE clubs/{clubId}/logo: the club has no logo afterwards and the file is gone. */
export async function removeClubLogo(deps: LogoDeps, clubId: number): Promise<Club> {
  await removeStoredImage(deps, clubLogoFolder(clubId), () => swapLogo(deps.db, clubId, null, null));
  return getClub(deps.db, clubId);
}

import type { Guide } from '@golf/contract/api/guides';
import type { Db } from '../../platform/database';
import { deleteGuideFolder } from './generation/storage';
import { encodeGalleryImage, encodeLogo, type EncodedImage, type UploadedFile } from '../../platform/images';
import { newFileName, type FileStorage } from '../../platform/storage';
import { deleteStoredFiles, removeStoredImage, replaceStoredImage } from '../../platform/stored-images';
import { guideFileKey, guideFilesFolder } from './files';
import { copySource, deleteGuide, insertCopy } from './guides-service';
import { forgetFiles, swapGuideFile, swapOverrideFile } from './files-service';
import { getGuide, guideOfClub, holeOfGuide } from './guide-rows';

export interface GuideFileDeps {
  db: Db;
  storage: FileStorage;
  log: { warn(obj: object, msg: string): void };
}

/** The guide images: the icon (the app's square icon), the custom front page and a hole's override. */
export type GuideImageKind = 'icon' | 'front_page' | 'override';

/**
 * Checked (by its bytes), turned upright and re-encoded without metadata: the icon as a square
 * PNG of at most 1024 px (cut from the centre, transparency kept), page images as JPEG (WebP with
 * transparency) of at most 2560 px, enough for a full A5 page at 300 dpi.
 */
async function encode(kind: GuideImageKind, file: UploadedFile): Promise<EncodedImage> {
  if (kind === 'icon') return encodeLogo(file, 'round');
  return (await encodeGalleryImage(file)).image;
}

/**
 * POST guides/{id}/icon and guides/{id}/front_page_image: the image replaces the guide's one,
 * the old file is deleted. An unknown guide answers 404 before the image is decoded.
 */
export async function setGuideImage(deps: GuideFileDeps, clubId: number, guideId: number, kind: 'icon' | 'front_page', file: UploadedFile): Promise<Guide> {
  await guideOfClub(deps.db, clubId, guideId);
  await replaceStoredImage(deps, guideFilesFolder(clubId, guideId), await encode(kind, file), async (fileName) => ({
    previous: await swapGuideFile(deps.db, clubId, guideId, kind, fileName),
    value: undefined,
  }));
  return getGuide(deps.db, clubId, guideId);
}

/** DELETE guides/{id}/icon and guides/{id}/front_page_image. */
export async function removeGuideImage(deps: GuideFileDeps, clubId: number, guideId: number, kind: 'icon' | 'front_page'): Promise<Guide> {
  await removeStoredImage(deps, guideFilesFolder(clubId, guideId), async () => ({ previous: await swapGuideFile(deps.db, clubId, guideId, kind, null), value: undefined }));
  return getGuide(deps.db, clubId, guideId);
}

/** POST guides/{id}/overrides/{holeId}: the image printed instead of the hole's drawing in this guide. */
export async function setOverrideImage(deps: GuideFileDeps, clubId: number, guideId: number, holeId: number, file: UploadedFile): Promise<Guide> {
  await guideOfClub(deps.db, clubId, guideId);
  await holeOfGuide(deps.db, guideId, holeId);
  await replaceStoredImage(deps, guideFilesFolder(clubId, guideId), await encode('override', file), async (fileName) => ({
    previous: await swapOverrideFile(deps.db, clubId, guideId, holeId, fileName),
    value: undefined,
  }));
  return getGuide(deps.db, clubId, guideId);
}

/** DELETE guides/{id}/overrides/{holeId}: the hole shows its drawing again. */
export async function removeOverrideImage(deps: GuideFileDeps, clubId: number, guideId: number, holeId: number): Promise<Guide> {
  await removeStoredImage(deps, guideFilesFolder(clubId, guideId), async () => ({ previous: await swapOverrideFile(deps.db, clubId, guideId, holeId, null), value: undefined }));
  return getGuide(deps.db, clubId, guideId);
}

/**
 * DELETE guides/{id}: the guide, then every file of it: its whole folder (its images, every
 * product's files, also those no manifest lists). A job of the guide still running when the row
 * went removes what it stores itself (generation/service.ts runGeneration).
 */
export async function removeGuide(deps: GuideFileDeps, clubId: number, guideId: number): Promise<void> {
  await deleteGuide(deps.db, clubId, guideId);
  await deleteGuideFolder(deps.storage, clubId, guideId).catch((err: unknown) => deps.log.warn({ err, guideId }, 'could not delete the files of a deleted guide'));
}

/** Files of a guide whose rows are gone (holes of courses taken out of the guide). */
export async function deleteGuideFiles(deps: GuideFileDeps, clubId: number, guideId: number, files: string[]): Promise<void> {
  await deleteStoredFiles(
    deps,
    files.map((name) => guideFileKey(clubId, guideId, name)),
  );
}

/**
 * POST guides/{id}/copy: the copy's rows in one transaction, then its own copies of the source's
 * images, one file at a time (so deleting either guide leaves the other's intact). A source file
 * that has gone from the storage is left out of the copy; a failed write removes the copy again.
 */
export async function copyGuide(deps: GuideFileDeps, clubId: number, guideId: number, title: string): Promise<Guide> {
  const source = await copySource(deps.db, clubId, guideId);
  const names = [source.row.iconFileName, source.row.frontPageImageFileName, ...source.holeRows.map((h) => h.overrideFileName)].filter((f): f is string => !!f);
  const files = new Map(names.map((name) => [name, newFileName(name.split('.').pop()!)]));
  const copy = await insertCopy(deps.db, clubId, source, title, files);
  const missing: string[] = [];
  try {
    for (const [from, to] of files) {
      const opened = await deps.storage.open(guideFileKey(clubId, guideId, from)!);
      if (!opened) {
        missing.push(to);
        continue;
      }
      const ext = to.split('.').pop();
      const contentType = ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg';
      await deps.storage.put(guideFileKey(clubId, copy.guide_id, to)!, Buffer.concat(await opened.stream.toArray()), contentType);
    }
  } catch (err) {
    await removeGuide(deps, clubId, copy.guide_id);
    throw err;
  }
  if (missing.length === 0) return copy;
  await forgetFiles(deps.db, clubId, copy.guide_id, missing);
  return getGuide(deps.db, clubId, copy.guide_id);
}

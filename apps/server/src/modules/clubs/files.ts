import { storedFileKey, storedFileUrl } from '../../platform/stored-images';

/**
 * Where a club's public files live in the storage: everything under `public/clubs/<clubId>/`,
 * which the public file route serves (logos and gallery images are shown in the golfers' app).
 */
export function clubFilesPrefix(clubId: number): string {
  return `public/clubs/${clubId}`;
}

/** The folder of a club's logo files. */
export function clubLogoFolder(clubId: number): string {
  return `${clubFilesPrefix(clubId)}/logo`;
}

/** The storage key of a club's logo file; null for a missing or unexpected file name. */
export function clubLogoKey(clubId: number, fileName: string | null): string | null {
  return storedFileKey(clubLogoFolder(clubId), fileName);
}

/** The logo's public URL; the file name changes with every upload, so it is also the version. */
export function clubLogoUrl(clubId: number, fileName: string | null): string | null {
  return storedFileUrl(clubLogoKey(clubId, fileName));
}

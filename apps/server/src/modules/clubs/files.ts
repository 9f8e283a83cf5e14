import { publicFileUrl } from '../../platform/file-urls';

/**
 * Where a club's public files live in the storage: everything under `public/clubs/<clubId>/`,
 * which the public file route serves (logos and gallery images are shown in the golfers' app).
 */
export function clubFilesPrefix(clubId: number): string {
  return `public/clubs/${clubId}`;
}

const FILE_NAME = /^[a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,5}$/;

/** The storage key of a club's logo file; null for a missing or unexpected file name. */
export function clubLogoKey(clubId: number, fileName: string | null): string | null {
  if (!fileName || !FILE_NAME.test(fileName)) return null;
  return `${clubFilesPrefix(clubId)}/logo/${fileName}`;
}

/** The logo's public URL; the file name changes with every upload, so it is also the version. */
export function clubLogoUrl(clubId: number, fileName: string | null): string | null {
  const key = clubLogoKey(clubId, fileName);
  return key ? publicFileUrl(key, fileName!.slice(0, 8)) : null;
}

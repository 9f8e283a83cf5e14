import { storedFileKey, storedFileUrl } from '../../platform/stored-images';
import { clubFilesPrefix } from '../clubs';

/**
 * The folder of a guide's images: `public/clubs/<clubId>/guides/<guideId>/` (icon, front page
 * image, override images). They are public like the club's logo: the golfers' app shows them.
 */
export function guideFilesFolder(clubId: number, guideId: number): string {
  return `${clubFilesPrefix(clubId)}/guides/${guideId}`;
}

/** The storage key of a guide's file; null for a missing or unexpected file name. */
export function guideFileKey(clubId: number, guideId: number, fileName: string | null): string | null {
  return storedFileKey(guideFilesFolder(clubId, guideId), fileName);
}

/** The file's public URL; every upload gets a new file name, so the name is also the version (cache busting). */
export function guideFileUrl(clubId: number, guideId: number, fileName: string | null): string | null {
  return storedFileUrl(guideFileKey(clubId, guideId, fileName));
}

import { publicFileUrl } from '../../platform/file-urls';
import { clubFilesPrefix } from '../clubs/files';

/**
 * Where a guide's images live: `public/clubs/<clubId>/guides/<guideId>/<file>` (icon, front page
 * image, override images). They are public like the club's logo: the golfers' app shows them.
 */
const FILE_NAME = /^[a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,5}$/;

/** The storage key of a guide's file; null for a missing or unexpected file name. */
export function guideFileKey(clubId: number, guideId: number, fileName: string | null): string | null {
  if (!fileName || !FILE_NAME.test(fileName)) return null;
  return `${clubFilesPrefix(clubId)}/guides/${guideId}/${fileName}`;
}

/** The file's public URL; every upload gets a new file name, so the name is also the version (§9 cache busting). */
export function guideFileUrl(clubId: number, guideId: number, fileName: string | null): string | null {
  const key = guideFileKey(clubId, guideId, fileName);
  return key ? publicFileUrl(key, fileName!.slice(0, 8)) : null;
}

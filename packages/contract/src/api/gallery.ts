import { z } from 'zod';
import { IdParam } from './common';

/** At most this many images per club: the gallery is a showcase in the app, not an archive. */
export const GALLERY_MAX_IMAGES = 200;

/** The multipart field of POST clubs/{clubId}/gallery (§7 'POST gallery (data)'). */
export const GALLERY_FILE_FIELD = 'data';

/** A gallery image (§3): the stored, re-encoded image and its thumbnail, both public URLs with `v`. */
export const GalleryImage = z.object({
  id: z.number().int(),
  club_id: z.number().int(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Size of the stored image in bytes. */
  bytes: z.number().int(),
  created_at: z.iso.datetime(),
});
export type GalleryImage = z.infer<typeof GalleryImage>;

export const GalleryImageParams = z.object({ clubId: IdParam, id: IdParam });

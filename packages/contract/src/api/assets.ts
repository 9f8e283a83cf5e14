import { z } from 'zod';
import { IdParam, NonNegativeInt32, PositiveInt32, Text } from './common';

/**
 * Assets (§3 'Asset', §4 'Assets: upload all bundles, then reload. A failure is reported.', §7
 * assets calls; issue 26): the icons, textures and sponsor sign images of the platform and of
 * single clubs, uploaded by admins as zip bundles.
 *
 * The bundle layout (a zip; every file's path inside it says what it is):
 * - `<category>/<file>`: a platform asset of a category (`icons/flag.svg`, `textures/sand.png`);
 * - `clubs/<club id>/<category>/<element name>/<file>`: a club's asset for one graphics element
 *   (`clubs/12/textures/Bunker/sand.webp`).
 * Categories are ASSET_CATEGORIES; files are PNG, JPEG, WebP or SVG, recognised by their bytes
 * (the extension must agree). Folders, `__MACOSX/` and `.DS_Store`/`Thumbs.db` entries are
 * ignored (and listed as such in the preview).
 *
 * An upload is checked before anything is stored (ASSET_BUNDLE: the zip's size, its entry count,
 * each entry's and the total unpacked size, the compression ratio, nested archives, paths that
 * leave the bundle, file types by their bytes, SVG with script or external references); a refused
 * bundle stores nothing and its refusal names the entry. A checked upload waits with its preview:
 * what it adds, replaces and removes compared with the published bundle of the same name. Publishing
 * makes it the bundle of that name (its files replace the old bundle's, all at once).
 *
 * Calls (all admin only):
 * - GET    assets/categories → AssetCategorySummary[] (every category with its count of platform assets)
 * - GET    assets/categories/{category} → Asset[] (the platform assets of the category, by path)
 * - GET    assets/{clubId} → Asset[] (the club's assets, by element name and path)
 * - GET    assets/{clubId}/{element} → Asset[] (the club's assets of one element name)
 * - GET    assets/bundles → AssetBundle[] (published bundles, by name)
 * - GET    assets/uploads → AssetUpload[] (checked uploads waiting, newest first, each with its preview)
 * - POST   assets/upload (multipart: the field `name`, then the zip in the field `file`) → AssetUpload (201)
 * - POST   assets/uploads/{id}/publish → AssetBundle
 * - DELETE assets/uploads/{id} → 204 (discard an upload)
 * - DELETE assets/upload/{name} → 204 (delete the published bundle of that name and its files)
 *
 * Files are served to signed-in users through signed file addresses (`url`, decision 0017).
 */

export const ASSET_CATEGORIES = ['icons', 'textures', 'sponsor-signs'] as const;
export const AssetCategory = z.enum(ASSET_CATEGORIES);
export type AssetCategory = z.infer<typeof AssetCategory>;

/** The file types a bundle may hold, by extension (the bytes must be of that type). */
export const ASSET_FILE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
} as const;
export const AssetMediaType = z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml']);
export type AssetMediaType = z.infer<typeof AssetMediaType>;

const MB = 1024 * 1024;

/** The caps of one bundle, checked before anything is unpacked further or stored. */
export const ASSET_BUNDLE = {
  /** The zip file as uploaded. */
  maxFileBytes: 50 * MB,
  /** Entries in the zip's central directory (folders included). */
  maxEntries: 1000,
  /** Unpacked bytes of one entry. */
  maxEntryBytes: 10 * MB,
  /** Unpacked bytes of the whole bundle. */
  maxTotalBytes: 100 * MB,
  /** Unpacked size over packed size of one entry (above this it is treated as a zip bomb). */
  maxRatio: 100,
  /** Characters of an entry's path. */
  maxPathLength: 200,
  /** Characters of a bundle's name. */
  maxNameLength: 80,
  /** Uploads waiting to be published or discarded, at once. */
  maxPendingUploads: 20,
} as const;

/** The multipart fields of POST assets/upload. */
export const ASSET_UPLOAD_FIELDS = { name: 'name', file: 'file' } as const;

/** A bundle's name: letters, digits, spaces, dots, dashes and underscores, starting with a letter or digit. */
export const BUNDLE_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;
export const BundleName = Text.trim().min(1).max(ASSET_BUNDLE.maxNameLength).regex(BUNDLE_NAME_PATTERN);

/** The bundle name a zip's file name suggests (without `.zip`, other characters made spaces). */
export function bundleNameOfFile(fileName: string): string {
  const base = fileName.replace(/\.zip$/i, '').replace(/[^\p{L}\p{N} ._-]+/gu, ' ').replace(/\s+/g, ' ').trim();
  const start = base.replace(/^[^\p{L}\p{N}]+/u, '');
  return start.slice(0, ASSET_BUNDLE.maxNameLength).trim();
}

export const Asset = z.object({
  id: PositiveInt32,
  bundle_name: z.string(),
  /** The entry's path inside its bundle. */
  path: z.string(),
  category: AssetCategory,
  club_id: PositiveInt32.nullable(),
  element_name: z.string().nullable(),
  media_type: AssetMediaType,
  bytes: NonNegativeInt32,
  sha256: z.string(),
  /** A signed address of the file (valid at least an hour). */
  url: z.string(),
  created_at: z.string(),
});
export type Asset = z.infer<typeof Asset>;

export const AssetCategorySummary = z.object({ name: AssetCategory, count: NonNegativeInt32 });
export type AssetCategorySummary = z.infer<typeof AssetCategorySummary>;

export const AssetBundle = z.object({
  id: PositiveInt32,
  name: z.string(),
  asset_count: NonNegativeInt32,
  bytes: z.number().int().nonnegative(),
  published_at: z.string(),
  /** The publisher's name; null once the user is deleted. */
  published_by: z.string().nullable(),
});
export type AssetBundle = z.infer<typeof AssetBundle>;

/** One checked file of an upload (what its row will be once published). */
export const BundleEntry = z.object({
  path: z.string(),
  category: AssetCategory,
  club_id: PositiveInt32.nullable(),
  element_name: z.string().nullable(),
  media_type: AssetMediaType,
  bytes: NonNegativeInt32,
  sha256: z.string(),
});
export type BundleEntry = z.infer<typeof BundleEntry>;

/** What publishing an upload changes, compared with the published bundle of its name (paths, each list by path). */
export const BundleChanges = z.object({
  added: z.array(BundleEntry),
  /** Same path, other bytes. */
  replaced: z.array(BundleEntry),
  /** In the published bundle, not in the upload. */
  removed: z.array(BundleEntry),
  unchanged: NonNegativeInt32,
});
export type BundleChanges = z.infer<typeof BundleChanges>;

export const AssetUpload = z.object({
  id: PositiveInt32,
  bundle_name: z.string(),
  file_count: NonNegativeInt32,
  bytes: z.number().int().nonnegative(),
  uploaded_at: z.string(),
  uploaded_by: z.string().nullable(),
  /** Whether a bundle of this name is published (then publishing replaces it). */
  replaces_published: z.boolean(),
  changes: BundleChanges,
  /** Entries skipped by the layout's rules (folders aside): `__MACOSX/…`, `.DS_Store`, `Thumbs.db`. */
  ignored: z.array(z.string()),
});
export type AssetUpload = z.infer<typeof AssetUpload>;

/** The changes of an upload's entries against a published bundle's: by path, sha256 telling replaced from unchanged. */
export function bundleChanges(upload: readonly BundleEntry[], published: readonly BundleEntry[]): BundleChanges {
  const before = new Map(published.map((e) => [e.path, e]));
  const after = new Set(upload.map((e) => e.path));
  const byPath = (a: BundleEntry, b: BundleEntry) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  const added: BundleEntry[] = [];
  const replaced: BundleEntry[] = [];
  let unchanged = 0;
  for (const entry of upload) {
    const old = before.get(entry.path);
    if (!old) added.push(entry);
    else if (old.sha256 !== entry.sha256) replaced.push(entry);
    else unchanged++;
  }
  const removed = published.filter((e) => !after.has(e.path));
  return { added: added.sort(byPath), replaced: replaced.sort(byPath), removed: [...removed].sort(byPath), unchanged };
}

export const AssetUploadParams = z.object({ id: IdParam });
/** A bundle named in a path: as it is stored (no trimming: ' 1' is not the bundle '1'). */
export const AssetBundleNameParams = z.object({ name: Text.min(1).max(ASSET_BUNDLE.maxNameLength).regex(BUNDLE_NAME_PATTERN) });
export const AssetCategoryParams = z.object({ category: AssetCategory });
export const ClubAssetsParams = z.object({ clubId: IdParam });
export const ClubElementAssetsParams = z.object({ clubId: IdParam, element: Text.trim().min(1).max(ASSET_BUNDLE.maxPathLength) });

import { publicFileUrl } from './file-urls';
import type { EncodedImage } from './images';
import { newFileName, type FileStorage } from './storage';

/**
 * Stored images that a row points at by file name (a club's logo, a sponsor's logo, a guide's
 * icon, front page and override images) and files a row keeps by key (gallery images): the one
 * way they are named, stored, replaced and deleted.
 *
 * - Every upload is stored under a new file name (newFileName: a random UUID and the extension),
 *   so a file is never overwritten in place and its name is also its version in the public URL:
 *   a browser that cached the old image asks for the new one by its new address.
 * - The new file is written before the row points at it, and the old file is deleted only after
 *   the row has moved on, so a reader never meets a row pointing at a missing file; if the row
 *   cannot be changed, the new file is deleted again.
 * - A failed delete is logged and not raised: the row is already right, a left-over file only
 *   costs space.
 */

export interface StoredImageDeps {
  storage: FileStorage;
  log: { warn(obj: object, msg: string): void };
}

/**
 * The form of the file names the server gives (newFileName): lower-case letters, digits, `-` and
 * `_`, one dot and an extension of 2 to 5 characters. A name in a row that does not have it (a
 * hand-edited row, a path with `/` or `..`) never becomes a storage key.
 */
const STORED_FILE_NAME = /^[a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,5}$/;

/** The storage key of `fileName` in `folder`; null for no file or a name the server would not have given. */
export function storedFileKey(folder: string, fileName: string | null | undefined): string | null {
  if (!fileName || !STORED_FILE_NAME.test(fileName)) return null;
  return `${folder}/${fileName}`;
}

/**
 * The public URL of a stored file by its key (null: none). The file name is new with every
 * upload, so its first 8 characters are the URL's version (cache busting).
 */
export function storedFileUrl(key: string | null): string | null {
  if (!key) return null;
  const name = key.slice(key.lastIndexOf('/') + 1);
  return publicFileUrl(key, name.slice(0, 8));
}

/** Deletes the files one by one; a missing key is passed over and a failed delete only logged. */
export async function deleteStoredFiles({ storage, log }: StoredImageDeps, keys: (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await storage.delete(key);
    } catch (err) {
      log.warn({ err, key }, 'could not delete a stored file');
    }
  }
}

/**
 * Writes the files, then runs `record` (which makes the rows that point at them); if `record`
 * fails, the files are deleted again and its error is thrown on, so no file is left that no row
 * points at.
 */
export async function storeThenRecord<T>(
  deps: StoredImageDeps,
  files: { key: string; image: Pick<EncodedImage, 'data' | 'contentType'> }[],
  record: () => Promise<T>,
): Promise<T> {
  await Promise.all(files.map((f) => deps.storage.put(f.key, f.image.data, f.image.contentType)));
  try {
    return await record();
  } catch (err) {
    await deleteStoredFiles(
      deps,
      files.map((f) => f.key),
    );
    throw err;
  }
}

/** What a change of the row answers: the file name it pointed at before, and the caller's value. */
export interface Repointed<T> {
  previous: string | null;
  value: T;
}

/**
 * Replaces the image a row points at: the image is stored under a new file name in `folder`,
 * `point(fileName)` makes the row point at it (and answers the name it had before), then the old
 * file is deleted. If `point` fails, the new file is deleted and the row keeps its old image.
 */
export async function replaceStoredImage<T>(
  deps: StoredImageDeps,
  folder: string,
  image: EncodedImage,
  point: (fileName: string) => Promise<Repointed<T>>,
): Promise<T> {
  const fileName = newFileName(image.ext);
  const key = storedFileKey(folder, fileName)!;
  const { previous, value } = await storeThenRecord(deps, [{ key, image }], () => point(fileName));
  await deleteStoredFiles(deps, [storedFileKey(folder, previous)]);
  return value;
}

/** Takes the image off a row: `clear()` makes the row point at no file, then the old file is deleted. */
export async function removeStoredImage<T>(deps: StoredImageDeps, folder: string, clear: () => Promise<Repointed<T>>): Promise<T> {
  const { previous, value } = await clear();
  await deleteStoredFiles(deps, [storedFileKey(folder, previous)]);
  return value;
}

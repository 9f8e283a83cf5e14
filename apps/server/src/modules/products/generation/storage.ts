/**
 * Where a guide's products are stored: `public/clubs/<clubId>/guides/<guideId>/<product>/<file>`,
 * beside a manifest (`manifest.json`: the files with their types and sizes) that the files call
 * reads. A new generation replaces the files; their URLs carry the time it was made (§9 cache
 * busting), so a browser or an app never keeps an old copy.
 */
import type { GuideFile, LocationResponse } from '@golf/contract/api/guide-generation';
import type { GuideProduct } from '@golf/contract/api/guides';
import { publicFileUrl } from '../../../platform/file-urls';
import type { FileStorage } from '../../../platform/storage';
import { clubFilesPrefix } from '../../clubs/files';

export interface StoredFile {
  name: string;
  contentType: string;
  data: Uint8Array;
}

interface Manifest {
  generated_at: string;
  /** The file the product's location points at. */
  main: string;
  files: { name: string; content_type: string; bytes: number }[];
}

const productFolder = (clubId: number, guideId: number, product: GuideProduct) => `${clubFilesPrefix(clubId)}/guides/${guideId}/${product.replace('_', '-')}`;

/** File names the renderer and the digital guide give: lowercase, digits, dashes, one extension. */
const FILE_NAME = /^[a-z0-9][a-z0-9-]*\.(pdf|png|webp|json)$/;

export function productFileKey(clubId: number, guideId: number, product: GuideProduct, name: string): string {
  if (!FILE_NAME.test(name)) throw new Error(`Unexpected product file name ${name}`);
  return `${productFolder(clubId, guideId, product)}/${name}`;
}

async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const file = await storage.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Stores a product's files and its manifest (last, so a reader never sees a manifest of missing files); answers the manifest's files. */
export async function storeProduct(
  storage: FileStorage,
  where: { clubId: number; guideId: number; product: GuideProduct },
  files: StoredFile[],
  generatedAt: Date,
): Promise<void> {
  const { clubId, guideId, product } = where;
  if (files.length === 0) throw new Error('The product has no files');
  for (const file of files) await storage.put(productFileKey(clubId, guideId, product, file.name), Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength), file.contentType);
  const manifest: Manifest = {
    generated_at: generatedAt.toISOString(),
    main: files[0].name,
    files: files.map((f) => ({ name: f.name, content_type: f.contentType, bytes: f.data.byteLength })),
  };
  await storage.put(productFileKey(clubId, guideId, product, 'manifest.json'), Buffer.from(JSON.stringify(manifest)), 'application/json');
}

/** Where a product's files are (§7 *_location): nothing until it has been made. */
export async function productLocation(storage: FileStorage, clubId: number, guideId: number, product: GuideProduct): Promise<LocationResponse> {
  const raw = await readAll(storage, productFileKey(clubId, guideId, product, 'manifest.json'));
  if (!raw) return { location: null, generated_at: null, files: [] };
  const manifest = JSON.parse(raw.toString('utf8')) as Manifest;
  const version = Date.parse(manifest.generated_at);
  const url = (name: string) => publicFileUrl(productFileKey(clubId, guideId, product, name), version)!;
  const files: GuideFile[] = manifest.files.map((f) => ({ name: f.name, url: url(f.name), content_type: f.content_type, bytes: f.bytes }));
  return { location: url(manifest.main), generated_at: manifest.generated_at, files };
}

/** The stored bytes of one of a product's files, or null. */
export function readProductFile(storage: FileStorage, clubId: number, guideId: number, product: GuideProduct, name: string): Promise<Buffer | null> {
  return readAll(storage, productFileKey(clubId, guideId, product, name));
}

/** Removes a product's files (the guide is deleted). Missing files are fine. */
export async function deleteProduct(storage: FileStorage, clubId: number, guideId: number, product: GuideProduct): Promise<void> {
  const raw = await readAll(storage, productFileKey(clubId, guideId, product, 'manifest.json'));
  if (!raw) return;
  const manifest = JSON.parse(raw.toString('utf8')) as Manifest;
  for (const f of manifest.files) await storage.delete(productFileKey(clubId, guideId, product, f.name));
  await storage.delete(productFileKey(clubId, guideId, product, 'manifest.json'));
}

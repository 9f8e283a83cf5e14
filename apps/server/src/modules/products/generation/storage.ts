/**
 * Where a guide's products are stored: `public/clubs/<clubId>/guides/<guideId>/<product>/<file>`,
 * beside a manifest (`manifest.json`: the files with their types and sizes) that the files call
 * reads. The guide's folder also holds its uploaded images (icon, front page, overrides) as files
 * of their own; everything inside a product folder is a product file.
 *
 * Who reads them (docs/decisions/0017): the digital guide, which the golfers' app reads without
 * signing in, at the guide's app address `/files/app/<app token>/json/guide.json`; every other
 * product (PDFs, print-shop and booklet copies, tee signs, web images, green drawings, overview)
 * only through signed, expiring addresses given to the club's users by the *_location and files
 * calls. The storage keys themselves are never served (modules/files refuses them). Every URL
 * carries the time the product was made (§9 cache busting), so nobody keeps an old copy.
 */
import { and, eq } from 'drizzle-orm';
import type { GuideFile, LocationResponse } from '@golf/contract/api/guide-generation';
import type { GuideProduct } from '@golf/contract/api/guides';
import { guides } from '../../../db/schema/index';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/database';
import { fileUrlKey, signedFileUrl } from '../../../platform/file-urls';
import type { FileStorage } from '../../../platform/storage';
import { notFound } from '../../../platform/errors';
import { clubFilesPrefix } from '../../clubs';

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

/** What the addresses of a guide's files are made from. */
export interface ProductUrlDeps {
  db: Db;
  storage: FileStorage;
  config: Pick<Config, 'fileUrlSecret'>;
}

/**
 * The products the golfers' app reads without signing in, at the guide's app address: the digital
 * guide and the web images (each hole's page on its own, for the app's screens). Every other
 * product (PDFs, tee signs, overview, green drawings) is for the club's users only.
 */
export const APP_PRODUCTS: readonly GuideProduct[] = ['json', 'web_images'];

const MANIFEST = 'manifest.json';
const folderName = (product: GuideProduct) => product.replace('_', '-');

/** Every file of a guide lives under this folder: its images and its products' folders. */
export const guideFolder = (clubId: number, guideId: number) => `${clubFilesPrefix(clubId)}/guides/${guideId}/`;
const productFolder = (clubId: number, guideId: number, product: GuideProduct) => `${guideFolder(clubId, guideId)}${folderName(product)}/`;

/** File names the renderer and the digital guide give: lowercase, digits, dashes, one extension. */
const FILE_NAME = /^[a-z0-9][a-z0-9-]*\.(pdf|png|webp|json)$/;

export function productFileKey(clubId: number, guideId: number, product: GuideProduct, name: string): string {
  if (!FILE_NAME.test(name)) throw new Error(`Unexpected product file name ${name}`);
  return `${productFolder(clubId, guideId, product)}${name}`;
}

/** A key inside one of a guide's product folders (the guide's own images sit directly in its folder). */
const PRODUCT_KEY = /^public\/clubs\/\d+\/guides\/\d+\/[^/]+\//;

/** Whether a storage key is a product file of a guide: such a key is never served by its name. */
export function isGuideProductKey(key: string): boolean {
  return PRODUCT_KEY.test(key);
}

const APP_TOKEN = /^[0-9a-f]{32}$/;

/**
 * The storage key behind an app address (`/files/app/<token>/<folder>/<name>`), or null: the token
 * of an existing guide, the folder of a product the app reads, a product file's name (not the
 * manifest).
 */
export async function appFileKey(db: Db, token: string, folder: string, name: string): Promise<string | null> {
  const product = APP_PRODUCTS.find((p) => folderName(p) === folder);
  if (!product || !APP_TOKEN.test(token) || !FILE_NAME.test(name) || name === MANIFEST) return null;
  const [row] = await db.select({ id: guides.id, clubId: guides.clubId }).from(guides).where(eq(guides.appToken, token));
  return row ? productFileKey(row.clubId, row.id, product, name) : null;
}

async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const file = await storage.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Stores a product's files and its manifest (after them, so a reader never sees a manifest of
 * missing files), then removes what the folder holds beyond them: the files of an earlier run
 * that this one no longer makes (fewer holes, another course).
 */
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
  await storage.put(productFileKey(clubId, guideId, product, MANIFEST), Buffer.from(JSON.stringify(manifest)), 'application/json');
  const kept = new Set([...files.map((f) => productFileKey(clubId, guideId, product, f.name)), productFileKey(clubId, guideId, product, MANIFEST)]);
  for (const key of await storage.list(productFolder(clubId, guideId, product))) {
    if (!kept.has(key)) await storage.delete(key);
  }
}

async function readManifest(storage: FileStorage, clubId: number, guideId: number, product: GuideProduct): Promise<Manifest | null> {
  const raw = await readAll(storage, productFileKey(clubId, guideId, product, MANIFEST));
  return raw ? (JSON.parse(raw.toString('utf8')) as Manifest) : null;
}

/**
 * Where a product's files are (§7 *_location): nothing until it has been made. The digital guide
 * at the guide's app address, every other product at signed addresses that expire.
 */
export async function productLocation(deps: ProductUrlDeps, clubId: number, guideId: number, product: GuideProduct): Promise<LocationResponse> {
  const manifest = await readManifest(deps.storage, clubId, guideId, product);
  if (!manifest) return { location: null, generated_at: null, files: [] };
  const version = Date.parse(manifest.generated_at);
  let url: (name: string) => string;
  if (APP_PRODUCTS.includes(product)) {
    const [row] = await deps.db.select({ token: guides.appToken }).from(guides).where(and(eq(guides.id, guideId), eq(guides.clubId, clubId)));
    if (!row) throw notFound('guides.notFound');
    url = (name) => `/files/app/${row.token}/${folderName(product)}/${name}?v=${version}`;
  } else {
    const key = await fileUrlKey(deps.db, deps.config);
    const now = Date.now();
    url = (name) => signedFileUrl(key, productFileKey(clubId, guideId, product, name), version, now);
  }
  const files: GuideFile[] = manifest.files.map((f) => ({ name: f.name, url: url(f.name), content_type: f.content_type, bytes: f.bytes }));
  return { location: url(manifest.main), generated_at: manifest.generated_at, files };
}

/** The stored bytes of one of a product's files, or null. */
export function readProductFile(storage: FileStorage, clubId: number, guideId: number, product: GuideProduct, name: string): Promise<Buffer | null> {
  return readAll(storage, productFileKey(clubId, guideId, product, name));
}

/**
 * Removes every file of a (deleted) guide: the whole folder, so also files no manifest lists
 * (an older run's, a run that stopped half-way) and the guide's images. Answers how many there were.
 */
export function deleteGuideFolder(storage: FileStorage, clubId: number, guideId: number): Promise<number> {
  return storage.deletePrefix(guideFolder(clubId, guideId));
}

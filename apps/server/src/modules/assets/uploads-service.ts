/**
 * Asset bundles, the way in (issue 26, §4 'Assets: upload all bundles, then reload'): an upload is
 * checked in a worker (bundle-check.ts) before anything is stored; a checked upload's files are
 * staged under `assets/<uuid>/` and its manifest kept in `asset_uploads`, where it waits with its
 * preview until it is published (its files become the bundle of its name, the old bundle's files
 * are deleted) or discarded (its staged files are deleted).
 */
import { randomUUID } from 'node:crypto';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ASSET_BUNDLE,
  AssetCategory,
  AssetMediaType,
  bundleChanges,
  BundleName,
  type AssetBundle,
  type AssetUpload,
  type BundleEntry,
} from '@golf/contract/api/assets';
import { serverError } from '@golf/contract/api/errors';
import { assetBundles, assets, assetUploads, clubs, users } from '../../db/schema/index';
import type { Db, DbOrTx } from '../../platform/database';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { deleteStoredFiles } from '../../platform/stored-images';
import { taskRunner } from '../../platform/worker-tasks';
import type { CheckedBundle } from './bundle-check';
import { bundleEntriesByName, presentBundle } from './assets-service';

export interface AssetDeps {
  db: Db;
  storage: FileStorage;
  log: { warn(obj: object, msg: string): void };
}

/** Longest time checking one bundle may take. */
export const CHECK_TIMEOUT_MS = 60_000;

const bundleChecker = taskRunner<{ data: Uint8Array }, CheckedBundle>({
  entry: 'bundle-worker',
  from: import.meta.url,
  timeoutMs: CHECK_TIMEOUT_MS,
  // The zip, one unpacked entry at a time and the checked files (at most maxTotalBytes together).
  maxHeapMb: 384,
  maxWorkers: 2,
  timeoutMessage: serverError('assets.timeout', { seconds: CHECK_TIMEOUT_MS / 1000 }),
  memoryMessage: serverError('assets.outOfMemory'),
  whenBusy: serverError('assets.busy'),
});

/** Checks a bundle in a worker thread: the event loop stays free, and a bundle past the time or memory stops its worker, not the server. */
export async function readBundle(data: Buffer): Promise<CheckedBundle> {
  const checked = await bundleChecker.run({ data });
  return {
    ...checked,
    files: checked.files.map((f) => {
      const bytes = f.data as Uint8Array;
      return { ...f, data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    }),
  };
}

/** One file of an upload's manifest: its entry and where its staged file is. */
const ManifestFile = z.object({
  path: z.string(),
  category: AssetCategory,
  club_id: z.number().int().positive().nullable(),
  element_name: z.string().nullable(),
  media_type: AssetMediaType,
  bytes: z.number().int().nonnegative(),
  sha256: z.string(),
  key: z.string(),
});
const Manifest = z.object({ files: z.array(ManifestFile), ignored: z.array(z.string()) });
type Manifest = z.infer<typeof Manifest>;

const entryOf = ({ key: _key, ...entry }: z.infer<typeof ManifestFile>): BundleEntry => entry;

type UploadRow = typeof assetUploads.$inferSelect;

const personName = (first: string | null, last: string | null, email: string | null) =>
  email === null ? null : `${first ?? ''} ${last ?? ''}`.trim() || email;

async function presentUploads(db: DbOrTx, rows: (UploadRow & { uploader: string | null })[]): Promise<AssetUpload[]> {
  const published = await bundleEntriesByName(db, [...new Set(rows.map((r) => r.bundleName))]);
  return rows.map((row) => {
    const manifest = Manifest.parse(row.manifest);
    const entries = manifest.files.map(entryOf);
    const before = published.get(row.bundleName);
    return {
      id: row.id,
      bundle_name: row.bundleName,
      file_count: entries.length,
      bytes: entries.reduce((sum, e) => sum + e.bytes, 0),
      uploaded_at: row.createdAt.toISOString(),
      uploaded_by: row.uploader,
      replaces_published: before !== undefined,
      changes: bundleChanges(entries, before ?? []),
      ignored: manifest.ignored,
    };
  });
}

function uploadsQuery(db: DbOrTx) {
  return db
    .select({
      upload: assetUploads,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(assetUploads)
    .leftJoin(users, eq(users.id, assetUploads.uploadedBy));
}

const withUploader = (r: { upload: UploadRow; firstName: string | null; lastName: string | null; email: string | null }) => ({
  ...r.upload,
  uploader: personName(r.firstName, r.lastName, r.email),
});

/** GET assets/uploads: the checked uploads waiting, newest first, each with its preview against the bundle published now. */
export async function listUploads(db: DbOrTx): Promise<AssetUpload[]> {
  const rows = await uploadsQuery(db).orderBy(desc(assetUploads.createdAt), desc(assetUploads.id));
  return presentUploads(db, rows.map(withUploader));
}

/** 400 unless the name is a bundle's name (the multipart field is not checked by a schema). */
export function bundleNameOf(value: string | undefined): string {
  const parsed = BundleName.safeParse(value ?? '');
  if (!parsed.success) throw badRequest('assets.badName', { max: ASSET_BUNDLE.maxNameLength });
  return parsed.data;
}

async function pendingCount(db: DbOrTx): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(assetUploads);
  return n;
}

/** 409 when as many uploads as allowed wait already (asked before a bundle is read, and again when it is recorded). */
export async function assertRoomForUpload(db: DbOrTx): Promise<void> {
  if ((await pendingCount(db)) >= ASSET_BUNDLE.maxPendingUploads) throw conflict('assets.tooManyUploads', { max: ASSET_BUNDLE.maxPendingUploads });
}

/**
 * POST assets/upload: checks the bundle (nothing is stored for a refused one), checks that the
 * clubs it names exist, stages its files and records the upload. Answers it with its preview.
 */
export async function createUpload(deps: AssetDeps, input: { name: string; data: Buffer; userId: number }): Promise<AssetUpload> {
  const { db, storage } = deps;
  await assertRoomForUpload(db);
  const checked = await readBundle(input.data);

  const clubIds = [...new Set(checked.files.map((f) => f.clubId).filter((id): id is number => id !== null))];
  if (clubIds.length) {
    const found = new Set((await db.select({ id: clubs.id }).from(clubs).where(inArray(clubs.id, clubIds))).map((r) => r.id));
    const missing = checked.files.find((f) => f.clubId !== null && !found.has(f.clubId));
    if (missing) throw new HttpError(422, 'assets.unknownClub', { entry: missing.path, clubId: missing.clubId! });
  }

  const folder = `assets/${randomUUID()}/`;
  const manifest: Manifest = {
    files: checked.files.map((f, i) => ({
      path: f.path,
      category: f.category,
      club_id: f.clubId,
      element_name: f.elementName,
      media_type: f.mediaType,
      bytes: f.bytes,
      sha256: f.sha256,
      key: `${folder}${i + 1}.${f.extension}`,
    })),
    ignored: checked.ignored,
  };
  try {
    for (const [i, file] of checked.files.entries()) await storage.put(manifest.files[i].key, file.data, file.mediaType);
    const id = await db.transaction(async (tx) => {
      // One upload recorded at a time, so two at once cannot pass the cap together.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('asset_uploads'))`);
      await assertRoomForUpload(tx);
      const [row] = await tx.insert(assetUploads).values({ bundleName: input.name, manifest, stagedDir: folder, uploadedBy: input.userId }).returning({ id: assetUploads.id });
      return row.id;
    });
    const [row] = await uploadsQuery(db).where(eq(assetUploads.id, id));
    return (await presentUploads(db, [withUploader(row)]))[0];
  } catch (err) {
    await removeFolder(deps, folder);
    throw err;
  }
}

async function removeFolder({ storage, log }: AssetDeps, folder: string): Promise<void> {
  try {
    await storage.deletePrefix(folder);
  } catch (err) {
    log.warn({ err, folder }, 'could not delete staged asset files');
  }
}

/** DELETE assets/uploads/{id}: the upload and its staged files. */
export async function discardUpload(deps: AssetDeps, id: number): Promise<void> {
  const [row] = await deps.db.delete(assetUploads).where(eq(assetUploads.id, id)).returning({ stagedDir: assetUploads.stagedDir });
  if (!row) throw notFound('assets.uploadNotFound');
  await removeFolder(deps, row.stagedDir);
}

/**
 * POST assets/uploads/{id}/publish: in one transaction the upload's files become the bundle of its
 * name (made when there is none), the old bundle's rows go and the upload is removed; then the
 * old bundle's files are deleted. The staged files stay where they are: they are the bundle's now.
 */
export async function publishUpload(deps: AssetDeps, id: number, userId: number): Promise<AssetBundle> {
  const { bundleId, oldKeys } = await deps.db.transaction(async (tx) => {
    const [upload] = await tx.select().from(assetUploads).where(eq(assetUploads.id, id)).for('update');
    if (!upload) throw notFound('assets.uploadNotFound');
    const manifest = Manifest.parse(upload.manifest);
    await tx.insert(assetBundles).values({ name: upload.bundleName, publishedBy: userId }).onConflictDoNothing({ target: assetBundles.name });
    const [bundle] = await tx.select({ id: assetBundles.id }).from(assetBundles).where(eq(assetBundles.name, upload.bundleName)).for('update');
    const removed = await tx.delete(assets).where(eq(assets.bundleId, bundle.id)).returning({ key: assets.storedName });
    for (let at = 0; at < manifest.files.length; at += 500) {
      await tx.insert(assets).values(
        manifest.files.slice(at, at + 500).map((f) => ({
          bundleId: bundle.id,
          path: f.path,
          category: f.category,
          clubId: f.club_id,
          elementName: f.element_name,
          mediaType: f.media_type,
          bytes: f.bytes,
          sha256: f.sha256,
          storedName: f.key,
        })),
      );
    }
    await tx
      .update(assetBundles)
      .set({ publishedBy: userId, publishedAt: sql`now()` as unknown as Date })
      .where(eq(assetBundles.id, bundle.id));
    await tx.delete(assetUploads).where(eq(assetUploads.id, id));
    return { bundleId: bundle.id, oldKeys: removed.map((r) => r.key) };
  });
  await deleteStoredFiles(deps, oldKeys);
  const [bundle] = await presentBundle(deps.db, eq(assetBundles.id, bundleId));
  return bundle;
}

/** DELETE assets/upload/{name}: the published bundle of that name, its rows (cascade) and then its files. */
export async function deleteBundle(deps: AssetDeps, name: string): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    const [bundle] = await tx.select({ id: assetBundles.id }).from(assetBundles).where(eq(assetBundles.name, name)).for('update');
    if (!bundle) throw notFound('assets.bundleNotFound', { name });
    const rows = await tx.select({ key: assets.storedName }).from(assets).where(eq(assets.bundleId, bundle.id)).orderBy(asc(assets.id));
    await tx.delete(assetBundles).where(eq(assetBundles.id, bundle.id));
    return rows.map((r) => r.key);
  });
  await deleteStoredFiles(deps, keys);
}

import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * One interface for uploaded files. Keys are relative paths such as
 * `clubs/12/gallery/<uuid>.webp`; only keys this module accepts can reach the disk.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when it does not exist. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** The keys of every file under a folder (`prefix` ends with '/'), in no particular order. */
  list(prefix: string): Promise<string[]>;
  /** Deletes every file under a folder (`prefix` ends with '/'); answers how many were there. */
  deletePrefix(prefix: string): Promise<number>;
}

const KEY = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,5}$/;
/** A folder: one or more path segments of the keys' alphabet, ending with '/'. */
const FOLDER = /^(?:[a-z0-9][a-z0-9_-]*\/)+$/;

export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.length > 300) throw new Error(`Invalid storage key: ${key}`);
}

/** A prefix for list and deletePrefix must be a whole folder, so `clubs/1/` never matches `clubs/12/…`. */
export function assertValidFolder(prefix: string): void {
  if (!FOLDER.test(prefix) || prefix.length > 300) throw new Error(`Invalid storage folder: ${prefix}`);
}

/** Runs `task` on every item, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]);
  });
  await Promise.all(runners);
}

export function newFileName(ext: string): string {
  return `${randomUUID()}.${ext}`;
}

/** Files in a folder under DATA_DIR; writes go through a temporary file and a rename. */
export function localStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    assertValidKey(key);
    const p = resolve(root, key);
    if (!p.startsWith(root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return p;
  };
  const folderOf = (prefix: string) => {
    assertValidFolder(prefix);
    const p = resolve(root, prefix);
    if (!p.startsWith(root + sep)) throw new Error(`Invalid storage folder: ${prefix}`);
    return p;
  };
  const storage: FileStorage = {
    async put(key, data) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      const tmp = join(dirname(p), `.${randomUUID()}.tmp`);
      await writeFile(tmp, data);
      await rename(tmp, p);
    },
    async open(key) {
      const p = pathOf(key);
      try {
        const s = await stat(p);
        if (!s.isFile()) return null;
        return { stream: createReadStream(p), size: s.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      const dir = folderOf(prefix);
      let names: string[];
      try {
        names = await readdir(dir, { recursive: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
        throw err;
      }
      // Only names that are keys: a write in progress (`.<uuid>.tmp`) and the folders are not files of the storage.
      const keys = names.map((name) => relative(root, join(dir, name)).split(sep).join('/')).filter((key) => KEY.test(key));
      const files = await Promise.all(keys.map(async (key) => ((await stat(join(root, key)).catch(() => null))?.isFile() ? key : null)));
      return files.filter((key): key is string => key !== null);
    },
    async deletePrefix(prefix) {
      const count = (await storage.list(prefix)).length;
      // The whole folder, also a file written into it while it is removed (rm retries a folder that is not yet empty).
      await rm(folderOf(prefix), { recursive: true, force: true, maxRetries: 5 });
      return count;
    },
  };
  return storage;
}

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (`endpoint/bucket/key`), as most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Optional prefix of every key inside the bucket. */
  prefix: string;
  /** Keys per listing request (default 1000, the most S3 gives). */
  listPageSize?: number;
}

/** Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), under the same keys. */
export async function s3Storage(opts: S3Options): Promise<FileStorage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, ListObjectsCommand, NoSuchKey } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.accessKeyId && opts.secretAccessKey ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: S3-compatible servers do not all know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => {
    assertValidKey(key);
    return `${opts.prefix}${key}`;
  };
  const storage: FileStorage = {
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket: opts.bucket, Key: objectKey(key), Body: data, ContentType: contentType }));
    },
    async open(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: objectKey(key) }));
        if (!res.Body) return null;
        return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (err instanceof NoSuchKey || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: objectKey(key) }));
    },
    async list(prefix) {
      assertValidFolder(prefix);
      const keys: string[] = [];
      // ListObjects (version 1) pages by the last key seen: every S3-compatible server has it,
      // while version 2's continuation tokens are not made by all of them (s3rver fails on Node 17+).
      let marker: string | undefined;
      do {
        const page = await client.send(new ListObjectsCommand({ Bucket: opts.bucket, Prefix: `${opts.prefix}${prefix}`, Marker: marker, MaxKeys: opts.listPageSize }));
        const contents = page.Contents ?? [];
        for (const object of contents) {
          const key = object.Key?.slice(opts.prefix.length);
          if (key && KEY.test(key)) keys.push(key);
        }
        marker = page.IsTruncated ? (page.NextMarker ?? contents.at(-1)?.Key) : undefined;
      } while (marker);
      return keys;
    },
    async deletePrefix(prefix) {
      const keys = await storage.list(prefix);
      // One DeleteObject per file, a few at a time: the batch DeleteObjects needs a Content-MD5 or
      // newer checksum that not every S3-compatible server accepts.
      await eachLimited(keys, 8, (key) => storage.delete(key));
      return keys.length;
    },
  };
  return storage;
}

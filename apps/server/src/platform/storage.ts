import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
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
}

const KEY = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,5}$/;

export function assertValidKey(key: string): void {
  if (!KEY.test(key) || key.length > 300) throw new Error(`Invalid storage key: ${key}`);
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
  return {
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
  };
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
}

/** Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), under the same keys. */
export async function s3Storage(opts: S3Options): Promise<FileStorage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, NoSuchKey } = await import('@aws-sdk/client-s3');
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
  return {
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
  };
}

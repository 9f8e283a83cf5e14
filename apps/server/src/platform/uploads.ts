import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { IMAGE_UPLOAD } from '@golf/contract/api/images';
import { HttpError } from './errors';
import { imageUploads, tooLarge as imageTooLarge, type UploadedFile } from './images';

/**
 * Multipart parsing for the upload routes of one plugin scope: one file of at most `maxBytes`
 * and a few small fields. Registered per scope so each area sets its own limit.
 */
export async function registerUploads(scope: FastifyInstance, opts: { maxBytes: number }): Promise<void> {
  await scope.register(fastifyMultipart, {
    limits: { fileSize: opts.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 200 },
    throwFileSizeLimit: true,
  });
}

/** The place in `imageUploads` a request holds while its image is read and processed. */
const heldPlaces = new WeakMap<FastifyRequest, () => void>();

function givePlaceBack(request: FastifyRequest): void {
  heldPlaces.get(request)?.();
  heldPlaces.delete(request);
}

/**
 * Multipart parsing for the image upload routes (club logo, gallery, sponsors, guide images): one
 * image of at most 20 MB. A request that read its image (readUploadedFile) gives its place back
 * once it is answered, or when its client goes away.
 */
export async function registerImageUploads(scope: FastifyInstance): Promise<void> {
  await registerUploads(scope, { maxBytes: IMAGE_UPLOAD.maxBytes });
  scope.addHook('onResponse', async (request) => givePlaceBack(request));
  scope.addHook('onRequestAbort', async (request) => givePlaceBack(request));
}

/** "The file is larger than 20 MB": the limit in words. */
export function fileTooLarge(maxBytes: number): HttpError {
  const MB = 1024 * 1024;
  const limit = maxBytes >= MB ? `${Math.round(maxBytes / MB)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new HttpError(413, 'uploads.tooLarge', { limit });
}

function fieldList(fields: readonly string[]): string {
  return fields.map((f) => `"${f}"`).join(' or ');
}

export interface ReadFileOptions {
  /** The multipart fields the file may come in. */
  fields: readonly string[];
  /** What the messages call the file: 'file' or 'image'. */
  noun: 'file' | 'image';
  /** The answer to a file over the scope's size limit (413, the limit in words). */
  tooLarge: () => HttpError;
}

/**
 * The one way an upload route reads its file: the one file of a multipart request, which must
 * come in one of `fields`. A file cut at the size limit is refused with 413 whether or not the
 * multipart parser raised its error (it does not always: the part comes back marked `truncated`,
 * fastify-multipart issues 428 and 542), so no route ever works on the first 20 MB of a larger
 * file. Answers 415 for a request that is not multipart, 400 without a file or with another field
 * name, 413 for more than one file.
 */
export async function readMultipartFile(request: FastifyRequest, opts: ReadFileOptions): Promise<UploadedFile & { field: string }> {
  const { fields, noun } = opts;
  const fail = (err: unknown) => uploadError(err, opts);
  let part;
  try {
    part = await request.file();
  } catch (err) {
    throw fail(err);
  }
  if (!part) throw new HttpError(400, noun === 'image' ? 'uploads.noImage' : 'uploads.noFile', { fields: fieldList(fields) });
  if (!fields.includes(part.fieldname)) {
    part.file.resume();
    throw new HttpError(400, noun === 'image' ? 'uploads.wrongFieldImage' : 'uploads.wrongFieldFile', { fields: fieldList(fields) });
  }
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    throw fail(err);
  }
  if (part.file.truncated) throw opts.tooLarge();
  return { buffer, filename: part.filename ?? '', mimetype: part.mimetype ?? '', field: part.fieldname };
}

/**
 * Reads the one image of a multipart request (club logo, gallery, sponsors, guide images), in
 * one of the IMAGE_DECODES places of `imageUploads`: it waits for a place before the body is
 * read and holds it until the request is answered (registerImageUploads), so at most that many
 * image bodies and decodes are in memory at once.
 */
export async function readUploadedFile(request: FastifyRequest, fields: readonly string[]): Promise<UploadedFile & { field: string }> {
  if (!heldPlaces.has(request)) {
    const release = await imageUploads.acquire();
    // The client may have gone while this request waited: then no answer (and no hook) follows.
    if (request.raw.destroyed || request.raw.socket?.destroyed) {
      release();
      throw new HttpError(400, 'uploads.cancelled');
    }
    heldPlaces.set(request, release);
  }
  return readMultipartFile(request, { fields, noun: 'image', tooLarge: imageTooLarge });
}

function uploadError(err: unknown, opts: ReadFileOptions): Error {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return opts.tooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new HttpError(415, opts.noun === 'image' ? 'uploads.notMultipartImage' : 'uploads.notMultipartFile', { fields: fieldList(opts.fields) });
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, opts.noun === 'image' ? 'uploads.oneImage' : 'uploads.oneFile');
  }
  if (err instanceof HttpError) return err;
  return new HttpError(400, 'uploads.unreadable');
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { IMAGE_UPLOAD } from '@golf/contract/api/images';
import { HttpError } from './errors';
import { tooLarge, type UploadedFile } from './images';

/**
 * Multipart parsing for the image upload routes of one plugin scope: one file of at most
 * 20 MB and a few small fields. Registered per scope so each area sets its own limits.
 */
export async function registerImageUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_UPLOAD.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
}

function fieldList(fields: readonly string[]): string {
  return fields.map((f) => `"${f}"`).join(' or ');
}

/**
 * Reads the one file of a multipart request, which must come in one of `fields`. Answers 415
 * for a request that is not multipart, 400 without a file or with another field name, and 413
 * when the file exceeds the size limit.
 */
export async function readUploadedFile(request: FastifyRequest, fields: readonly string[]): Promise<UploadedFile & { field: string }> {
  let part;
  try {
    part = await request.file();
  } catch (err) {
    throw uploadError(err, fields);
  }
  if (!part) throw new HttpError(400, `No file was sent. Send the image in the field ${fieldList(fields)}.`);
  if (!fields.includes(part.fieldname)) {
    part.file.resume();
    throw new HttpError(400, `Send the image in the field ${fieldList(fields)}.`);
  }
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    throw uploadError(err, fields);
  }
  return { buffer, filename: part.filename ?? '', mimetype: part.mimetype ?? '', field: part.fieldname };
}

function uploadError(err: unknown, fields: readonly string[]): Error {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new HttpError(415, `Send the image as multipart/form-data in the field ${fieldList(fields)}.`);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'Send one image at a time.');
  }
  if (err instanceof HttpError) return err;
  return new HttpError(400, 'The upload could not be read. Please try again.');
}

import sharp, { type Metadata, type ResizeOptions, type Sharp } from 'sharp';
import { IMAGE_SIZES, IMAGE_UPLOAD } from '@golf/contract/api/images';
import { HttpError } from './errors';
import { Semaphore } from './semaphore';

export type ImageFormat = (typeof IMAGE_UPLOAD.formats)[number];

/** An uploaded file as the multipart parser hands it over. */
export interface UploadedFile {
  buffer: Buffer;
  filename: string;
  mimetype: string;
}

export interface EncodedImage {
  data: Buffer;
  ext: 'jpg' | 'png' | 'webp';
  contentType: string;
  width: number;
  height: number;
}

const MB = 1024 * 1024;

/**
 * Uploaded images handled at once in one process, from reading the request's body to the answer
 * (`imageUploads`, held by readUploadedFile in uploads.ts), and decoded at once (`imageDecodes`,
 * whoever calls). A 40-megapixel PNG holds its body (up to 20 MB, twice while it is gathered)
 * and 50–100 MB of pixels while it is decoded and scaled: 16 such uploads at once grew the server
 * by 450 MB, which it kept. The others wait their turn; a waiting upload's body is not read yet.
 */
export const IMAGE_DECODES = 2;
export const imageUploads = new Semaphore(IMAGE_DECODES);
export const imageDecodes = new Semaphore(IMAGE_DECODES);

// libvips keeps recent operations and their pixels in a cache of its own (50 MB by default);
// uploads never repeat an operation, so nothing is kept once an image is done.
sharp.cache(false);

export const tooLarge = () =>
  new HttpError(413, 'images.tooLarge', { mb: IMAGE_UPLOAD.maxBytes / MB });
const notAnImage = (name: string) => {
  const shown = displayName(name);
  return shown ? new HttpError(415, 'images.notAnImageNamed', { name: shown }) : new HttpError(415, 'images.notAnImage');
};
const damaged = (name: string) => {
  const shown = displayName(name);
  return shown ? new HttpError(422, 'images.damagedNamed', { name: shown }) : new HttpError(422, 'images.damaged');
};

/** The file's name as a message may show it (letters, digits and a few marks, at most 80); '' when nothing is left. */
function displayName(name: string): string {
  return name.replace(/[^\p{L}\p{N} ._()-]/gu, '').slice(0, 80);
}

/** The format the first bytes announce; null for anything else (SVG, HTML, PDF, spreadsheets...). */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return null;
}

export interface ImageInfo {
  format: ImageFormat;
  /** Size as shown, after turning by the EXIF orientation. */
  width: number;
  height: number;
  hasAlpha: boolean;
}

/**
 * Checks an upload before anything decodes it: the declared name and type must be an image's,
 * the bytes must start like a JPEG, PNG, WebP or GIF (so SVG, HTML and the like never reach the
 * image library), the header must agree, and the image must stay within the pixel limit.
 */
export async function inspectImage(file: UploadedFile): Promise<ImageInfo> {
  if (file.buffer.length === 0) throw new HttpError(400, 'images.empty');
  if (file.buffer.length > IMAGE_UPLOAD.maxBytes) throw tooLarge();
  const ext = /\.([a-z0-9]{1,10})$/i.exec(file.filename)?.[1]?.toLowerCase();
  if (ext !== undefined && !(IMAGE_UPLOAD.extensions as readonly string[]).includes(ext)) throw notAnImage(file.filename);
  const type = file.mimetype.split(';')[0].trim().toLowerCase();
  if (type && type !== 'application/octet-stream' && !(IMAGE_UPLOAD.mimeTypes as readonly string[]).includes(type)) {
    throw notAnImage(file.filename);
  }
  const sniffed = sniffImageFormat(file.buffer);
  if (!sniffed) throw notAnImage(file.filename);
  let meta: Metadata;
  try {
    meta = await sharp(file.buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw damaged(file.filename);
  }
  if (meta.format !== sniffed || !meta.width || !meta.height) {
    throw damaged(file.filename);
  }
  const pixels = meta.width * meta.height;
  if (pixels > IMAGE_UPLOAD.maxPixels) {
    throw new HttpError(422, 'images.tooManyPixels', { width: meta.width, height: meta.height, megapixels: IMAGE_UPLOAD.maxPixels / 1_000_000 });
  }
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    format: sniffed,
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
    hasAlpha: meta.hasAlpha === true,
  };
}

/** A sharp pipeline on checked input: pixel limit enforced, first frame only, turned upright. */
function decode(buffer: Buffer) {
  return sharp(buffer, { limitInputPixels: IMAGE_UPLOAD.maxPixels, failOn: 'error', pages: 1 }).rotate();
}

/** Decodes in one of the IMAGE_DECODES places; a failure of the image library answers 422. */
async function decodeFailed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await imageDecodes.run(work);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(422, 'images.unreadable');
  }
}

/**
 * A gallery photo: turned by its EXIF orientation, at most 2560 px on the longest side, stored
 * without metadata as JPEG (WebP when it has transparency), plus a 400 px thumbnail. The file is
 * decoded once; the thumbnail is made from the stored image.
 */
export async function encodeGalleryImage(file: UploadedFile): Promise<{ image: EncodedImage; thumbnail: EncodedImage }> {
  const info = await inspectImage(file);
  return decodeFailed(async () => {
    const encode = (pipeline: Sharp) =>
      info.hasAlpha ? pipeline.webp({ quality: 82, effort: 2 }) : pipeline.jpeg({ quality: 82, optimiseCoding: false });
    const image = await encode(
      decode(file.buffer).resize({ width: IMAGE_SIZES.gallery, height: IMAGE_SIZES.gallery, fit: 'inside', withoutEnlargement: true }),
    ).toBuffer({ resolveWithObject: true });
    // The thumbnail is made from the stored image (at most 2560 px, decoded in a few milliseconds),
    // not from the upload again; no copy of the pixels is kept in between.
    const thumbnail = await encode(
      sharp(image.data).resize({ width: IMAGE_SIZES.thumbnail, height: IMAGE_SIZES.thumbnail, fit: 'inside', withoutEnlargement: true }),
    ).toBuffer({ resolveWithObject: true });
    const ext = info.hasAlpha ? 'webp' : 'jpg';
    const contentType = info.hasAlpha ? 'image/webp' : 'image/jpeg';
    return {
      image: { data: image.data, ext, contentType, width: image.info.width, height: image.info.height },
      thumbnail: { data: thumbnail.data, ext, contentType, width: thumbnail.info.width, height: thumbnail.info.height },
    };
  });
}

/**
 * A club logo as PNG, keeping transparency: round logos are cut to a centred square (the app
 * shows them in a circle), rectangular ones keep their proportions; at most 1024 px.
 */
export async function encodeLogo(file: UploadedFile, shape: 'round' | 'rectangular'): Promise<EncodedImage> {
  const info = await inspectImage(file);
  return decodeFailed(async () => {
    const size = IMAGE_SIZES.logo;
    // Round: a square as large as the shorter side of the upright image allows, capped.
    const side = Math.min(info.width, info.height, size);
    const resize: ResizeOptions =
      shape === 'round'
        ? { width: side, height: side, fit: 'cover', position: 'centre' }
        : { width: size, height: size, fit: 'inside', withoutEnlargement: true };
    const out = await decode(file.buffer).resize(resize).png({ compressionLevel: 8 }).toBuffer({ resolveWithObject: true });
    return { data: out.data, ext: 'png' as const, contentType: 'image/png', width: out.info.width, height: out.info.height };
  });
}

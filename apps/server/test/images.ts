import { constants as zlibConstants, crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { bearer } from './test-app';

/** A multipart body with one file, as a browser's FormData would send it. */
export function fileForm(field: string, data: Buffer, filename: string, type: string): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  return form;
}

/** POSTs a FormData body (light-my-request streams it with its boundary). */
export function postForm(app: FastifyInstance, url: string, token: string | null, form: FormData) {
  return app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: form });
}

/** A photo-like JPEG: a gradient with some noise, optionally with an EXIF orientation. */
export async function jpeg(width: number, height: number, opts: { orientation?: number; quality?: number } = {}): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 70 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  }).jpeg({ quality: opts.quality ?? 80 });
  const withExif = opts.orientation
    ? image.withMetadata({ orientation: opts.orientation, exif: { IFD0: { Copyright: 'Test Camera', Artist: 'Secret Photographer' } } })
    : image;
  return withExif.toBuffer();
}

/** A PNG, with a transparent half when `alpha` is set. */
export async function png(width: number, height: number, alpha = false): Promise<Buffer> {
  if (!alpha) return sharp({ create: { width, height, channels: 3, background: '#1f6f43' } }).png().toBuffer();
  const half = await sharp({ create: { width: Math.ceil(width / 2), height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: half, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><circle cx="50" cy="50" r="40"/></svg>',
);
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** A file of `bytes` bytes that starts like a JPEG (only its size matters). */
export function bigFile(bytes: number): Buffer {
  const data = Buffer.alloc(bytes, 0x41);
  data.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return data;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid black-and-white PNG of width × height pixels (1 bit per pixel). Its rows of zeros
 * compress about a thousandfold, so 30,000 × 30,000 pixels make a file of about 110 KB.
 */
export function hugePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rowBytes = 1 + Math.ceil(width / 8);
  const pixels = deflateSync(Buffer.alloc(rowBytes * height), { level: 9, strategy: zlibConstants.Z_RLE });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface BadUpload {
  name: string;
  filename: string;
  type: string;
  status: number;
  message: RegExp;
  data: () => Promise<Buffer>;
}

function once(make: () => Buffer | Promise<Buffer>): () => Promise<Buffer> {
  let made: Promise<Buffer> | null = null;
  return () => (made ??= Promise.resolve(make()));
}

const smallPng = once(() => png(64, 64));
const fortyMegabytes = once(() => bigFile(40 * 1024 * 1024));
const thirtyThousandSquare = once(() => hugePng(30_000, 30_000));

/** The bad uploads every image call must refuse, with the status and a part of the message. */
export const BAD_UPLOADS: BadUpload[] = [
  {
    name: 'a PNG renamed .xlsx',
    data: smallPng,
    filename: 'members.xlsx',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    status: 415,
    message: /"members\.xlsx" is not an image/,
  },
  { name: 'a PNG renamed .xlsx sent as image/png', data: smallPng, filename: 'members.xlsx', type: 'image/png', status: 415, message: /is not an image/ },
  {
    name: 'an SVG',
    data: async () => SVG,
    filename: 'logo.svg',
    type: 'image/svg+xml',
    status: 415,
    message: /"logo\.svg" is not an image\. Upload a JPEG, PNG, WebP or GIF file/,
  },
  { name: 'an SVG posing as a PNG', data: async () => SVG, filename: 'logo.png', type: 'image/png', status: 415, message: /is not an image/ },
  { name: 'an HTML file named .jpg', data: async () => HTML, filename: 'photo.jpg', type: 'image/jpeg', status: 415, message: /"photo\.jpg" is not an image/ },
  { name: 'a 40 MB file', data: fortyMegabytes, filename: 'huge.jpg', type: 'image/jpeg', status: 413, message: /too large\. Images may be at most 20 MB/ },
  {
    name: 'a 30,000 × 30,000 pixel PNG',
    data: thirtyThousandSquare,
    filename: 'poster.png',
    type: 'image/png',
    status: 422,
    message: /30000 × 30000 pixels\. Images may have at most 40 megapixels/,
  },
  { name: 'a damaged JPEG', data: async () => bigFile(5000), filename: 'broken.jpg', type: 'image/jpeg', status: 422, message: /could not be read as an image/ },
  { name: 'an empty file', data: async () => Buffer.alloc(0), filename: 'empty.png', type: 'image/png', status: 400, message: /empty/ },
];

/**
 * The check of an uploaded asset bundle (a zip; the layout is in the contract, api/assets.ts). It
 * runs in a worker thread (bundle-worker.ts) and stores nothing: it answers the checked files with
 * their bytes, or throws an HttpError whose code names the entry and the reason.
 *
 * In order, each step before the next unpacks anything more:
 * 1. the central directory (GuardedZip): not a zip, or more than ASSET_BUNDLE.maxEntries records;
 * 2. every record's path and declared sizes, without unpacking: a path that leaves the bundle
 *    (`..`, `/…`, `C:…`, a backslash, control characters), one outside the layout, an unknown
 *    category, an extension that is an archive or not an accepted type, a name given twice, a
 *    declared size over the entry cap or a declared ratio over ASSET_BUNDLE.maxRatio;
 * 3. every file unpacked as a stream that stops at the smaller of the entry cap and its packed
 *    size times the ratio (declared sizes are never trusted), within the bundle's total cap;
 * 4. its bytes: an archive inside the zip, the type the extension names (a `.png` that is HTML is
 *    refused), and an SVG's content (scripts, on… handlers, javascript: addresses, foreignObject,
 *    external references, DOCTYPE).
 */
import { createHash } from 'node:crypto';
import { DOMParser, onErrorStopParsing, type Element as XmlElement, type Node as XmlNode } from '@xmldom/xmldom';
import { ASSET_BUNDLE, ASSET_CATEGORIES, ASSET_FILE_TYPES, type AssetCategory, type AssetMediaType } from '@golf/contract/api/assets';
import { INT32_MAX } from '@golf/contract/api/common';
import type { ServerErrorArgs, ServerErrorCode } from '@golf/contract/api/errors';
import { HttpError } from '../../platform/errors';
import { GuardedZip, ZipFormatError, ZipLimitError } from '../../platform/zip-guard';

export interface CheckedFile {
  path: string;
  category: AssetCategory;
  clubId: number | null;
  elementName: string | null;
  mediaType: AssetMediaType;
  /** The stored file's extension (from the media type). */
  extension: 'png' | 'jpg' | 'webp' | 'svg';
  bytes: number;
  sha256: string;
  data: Buffer;
}

export interface CheckedBundle {
  files: CheckedFile[];
  /** Entries skipped by rule (`__MACOSX/…`, `.DS_Store`, `Thumbs.db`). */
  ignored: string[];
}

export interface BundleLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  maxRatio: number;
  maxPathLength: number;
}

export const BUNDLE_LIMITS: BundleLimits = ASSET_BUNDLE;

/** Below this unpacked size the ratio is not checked: a small file packs as it may. */
const RATIO_FLOOR_BYTES = 64 * 1024;

const MB = 1024 * 1024;
const words = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`);

/** Whether the character is a control character (C0 or DEL). */
const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;

/** An entry's path as shown in a refusal: printable, at most 120 characters. */
export function shownPath(name: string): string {
  const printable = [...name].map((char) => (isControl(char) ? '?' : char)).join('');
  return printable.length > 120 ? `${printable.slice(0, 117)}...` : printable;
}

/** A refusal of the bundle: 422 for what it holds, 413 for what is too large (the code's text names the entry). */
const refuse = <C extends ServerErrorCode>(status: 413 | 422, code: C, ...args: ServerErrorArgs<C>) => new HttpError<C>(status, code, ...args);

const ARCHIVE_EXTENSIONS = new Set(['zip', 'gz', 'tgz', 'tar', '7z', 'rar', 'jar', 'bz2', 'xz', 'zst', 'cab', 'apk', 'docx', 'xlsx', 'odt']);
const IGNORED_NAMES = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);
const EXPECTED: Record<CheckedFile['extension'], string> = { png: 'PNG', jpg: 'JPEG', webp: 'WebP', svg: 'SVG' };

interface Placed {
  path: string;
  category: AssetCategory;
  clubId: number | null;
  elementName: string | null;
  extension: CheckedFile['extension'];
  mediaType: AssetMediaType;
}

/**
 * Where a path lies in the layout (null: a folder or an ignored entry, listed in `ignored`).
 * Throws for a path that leaves the bundle or breaks the layout.
 */
export function placeEntry(rawName: string, limits: Pick<BundleLimits, 'maxPathLength'> = BUNDLE_LIMITS): Placed | 'folder' | 'ignored' {
  const entry = shownPath(rawName);
  if (rawName.includes('\\') || rawName.startsWith('/') || /^[A-Za-z]:/.test(rawName) || [...rawName].some(isControl)) {
    throw refuse(422, 'assets.unsafePath', { entry });
  }
  const isFolder = rawName.endsWith('/');
  const segments = (isFolder ? rawName.slice(0, -1) : rawName).split('/');
  if (segments.some((s) => s === '..' || s === '.')) throw refuse(422, 'assets.unsafePath', { entry });
  if (segments.some((s) => s === '' || s.trim() !== s)) throw refuse(422, 'assets.badLayout', { entry });
  if (rawName.length > limits.maxPathLength) throw refuse(422, 'assets.pathTooLong', { entry, max: limits.maxPathLength });
  if (segments[0] === '__MACOSX' || IGNORED_NAMES.has(segments[segments.length - 1].toLowerCase())) return 'ignored';
  if (isFolder) return 'folder';
  const file = segments[segments.length - 1];
  const dot = file.lastIndexOf('.');
  const ext = dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
  if (ARCHIVE_EXTENSIONS.has(ext)) throw refuse(422, 'assets.nestedArchive', { entry });
  let category: string;
  let clubId: number | null = null;
  let elementName: string | null = null;
  if (segments.length === 2) {
    category = segments[0];
  } else if (segments.length === 5 && segments[0] === 'clubs') {
    if (!/^[1-9]\d{0,9}$/.test(segments[1]) || Number(segments[1]) > INT32_MAX) throw refuse(422, 'assets.badLayout', { entry });
    clubId = Number(segments[1]);
    category = segments[2];
    elementName = segments[3];
  } else {
    throw refuse(422, 'assets.badLayout', { entry });
  }
  if (!(ASSET_CATEGORIES as readonly string[]).includes(category)) {
    throw refuse(422, 'assets.unknownCategory', { entry, category: shownPath(category), categories: ASSET_CATEGORIES.join(', ') });
  }
  if (!(ext in ASSET_FILE_TYPES)) throw refuse(422, 'assets.unsupportedType', { entry });
  const mediaType = ASSET_FILE_TYPES[ext as keyof typeof ASSET_FILE_TYPES];
  const extension = ext === 'jpeg' ? 'jpg' : (ext as CheckedFile['extension']);
  return { path: rawName, category: category as AssetCategory, clubId, elementName, extension, mediaType };
}

/** Whether the bytes begin like an archive (zip, gzip, 7z, rar, bzip2, xz, zstd, tar, cab). */
export function looksLikeArchive(data: Buffer): boolean {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0x50, 0x4b) && [0x03, 0x05, 0x07].includes(data[2]) && [0x04, 0x06, 0x08].includes(data[3])) return true;
  if (starts(0x1f, 0x8b) || starts(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c) || starts(0x52, 0x61, 0x72, 0x21)) return true;
  if (starts(0x42, 0x5a, 0x68) || starts(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00) || starts(0x28, 0xb5, 0x2f, 0xfd) || starts(0x4d, 0x53, 0x43, 0x46)) return true;
  return data.length > 262 && data.toString('latin1', 257, 262) === 'ustar';
}

/** Whether the bytes are of the type the extension names. */
export function bytesMatch(extension: CheckedFile['extension'], data: Buffer): boolean {
  const starts = (...bytes: number[]) => data.length >= bytes.length && bytes.every((b, i) => data[i] === b);
  switch (extension) {
    case 'png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'jpg':
      return starts(0xff, 0xd8, 0xff);
    case 'webp':
      return data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP';
    case 'svg':
      return svgText(data) !== null;
  }
}

/** An SVG's text: valid UTF-8 whose first element (after an XML declaration, comments and space) is `<svg`; else null. */
function svgText(data: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .replace(/^\s*<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
    .trimStart();
  return /^<svg[\s>/]/.test(head) || /^<[A-Za-z_][\w.-]*:svg[\s>/]/.test(head) ? text : null;
}

const REFERENCE_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'data']);
const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'audio', 'video', 'handler', 'listener']);
const INLINE_IMAGE = /^data:image\/(png|jpeg|webp|gif);base64,[a-z0-9+/=\s]*$/i;

/** `url(…)` and `@import` in a style: a reference outside the document is what is looked for. */
function unsafeStyle(style: string): string | null {
  if (/@import/i.test(style)) return '@import';
  if (/expression\s*\(/i.test(style)) return 'expression()';
  for (const match of style.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    const target = match[2].trim();
    if (!target.startsWith('#') && !INLINE_IMAGE.test(target)) return `url(${target.slice(0, 60)})`;
  }
  return null;
}

/** The first unsafe thing of an SVG document (null: none); throws 'assets.svgUnreadable' for XML that does not parse. */
export function svgProblem(text: string, entry: string): string | null {
  if (/<!DOCTYPE/i.test(text)) return '<!DOCTYPE>';
  if (/<!ENTITY/i.test(text)) return '<!ENTITY>';
  if (/<\?xml-stylesheet/i.test(text)) return '<?xml-stylesheet?>';
  let root: XmlElement | null;
  try {
    root = new DOMParser({ onError: onErrorStopParsing, locator: false }).parseFromString(text, 'image/svg+xml').documentElement;
  } catch {
    throw refuse(422, 'assets.svgUnreadable', { entry });
  }
  if (!root || root.localName !== 'svg') throw refuse(422, 'assets.svgUnreadable', { entry });
  const stack: XmlNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeType !== 1) continue;
    const element = node as XmlElement;
    const name = (element.localName ?? element.nodeName).toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(name)) return `<${element.localName ?? element.nodeName}>`;
    if (name === 'style' && element.textContent) {
      const problem = unsafeStyle(element.textContent);
      if (problem) return problem;
    }
    for (let i = 0; i < element.attributes.length; i++) {
      const attribute = element.attributes.item(i)!;
      const attrName = attribute.name.toLowerCase();
      const local = (attribute.localName ?? attribute.name).toLowerCase();
      // Browsers drop control characters and spaces inside a scheme: 'java\tscript:' is javascript:.
      const value = [...attribute.value]
        .filter((char) => char.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (local.startsWith('on')) return `${attribute.name}=`;
      if (value.includes('javascript:') || value.includes('vbscript:')) return 'javascript:';
      if (REFERENCE_ATTRIBUTES.has(attrName) || REFERENCE_ATTRIBUTES.has(local)) {
        const target = attribute.value.trim();
        if (!target.startsWith('#') && !INLINE_IMAGE.test(target)) return `${attribute.name}="${target.slice(0, 60)}"`;
      }
      if (local === 'style') {
        const problem = unsafeStyle(attribute.value);
        if (problem) return problem;
      }
      if (/url\(/i.test(attribute.value) && local !== 'style') {
        const problem = unsafeStyle(attribute.value);
        if (problem) return problem;
      }
    }
    for (let child = element.firstChild; child; child = child.nextSibling) stack.push(child);
  }
  return null;
}

/** Checks a bundle, answering its files with their bytes; refuses it with the first problem found. */
export async function checkBundle(data: Buffer, limits: BundleLimits = BUNDLE_LIMITS): Promise<CheckedBundle> {
  let zip: GuardedZip;
  try {
    zip = GuardedZip.open(data, { maxEntries: limits.maxEntries, maxEntryBytes: limits.maxEntryBytes, maxTotalBytes: limits.maxTotalBytes });
  } catch (err) {
    if (err instanceof ZipLimitError) {
      const entries = Number(err.params?.parts ?? limits.maxEntries + 1);
      throw refuse(413, 'assets.tooManyEntries', { entries, max: limits.maxEntries });
    }
    throw refuse(422, 'assets.notZip');
  }

  // 2. Paths and declared sizes, nothing unpacked yet.
  const seen = new Set<string>();
  const placed: { place: Placed; name: string; compressedSize: number; declaredSize: number }[] = [];
  const ignored: string[] = [];
  for (const record of zip.listing()) {
    const place = placeEntry(record.rawName, limits);
    const key = record.rawName.toLowerCase();
    if (seen.has(key)) throw refuse(422, 'assets.duplicateEntry', { entry: shownPath(record.rawName) });
    seen.add(key);
    if (place === 'folder') continue;
    if (place === 'ignored') {
      ignored.push(shownPath(record.rawName));
      continue;
    }
    const entry = shownPath(record.rawName);
    if (record.declaredSize > limits.maxEntryBytes) throw refuse(413, 'assets.entryTooLarge', { entry, limit: words(limits.maxEntryBytes) });
    if (record.declaredSize > RATIO_FLOOR_BYTES && record.declaredSize > Math.max(1, record.compressedSize) * limits.maxRatio) {
      throw refuse(413, 'assets.compressionRatio', { entry, max: limits.maxRatio });
    }
    placed.push({ place, name: record.name, compressedSize: record.compressedSize, declaredSize: record.declaredSize });
  }
  if (placed.length === 0) throw refuse(422, 'assets.emptyBundle');

  // 3 and 4. Unpacked within the caps, then the bytes.
  const files: CheckedFile[] = [];
  for (const { place, name, compressedSize } of placed) {
    const entry = shownPath(place.path);
    const ratioCap = Math.max(RATIO_FLOOR_BYTES, compressedSize * limits.maxRatio);
    const cap = Math.min(limits.maxEntryBytes, ratioCap);
    let bytes: Buffer | null;
    try {
      bytes = await zip.read(name, cap);
    } catch (err) {
      if (err instanceof ZipLimitError) {
        if (err.code === 'uploads.zipTooLarge') throw refuse(413, 'assets.bundleTooLarge', { limit: words(limits.maxTotalBytes) });
        if (cap < limits.maxEntryBytes) throw refuse(413, 'assets.compressionRatio', { entry, max: limits.maxRatio });
        throw refuse(413, 'assets.entryTooLarge', { entry, limit: words(limits.maxEntryBytes) });
      }
      if (err instanceof ZipFormatError) throw refuse(422, 'assets.notZip');
      throw err;
    }
    if (!bytes || bytes.length === 0) throw refuse(422, 'assets.emptyEntry', { entry });
    if (looksLikeArchive(bytes)) throw refuse(422, 'assets.nestedArchive', { entry });
    if (!bytesMatch(place.extension, bytes)) {
      const extension = place.path.slice(place.path.lastIndexOf('.') + 1);
      throw refuse(422, 'assets.wrongBytes', { entry, extension, expected: EXPECTED[place.extension] });
    }
    if (place.extension === 'svg') {
      const problem = svgProblem(bytes.toString('utf8'), entry);
      if (problem) throw refuse(422, 'assets.svgUnsafe', { entry, what: problem });
    }
    files.push({
      ...place,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      data: bytes,
    });
  }
  return { files, ignored };
}

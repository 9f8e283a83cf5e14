import { createInflateRaw } from 'node:zlib';
import type { ServerErrorMessage } from '@golf/contract/api/errors';
import { HttpError } from './errors';

/**
 * The one way the server reads a ZIP archive it was sent (XLSX uploads, and any archive read
 * later): the central directory is checked before anything is inflated (entry count, declared
 * sizes, bounds), and every entry is inflated as a stream that stops as soon as the bytes it
 * produced pass the limit of one entry or of the whole archive. Declared sizes are never trusted:
 * the inflated bytes are counted. A zip bomb therefore costs at most the limits, never its
 * inflated size, in memory or time.
 */
export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Inflated bytes of one entry. */
  maxEntryBytes: number;
  /** Inflated bytes of all entries read from one archive, together. */
  maxTotalBytes: number;
}

/** An archive over a limit: 413 with the limit in words. */
export class ZipLimitError extends HttpError {
  constructor(message: ServerErrorMessage) {
    super(413, message.code, message.params);
  }
}

/** Not a ZIP archive, or one this reader does not take (encryption, compression other than deflate). */
export class ZipFormatError extends Error {}

/** One record of the central directory as stored: its raw name (a leading slash kept), packed and declared unpacked size. */
export interface ZipListingEntry {
  rawName: string;
  name: string;
  compressedSize: number;
  declaredSize: number;
}

interface Entry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const MB = 1024 * 1024;
const words = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`);

/** Inflated chunks handed on at a time: large enough to keep the thread pool round trips few. */
const CHUNK_BYTES = 256 * 1024;
/** Compressed bytes written to the inflater at a time, so it never holds more than this of input. */
const INPUT_SLICE = 64 * 1024;

export class GuardedZip {
  private readonly entries = new Map<string, Entry>();
  private readonly records: ZipListingEntry[] = [];
  private inflated = 0;

  private constructor(
    private readonly data: Buffer,
    readonly limits: ZipLimits,
  ) {}

  /** Reads the central directory; ZipFormatError when `data` is no ZIP archive, ZipLimitError past `maxEntries`. */
  static open(data: Buffer, limits: ZipLimits): GuardedZip {
    const zip = new GuardedZip(data, limits);
    zip.readDirectory();
    return zip;
  }

  /** Entry names, as stored (a leading slash removed). */
  names(): string[] {
    return [...this.entries.keys()];
  }

  /** Every record of the central directory in order, duplicate names included (for a caller that checks names and sizes before inflating). */
  listing(): readonly ZipListingEntry[] {
    return this.records;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Inflated bytes read so far from this archive. */
  get inflatedBytes(): number {
    return this.inflated;
  }

  /**
   * The entry's bytes as they are inflated, in chunks; null when the archive has no such entry.
   * Throws ZipLimitError once the entry passes `maxBytes` (at most the entry limit) or the archive
   * its total limit, having inflated at most one chunk more than allowed.
   */
  async *stream(name: string, maxBytes = this.limits.maxEntryBytes): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) return;
    const limit = Math.min(maxBytes, this.limits.maxEntryBytes);
    const tooLarge = () => new ZipLimitError({ code: 'uploads.zipPartTooLarge', params: { name: displayName(name), limit: words(limit) } });
    if (entry.declaredSize > limit) throw tooLarge();
    const raw = this.compressedBytes(entry);
    if (entry.method === 0) {
      if (raw.length > limit) throw tooLarge();
      this.count(raw.length);
      if (raw.length > 0) yield raw;
      return;
    }
    const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
    const feed = (async () => {
      for (let at = 0; at < raw.length; at += INPUT_SLICE) {
        if (inflater.destroyed) return;
        if (!inflater.write(raw.subarray(at, at + INPUT_SLICE))) {
          await new Promise<void>((resolve) => {
            const go = () => {
              inflater.off('drain', go);
              inflater.off('close', go);
              resolve();
            };
            inflater.on('drain', go);
            inflater.on('close', go);
          });
        }
      }
      inflater.end();
    })();
    feed.catch(() => undefined);
    let produced = 0;
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        produced += chunk.length;
        if (produced > limit) throw tooLarge();
        this.count(chunk.length);
        yield chunk;
      }
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw new ZipFormatError(`${name}: ${(err as Error).message}`);
    } finally {
      inflater.destroy();
    }
  }

  /** The whole entry (for small parts), within `maxBytes`; null when there is no such entry. */
  async read(name: string, maxBytes = this.limits.maxEntryBytes): Promise<Buffer | null> {
    if (!this.entries.has(name)) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.stream(name, maxBytes)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /** Inflates every entry (keeping nothing): afterwards the whole archive is known to be within the limits. */
  async verifyAll(): Promise<void> {
    for (const name of this.entries.keys()) {
      for await (const chunk of this.stream(name)) void chunk;
    }
  }

  /**
   * The archive rebuilt from the central directory's entries only, each once, with exact sizes in
   * its local header: for a reader that walks local headers from the start (ExcelJS), which would
   * otherwise also find entries the central directory does not list. Call after `verifyAll`.
   */
  repack(): Buffer {
    const parts: Buffer[] = [];
    const central: Buffer[] = [];
    let offset = 0;
    for (const entry of this.entries.values()) {
      const name = Buffer.from(entry.name, 'utf8');
      const raw = this.compressedBytes(entry);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0800, 6); // names in UTF-8, sizes in this header
      local.writeUInt16LE(entry.method, 8);
      local.writeUInt32LE(entry.crc, 14);
      local.writeUInt32LE(raw.length, 18);
      local.writeUInt32LE(entry.declaredSize, 22);
      local.writeUInt16LE(name.length, 26);
      const dir = Buffer.alloc(46);
      dir.writeUInt32LE(0x02014b50, 0);
      dir.writeUInt16LE(20, 4);
      dir.writeUInt16LE(20, 6);
      dir.writeUInt16LE(0x0800, 8);
      dir.writeUInt16LE(entry.method, 10);
      dir.writeUInt32LE(entry.crc, 16);
      dir.writeUInt32LE(raw.length, 20);
      dir.writeUInt32LE(entry.declaredSize, 24);
      dir.writeUInt16LE(name.length, 28);
      dir.writeUInt32LE(offset, 42);
      parts.push(local, name, raw);
      central.push(dir, name);
      offset += 30 + name.length + raw.length;
    }
    if (offset > 0xffffffff) throw new ZipFormatError('archive too large to repack');
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.size, 8);
    end.writeUInt16LE(this.entries.size, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...parts, directory, end]);
  }

  private count(bytes: number): void {
    this.inflated += bytes;
    if (this.inflated > this.limits.maxTotalBytes) {
      throw new ZipLimitError({ code: 'uploads.zipTooLarge', params: { limit: words(this.limits.maxTotalBytes) } });
    }
  }

  private compressedBytes(entry: Entry): Buffer {
    const data = this.data;
    const at = entry.localOffset;
    if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw new ZipFormatError(`${entry.name}: bad local header`);
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    if (start + entry.compressedSize > data.length) throw new ZipFormatError(`${entry.name}: data beyond the end of the file`);
    return data.subarray(start, start + entry.compressedSize);
  }

  private readDirectory(): void {
    const data = this.data;
    const min = Math.max(0, data.length - 65_557);
    let eocd = -1;
    for (let i = data.length - 22; i >= min; i--) {
      if (data.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ZipFormatError('no end of central directory');
    let count = data.readUInt16LE(eocd + 10);
    let offset = data.readUInt32LE(eocd + 16);
    if (count === 0xffff || offset === 0xffffffff) {
      // ZIP64: the locator just before the end record points to the ZIP64 end record.
      const locator = eocd - 20;
      if (locator < 0 || data.readUInt32LE(locator) !== 0x07064b50) throw new ZipFormatError('zip64 locator missing');
      const record = safeNumber(data.readBigUInt64LE(locator + 8));
      if (record + 56 > data.length || data.readUInt32LE(record) !== 0x06064b50) throw new ZipFormatError('bad zip64 end record');
      count = safeNumber(data.readBigUInt64LE(record + 32));
      offset = safeNumber(data.readBigUInt64LE(record + 48));
    }
    if (count > this.limits.maxEntries) {
      throw new ZipLimitError({ code: 'uploads.zipTooManyParts', params: { parts: count, max: this.limits.maxEntries } });
    }
    for (let i = 0; i < count; i++) {
      if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) throw new ZipFormatError('bad central directory');
      const nameLength = data.readUInt16LE(offset + 28);
      const extraLength = data.readUInt16LE(offset + 30);
      const commentLength = data.readUInt16LE(offset + 32);
      const next = offset + 46 + nameLength + extraLength + commentLength;
      if (next > data.length) throw new ZipFormatError('bad central directory');
      const rawName = data.toString('utf8', offset + 46, offset + 46 + nameLength);
      const entry: Entry = {
        name: rawName.replace(/^\/+/, ''),
        flags: data.readUInt16LE(offset + 8),
        method: data.readUInt16LE(offset + 10),
        crc: data.readUInt32LE(offset + 16),
        compressedSize: data.readUInt32LE(offset + 20),
        declaredSize: data.readUInt32LE(offset + 24),
        localOffset: data.readUInt32LE(offset + 42),
      };
      readZip64Extra(data.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength), entry);
      if (entry.flags & 0x1) throw new ZipFormatError('encrypted');
      if (entry.method !== 0 && entry.method !== 8) throw new ZipFormatError(`compression ${entry.method}`);
      if (entry.compressedSize > data.length || entry.localOffset > data.length) throw new ZipFormatError(`${entry.name}: beyond the end of the file`);
      this.entries.set(entry.name, entry);
      this.records.push({ rawName, name: entry.name, compressedSize: entry.compressedSize, declaredSize: entry.declaredSize });
      offset = next;
    }
  }
}

/** ZIP64 sizes and offset: present in the extra field for each header field that holds 0xFFFFFFFF. */
function readZip64Extra(extra: Buffer, entry: Entry): void {
  const wanted = [entry.declaredSize, entry.compressedSize, entry.localOffset].some((v) => v === 0xffffffff);
  if (!wanted) return;
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + size || field + 8 > extra.length) throw new ZipFormatError('bad zip64 extra field');
        const value = safeNumber(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.declaredSize === 0xffffffff) entry.declaredSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    at += 4 + size;
  }
  throw new ZipFormatError('zip64 extra field missing');
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('zip64 value out of range');
  return Number(value);
}

function displayName(name: string): string {
  return name.replace(/[^\p{L}\p{N} ._/()-]/gu, '').slice(0, 80) || 'unnamed';
}

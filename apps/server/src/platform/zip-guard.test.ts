import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateBomb, zipArchive } from '../../test/zip';
import { GuardedZip, ZipFormatError, ZipLimitError, type ZipLimits } from './zip-guard';

const MB = 1024 * 1024;
const LIMITS: ZipLimits = { maxEntries: 10, maxEntryBytes: 4 * MB, maxTotalBytes: 6 * MB };

async function text(zip: GuardedZip, name: string): Promise<string | null> {
  return (await zip.read(name))?.toString('utf8') ?? null;
}

describe('GuardedZip', () => {
  it('reads stored and deflated entries, and answers null for a missing one', async () => {
    const zip = GuardedZip.open(
      zipArchive([
        { name: 'a.txt', data: 'stored text', store: true },
        { name: '/b.xml', data: '<b>deflated</b>'.repeat(100) },
      ]),
      LIMITS,
    );
    expect(zip.names()).toEqual(['a.txt', 'b.xml']);
    expect(await text(zip, 'a.txt')).toBe('stored text');
    expect(await text(zip, 'b.xml')).toBe('<b>deflated</b>'.repeat(100));
    expect(await zip.read('c.txt')).toBeNull();
    expect(zip.inflatedBytes).toBe(11 + 1500);
  });

  it('refuses more entries than allowed before reading any', () => {
    const entries = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.txt`, data: '' }));
    expect(() => GuardedZip.open(zipArchive(entries), LIMITS)).toThrow(ZipLimitError);
    expect(() => GuardedZip.open(zipArchive(entries), LIMITS)).toThrow('The file holds 11 parts; at most 10 can be read.');
  });

  it('refuses an entry that declares more than the limit without inflating it', async () => {
    const zip = GuardedZip.open(zipArchive([{ name: 'big.xml', data: 'x'.repeat(5 * MB) }]), LIMITS);
    await expect(zip.read('big.xml')).rejects.toThrow('A part of the file (big.xml) unpacks to more than 4 MB; at most 4 MB can be read.');
    expect(zip.inflatedBytes).toBe(0);
  });

  it('stops inflating an entry that lies about its size once it passes the limit, having unpacked at most one chunk more', async () => {
    const bomb = deflateBomb('', 'y'.repeat(MB), 1024, '');
    const zip = GuardedZip.open(zipArchive([{ name: 'bomb.xml', ...bomb }], { declaredSize: () => 100 }), LIMITS);
    const started = performance.now();
    let seen = 0;
    await expect(
      (async () => {
        for await (const chunk of zip.stream('bomb.xml')) seen += chunk.length;
      })(),
    ).rejects.toBeInstanceOf(ZipLimitError);
    expect(seen).toBeLessThanOrEqual(4 * MB);
    expect(zip.inflatedBytes).toBeLessThanOrEqual(4 * MB);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('counts every entry read against the limit of the whole archive', async () => {
    const part = 'z'.repeat(3 * MB);
    const zip = GuardedZip.open(
      zipArchive([
        { name: 'one', data: part },
        { name: 'two', data: part },
        { name: 'three', data: part },
      ]),
      LIMITS,
    );
    await zip.read('one');
    await zip.read('two');
    await expect(zip.read('three')).rejects.toThrow('The file unpacks to more than 6 MB; at most 6 MB can be read.');
    // The same entry read twice counts twice: overlapping entries cannot multiply the work.
    const again = GuardedZip.open(zipArchive([{ name: 'one', data: part }]), LIMITS);
    await again.read('one');
    await again.read('one');
    await expect(again.read('one')).rejects.toBeInstanceOf(ZipLimitError);
  });

  it('verifies the whole archive within the limits', async () => {
    const ok = GuardedZip.open(zipArchive([{ name: 'a', data: 'a'.repeat(MB) }, { name: 'b', data: 'b' }]), LIMITS);
    await ok.verifyAll();
    expect(ok.inflatedBytes).toBe(MB + 1);
    const bomb = deflateBomb('', 'q'.repeat(MB), 100, '');
    const bad = GuardedZip.open(zipArchive([{ name: 'a', data: 'a' }, { name: 'hidden-bomb', ...bomb }], { declaredSize: () => 1 }), LIMITS);
    await expect(bad.verifyAll()).rejects.toBeInstanceOf(ZipLimitError);
  });

  it('rebuilds the archive from its listed entries only', async () => {
    const file = zipArchive([{ name: 'listed.txt', data: 'listed' }], { hidden: [{ name: 'hidden.txt', data: 'hidden' }] });
    const zip = GuardedZip.open(file, LIMITS);
    expect(zip.names()).toEqual(['listed.txt']);
    await zip.verifyAll();
    const repacked = zip.repack();
    expect(repacked.includes(Buffer.from('hidden.txt'))).toBe(false);
    const again = GuardedZip.open(repacked, LIMITS);
    expect(again.names()).toEqual(['listed.txt']);
    expect(await text(again, 'listed.txt')).toBe('listed');
    // Local headers follow one another from the start, as a streaming reader walks them.
    expect(repacked.readUInt32LE(0)).toBe(0x04034b50);
    expect(repacked.readUInt32LE(30 + 'listed.txt'.length + repacked.readUInt32LE(18))).toBe(0x02014b50);
  });

  it('reads the ZIP64 form of the directory and of sizes', async () => {
    const data = Buffer.from('zip64 body');
    const deflated = deflateRawSync(data);
    const name = Buffer.from('z.txt');
    const extra = Buffer.alloc(4 + 24);
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(data.length), 4);
    extra.writeBigUInt64LE(BigInt(deflated.length), 12);
    extra.writeBigUInt64LE(0n, 20);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc32(data), 16);
    dir.writeUInt32LE(0xffffffff, 20);
    dir.writeUInt32LE(0xffffffff, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt16LE(extra.length, 30);
    dir.writeUInt32LE(0xffffffff, 42);
    const body = Buffer.concat([local, name, deflated]);
    const directory = Buffer.concat([dir, name, extra]);
    const end64 = Buffer.alloc(56);
    end64.writeUInt32LE(0x06064b50, 0);
    end64.writeBigUInt64LE(1n, 24);
    end64.writeBigUInt64LE(1n, 32);
    end64.writeBigUInt64LE(BigInt(directory.length), 40);
    end64.writeBigUInt64LE(BigInt(body.length), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(body.length + directory.length), 8);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(0xffff, 8);
    end.writeUInt16LE(0xffff, 10);
    end.writeUInt32LE(0xffffffff, 12);
    end.writeUInt32LE(0xffffffff, 16);
    const zip = GuardedZip.open(Buffer.concat([body, directory, end64, locator, end]), LIMITS);
    expect(await text(zip, 'z.txt')).toBe('zip64 body');
  });

  it('refuses what is not a readable archive with ZipFormatError', async () => {
    expect(() => GuardedZip.open(Buffer.from('PK\x03\x04 not really a zip'), LIMITS)).toThrow(ZipFormatError);
    const encrypted = zipArchive([{ name: 'secret', data: 'x' }]);
    encrypted.writeUInt16LE(0x0801, encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
    expect(() => GuardedZip.open(encrypted, LIMITS)).toThrow(ZipFormatError);
    const broken = zipArchive([{ name: 'broken', deflated: Buffer.from([0xff, 0xff, 0xff, 0xff]), size: 10, crc: 0 }]);
    await expect(GuardedZip.open(broken, LIMITS).read('broken')).rejects.toBeInstanceOf(ZipFormatError);
    const truncated = zipArchive([{ name: 'cut', data: 'text'.repeat(1000) }]);
    const header = truncated.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    truncated.writeUInt32LE(10_000_000, header + 20);
    expect(() => GuardedZip.open(truncated, LIMITS)).toThrow(ZipFormatError);
  });
});

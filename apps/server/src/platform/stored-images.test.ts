import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EncodedImage } from './images';
import { localStorage, type FileStorage } from './storage';
import { deleteStoredFiles, removeStoredImage, replaceStoredImage, storedFileKey, storedFileUrl, storeThenRecord } from './stored-images';

const FOLDER = 'public/clubs/7/logo';

const png = (text: string): EncodedImage => ({ data: Buffer.from(text), contentType: 'image/png', ext: 'png', width: 1, height: 1 });

let dir = '';
let storage: FileStorage;
let warnings: { key?: string }[];
let deps: { storage: FileStorage; log: { warn(obj: object, msg: string): void } };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'golf-stored-images-'));
  storage = localStorage(dir);
  warnings = [];
  deps = { storage, log: { warn: (obj) => warnings.push(obj as { key?: string }) } };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = async (key: string) => {
  const opened = await storage.open(key);
  return opened ? Buffer.concat(await opened.stream.toArray()).toString() : null;
};

describe('storedFileKey and storedFileUrl', () => {
  it('keys only the file names the server gives, and versions the URL by the name', () => {
    expect(storedFileKey(FOLDER, 'ab12cd34-0000.png')).toBe(`${FOLDER}/ab12cd34-0000.png`);
    for (const bad of [null, undefined, '', '../x.png', 'a/b.png', 'Logo.PNG', 'noext', 'a.toolong']) {
      expect(storedFileKey(FOLDER, bad), String(bad)).toBeNull();
    }
    expect(storedFileUrl(`${FOLDER}/ab12cd34-0000.png`)).toBe(`/files/${FOLDER}/ab12cd34-0000.png?v=ab12cd34`);
    expect(storedFileUrl(null)).toBeNull();
  });
});

describe('replaceStoredImage', () => {
  it('stores the new image under a new name, points the row at it, then deletes the old file', async () => {
    let row: string | null = null;
    const point = async (fileName: string | null) => {
      const previous = row;
      row = fileName;
      return { previous, value: fileName };
    };
    const first = await replaceStoredImage(deps, FOLDER, png('one'), point);
    expect(first).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await read(`${FOLDER}/${first}`)).toBe('one');

    const second = await replaceStoredImage(deps, FOLDER, png('two'), point);
    expect(second).not.toBe(first);
    expect(row).toBe(second);
    expect(await read(`${FOLDER}/${second}`)).toBe('two');
    expect(await read(`${FOLDER}/${first}`)).toBeNull();
    expect(await storage.list(`${FOLDER}/`)).toEqual([`${FOLDER}/${second}`]);

    await removeStoredImage(deps, FOLDER, () => point(null));
    expect(row).toBeNull();
    expect(await storage.list(`${FOLDER}/`)).toEqual([]);
  });

  it('deletes the new file and keeps the old one when the row cannot be changed', async () => {
    await storage.put(`${FOLDER}/old.png`, Buffer.from('old'), 'image/png');
    const refused = new Error('row is gone');
    await expect(
      replaceStoredImage(deps, FOLDER, png('new'), async () => {
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await storage.list(`${FOLDER}/`)).toEqual([`${FOLDER}/old.png`]);
  });

  it('never deletes outside the folder for a row holding an unexpected name', async () => {
    await storage.put('public/clubs/7/other.png', Buffer.from('keep'), 'image/png');
    await removeStoredImage(deps, FOLDER, async () => ({ previous: '../other.png', value: null }));
    expect(await read('public/clubs/7/other.png')).toBe('keep');
  });
});

describe('storeThenRecord and deleteStoredFiles', () => {
  it('removes every file it wrote when recording fails', async () => {
    const files = [
      { key: 'public/clubs/7/gallery/a.jpg', image: png('a') },
      { key: 'public/clubs/7/gallery/a-thumb.jpg', image: png('t') },
    ];
    await expect(storeThenRecord(deps, files, () => Promise.reject(new Error('full')))).rejects.toThrow('full');
    expect(await storage.list('public/clubs/7/gallery/')).toEqual([]);
    expect(await storeThenRecord(deps, files, async () => 42)).toBe(42);
    expect((await storage.list('public/clubs/7/gallery/')).sort()).toEqual(files.map((f) => f.key).sort());
  });

  it('logs a delete that fails instead of throwing, and goes on with the next file', async () => {
    await storage.put('public/a.png', Buffer.from('a'), 'image/png');
    const failing: FileStorage = { ...storage, delete: async (key) => (key === 'public/b.png' ? Promise.reject(new Error('disk')) : storage.delete(key)) };
    await deleteStoredFiles({ storage: failing, log: deps.log }, ['public/b.png', null, 'public/a.png']);
    expect(warnings.map((w) => w.key)).toEqual(['public/b.png']);
    expect(await read('public/a.png')).toBeNull();
  });
});

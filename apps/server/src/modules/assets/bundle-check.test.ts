import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/errors';
import { zipArchive } from '../../../test/zip';
import { bytesMatch, checkBundle, looksLikeArchive, placeEntry, svgProblem } from './bundle-check';

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (body: string, attributes = '') => `<svg ${SVG_NS}${attributes}>${body}</svg>`;

const refusal = (run: () => unknown): { code: string; params?: unknown } => {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return { code: (err as HttpError).code, params: (err as HttpError).params };
  }
  throw new Error('not refused');
};

describe('placeEntry: where a path lies in the bundle layout', () => {
  it('places platform and club assets, and passes folders and ignored entries', () => {
    expect(placeEntry('icons/flag.svg')).toEqual({ path: 'icons/flag.svg', category: 'icons', clubId: null, elementName: null, extension: 'svg', mediaType: 'image/svg+xml' });
    expect(placeEntry('clubs/12/textures/Bunker sand/Sand.JPEG')).toEqual({
      path: 'clubs/12/textures/Bunker sand/Sand.JPEG',
      category: 'textures',
      clubId: 12,
      elementName: 'Bunker sand',
      extension: 'jpg',
      mediaType: 'image/jpeg',
    });
    expect(placeEntry('icons/')).toBe('folder');
    expect(placeEntry('__MACOSX/icons/._flag.svg')).toBe('ignored');
    expect(placeEntry('icons/.DS_Store')).toBe('ignored');
  });

  it.each([
    ['../flag.png', 'assets.unsafePath'],
    ['icons/./flag.png', 'assets.unsafePath'],
    ['/icons/flag.png', 'assets.unsafePath'],
    ['c:/icons/flag.png', 'assets.unsafePath'],
    ['icons\\flag.png', 'assets.unsafePath'],
    ['icons/fl\u0000ag.png', 'assets.unsafePath'],
    ['icons//flag.png', 'assets.badLayout'],
    ['icons/ flag.png', 'assets.badLayout'],
    ['clubs/0/icons/Flag/flag.png', 'assets.badLayout'],
    ['clubs/99999999999/icons/Flag/flag.png', 'assets.badLayout'],
    ['clubs/1/icons/flag.png', 'assets.badLayout'],
    ['icons/set/flag.png', 'assets.badLayout'],
    ['sounds/beep.png', 'assets.unknownCategory'],
    ['icons/flag.gif', 'assets.unsupportedType'],
    ['icons/flag', 'assets.unsupportedType'],
    ['icons/more.tar.gz', 'assets.nestedArchive'],
    [`icons/${'a'.repeat(200)}.png`, 'assets.pathTooLong'],
  ])('refuses %j with %s', (path, code) => {
    expect(refusal(() => placeEntry(path)).code).toBe(code);
  });
});

describe('file types by their bytes', () => {
  it('knows PNG, JPEG, WebP and SVG signatures, and archives', () => {
    expect(bytesMatch('png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(true);
    expect(bytesMatch('png', Buffer.from('<html></html>'))).toBe(false);
    expect(bytesMatch('jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(bytesMatch('webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe(true);
    expect(bytesMatch('webp', Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBe(false);
    expect(bytesMatch('svg', Buffer.from(`\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n${svg('')}`))).toBe(true);
    expect(bytesMatch('svg', Buffer.from('<html><svg></svg></html>'))).toBe(false);
    expect(bytesMatch('svg', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe]))).toBe(false);
    expect(looksLikeArchive(gzipSync('x'))).toBe(true);
    expect(looksLikeArchive(zipArchive([{ name: 'a', data: 'b' }]))).toBe(true);
    expect(looksLikeArchive(Buffer.from('plain text'))).toBe(false);
  });
});

describe('svgProblem: what an SVG may not hold', () => {
  it('passes a drawing with internal references, inline raster images and local styles', () => {
    const safe = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><style>.a{fill:url(#g)}</style></defs>' +
        '<use href="#c"/><use xlink:href="#c"/><circle id="c" class="a" r="1" style="fill: url(#g)"/>' +
        '<image href="data:image/png;base64,iVBORw0KGgo="/>',
    );
    expect(svgProblem(safe, 'icons/ok.svg')).toBeNull();
  });

  it.each([
    [svg('<script>alert(1)</script>'), '<script>'],
    [svg('<SCRIPT>alert(1)</SCRIPT>'), '<SCRIPT>'],
    [svg('<circle r="1"/>', ' onload="alert(1)"'), 'onload='],
    [svg('<circle r="1" ONCLICK="x()"/>'), 'ONCLICK='],
    [svg('<a href=" javascript:alert(1)"><circle r="1"/></a>'), 'javascript:'],
    [svg('<animate attributeName="href" values="javascript:alert(1)"/>'), 'javascript:'],
    [svg('<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"/></foreignObject>'), '<foreignObject>'],
    [svg('<use xlink:href="https://evil.example/sprite.svg#a"/>'), 'xlink:href="https://evil.example/sprite.svg#a"'],
    [svg('<image href="//evil.example/x.png"/>'), 'href="//evil.example/x.png"'],
    [svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>'), 'href="data:image/svg+xml;base64,PHN2Zz4="'],
    [svg('<style>@import url(https://evil.example/a.css);</style>'), '@import'],
    [svg('<rect style="fill: url(https://evil.example/p.svg#p)"/>'), 'url(https://evil.example/p.svg#p)'],
    [svg('<rect fill="url(http://evil.example/p.svg#p)"/>'), 'url(http://evil.example/p.svg#p)'],
    [`<?xml-stylesheet href="https://evil.example/a.css"?>${svg('')}`, '<?xml-stylesheet?>'],
    [`<!DOCTYPE svg SYSTEM "http://evil.example/x.dtd">${svg('')}`, '<!DOCTYPE>'],
    [svg('<iframe src="https://evil.example"/>'), '<iframe>'],
  ])('refuses %j (%s)', (text, what) => {
    expect(svgProblem(text, 'icons/x.svg')).toBe(what);
  });

  it('refuses XML that does not parse', () => {
    expect(refusal(() => svgProblem('<svg><circle></svg>', 'icons/x.svg'))).toEqual({ code: 'assets.svgUnreadable', params: { entry: 'icons/x.svg' } });
  });
});

describe('checkBundle', () => {
  it('answers the files with their bytes and hashes, and the ignored entries', async () => {
    const checked = await checkBundle(zipArchive([{ name: 'icons/', data: '', store: true }, { name: 'icons/a.svg', data: svg('<circle r="1"/>') }, { name: 'Thumbs.db', data: 'x' }]));
    expect(checked.ignored).toEqual(['Thumbs.db']);
    expect(checked.files).toHaveLength(1);
    expect(checked.files[0]).toMatchObject({ path: 'icons/a.svg', bytes: Buffer.byteLength(svg('<circle r="1"/>')), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(checked.files[0].data.toString()).toBe(svg('<circle r="1"/>'));
  });

  it('stops at the total of the whole bundle', async () => {
    const part = Buffer.alloc(600 * 1024, 1);
    part.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const limits = { maxEntries: 10, maxEntryBytes: 1024 * 1024, maxTotalBytes: 1024 * 1024, maxRatio: 10_000, maxPathLength: 200 };
    const zip = zipArchive([
      { name: 'textures/a.png', data: part },
      { name: 'textures/b.png', data: part },
    ]);
    await expect(checkBundle(zip, limits)).rejects.toMatchObject({ code: 'assets.bundleTooLarge', params: { limit: '1 MB' } });
  });
});

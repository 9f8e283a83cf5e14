import { constants, crc32, deflateRawSync } from 'node:zlib';

/** One entry of a hand-made ZIP archive: bytes to deflate (or store), or an already deflated body. */
export type ZipEntrySpec =
  | { name: string; data: Buffer | string; store?: boolean }
  | { name: string; deflated: Buffer; size: number; crc: number };

/**
 * A ZIP archive written byte by byte (local headers, central directory, end record), so tests
 * can make archives no library would write: lying sizes, bombs, entries hidden from the
 * central directory (`hidden`: local entries written before the listed ones, not listed).
 */
export function zipArchive(entries: ZipEntrySpec[], opts: { hidden?: ZipEntrySpec[]; declaredSize?: (name: string, real: number) => number } = {}): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const write = (spec: ZipEntrySpec, listed: boolean) => {
    const name = Buffer.from(spec.name, 'utf8');
    let body: Buffer;
    let method: number;
    let size: number;
    let crc: number;
    if ('deflated' in spec) {
      body = spec.deflated;
      method = 8;
      size = spec.size;
      crc = spec.crc;
    } else {
      const data = Buffer.from(spec.data);
      body = spec.store ? data : deflateRawSync(data);
      method = spec.store ? 0 : 8;
      size = data.length;
      crc = crc32(data);
    }
    const declared = opts.declaredSize ? opts.declaredSize(spec.name, size) : size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(Math.min(declared, 0xffffffff), 22);
    local.writeUInt16LE(name.length, 26);
    if (listed) {
      const dir = Buffer.alloc(46);
      dir.writeUInt32LE(0x02014b50, 0);
      dir.writeUInt16LE(20, 4);
      dir.writeUInt16LE(20, 6);
      dir.writeUInt16LE(0x0800, 8);
      dir.writeUInt16LE(method, 10);
      dir.writeUInt32LE(crc, 16);
      dir.writeUInt32LE(body.length, 20);
      dir.writeUInt32LE(Math.min(declared, 0xffffffff), 24);
      dir.writeUInt16LE(name.length, 28);
      dir.writeUInt32LE(offset, 42);
      central.push(dir, name);
    }
    parts.push(local, name, body);
    offset += 30 + name.length + body.length;
  };
  for (const spec of opts.hidden ?? []) write(spec, false);
  for (const spec of entries) write(spec, true);
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/**
 * A deflated body that inflates to `head`, then `unit` repeated `times` times, then `tail`,
 * written without ever holding the inflated bytes: `unit` is deflated once from an empty
 * history and ended with a full flush, so its bytes can simply be repeated. Its CRC is
 * computed over the repeats (about a second per gigabyte).
 */
export function deflateBomb(head: string, unit: string, times: number, tail: string): { deflated: Buffer; size: number; crc: number } {
  const flushed = (text: string) => deflateRawSync(Buffer.from(text), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const unitBytes = Buffer.from(unit);
  const repeated = flushed(unit);
  const body = Buffer.concat([flushed(head), ...Array.from({ length: times }, () => repeated), deflateRawSync(Buffer.from(tail))]);
  let crc = crc32(head);
  for (let i = 0; i < times; i++) crc = crc32(unitBytes, crc);
  crc = crc32(tail, crc);
  return { deflated: body, size: Buffer.byteLength(head) + unitBytes.length * times + Buffer.byteLength(tail), crc };
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Members" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>';

/** The worksheet XML around `rows` (`<row>` elements). */
export const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

/** The shared strings XML around `items` (`<si>` elements). */
export const sharedStringsXml = (items: string, count = 0) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">${items}</sst>`;

/** A minimal XLSX file (the parts Excel needs to open it) with the given worksheet and shared strings. */
export function xlsxFile(parts: { sheet: string | ZipEntrySpec; sharedStrings?: string | ZipEntrySpec }): Buffer {
  const entry = (name: string, part: string | ZipEntrySpec): ZipEntrySpec => (typeof part === 'string' ? { name, data: part } : { ...part, name });
  return zipArchive([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'xl/workbook.xml', data: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    entry('xl/sharedStrings.xml', parts.sharedStrings ?? sharedStringsXml('')),
    entry('xl/worksheets/sheet1.xml', parts.sheet),
  ]);
}

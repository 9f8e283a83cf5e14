import { serverErrorText } from '@golf/contract/api/errors';
import { badRequest, HttpError } from '../../platform/errors';
import type { GuardedZip } from '../../platform/zip-guard';
import { dateText, excelDate, numberText } from './cells';

/**
 * A fast reader of the first worksheet of an XLSX file, for the common case: the parts are
 * inflated as streams through the zip guard and scanned piece by piece (a piece ends before a
 * row or a string item), about ten times faster than ExcelJS's streaming reader. Cells come back
 * as text with the same rules as `cellText` of ExcelJS values (shared and inline strings,
 * numbers, booleans, errors, dates by their number format, a formula's stored result; formulas
 * are never evaluated). A workbook it does not understand (no workbook part, no first sheet)
 * throws `XlsxUnsupported` before any row is handed on, and the caller reads the file with
 * ExcelJS instead.
 *
 * Every scan is linear in the bytes read (indexOf, never a regular expression that backtracks
 * over an element's body), and nothing is allocated for what the caller would refuse: cells past
 * `maxColumns` are not stored, shared strings stop at `maxSharedStrings`, a piece at
 * `MAX_PIECE_BYTES`.
 */
export class XlsxUnsupported extends Error {}

export interface XlsxRow {
  row: number;
  cells: string[];
}

export interface XlsxOptions {
  /** Cells from this column on are not kept; a value there is refused (400) with its row and column. */
  maxColumns: number;
  /** Entries of the shared strings part, and the bytes it unpacks to (413 past either). */
  maxSharedStrings: number;
  maxSharedStringsBytes: number;
  onRow: (row: XlsxRow) => void;
}

/** Workbook, relationships and styles: small parts, read whole. */
const SMALL_PART_BYTES = 16 * 1024 * 1024;
/** A row (or a shared string item) larger than this is refused rather than gathered. */
export const MAX_PIECE_BYTES = 16 * 1024 * 1024;

export const NOT_READABLE = serverErrorText('members.notReadable');

const malformed = () => badRequest('members.notReadable');

/** A value in a column past the limit: the row and column named (column as a letter, like Excel). */
export function columnOutOfRange(row: number, column: number, maxColumns: number): HttpError {
  return badRequest('members.valueBeyondColumns', { row, column: columnName(column), max: maxColumns });
}

/** A column's letters from its 0-based index (0 = A); past Excel's last column, its number. */
export function columnName(index: number): string {
  if (!Number.isSafeInteger(index) || index >= 16_384) return `number ${index + 1 > 1e15 ? 'beyond 16,384' : (index + 1).toLocaleString('en')}`;
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * Hands on the text of `chunks` piece by piece, each piece ending just before the last `opening`
 * tag seen (`<row`, `<si`), so every element a piece holds is whole; the rest waits for the next
 * chunk. Tags are ASCII: a piece never splits a character.
 */
async function forEachPiece(chunks: AsyncIterable<Buffer>, opening: string, fn: (text: string) => void): Promise<void> {
  let rest: Buffer | null = null;
  for await (const chunk of chunks) {
    const bytes: Buffer = rest && rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    const cut = bytes.lastIndexOf(opening);
    if (cut <= 0) {
      rest = bytes;
    } else {
      fn(bytes.toString('utf8', 0, cut));
      rest = bytes.subarray(cut);
    }
    if (rest.length > MAX_PIECE_BYTES) throw new HttpError(413, 'members.rowTooLarge', { mb: MAX_PIECE_BYTES / 1024 / 1024 });
  }
  if (rest && rest.length > 0) fn(rest.toString('utf8'));
}

const isNameEnd = (c: number) => c === 0x20 || c === 0x3e || c === 0x2f || c === 0x09 || c === 0x0a || c === 0x0d;

interface Element {
  /** Where its `<name` starts. */
  start: number;
  /** Just past its end (its `>` when self-closing, else its closing tag). */
  end: number;
  attrs: string;
  /** Null when self-closing. */
  body: string | null;
}

/**
 * The first `<name …>` element of `xml` at or after `from` (a longer name that starts alike, such
 * as `<rowBreaks` for `row`, is passed over). Elements of one name are not nested in these parts,
 * so the body ends at the first closing tag. Linear: every search moves forward.
 */
function nextElement(xml: string, name: string, from: number): Element | undefined {
  const open = `<${name}`;
  for (let start = xml.indexOf(open, from); start >= 0; start = xml.indexOf(open, start + open.length)) {
    const afterName = start + open.length;
    if (afterName < xml.length && !isNameEnd(xml.charCodeAt(afterName))) continue;
    const tagEnd = xml.indexOf('>', afterName);
    if (tagEnd < 0) throw malformed();
    if (xml.charCodeAt(tagEnd - 1) === 0x2f) return { start, end: tagEnd + 1, attrs: xml.slice(afterName, tagEnd - 1), body: null };
    const close = `</${name}>`;
    const closing = xml.indexOf(close, tagEnd + 1);
    if (closing < 0) throw malformed();
    return { start, end: closing + close.length, attrs: xml.slice(afterName, tagEnd), body: xml.slice(tagEnd + 1, closing) };
  }
  return undefined;
}

/** Calls `fn` for each `<name …>` element of `xml` with its attribute text and its body (null when self-closing). */
function forEachElement(xml: string, name: string, fn: (attrs: string, body: string | null) => void): void {
  for (let el = nextElement(xml, name, 0); el; el = nextElement(xml, name, el.end)) fn(el.attrs, el.body);
}

/** The body of the first `<name>` element ('' when self-closing), undefined without one. */
function firstElement(xml: string, name: string): { attrs: string; body: string } | undefined {
  const el = nextElement(xml, name, 0);
  return el && { attrs: el.attrs, body: el.body ?? '' };
}

/** `xml` without its `<name>` elements (phonetic runs). */
function withoutElements(xml: string, name: string): string {
  let out = '';
  let last = 0;
  for (let el = nextElement(xml, name, 0); el; el = nextElement(xml, name, el.end)) {
    out += xml.slice(last, el.start);
    last = el.end;
  }
  return last === 0 ? xml : out + xml.slice(last);
}

const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * A character reference as text. References XML cannot hold (NUL, surrogates, past U+10FFFF)
 * come back as NUL, which the row check refuses naming the row.
 */
function referenced(code: number): string {
  if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) return '\u0000';
  return String.fromCodePoint(code);
}

/** XML text: entities, and the _xHHHH_ escapes OOXML uses for control characters. */
function unescapeXml(text: string): string {
  let out =
    text.indexOf('&') >= 0 ? text.replace(ENTITY, (_m, name, dec, hex) => (name ? NAMED[name] : referenced(dec ? Number(dec) : parseInt(hex, 16)))) : text;
  if (out.indexOf('_x') >= 0) out = out.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));
  return out;
}

/** The text of a string item: its <t> elements, without phonetic runs. */
function itemText(xml: string): string {
  let text = '';
  forEachElement(withoutElements(xml, 'rPh'), 't', (_attrs, body) => {
    if (body) text += body;
  });
  return unescapeXml(text);
}

const PLAIN_ITEM = /^<t>([^<]*)<\/t>$/;

/** The shared strings, held as strings: the one part read whole, so with a limit of its own. */
async function sharedStrings(zip: GuardedZip, max: number, maxBytes: number): Promise<string[]> {
  const out: string[] = [];
  await forEachPiece(zip.stream('xl/sharedStrings.xml', maxBytes), '<si', (xml) => {
    forEachElement(xml, 'si', (_attrs, body) => {
      if (out.length >= max) {
        throw new HttpError(413, 'members.tooManyTexts', { max });
      }
      if (!body) {
        out.push('');
        return;
      }
      // The usual case, one plain <t>, without the general scan. `flat` lets the piece of text it came from go.
      const plain = PLAIN_ITEM.exec(body);
      out.push(flat(plain ? unescapeXml(plain[1]) : itemText(body)));
    });
  });
  return out;
}

/** A string of its own (not a slice keeping a larger string alive). */
function flat(text: string): string {
  return text.length > 0 ? (' ' + text).slice(1) : text;
}

/** An attribute's value; attribute text is short (one tag), the search linear. */
function attr(attrs: string, name: string): string | undefined {
  const key = `${name}="`;
  for (let at = attrs.indexOf(key); at >= 0; at = attrs.indexOf(key, at + 1)) {
    if (at > 0 && !/\s/.test(attrs[at - 1])) continue;
    const end = attrs.indexOf('"', at + key.length);
    return end < 0 ? undefined : attrs.slice(at + key.length, end);
  }
  return undefined;
}

const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** A number format shows a date or time when it has date or time letters outside quotes and brackets. */
function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[ymdhs]/i.test(bare) && !/^General$/i.test(bare.trim());
}

/** Which cell styles (index in cellXfs) show dates. */
function dateStyles(xml: string | null): Set<number> {
  const styles = new Set<number>();
  if (!xml) return styles;
  const custom = new Map<number, string>();
  forEachElement(firstElement(xml, 'numFmts')?.body ?? '', 'numFmt', (attrs) => {
    custom.set(Number(attr(attrs, 'numFmtId')), unescapeXml(attr(attrs, 'formatCode') ?? ''));
  });
  let index = 0;
  forEachElement(firstElement(xml, 'cellXfs')?.body ?? '', 'xf', (attrs) => {
    const id = Number(attr(attrs, 'numFmtId') ?? 0);
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : DATE_FORMAT_IDS.has(id)) styles.add(index);
    index++;
  });
  return styles;
}

/** The 0-based column of a cell reference ("B7" → 1); letters past any real column give a large number, never a loop. */
function columnIndex(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length && n < 1e15; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

async function firstSheetPath(zip: GuardedZip): Promise<{ path: string; date1904: boolean }> {
  const workbook = (await zip.read('xl/workbook.xml', SMALL_PART_BYTES))?.toString('utf8');
  if (!workbook) throw new XlsxUnsupported('no workbook');
  const date1904 = /^(?:1|true)$/.test(attr(firstElement(workbook, 'workbookPr')?.attrs ?? '', 'date1904') ?? '');
  const relId = attr(firstElement(workbook, 'sheet')?.attrs ?? '', 'r:id');
  const rels = (await zip.read('xl/_rels/workbook.xml.rels', SMALL_PART_BYTES))?.toString('utf8') ?? '';
  let target: string | undefined;
  forEachElement(rels, 'Relationship', (attrs) => {
    if (target === undefined && relId !== undefined && attr(attrs, 'Id') === relId) target = attr(attrs, 'Target');
  });
  if (!target) throw new XlsxUnsupported('no first sheet');
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/[^/]+\/\.\.\//g, '/');
  return { path, date1904 };
}

/**
 * The rows of the first worksheet, cells as text, handed to `onRow` as they are read (rows
 * without cells are skipped; the caller skips rows of empty cells).
 */
export async function readXlsxFast(zip: GuardedZip, opts: XlsxOptions): Promise<void> {
  const { path, date1904 } = await firstSheetPath(zip);
  if (!zip.has(path)) throw new XlsxUnsupported('sheet missing');
  const strings = await sharedStrings(zip, opts.maxSharedStrings, opts.maxSharedStringsBytes);
  const styles = await zip.read('xl/styles.xml', SMALL_PART_BYTES);
  const dates = dateStyles(styles ? styles.toString('utf8') : null);

  let previousRow = 0;
  await forEachPiece(zip.stream(path), '<row', (xml) => {
    forEachElement(xml, 'row', (rowAttrs, body) => {
      const rowNumber = Number(attr(rowAttrs, 'r') ?? previousRow + 1);
      previousRow = rowNumber;
      if (!body) return;
      const cells: string[] = [];
      let next = 0;
      forEachElement(body, 'c', (attrs, inner) => {
        const ref = attr(attrs, 'r');
        const index = ref ? columnIndex(ref) : next;
        next = index + 1;
        const text = cellText(attrs, inner ?? '', strings, dates, date1904);
        if (index >= opts.maxColumns) {
          if (text.trim() !== '') throw columnOutOfRange(rowNumber, index, opts.maxColumns);
          return;
        }
        while (cells.length < index) cells.push('');
        cells[index] = text;
      });
      opts.onRow({ row: rowNumber, cells });
    });
  });
}

function cellText(attrs: string, inner: string, strings: string[], dates: Set<number>, date1904: boolean): string {
  const type = attr(attrs, 't') ?? 'n';
  if (type === 'inlineStr') return itemText(firstElement(inner, 'is')?.body ?? '');
  const v = firstElement(inner, 'v')?.body;
  if (v === undefined) {
    const formula = firstElement(inner, 'f')?.body;
    return formula ? `=${unescapeXml(formula)}` : '';
  }
  if (type === 's') return strings[Number(v)] ?? '';
  if (type === 'str' || type === 'e') return unescapeXml(v);
  if (type === 'b') return v === '1' || v === 'true' ? 'TRUE' : 'FALSE';
  if (type === 'd') return dateText(new Date(unescapeXml(v)));
  const n = Number(v);
  const style = Number(attr(attrs, 's') ?? 0);
  return Number.isNaN(n) ? unescapeXml(v) : dates.has(style) ? dateText(excelDate(n, date1904)) : numberText(n);
}

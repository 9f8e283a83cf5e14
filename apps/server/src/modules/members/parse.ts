import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { serverErrorText } from '@golf/contract/api/errors';
import { MEMBERS_IMPORT_LIMITS } from '@golf/contract/api/members';
import { badRequest, HttpError } from '../../platform/errors';
import { StoredRowsWriter, type SheetRow } from './stored-rows';
import { GuardedZip, ZipFormatError, type ZipLimits } from '../../platform/zip-guard';
import { columnOutOfRange, readXlsxFast, XlsxUnsupported } from './xlsx';
import { dateText, numberText } from './cells';

export type { SheetRow } from './stored-rows';

export interface SheetInfo {
  format: 'csv' | 'xlsx';
  /** CSV only. */
  encoding: string | null;
  delimiter: string | null;
  headerRow: number;
  /** Column titles; columns without one are called "Column N". */
  headers: string[];
  /** Data rows (below the header, not empty). */
  rowCount: number;
}

export const EMPTY_FILE = serverErrorText('members.emptyFile');
export const NO_DATA_ROWS = serverErrorText('members.noDataRows');

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Buffer) => b.length >= 4 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/**
 * Reads an uploaded members file: XLSX (the first worksheet) or CSV in UTF-8 (with or without a
 * byte order mark), UTF-16 with a byte order mark, or Windows-1252/Latin-1, separated by `;`,
 * `,` or tabs. Every cell comes back as text; formulas are never evaluated (their stored result is
 * taken). The first non-empty row is the header; each later non-empty row goes to `onRow` as it
 * is read (so a large file is never held as rows twice).
 */
export async function readSheet(data: Buffer, fileName: string, onRow: (row: SheetRow) => void): Promise<SheetInfo> {
  if (data.length === 0) throw badRequest('members.emptyFile');
  if (isOle(data) || /\.xls$/i.test(fileName)) {
    throw badRequest('members.oldExcel');
  }
  const rows = new RowCollector(onRow);
  const found = isZip(data) ? await readXlsx(data, rows) : readCsvText(data, rows);
  return { ...found, ...rows.finish() };
}

/** An upload read: what the answer shows, and the rows in their stored form (see stored-rows.ts). */
export interface ParsedUpload {
  sheet: SheetInfo;
  sample: SheetRow[];
  stored: Buffer;
}

/** Reads an uploaded members file into its stored form, keeping the first rows as a sample. */
export async function parseUpload(data: Buffer, fileName: string): Promise<ParsedUpload> {
  const sample: SheetRow[] = [];
  const writer = new StoredRowsWriter();
  const sheet = await readSheet(data, fileName, (r) => {
    if (sample.length < MEMBERS_IMPORT_LIMITS.sampleRows) sample.push(r);
    writer.add(r);
  });
  return { sheet, sample, stored: writer.finish(sheet.headers) };
}

/** Takes the rows in order: the first is the header, the others go on; counts and measures them. */
class RowCollector {
  private header: SheetRow | null = null;
  private width = 0;
  private textLength = 0;
  rowCount = 0;
  constructor(private readonly onRow: (row: SheetRow) => void) {}

  /**
   * The reader calls this for every row it finds; empty rows are skipped here. A value past the
   * last column read, or a character no text can hold (NUL, half a surrogate pair), refuses the
   * file naming the row: the database would refuse it at the import.
   */
  add(row: number, cells: string[]): void {
    const { maxColumns } = MEMBERS_IMPORT_LIMITS;
    for (let i = cells.length - 1; i >= maxColumns; i--) {
      if (cells[i].trim() !== '') throw columnOutOfRange(row, i, maxColumns);
    }
    if (cells.length > maxColumns) cells.length = maxColumns;
    for (let i = 0; i < cells.length; i++) {
      this.textLength += cells[i].length;
      if (UNSTORABLE.test(cells[i])) throw unstorableCharacter(row, i, cells[i]);
    }
    if (this.textLength > MEMBERS_IMPORT_LIMITS.maxTextLength) throw tooMuchText();
    if (isEmptyRow(cells)) return;
    if (!this.header) {
      this.header = { row, cells };
      this.width = cells.length;
      while (this.width > 0 && !cells[this.width - 1].trim()) this.width--;
      return;
    }
    if (++this.rowCount > MEMBERS_IMPORT_LIMITS.maxRows) throw tooManyRows();
    for (let i = cells.length - 1; i >= this.width; i--) {
      if (cells[i] !== '') {
        this.width = i + 1;
        break;
      }
    }
    this.onRow({ row, cells });
  }

  finish(): { headerRow: number; headers: string[]; rowCount: number } {
    if (!this.header) throw badRequest('members.emptyFile');
    if (this.rowCount === 0) throw badRequest('members.noDataRows');
    if (this.width > MEMBERS_IMPORT_LIMITS.maxColumns) {
      throw badRequest('members.tooManyColumns', { columns: this.width, max: MEMBERS_IMPORT_LIMITS.maxColumns });
    }
    const cells = this.header.cells;
    const seen = new Map<string, number>();
    const headers = Array.from({ length: this.width }, (_, i) => {
      const base = (cells[i] ?? '').trim().slice(0, MEMBERS_IMPORT_LIMITS.maxHeaderLength) || `Column ${i + 1}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      return n === 1 ? base : `${base} (${n})`;
    });
    return { headerRow: this.header.row, headers, rowCount: this.rowCount };
  }
}

type Found = Pick<SheetInfo, 'format' | 'encoding' | 'delimiter'>;

/** NUL, or a surrogate not in a pair (with the u flag, a whole pair is one character, not a surrogate). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

function unstorableCharacter(row: number, column: number, cell: string): HttpError {
  return badRequest(cell.includes('\u0000') ? 'members.nulCharacter' : 'members.brokenCharacter', { row, column: column + 1 });
}

function tooMuchText(): HttpError {
  return new HttpError(413, 'members.tooMuchText', { max: MEMBERS_IMPORT_LIMITS.maxTextLength });
}

function tooManyRows(): HttpError {
  return badRequest('members.tooManyRows', { max: MEMBERS_IMPORT_LIMITS.maxRows });
}

const isEmptyRow = (cells: string[]) => cells.every((c) => c.trim() === '');

// ---------------------------------------------------------------- CSV

/** The text of a CSV file and the encoding found: BOM, else valid UTF-8, else Windows-1252. */
export function decodeText(data: Buffer): { text: string; encoding: string } {
  if (data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) {
    return { text: data.subarray(3).toString('utf8'), encoding: 'utf-8-bom' };
  }
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe) return { text: iconv.decode(data.subarray(2), 'utf-16le'), encoding: 'utf-16le' };
  if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff) return { text: iconv.decode(data.subarray(2), 'utf-16be'), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(data), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(data, 'windows-1252'), encoding: 'windows-1252' };
  }
}

const DELIMITERS = [';', ',', '\t'] as const;

/**
 * The separator of a CSV text: among `;`, `,` and tab, the one found (outside quotes) the same
 * number of times on most of the first lines, preferring the one the header uses most.
 */
export function detectDelimiter(text: string): string {
  const lines = text
    .slice(0, 64 * 1024)
    .split(/\r\n|\n|\r/)
    .map((l) => l.replace(/"(?:[^"]|"")*"/g, '""'))
    .filter((l) => l.trim() !== '')
    .slice(0, 30);
  if (lines.length === 0) return ',';
  let best: { delimiter: string; score: number; count: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((l) => l.split(delimiter).length - 1);
    const first = counts[0];
    if (first === 0) continue;
    const score = counts.filter((c) => c === first).length;
    if (!best || score > best.score || (score === best.score && first > best.count)) best = { delimiter, score, count: first };
  }
  return best?.delimiter ?? ',';
}

function readCsvText(data: Buffer, rows: RowCollector): Found {
  // Text files do not hold NUL bytes; spreadsheets in other binary formats do. A NUL further on
  // refuses the row that holds it (RowCollector).
  const head = data.subarray(0, 4096);
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && head.includes(0)) throw badRequest('members.notCsvOrXlsx');
  const { text, encoding } = decodeText(data);
  const delimiter = detectDelimiter(text);
  try {
    parseCsv(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: 1_000_000,
      // Each record is handed on and dropped, so the parser keeps no list of them. The first
      // record refused (past the row limit, a value in a column too far) stops the parser there:
      // what follows is never read.
      on_record: (record: string[], context) => {
        rows.add(context.lines, record);
        return null;
      },
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest('members.invalidCsv', { reason: (err as Error).message });
  }
  return { format: 'csv', encoding, delimiter };
}

// ---------------------------------------------------------------- XLSX

type CellValue = ExcelJS.CellValue | undefined;

/**
 * A cell as text. A formula is never evaluated: its cached result is used, or, when the file
 * holds none, the formula itself as text.
 */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as unknown as Record<string, unknown>;
    if (Array.isArray(v.richText)) return (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
    if ('formula' in v || 'sharedFormula' in v) {
      if (v.result !== undefined && v.result !== null) return cellText(v.result as CellValue);
      const formula = String(v.formula ?? v.sharedFormula ?? '');
      return formula ? `=${formula}` : '';
    }
    if ('text' in v) return cellText(v.text as CellValue);
    if ('error' in v) return String(v.error);
  }
  return String(value);
}

/** The zip guard's limits for an XLSX upload. */
export const XLSX_ZIP_LIMITS: ZipLimits = {
  maxEntries: MEMBERS_IMPORT_LIMITS.maxXlsxParts,
  maxEntryBytes: MEMBERS_IMPORT_LIMITS.maxXlsxPartBytes,
  maxTotalBytes: MEMBERS_IMPORT_LIMITS.maxXlsxUnpackedBytes,
};

async function readXlsx(data: Buffer, rows: RowCollector): Promise<Found> {
  const found: Found = { format: 'xlsx', encoding: null, delimiter: null };
  try {
    const zip = GuardedZip.open(data, XLSX_ZIP_LIMITS);
    // The fast reader takes the file whole or throws XlsxUnsupported before handing on any row.
    try {
      await readXlsxFast(zip, {
        maxColumns: MEMBERS_IMPORT_LIMITS.maxColumns,
        maxSharedStrings: MEMBERS_IMPORT_LIMITS.maxXlsxTexts,
        maxSharedStringsBytes: MEMBERS_IMPORT_LIMITS.maxXlsxTextsBytes,
        onRow: ({ row, cells }) => rows.add(row, cells),
      });
      return found;
    } catch (err) {
      if (!(err instanceof XlsxUnsupported)) throw err;
    }
    // ExcelJS only ever reads an archive the guard has unpacked whole within its limits, rebuilt
    // from the entries the guard checked.
    await zip.verifyAll();
    await readXlsxWithExcelJs(zip.repack(), (row, cells) => rows.add(row, cells));
    return found;
  } catch (err) {
    if (err instanceof ZipFormatError) throw badRequest('members.notReadable');
    throw err;
  }
}

/**
 * The first worksheet's rows read with ExcelJS's streaming reader: for files the fast reader does
 * not take. Hand it only archives checked by the zip guard. Cells past `maxColumns` are not
 * turned into text (a value there is refused, naming the row and column).
 */
export async function readXlsxWithExcelJs(
  data: Buffer,
  onRow: (row: number, cells: string[]) => void,
  maxColumns: number = MEMBERS_IMPORT_LIMITS.maxColumns,
): Promise<void> {
  try {
    // Loaded when needed: most files never reach it, and a reading worker starts faster without it.
    const { default: excel } = await import('exceljs');
    const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([data]), {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        // Sparse: a cell far to the right does not fill the columns before it.
        const values = row.values as CellValue[];
        const cells: string[] = [];
        const width = Math.min(values.length, maxColumns + 1);
        for (let i = 1; i < width; i++) cells.push(cellText(values[i]));
        if (values.length > width) {
          values.forEach((value, i) => {
            if (i > maxColumns && cellText(value).trim() !== '') throw columnOutOfRange(row.number, i - 1, maxColumns);
          });
        }
        onRow(row.number, cells);
      }
      // Only the first worksheet holds members.
      break;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest('members.notReadable');
  }
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { GuardedZip } from '../../platform/zip-guard';
import { zipArchive } from '../../../test/zip';
import { decodeText, detectDelimiter, readSheet, readXlsxWithExcelJs, XLSX_ZIP_LIMITS, type SheetRow } from './parse';
import { readXlsxFast, XlsxUnsupported } from './xlsx';
import { suggestMapping } from './mapping';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

async function withExcelJs(data: Buffer): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  await readXlsxWithExcelJs(data, (row, cells) => rows.push({ row, cells }));
  return rows;
}

async function withFastReader(data: Buffer): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  await readXlsxFast(GuardedZip.open(data, XLSX_ZIP_LIMITS), { maxColumns: 100, maxSharedStrings: 1000, maxSharedStringsBytes: 1024 * 1024, onRow: (r) => rows.push(r) });
  return rows;
}

/** Trailing empty cells do not count: readers differ in whether they list them. */
const trimmed = (rows: SheetRow[]) =>
  rows
    .map((r) => {
      const cells = [...r.cells];
      while (cells.length && cells.at(-1) === '') cells.pop();
      return { row: r.row, cells };
    })
    .filter((r) => r.cells.length > 0);

async function richWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Members');
  workbook.addWorksheet('Second sheet').addRow(['not', 'read']);
  sheet.addRow(['Union number', 'Email', 'Name', 'Joined', 'Active', 'Score', 'Link', 'Formula', 'Rich', 'Error', 'Time']);
  sheet.addRow([
    '1234-5678',
    'a@example.dk',
    'Åse & "Bo" <3',
    new Date(Date.UTC(2020, 1, 2)),
    true,
    12.5,
    { text: 'club site', hyperlink: 'https://example.dk' },
    { formula: '1+2', result: 3 },
    { richText: [{ text: 'Bo' }, { font: { bold: true }, text: 'ld' }] },
    { error: '#N/A' },
    new Date(Date.UTC(2021, 5, 7, 13, 45, 10)),
  ]);
  const sparse = sheet.getRow(4);
  sparse.getCell(1).value = '2345-6789';
  sparse.getCell(5).value = false;
  sparse.getCell(8).value = { formula: 'A4&"x"', result: '2345-6789x' };
  sparse.commit();
  sheet.addRow(['3456-7890', 'line\nbreak@example.dk', 1e15, -0.25, '=not a formula', '+45 12', '@sum']);
  const dated = sheet.addRow(['4567-8901', 'c@example.dk', 44000]);
  dated.getCell(3).numFmt = 'dd.mm.yyyy';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('the fast XLSX reader', () => {
  it('reads the LibreOffice file exactly as ExcelJS does', async () => {
    const data = fixture('members-libreoffice.xlsx');
    const fast = await withFastReader(data);
    expect(trimmed(fast)).toEqual(trimmed(await withExcelJs(data)));
    expect(fast).toHaveLength(11);
    expect(fast[7].cells).toEqual(['1001-0007', 'Lise', 'Lund', 'lise.lund@example.dk', '+45 26 11 22 33', 'Senior', '15', '2016-05-05', '3']);
  });

  it('reads strings, numbers, dates, booleans, links, formulas, rich text and errors as ExcelJS does', async () => {
    const data = await richWorkbook();
    const fast = await withFastReader(data);
    expect(trimmed(fast)).toEqual(trimmed(await withExcelJs(data)));
    expect(fast[1].cells).toEqual([
      '1234-5678',
      'a@example.dk',
      'Åse & "Bo" <3',
      '2020-02-02',
      'TRUE',
      '12.5',
      'club site',
      '3',
      'Bold',
      '#N/A',
      '2021-06-07 13:45:10',
    ]);
    expect(fast[2]).toEqual({ row: 4, cells: ['2345-6789', '', '', '', 'FALSE', '', '', '2345-6789x'] });
    expect(fast[3].cells).toEqual(['3456-7890', 'line\nbreak@example.dk', '1000000000000000', '-0.25', '=not a formula', '+45 12', '@sum']);
    // A number shown with a date format is a date.
    expect(fast[4].cells).toEqual(['4567-8901', 'c@example.dk', '2020-06-18']);
  });

  it('refuses what it does not know, so the caller falls back to ExcelJS', async () => {
    await expect(withFastReader(zipArchive([{ name: 'xl/other.xml', data: '<x/>' }]))).rejects.toThrow(XlsxUnsupported);
  });

  it('hands on the rows of a larger file in order, quickly', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Members');
    sheet.addRow(['Union number', 'Email']);
    for (let i = 0; i < 5000; i++) sheet.addRow([`1000-${String(i).padStart(4, '0')}`, `m${i}@example.dk`]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const started = performance.now();
    const rows: SheetRow[] = [];
    const info = await readSheet(data, 'big.xlsx', (r) => rows.push(r));
    expect(info.rowCount).toBe(5000);
    expect(rows.at(-1)).toEqual({ row: 5001, cells: ['1000-4999', 'm4999@example.dk'] });
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('CSV text', () => {
  it('finds the encoding: BOM, else valid UTF-8, else Windows-1252', () => {
    expect(decodeText(Buffer.from([0xef, 0xbb, 0xbf, 0x41])).encoding).toBe('utf-8-bom');
    expect(decodeText(Buffer.from('Søren', 'utf8'))).toEqual({ text: 'Søren', encoding: 'utf-8' });
    expect(decodeText(Buffer.from([0x53, 0xf8, 0x72, 0x65, 0x6e]))).toEqual({ text: 'Søren', encoding: 'windows-1252' });
    // Windows-1252 has the euro sign where Latin-1 has a control character.
    expect(decodeText(Buffer.from([0x80])).text).toBe('€');
  });

  it('finds the separator among ; , and tab', () => {
    expect(detectDelimiter('a;b;c\n1;2;3')).toBe(';');
    expect(detectDelimiter('a,b,c\n1,2,3')).toBe(',');
    expect(detectDelimiter('a\tb\n1\t2')).toBe('\t');
    // Commas inside quotes or decimals do not count against the real separator.
    expect(detectDelimiter('Navn;Handicap\n"Bæk, Bo";12,4\n"Dam, Di";3,1')).toBe(';');
    expect(detectDelimiter('single column\nvalue')).toBe(',');
  });

  it('numbers rows as the spreadsheet shows them and skips empty ones', async () => {
    const rows: SheetRow[] = [];
    const info = await readSheet(fixture('members-duplicates.csv'), 'd.csv', (r) => rows.push(r));
    expect(info).toMatchObject({ headerRow: 1, rowCount: 6, headers: ['Email', 'Union number', 'First name', 'Last name'] });
    expect(rows.map((r) => r.row)).toEqual([2, 3, 4, 6, 8, 10]);
  });

  it('names columns without a header and makes repeated headers unique', async () => {
    const info = await readSheet(Buffer.from('Email;;Email\na@b.dk;x;y\n'), 'h.csv', () => {});
    expect(info.headers).toEqual(['Email', 'Column 2', 'Email (2)']);
  });
});

describe('the suggested mapping', () => {
  it('finds the fields in English, Danish and Swedish headers, in any order', () => {
    expect(suggestMapping(['E-post', 'Förnamn', 'Efternamn', 'Golf-ID', 'Mobilnummer', 'Klubb'])).toEqual({
      union_number: 3,
      email: 0,
      first_name: 1,
      last_name: 2,
      phone: 4,
      extra: [5],
    });
    expect(suggestMapping(['Member no.', 'E-mail address', 'Surname', 'Given name'])).toEqual({
      union_number: 0,
      email: 1,
      first_name: 3,
      last_name: 2,
      phone: null,
      extra: [],
    });
    expect(suggestMapping(['Something', 'Else'])).toMatchObject({ union_number: null, email: null, extra: [0, 1] });
  });
});

import { describe, expect, it } from 'vitest';
import { MEMBERS_IMPORT_LIMITS } from '@golf/contract/api/members';
import { HttpError } from '../../platform/errors';
import { sheetXml, xlsxFile } from '../../../test/zip';
import { readSheet, type SheetRow } from './parse';

const MAX = MEMBERS_IMPORT_LIMITS.maxRows;
const TOO_MANY = `The file has more than ${MAX.toLocaleString('en')} rows. Split it into smaller files.`;

/** Reads a sheet, answering the error it was refused with and the rows handed on before. */
async function refusal(data: Buffer, name: string): Promise<{ error: unknown; rows: SheetRow[] }> {
  const rows: SheetRow[] = [];
  const error = await readSheet(data, name, (r) => rows.push(r)).then(
    () => null,
    (err: unknown) => err,
  );
  return { error, rows };
}

/**
 * A spreadsheet past the row limit is refused at the first row past it: the reader stops there.
 * Each file carries, right after that row, something the reader would refuse with another
 * message if it went on (a record larger than the CSV parser takes, a broken XML row), and then
 * millions more rows; so the message tells whether anything after the limit was read.
 */
describe('members files past the row limit', () => {
  it('stops a CSV of millions of tiny rows at row 100,001: what follows is never read', async () => {
    const head = `name\n${'a\n'.repeat(MAX + 1)}`;
    // A record of 1.1 MB: the parser refuses records over 1,000,000 characters ("could not be read as CSV").
    const poison = `${'x'.repeat(1_100_000)}\n`;
    const tail = 'b\n'.repeat(8_500_000);
    const file = Buffer.from(head + poison + tail);
    expect(file.length).toBeGreaterThan(17 * 1024 * 1024);
    expect(file.length).toBeLessThan(MEMBERS_IMPORT_LIMITS.maxFileBytes);

    const { error, rows } = await refusal(file, 'members.csv');
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect((error as HttpError).message).toBe(TOO_MANY);
    // The rows handed on are exactly the allowed ones: the one past the limit stopped the reader.
    expect(rows).toHaveLength(MAX);
    expect(rows.at(-1)?.row).toBe(MAX + 1);
  });

  it('stops an XLSX at row 100,001 too', async () => {
    const row = (r: number) => `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>m${r}</t></is></c></row>`;
    const rows = Array.from({ length: MAX + 1000 }, (_, i) => row(i + 1)).join('');
    // At the end a row that never ends: were it read, the file would be refused as not an XLSX.
    const broken = '<row r="9999999"><c r="A9999999" t="inlineStr"><is><t>never closed';
    const file = xlsxFile({ sheet: sheetXml(rows + broken) });

    const refused = await refusal(file, 'members.xlsx');
    expect((refused.error as HttpError).message).toBe(TOO_MANY);
    expect(refused.rows).toHaveLength(MAX);
  });

  it('reads a file of exactly 100,000 rows whole', async () => {
    const rows: SheetRow[] = [];
    const info = await readSheet(Buffer.from(`name\n${'a\n'.repeat(MAX)}`), 'members.csv', (r) => rows.push(r));
    expect(info.rowCount).toBe(MAX);
    expect(rows).toHaveLength(MAX);
  });
});

/** A cell of an exported table: text, a number (written with a full stop, as spreadsheets read it) or nothing. */
export type CsvCell = string | number | null | undefined;

/** Characters that make a spreadsheet read a text as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as RFC 4180 writes it: quoted when it holds a comma, quote or line break; a text that would start a formula gets a leading apostrophe. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(Math.round(value * 1000) / 1000) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A table (a header row, then the rows) as CSV text, lines ended by CRLF (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A file name of letters, digits and dashes: `games-2026-01-01-2026-12-31.csv`. */
export function csvFileName(...parts: string[]): string {
  const base = parts
    .join('-')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'export'}.csv`;
}

/** Saves CSV text as a file (with a byte-order mark, so spreadsheet programs read it as UTF-8). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

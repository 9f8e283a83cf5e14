/**
 * How a spreadsheet cell's value is written as text, the same for both XLSX readers (the fast
 * reader in xlsx.ts and ExcelJS's in parse.ts), so a file gives the same rows whichever reads it.
 */

/** A number as text: whole numbers without a decimal point or exponent (up to 1e21), others as JavaScript writes them. */
export function numberText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toFixed(0);
  return String(n);
}

/** A date as text: `YYYY-MM-DD` at midnight UTC, else `YYYY-MM-DD hh:mm:ss`; an invalid date is empty. */
export function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/** An Excel date serial (days since 1899-12-30, or since 1904-01-01 in a 1904 workbook) as ExcelJS converts it. */
export function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - (date1904 ? 24107 : 25569)) * 24 * 3600 * 1000));
}

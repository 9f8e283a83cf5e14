import ExcelJS from 'exceljs';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@golf/contract/constants';
import { areaInUnit, type AreaUnit, type ClubAreas, type ElementArea } from '@golf/contract/api/greenkeeper';
import { csvSafeCell } from '@golf/contract/api/members';
import { LOCALES } from '@golf/contract/locales';

/**
 * The area statistics as a file (GET greenkeeper/areas/export): CSV or XLSX in ha or m², one row
 * per hole and element, then each course's totals and (for every course) the club's. Column titles
 * and element names in the reader's language (the `greenkeeperExport` and `graphics.elements`
 * texts); CSV separated by `;` with the language's decimal mark, as spreadsheets there open it.
 */

export interface AreaExportRow {
  course: string;
  /** The hole's number, or the word for 'Total'. */
  hole: string | number;
  holeName: string;
  element: string;
  count: number;
  /** In the unit asked for. */
  area: number;
}

function lookup(language: Language, key: string): string | undefined {
  let node: unknown = LOCALES[language];
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function text(language: Language, key: string, values: Record<string, string> = {}): string {
  const template = lookup(language, key) ?? lookup(FALLBACK_LANGUAGE, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The reader's language: one of the locale files, else English. */
export function exportLanguage(language: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : FALLBACK_LANGUAGE;
}

const elementName = (language: Language, element: string) => lookup(language, `graphics.elements.${element}`) ?? element;

/** Decimals an area is given with: hectares to the square metre, square metres to the tenth. */
const DECIMALS: Record<AreaUnit, number> = { ha: 4, m2: 1 };

const round = (value: number, unit: AreaUnit) => {
  const f = 10 ** DECIMALS[unit];
  return Math.round(value * f) / f;
};

/** The rows of the file: each course's holes, its totals, and the club's totals when there is more than one course. */
export function exportRows(areas: ClubAreas, unit: AreaUnit, language: Language, withClubTotals: boolean): AreaExportRow[] {
  const total = text(language, 'greenkeeperExport.total');
  const rowsOf = (course: string, hole: string | number, holeName: string, elements: ElementArea[]) =>
    elements.map((e) => ({ course, hole, holeName, element: elementName(language, e.element), count: e.count, area: round(areaInUnit(e.area, unit), unit) }));
  const rows: AreaExportRow[] = [];
  for (const course of areas.courses) {
    for (const hole of course.holes) rows.push(...rowsOf(course.name, hole.order, hole.name, hole.elements));
    rows.push(...rowsOf(course.name, total, '', course.totals));
  }
  if (withClubTotals) rows.push(...rowsOf(text(language, 'greenkeeperExport.allCourses'), total, '', areas.totals));
  return rows;
}

function headers(unit: AreaUnit, language: Language): string[] {
  const k = (key: string) => text(language, `greenkeeperExport.${key}`);
  return [k('course'), k('hole'), k('holeName'), k('element'), k('count'), text(language, 'greenkeeperExport.area', { unit: k(`units.${unit}`) })];
}

/** CSV: UTF-8 with a byte order mark, `;` between cells, CRLF lines. */
export function areasCsv(rows: AreaExportRow[], unit: AreaUnit, language: Language): string {
  const decimalMark = language === 'en' ? '.' : ',';
  const quote = (value: string) => {
    const safe = csvSafeCell(value);
    return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const number = (value: number, decimals: number) => value.toFixed(decimals).replace('.', decimalMark);
  const lines = [headers(unit, language).map(quote).join(';')];
  for (const r of rows) {
    lines.push([quote(r.course), quote(String(r.hole)), quote(r.holeName), quote(r.element), String(r.count), number(r.area, DECIMALS[unit])].join(';'));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** XLSX: one sheet, a bold header row, areas as numbers with the unit's decimals. */
export async function areasXlsx(rows: AreaExportRow[], unit: AreaUnit, language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(text(language, 'greenkeeperExport.sheet'));
  const titles = headers(unit, language);
  sheet.columns = [
    { header: titles[0], key: 'course', width: 24 },
    { header: titles[1], key: 'hole', width: 8 },
    { header: titles[2], key: 'holeName', width: 20 },
    { header: titles[3], key: 'element', width: 22 },
    { header: titles[4], key: 'count', width: 10 },
    { header: titles[5], key: 'area', width: 16, style: { numFmt: unit === 'ha' ? '0.0000' : '0.0' } },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  // Cells are typed: a text is never read as a formula here.
  for (const r of rows) sheet.addRow(r);
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}

/** The file's name: `areas-<course or club>-<date>.<format>`, ASCII only. */
export function exportFileName(subject: string, date: string, format: 'csv' | 'xlsx'): string {
  const slug =
    subject
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[æÆ]/g, 'ae')
      .replace(/[øØ]/g, 'o')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase()
      .slice(0, 60) || 'course';
  return `areas-${slug}-${date}.${format}`;
}

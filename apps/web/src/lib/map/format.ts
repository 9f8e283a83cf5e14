/** Formatting of measured lengths and areas for map labels and panels (metres, §3). */

function formatter(language: string | undefined, digits: number) {
  return new Intl.NumberFormat(language, { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** A length in metres: one decimal under 10 m, whole metres above ("7.5 m", "312 m"). */
export function formatLength(metres: number, language?: string): string {
  if (!Number.isFinite(metres)) return '–';
  const digits = Math.abs(metres) < 10 ? 1 : 0;
  return `${formatter(language, digits).format(metres)} m`;
}

/** An area in square metres, whole numbers with grouping ("1,234 m²"). */
export function formatArea(squareMetres: number, language?: string): string {
  if (!Number.isFinite(squareMetres)) return '–';
  return `${formatter(language, 0).format(squareMetres)} m²`;
}

/** A height in metres with one decimal ("12.5 m"). */
export function formatHeight(metres: number | null, language?: string): string {
  if (metres === null || !Number.isFinite(metres)) return '–';
  return `${formatter(language, 1).format(metres)} m`;
}

/** Whole metres with the language's grouping and no unit ("6.344" in Danish), for a text that adds the unit. */
export function wholeMetres(metres: number, language?: string): string {
  return formatter(language, 0).format(Math.round(metres));
}

/** Metres to a tenth with no unit ("2,5" in Danish), for a text that adds the unit. */
export function tenthsOfMetres(metres: number, language?: string): string {
  return formatter(language, 1).format(metres);
}

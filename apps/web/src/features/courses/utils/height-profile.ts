import { wholeMetres } from '../../../lib/map/format';

/** The words and numbers of a hole's height profile (the height profiles screen), in the reader's language. */

/** The rise or fall from the first to the last height, as a translation key and values. */
export function riseText(points: { height: number }[]): { key: string; metres: number } {
  const change = Math.round((points.at(-1)!.height - points[0].height) * 10) / 10;
  if (Math.abs(change) < 0.5) return { key: 'heightProfiles.level', metres: 0 };
  return { key: change > 0 ? 'heightProfiles.rises' : 'heightProfiles.falls', metres: Math.abs(change) };
}

/**
 * How the screen writes its numbers in `language`: heights to a tenth of a metre ("9,5" in
 * Danish, "9.5" in English), distances and lengths in whole metres with the language's grouping.
 */
export function profileFormat(language: string): { height(metres: number): string; distance(metres: number): string } {
  const tenths = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return {
    height: (metres) => tenths.format(Math.round(metres * 10) / 10),
    distance: (metres) => wholeMetres(metres, language),
  };
}

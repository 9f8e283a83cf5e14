/**
 * Every text of the product, per area and language: `locales/<language>/<area>.json`. An area's
 * file may also add keys to a shared group (`routes.*`, `menu.*`); the parts of a language are
 * merged here, and two parts giving the same key is an error at load (tested). A new area adds its
 * three files and one line to AREA_TEXTS in ./areas.ts (docs/adding-an-area.md).
 */
import type { Language } from './constants';
import { AREA_TEXTS, type Texts } from './areas';

export { AREA_TEXTS, type Texts };

/** Merges the parts of one language; a key given by two parts throws, naming the key. */
export function mergeTexts(parts: readonly Texts[], path = ''): Texts {
  const out: Texts = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const at = path ? `${path}.${key}` : key;
      const existing = out[key];
      if (existing === undefined) {
        out[key] = typeof value === 'string' ? value : mergeTexts([value], at);
      } else if (typeof existing !== 'string' && typeof value !== 'string') {
        out[key] = mergeTexts([existing, value], at);
      } else {
        throw new Error(`The text ${at} is given twice in the locale files`);
      }
    }
  }
  return out;
}

function language(lang: Language): Texts {
  return mergeTexts(Object.values(AREA_TEXTS).map((area) => area[lang]));
}

/** All texts of each language, as the web app and the mails read them. */
export const LOCALES: Record<Language, Texts> = { en: language('en'), da: language('da'), sv: language('sv') };

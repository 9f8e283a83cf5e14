import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import { AREA_TEXTS, LOCALES, mergeTexts, type Texts } from './locales';

const localesDir = join(import.meta.dirname, '..', 'locales');

function keys(tree: Texts, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

describe('locale files', () => {
  it('merges the parts of a language, deeply', () => {
    expect(mergeTexts([{ menu: { a: 'A' }, x: { y: 'Y' } }, { menu: { b: 'B' } }])).toEqual({ menu: { a: 'A', b: 'B' }, x: { y: 'Y' } });
  });

  it('refuses a key given by two parts, naming it', () => {
    expect(() => mergeTexts([{ menu: { a: 'A' } }, { menu: { a: 'other' } }])).toThrow('menu.a');
    expect(() => mergeTexts([{ menu: { a: 'A' } }, { menu: 'flat' }])).toThrow('menu');
  });

  it('lists every file of the locales folder, and every area has each language', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(join(localesDir, language)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
      expect(files.sort()).toEqual(Object.keys(AREA_TEXTS).sort());
    }
  });

  it('gives each area the same keys in every language', () => {
    for (const [area, texts] of Object.entries(AREA_TEXTS)) {
      const english = keys(texts.en).sort();
      for (const language of LANGUAGES) expect(keys(texts[language]).sort(), `${area} ${language}`).toEqual(english);
    }
  });

  it('serves the merged texts of every language', () => {
    expect((LOCALES.en.menu as Texts).groups).toBeTruthy();
    expect((LOCALES.da.courses as Texts).title).toBeTruthy();
    expect(keys(LOCALES.sv).length).toBe(keys(LOCALES.en).length);
  });
});

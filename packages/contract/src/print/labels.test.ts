import { describe, expect, it } from 'vitest';
import type { Language } from '../constants';
import { demoGuideInput } from './demo-guide.test-support';
import type { GuideRenderInputIn } from './input';
import { PRINT_LABELS, type PrintLabels } from './labels';
import { layoutGreens, layoutGuide, layoutHoles, layoutTeeSigns } from './layout';
import type { Item, Page } from './page';

const texts = (items: Item[]): string[] => items.flatMap((i) => (i.kind === 'text' ? [i.text] : i.kind === 'group' ? texts(i.items) : []));

/**
 * The demo guide in `language` with every page the renderer makes and every word it can print:
 * custom pages under their default headings, a double overview (a blank page before it) with
 * hole numbers and par, pins left and right, a hole sponsor's strip, handicap tables. The club's
 * own texts are Danish words only, so any English word on the pages is the renderer's.
 */
function everything(language: Language): GuideRenderInputIn {
  const raw = demoGuideInput({
    language,
    title: 'Fjordvang Links',
    welcome: { title: '', text: 'Velkommen til Fjordvang Golfklub.', signature: 'Bestyrelsen' },
    localRules: { title: '', text: 'Hvide pæle markerer grænsen.' },
    backPage: { title: '', text: 'Fjordvej 1 · 7100 Vejle' },
    overview: { labels: 'numbers_and_par', pages: 'double' },
    customPages: {
      information: { enabled: true, title: '', text: 'Buggies kan lejes.' },
      etiquette: { enabled: true, title: '', text: 'Ret nedslag.' },
      notes: { enabled: true, title: '', text: 'Plads til noter.' },
    },
  });
  raw.sponsors = [{ key: '7', name: 'Fjord Bank', url: 'https://fjordbank.example/', logo: null }];
  raw.courses[0].holes[0].sponsors = { page: [{ sponsor: '7', format: 'bottom-single' }], signs: [] };
  return raw;
}

/** Every word the layouts print, and every page's name (the preview's page list). */
function words(language: Language): string[] {
  const input = everything(language);
  const pages: Page[] = [...layoutGuide(input), ...layoutHoles(input), ...layoutGreens(input), ...layoutTeeSigns(input)];
  return pages.flatMap((p) => [p.label, ...texts(p.items)]);
}

/** `word` as a whole word (not part of a longer one), in any case. */
const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu');

describe('the guide’s own words come from its language', { timeout: 120_000 }, () => {
  const en = words('en');
  const printed = (all: string[], word: string) => all.some((t) => wholeWord(word).test(t));

  for (const language of ['da', 'sv'] as const) {
    it(`prints and names every page in ${language}: no English word of the table where ${language} has its own`, () => {
      const local = words(language);
      const table = PRINT_LABELS[language];
      const keys = Object.keys(PRINT_LABELS.en) as (keyof PrintLabels)[];
      expect(Object.keys(table).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        const english = PRINT_LABELS.en[key];
        // Every word of the table is printed (the guide above shows them all), in its language.
        expect(printed(en, english), `en.${key} '${english}' is printed`).toBe(true);
        expect(printed(local, table[key]), `${language}.${key} '${table[key]}' is printed`).toBe(true);
        if (english.toLowerCase() !== table[key].toLowerCase()) expect(printed(local, english), `en.${key} '${english}' in a ${language} guide`).toBe(false);
      }
    });
  }

  it('names the pages without a heading of their own in the guide’s language', () => {
    for (const [language, names] of Object.entries({ en: ['Front page', 'Blank page', 'Back page'], da: ['Forside', 'Tom side', 'Bagside'], sv: ['Framsida', 'Tom sida', 'Baksida'] })) {
      const pages = layoutGuide(everything(language as Language));
      const name = (kind: Page['kind']) => pages.find((p) => p.kind === kind)!.label;
      expect([name('front'), name('blank'), name('back')]).toEqual(names);
    }
  });
});

describe('the handicap table pages', { timeout: 60_000 }, () => {
  // The tables give course handicaps (index × slope / 113 + course rating − par), not playing
  // handicaps: the heading, the column and the formula say so in every language.
  const TERMS = {
    en: { heading: 'Course handicap · Hvid', column: 'Course hcp', formula: 'Course handicap = index × slope / 113 + (course rating − par)', page: 'Course handicap Hvid Men' },
    da: { heading: 'Banehandicap · Hvid', column: 'Banehcp', formula: 'Banehandicap = indeks × slope / 113 + (course rating − par)', page: 'Banehandicap Hvid Herrer' },
    sv: { heading: 'Banhandicap · Hvid', column: 'Banhcp', formula: 'Banhandicap = index × slope / 113 + (course rating − par)', page: 'Banhandicap Hvid Herrar' },
  } as const;

  for (const [language, terms] of Object.entries(TERMS)) {
    it(`are headed '${terms.heading.split(' · ')[0]}' in ${language}, as the column and the formula`, () => {
      const tables = layoutGuide(demoGuideInput({ language: language as Language, pages: { holes: false } })).filter((p) => p.kind === 'handicap');
      expect(tables).toHaveLength(6);
      const first = texts(tables[0].items);
      expect(first).toEqual(expect.arrayContaining([terms.heading, terms.column, terms.formula]));
      expect(tables[0].label).toBe(terms.page);
      for (const page of tables) {
        expect(texts(page.items).join(' ')).not.toMatch(/spillehandicap|spelhandicap|playing handicap/i);
        expect(page.label).not.toMatch(/spillehandicap|spelhandicap|playing handicap/i);
      }
    });
  }
});

import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { AREA_TEXTS, LOCALES, type Texts } from '../locales';
import { isServerErrorCode, placeholderNames, SERVER_ERRORS, serverError, serverErrorText, type ServerErrorCode } from './errors';

const CODES = Object.keys(SERVER_ERRORS) as ServerErrorCode[];

/** The text of `serverErrors.<code>` in one language's server-errors file; undefined when missing. */
function textOf(texts: Texts, code: string): string | undefined {
  let at: string | Texts | undefined = texts.serverErrors;
  for (const part of code.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  return typeof at === 'string' ? at : undefined;
}

/** Every key path of a text tree that ends in a text. */
function leaves(tree: Texts, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));
}

/** What a language's server-errors file lacks: codes missing or empty, or with other parameters than English. */
function problemsOf(texts: Texts): string[] {
  const problems: string[] = [];
  for (const code of CODES) {
    const text = textOf(texts, code);
    if (!text?.trim()) problems.push(`${code} is missing`);
    else if (placeholderNames(text).join() !== placeholderNames(SERVER_ERRORS[code]).join()) problems.push(`${code} has {{${placeholderNames(text).join('}}, {{')}}}`);
  }
  return problems;
}

describe('the catalogue of server errors', () => {
  it('names every code as area.name, in letters only', () => {
    for (const code of CODES) expect(code, code).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it('takes an area\'s own refusals from its registration, with their texts in its own files', () => {
    // The sponsors area registers SPONSOR_ERRORS in areas.ts; its texts are in sponsors.json.
    expect(serverErrorText('sponsors.capReached', { max: 7 })).toBe('A club can have at most 7 sponsors. Delete some before adding more.');
    expect(((AREA_TEXTS.sponsors.da.serverErrors as Texts).sponsors as Texts).notFound).toBe('Sponsoren blev ikke fundet');
    expect(isServerErrorCode('sponsorSetups.courseFixed')).toBe(true);
  });

  it('has every code in every language, non-empty, with exactly the English parameters', () => {
    // The merged texts: an area may keep its codes' texts under serverErrors in its own locale file.
    for (const language of LANGUAGES) expect(problemsOf(LOCALES[language]), language).toEqual([]);
  });

  it('gives the English file the catalogue’s own texts, and no language a code the catalogue lacks', () => {
    for (const code of CODES) expect(textOf(LOCALES.en, code), code).toBe(SERVER_ERRORS[code]);
    for (const language of LANGUAGES) {
      const extra = leaves(LOCALES[language].serverErrors as Texts).filter((key) => !isServerErrorCode(key));
      expect(extra, language).toEqual([]);
    }
  });

  it('the check above fails for a language that lacks a code or changes a parameter', () => {
    const danish = structuredClone(LOCALES.da);
    const guides = (danish.serverErrors as Texts).guides as Texts;
    delete guides.capReached;
    guides.changedMeanwhile = 'Guiden er ændret (version {{now}})';
    guides.notFound = ' ';
    expect(problemsOf(danish)).toEqual(['guides.notFound is missing', 'guides.capReached is missing', 'guides.changedMeanwhile has {{now}}']);
  });

  it('names no parameter as one of the options i18next reads from the same object', () => {
    // count picks plural forms, context another key, the rest change where and how a text is looked up.
    const reserved = ['count', 'context', 'defaultValue', 'lng', 'lngs', 'ns', 'replace', 'ordinal', 'keyPrefix', 'returnObjects', 'postProcess', 'interpolation'];
    const used = CODES.flatMap((code) => placeholderNames(SERVER_ERRORS[code]).filter((name) => reserved.includes(name)).map((name) => `${code}: ${name}`));
    expect(used).toEqual([]);
  });

  it('fills in the English text, numbers with formats in English digit grouping', () => {
    expect(serverErrorText('guides.capReached', { max: 30 })).toBe('A club can have at most 30 guides. Delete some before adding more.');
    expect(serverErrorText('members.tooManyRows', { max: 100000 })).toBe('The file has more than 100,000 rows. Split it into smaller files.');
    expect(serverErrorText('clubs.notFound')).toBe('Club not found');
    expect(placeholderNames('{{max, number}} and {{ max }} and {{name}}')).toEqual(['max', 'name']);
  });

  it('keeps parameters only when a code has some', () => {
    expect(serverError('clubs.notFound')).toEqual({ code: 'clubs.notFound' });
    expect(serverError('guides.capReached', { max: 3 })).toEqual({ code: 'guides.capReached', params: { max: 3 } });
    expect(isServerErrorCode('guides.capReached')).toBe(true);
    expect(isServerErrorCode('guides.nothing')).toBe(false);
    expect(isServerErrorCode('toString')).toBe(false);
  });
});

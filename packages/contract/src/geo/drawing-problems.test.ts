import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { LOCALES, type Texts } from '../locales';
import {
  DRAWING_PROBLEMS,
  drawingProblem,
  drawingProblemMessage,
  drawingProblemValues,
  ENGLISH_PROBLEM_NAMES,
  isDrawingProblemCode,
  type DrawingProblemCode,
} from './drawing-problems';

const CODES = Object.keys(DRAWING_PROBLEMS) as DrawingProblemCode[];

/** Every placeholder of a text, each time it is used, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

/** The texts of `drawings.problem` in one language. */
const problemTexts = (texts: Texts) => ((texts.drawings as Texts).problem ?? {}) as Record<string, string>;

describe('the catalogue of drawing problems', () => {
  it('names every code drawings.problem.<name>, in letters only', () => {
    expect(CODES.length).toBeGreaterThan(20);
    for (const code of CODES) expect(code, code).toMatch(/^drawings\.problem\.[a-z][A-Za-z]*$/);
    expect(isDrawingProblemCode('drawings.problem.latitudeOutOfRange')).toBe(true);
    expect(isDrawingProblemCode('drawings.problem.fromANewerServer')).toBe(false);
  });

  it('gives English the catalogue’s own texts, and every language every code with the same placeholders', () => {
    const english = problemTexts(LOCALES.en);
    for (const code of CODES) expect(english[code.slice('drawings.problem.'.length)], code).toBe(DRAWING_PROBLEMS[code]);
    for (const language of LANGUAGES) {
      const texts = problemTexts(LOCALES[language]);
      expect(Object.keys(texts).sort(), language).toEqual(CODES.map((c) => c.slice('drawings.problem.'.length)).sort());
      for (const code of CODES) {
        const text = texts[code.slice('drawings.problem.'.length)];
        expect(text?.trim(), `${code} in ${language}`).toBeTruthy();
        expect(placeholders(text), `${code} in ${language}`).toEqual(placeholders(DRAWING_PROBLEMS[code]));
        // Danish and Swedish are translations, not English left in place.
        if (language !== 'en') expect(text, `${code} in ${language}`).not.toBe(DRAWING_PROBLEMS[code]);
      }
      expect((LOCALES[language].drawings as Texts).anyFeature, language).toEqual(expect.any(String));
    }
    expect((LOCALES.da.drawings as Texts).anyFeature).toBe('Objekt');
  });

  it('writes the English message from the code and the parameters', () => {
    expect(drawingProblemMessage('drawings.problem.latitudeOutOfRange', { element: 'bunker', feature: 'b1', latitude: 95 })).toBe(
      "Bunker 'b1': has latitude 95 outside -90..90",
    );
    // A feature without an element is a 'Feature'; the element inside a sentence keeps its own name.
    expect(drawingProblemMessage('drawings.problem.duplicateId', { element: '', feature: 'x' })).toBe("Feature 'x': the feature id is used by more than one feature");
    expect(drawingProblemMessage('drawings.problem.areaTooLarge', { element: 'green', feature: 'g', area: 9000, max: 3000 })).toBe(
      "Green 'g': covers 9000 m², more than the graphics catalogue's largest green (3000 m²)",
    );
    expect(drawingProblem('', 'drawings.problem.tooManyFeatures', { features: 2001, max: 2000 })).toEqual({
      feature: '',
      code: 'drawings.problem.tooManyFeatures',
      params: { features: 2001, max: 2000 },
      message: 'The drawing has 2001 features; at most 2000 are allowed',
    });
  });

  it('lets a language write the names among the parameters its own way', () => {
    const names = { subject: (e: string) => `<${e}>`, inText: (e: string) => `(${e})`, geometry: (g: string) => g.toUpperCase() };
    expect(drawingProblemValues({ element: 'green', feature: 'g', container: 'hole boundary', geometry: 'polygon', area: 5 }, names)).toEqual({
      element: '<green>',
      elementInText: '(green)',
      feature: 'g',
      container: '(hole boundary)',
      geometry: 'POLYGON',
      area: 5,
    });
    // A problem of the whole drawing names no element.
    expect(drawingProblemValues({ vertices: 3, max: 2 }, ENGLISH_PROBLEM_NAMES)).toEqual({ vertices: 3, max: 2 });
  });
});

// A course import refused for its holes' drawings, in the reader's language (issue 21's closing
// follow-up: the refusal used to carry the first problem's English text inside a Danish sentence).
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { LOCALES } from '@golf/contract/locales';
import { ApiError } from './api-client';
import { importDrawingRefusal } from './drawing-problems';
import { i18n } from './i18n';

beforeAll(() => {
  i18n.addResourceBundle('da', 'translation', LOCALES.da, true, true);
});

const da = () => i18n.getFixedT('da') as TFunction;
const en = () => i18n.getFixedT('en') as TFunction;

/** The 400 the server answers (plan.ts checkedPlan): the first problem in the error, every problem in its details. */
const refused = new ApiError(400, 'Bad Request', {
  error: "The drawing of hole 2 is not valid: Tee 'way/1': has height 20000 m, beyond ±10,000 m",
  code: 'imports.invalidDrawing',
  params: { hole: 2, message: "Tee 'way/1': has height 20000 m, beyond ±10,000 m" },
  details: [
    { path: '2', code: 'drawings.problem.heightOutOfRange', params: { element: 'tee', feature: 'way/1', height: 20000, max: 10000 }, message: "Tee 'way/1': has height 20000 m, beyond ±10,000 m" },
    { path: '7', code: 'drawings.problem.latitudeOutOfRange', params: { element: 'bunker', feature: 'way/9', latitude: 95 }, message: "Bunker 'way/9': has latitude 95 outside -90..90" },
  ],
});

describe('importDrawingRefusal', () => {
  it('says the refusal and each problem with its hole in the reader’s language', () => {
    expect(importDrawingRefusal(da(), refused)).toEqual({
      text: "Tegningen af hul 2 er ugyldig: Tee 'way/1': har højden 20000 m, ud over ±10.000 m",
      problems: ["Hul 2: Tee 'way/1': har højden 20000 m, ud over ±10.000 m", "Hul 7: Bunker 'way/9': har breddegraden 95 uden for -90..90"],
    });
    expect(importDrawingRefusal(en(), refused)?.text).toBe("The drawing of hole 2 is not valid: Tee 'way/1': has height 20000 m, beyond ±10,000 m");
  });

  it('is null for any other error', () => {
    expect(importDrawingRefusal(da(), new ApiError(400, 'Bad Request', { error: 'The file is empty', code: 'imports.emptyFile' }))).toBeNull();
    expect(importDrawingRefusal(da(), new Error('offline'))).toBeNull();
  });
});

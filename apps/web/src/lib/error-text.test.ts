import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@golf/contract/locales';
import type { Language } from '@golf/contract/constants';
import { fakeApi, json } from '../testing/api';
import { createApiClient } from './api-client';
import { errorText } from './error-text';

/** A t() of its own in `language`, set up as the app's (i18n.ts), with English as the fallback. */
async function translator(language: Language): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: LOCALES.en }, [language]: { translation: LOCALES[language] } },
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    nsSeparator: false,
  });
  return instance.t;
}

/** The error a POST answered with `body` and `status` throws in the api client. */
async function failure(body: unknown, status: number): Promise<unknown> {
  fakeApi.post('clubs/1/guides', json(body, status));
  return createApiClient({ getToken: () => 'tok' })
    .post('clubs/1/guides', { title: 'Ny guide' })
    .then(() => null, (error: unknown) => error);
}

describe('errorText', () => {
  let da: TFunction;
  let sv: TFunction;
  beforeAll(async () => {
    da = await translator('da');
    sv = await translator('sv');
  });

  it('shows a Danish user the Danish text of a coded refusal, with its number', async () => {
    const error = await failure({ error: 'A club can have at most 30 guides. Delete some before adding more.', code: 'guides.capReached', params: { max: 30 } }, 409);
    expect(errorText(error, da)).toBe('En klub kan højst have 30 guides. Slet nogle, før du tilføjer flere.');
    expect(errorText(error, sv)).toBe('En klubb kan ha högst 30 guider. Ta bort några innan du lägger till fler.');
  });

  it('writes a number parameter the way the language writes numbers', async () => {
    const error = await failure({ error: 'The file has more than 100,000 rows. Split it into smaller files.', code: 'members.tooManyRows', params: { max: 100000 } }, 400);
    expect(errorText(error, da)).toBe('Filen har mere end 100.000 rækker. Del den op i mindre filer.');
  });

  it('translates a code without parameters', async () => {
    expect(errorText(await failure({ error: 'Guide not found', code: 'guides.notFound' }, 404), da)).toBe('Guiden blev ikke fundet');
  });

  it("shows the server's text for a code the app does not know, or for an answer without a code", async () => {
    expect(errorText(await failure({ error: 'Something new went wrong', code: 'future.refusal', params: { n: 1 } }, 409), da)).toBe('Something new went wrong');
    expect(errorText(await failure({ error: 'An old server said no' }, 400), da)).toBe('An old server said no');
  });

  it('falls back to a general message for a failure without a body', async () => {
    fakeApi.post('clubs/1/guides', new Response(null, { status: 500 }));
    const error = await createApiClient({ getToken: () => 'tok' })
      .post('clubs/1/guides', {})
      .catch((e: unknown) => e);
    expect(errorText(error, da)).toBe(da('errors.httpStatus', { status: 500 }));
    expect(errorText(new Error('boom'), da)).toBe(da('errors.generic'));
  });
});

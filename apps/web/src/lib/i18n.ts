import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@golf/contract/constants';
import { api } from './api-client';

export const LANGUAGE_STORAGE_KEY = 'golf-console.language';

/** Names of the languages in their own language (not translated on purpose). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', da: 'Dansk', sv: 'Svenska' };

export const i18n = i18next.createInstance();

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Loads a language's texts from GET /api/translations/{lng}; English falls back to a bundled copy. */
export const apiBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    api
      .get<Record<string, unknown>>(`translations/${language}`)
      .then((data) => callback(null, data))
      .catch(async (error: unknown) => {
        if (language === FALLBACK_LANGUAGE) {
          try {
            const { LOCALES } = await import('@golf/contract/locales');
            callback(null, LOCALES.en);
            return;
          } catch {
            // fall through to the error below
          }
        }
        callback(error instanceof Error ? error : new Error(String(error)), false);
      });
  },
};

/** The language before anyone signs in: the last one used here, else the browser's, else English. */
export function detectLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage may be unavailable (private mode)
  }
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const base = tag?.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return FALLBACK_LANGUAGE;
}

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  try {
    if (isLanguage(lng)) localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // ignore
  }
});

let initialising: Promise<unknown> | null = null;

/** Starts i18next. Tests pass `resources` so nothing is fetched. */
export function initI18n(options: { lng?: Language; resources?: Resource } = {}) {
  if (initialising) return initialising;
  if (!options.resources) i18n.use(apiBackend);
  i18n.use(initReactI18next);
  initialising = i18n.init({
    lng: options.lng ?? detectLanguage(),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    resources: options.resources,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    nsSeparator: false,
    react: { useSuspense: true },
  });
  return initialising;
}

/** Switches the interface language (after sign-in and every profile load). */
export async function switchLanguage(language: Language): Promise<void> {
  if (!initialising) return;
  await initialising.catch(() => undefined);
  if (i18n.language === language) return;
  await i18n.changeLanguage(language);
}

import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { LOCALES } from '@golf/contract/locales';
import { initI18n } from '../lib/i18n';

const en = LOCALES.en;

await initI18n({ lng: 'en', resources: { en: { translation: en } } });

afterEach(() => {
  cleanup();
});

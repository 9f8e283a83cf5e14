import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import en from '@golf/contract/locales/en.json';
import { initI18n } from '../lib/i18n';

await initI18n({ lng: 'en', resources: { en: { translation: en } } });

afterEach(() => {
  cleanup();
});

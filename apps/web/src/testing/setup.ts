import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { LOCALES } from '@golf/contract/locales';
import { initI18n } from '../lib/i18n';
import { onUnfakedRequest, resetApi, server } from './api';
import { UploadXhr } from './upload-xhr';

const en = LOCALES.en;

await initI18n({ lng: 'en', resources: { en: { translation: en } } });

// findBy… and waitFor wait up to 5 s for the screen to settle (1 s is too short on a busy 2-core machine).
configure({ asyncUtilTimeout: 5_000 });

// Every request reaches the fake API; one to a route the test did not fake fails the test.
// Uploads go through the fake API too, with their progress (see upload-xhr.ts): the stand-in is
// put in after msw starts, which would otherwise wrap it as if it were a browser's XHR.
beforeAll(() => {
  server.listen({ onUnhandledRequest: onUnfakedRequest });
  Object.defineProperty(globalThis, 'XMLHttpRequest', { value: UploadXhr, configurable: true, writable: true, enumerable: true });
});

afterEach(() => {
  cleanup();
  resetApi();
});

afterAll(() => server.close());

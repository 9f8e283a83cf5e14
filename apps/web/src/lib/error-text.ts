import type { TFunction } from 'i18next';
import { isApiError, SERVICE_UNAVAILABLE } from './api-client';

const CODE = /^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/;

/**
 * The text to show for a failed call, in the reader's language: a refusal with a code the app
 * knows is its `serverErrors.<code>` text with the server's parameters; a code the app does not
 * know (a newer server) or none shows the server's own `error`; with neither, a general message.
 */
export function errorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.status === 503 && error.serverMessage === SERVICE_UNAVAILABLE) return t('errors.serviceUnavailable');
    const code = error.code;
    // Codes are `area.name` (packages/contract/src/api/errors.ts); the catalogue itself stays out of
    // the app's bundle: whether this language has the text is the translations' business.
    if (code && CODE.test(code)) {
      // The server's text stays the answer when this language lacks the code (never the bare key).
      return t(`serverErrors.${code}`, { ...error.params, defaultValue: error.serverMessage ?? t('errors.httpStatus', { status: error.status }) });
    }
    if (error.serverMessage) return error.serverMessage;
    return t('errors.httpStatus', { status: error.status });
  }
  return t('errors.generic');
}

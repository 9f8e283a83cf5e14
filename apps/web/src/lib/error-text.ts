import type { TFunction } from 'i18next';
import { isApiError, SERVICE_UNAVAILABLE } from './api-client';

/** The text to show for a failed call: the server's `error`, or a translated general message. */
export function errorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.status === 503 && error.serverMessage === SERVICE_UNAVAILABLE) return t('errors.serviceUnavailable');
    if (error.serverMessage) return error.serverMessage;
    return t('errors.httpStatus', { status: error.status });
  }
  return t('errors.generic');
}

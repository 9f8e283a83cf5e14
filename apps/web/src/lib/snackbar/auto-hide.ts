import { CONFIRMATION_AUTO_HIDE_MS, SNACKBAR_AUTO_HIDE_MS } from '@golf/contract/constants';
import type { SnackType } from './snackbar-context';

/** Confirmation hides after 5 s, errors and warnings after 10 s; loading stays until replaced. */
export function autoHideDuration(type: SnackType): number | null {
  if (type === 'loading') return null;
  if (type === 'confirmation') return CONFIRMATION_AUTO_HIDE_MS;
  return SNACKBAR_AUTO_HIDE_MS;
}

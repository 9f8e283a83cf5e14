import { createContext, useContext } from 'react';

export type SnackType = 'loading' | 'confirmation' | 'error' | 'warning';
export type SnackPosition = 'top' | 'bottom';

export interface SnackInput {
  type: SnackType;
  message: string;
  /** A second line, e.g. the server's reason. */
  detail?: string;
  position?: SnackPosition;
}

export interface Snackbar {
  show: (snack: SnackInput) => void;
  loading: (message: string, position?: SnackPosition) => void;
  confirm: (message: string, detail?: string) => void;
  error: (message: string, detail?: string) => void;
  warn: (message: string, detail?: string) => void;
  hide: () => void;
}

export const SnackbarContext = createContext<Snackbar | null>(null);

export function useSnackbar(): Snackbar {
  const snackbar = useContext(SnackbarContext);
  if (!snackbar) throw new Error('useSnackbar needs a SnackbarProvider');
  return snackbar;
}

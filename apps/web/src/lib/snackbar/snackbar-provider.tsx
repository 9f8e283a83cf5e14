import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import MuiSnackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { autoHideDuration } from './auto-hide';
import { SnackbarContext, type SnackInput, type Snackbar } from './snackbar-context';

const SEVERITY = { loading: 'info', confirmation: 'success', error: 'error', warning: 'warning' } as const;

interface ShownSnack extends SnackInput {
  key: number;
}

/** One snack at a time; a new one replaces the current one. A click-away never closes it. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [snack, setSnack] = useState<ShownSnack | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((input: SnackInput) => {
    setSnack({ ...input, key: Date.now() + Math.random() });
    setOpen(true);
  }, []);
  const hide = useCallback(() => setOpen(false), []);

  const api = useMemo<Snackbar>(
    () => ({
      show,
      hide,
      loading: (message, position) => show({ type: 'loading', message, position }),
      confirm: (message, detail) => show({ type: 'confirmation', message, detail }),
      error: (message, detail) => show({ type: 'error', message, detail }),
      warn: (message, detail) => show({ type: 'warning', message, detail }),
    }),
    [show, hide],
  );

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {snack && (
        <MuiSnackbar
          key={snack.key}
          open={open}
          onClose={handleClose}
          autoHideDuration={autoHideDuration(snack.type)}
          anchorOrigin={{ vertical: snack.position ?? 'bottom', horizontal: 'center' }}
        >
          <Alert
            severity={SEVERITY[snack.type]}
            variant="filled"
            icon={snack.type === 'loading' ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
            onClose={snack.type === 'loading' ? undefined : () => setOpen(false)}
            closeText={t('common.close')}
            sx={{ minWidth: 288, alignItems: 'center' }}
            data-snack-type={snack.type}
          >
            {snack.message}
            {snack.detail && <div style={{ fontSize: '0.8125rem', opacity: 0.92 }}>{snack.detail}</div>}
          </Alert>
        </MuiSnackbar>
      )}
    </SnackbarContext.Provider>
  );
}

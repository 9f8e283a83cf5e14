import { Suspense, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Splash } from '../components/ui/splash';
import { SnackbarProvider } from '../lib/snackbar/snackbar-provider';
import { theme } from './theme';

/** Theme, translations (suspends until loaded) and snackbars; the query client comes with the signed-in screens (router.tsx). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Suspense fallback={<Splash />}>
        <SnackbarProvider>{children}</SnackbarProvider>
      </Suspense>
    </ThemeProvider>
  );
}

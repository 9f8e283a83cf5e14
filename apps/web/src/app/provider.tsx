import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Splash } from '../components/ui/splash';
import { queryClient } from '../lib/query-client';
import { SnackbarProvider } from '../lib/snackbar/snackbar-provider';
import { theme } from './theme';

/** Theme, translations (suspends until loaded), the query client and snackbars. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Suspense fallback={<Splash />}>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider>{children}</SnackbarProvider>
        </QueryClientProvider>
      </Suspense>
    </ThemeProvider>
  );
}

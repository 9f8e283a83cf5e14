import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { connectQueryCache } from './auth/session';
import { queryClient } from './query-client';
import { regionsQueryOptions } from './reference-data';

// Loaded with the signed-in screens (router.tsx), not by the public pages (issue 9).
connectQueryCache({
  clear: () => queryClient.clear(),
  loadRegions: () => void queryClient.prefetchQuery(regionsQueryOptions()),
});

/** The app's query client, around the screens that query the API. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

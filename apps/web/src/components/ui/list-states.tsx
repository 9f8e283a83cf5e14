import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';

/**
 * The one way a list screen shows its load cycle: loading, error with Retry, an empty state in
 * place of the list (`empty`, or null when there are items), else the list itself.
 */
export function ListStates({
  query,
  errorTitle,
  empty,
  loadingRows = 4,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  errorTitle: string;
  empty: ReactNode;
  loadingRows?: number;
  children: () => ReactNode;
}) {
  if (query.isPending) return <LoadingState rows={loadingRows} />;
  if (query.isError) return <ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />;
  if (empty) return <Paper variant="outlined">{empty}</Paper>;
  return <>{children()}</>;
}

import type { ReactElement, ReactNode } from 'react';
import Card from '@mui/material/Card';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';

/** What the gate reads of a query (TanStack Query's result has it). */
export interface GateQuery {
  data: unknown;
  error: unknown;
  isError: boolean;
  refetch: () => unknown;
}

/** Something loaded beside the queries that is not one query (e.g. every drawing of a course). */
export interface GateExtra {
  pending: boolean;
  error: unknown;
  retry: () => void;
}

export interface GateOptions {
  /** Skeleton rows while waiting; none: a spinner. */
  rows?: number;
  /** The error's heading; none: the general "could not load". */
  errorTitle?: string;
  extra?: GateExtra;
}

type Loaded<Q extends readonly GateQuery[]> = { -readonly [K in keyof Q]: NonNullable<Q[K]['data']> };

/**
 * The loading guard of a data screen (the course pages, the hole editor, the sponsor setups): when
 * a query failed, the first failure with a Retry that loads each failed query again; while any query
 * has no data yet, the waiting placeholder; once all have data, that data in the queries' order.
 *
 *     const gate = awaitQueries([courses, tees], { rows: 8 });
 *     if (gate.view) return gate.view;
 *     const [courseList, teeList] = gate.data;
 */
export function awaitQueries<const Q extends readonly GateQuery[]>(
  queries: Q,
  { rows, errorTitle, extra }: GateOptions = {},
): { view: ReactElement; data?: undefined } | { view: null; data: Loaded<Q> } {
  const failed = queries.find((q) => q.isError);
  if (failed || extra?.error) {
    const retry = () => {
      queries.forEach((q) => q.isError && void q.refetch());
      if (extra?.error) extra.retry();
    };
    return { view: <ErrorState error={failed ? failed.error : extra?.error} title={errorTitle} onRetry={retry} /> };
  }
  if (queries.some((q) => q.data === undefined) || extra?.pending) return { view: <LoadingState rows={rows} /> };
  return { view: null, data: queries.map((q) => q.data) as Loaded<Q> };
}

/** A screen's "not found" (a course, a hole, a setup that is not, or no longer, there) as a card, with what to do next below the title. */
export function NotFoundCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card>
      <EmptyState title={title}>{children}</EmptyState>
    </Card>
  );
}

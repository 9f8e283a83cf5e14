import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../lib/api-client';
import { awaitQueries, NotFoundCard, type GateQuery } from './query-gate';

const loaded = <T,>(data: T) => ({ data, error: null, isError: false, refetch: vi.fn() });
const waiting = () => ({ data: undefined, error: null, isError: false, refetch: vi.fn() });
const failed = (message: string) => ({ data: undefined, error: new ApiError(500, '', { error: message }), isError: true, refetch: vi.fn() });

describe('awaitQueries', () => {
  it('hands over every query’s data in order once all have it, and no view', () => {
    const gate = awaitQueries([loaded([1, 2]), loaded('club')]);
    expect(gate.view).toBeNull();
    expect(gate.data).toEqual([[1, 2], 'club']);
  });

  it('waits (a status placeholder) while any query has no data, or the extra is pending', () => {
    const gate = awaitQueries([loaded(1), waiting()], { rows: 3 });
    expect(gate.data).toBeUndefined();
    render(gate.view!);
    expect(screen.getByRole('status')).toBeTruthy();

    const extra = awaitQueries([loaded(1)], { extra: { pending: true, error: null, retry: vi.fn() } });
    expect(extra.view).not.toBeNull();
  });

  it('shows the first failure under the given heading; Retry reloads each failed query only', async () => {
    const first = failed('Courses down');
    const second = failed('Tees down');
    const fine = loaded(1);
    const queries: GateQuery[] = [fine, first, second];
    const gate = awaitQueries(queries, { errorTitle: 'Could not load the course' });
    render(gate.view!);
    expect(screen.getByText('Could not load the course')).toBeTruthy();
    expect(screen.getByText(/Courses down/)).toBeTruthy();
    expect(screen.queryByText(/Tees down/)).toBeNull();
    await userEvent.click(screen.getByRole('button'));
    expect(first.refetch).toHaveBeenCalledOnce();
    expect(second.refetch).toHaveBeenCalledOnce();
    expect(fine.refetch).not.toHaveBeenCalled();
  });

  it('a failed extra is an error too, and Retry retries it', async () => {
    const retry = vi.fn();
    const gate = awaitQueries([loaded(1)], { extra: { pending: false, error: new ApiError(500, '', { error: 'Drawings down' }), retry } });
    render(gate.view!);
    expect(screen.getByText(/Drawings down/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button'));
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe('NotFoundCard', () => {
  it('shows the title and what to do next', () => {
    render(
      <NotFoundCard title="Course not found">
        <a href="/">Home</a>
      </NotFoundCard>,
    );
    expect(screen.getByText('Course not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
  });
});

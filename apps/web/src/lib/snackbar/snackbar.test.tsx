import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONFIRMATION_AUTO_HIDE_MS, SNACKBAR_AUTO_HIDE_MS } from '@golf/contract/constants';
import { autoHideDuration } from './auto-hide';
import { useSnackbar } from './snackbar-context';
import { SnackbarProvider } from './snackbar-provider';

function Trigger() {
  const snackbar = useSnackbar();
  return (
    <>
      <button onClick={() => snackbar.loading('Signing in..')}>loading</button>
      <button onClick={() => snackbar.error('Could not log in', 'reason')}>error</button>
      <p>elsewhere</p>
    </>
  );
}

describe('snackbars', () => {
  it('hide confirmations after 5 s, errors and warnings after 10 s, loading never', () => {
    expect(autoHideDuration('confirmation')).toBe(CONFIRMATION_AUTO_HIDE_MS);
    expect(CONFIRMATION_AUTO_HIDE_MS).toBe(5000);
    expect(autoHideDuration('error')).toBe(SNACKBAR_AUTO_HIDE_MS);
    expect(autoHideDuration('warning')).toBe(10000);
    expect(autoHideDuration('loading')).toBeNull();
  });

  it('replaces the current snack, and a click-away does not close it', async () => {
    render(
      <SnackbarProvider>
        <Trigger />
      </SnackbarProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'loading' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Signing in..');
    await userEvent.click(screen.getByRole('button', { name: 'error' }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not log in');
    expect(alert).toHaveTextContent('reason');
    expect(screen.queryByText('Signing in..')).toBeNull();
    await userEvent.click(screen.getByText('elsewhere'));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not log in');
  });
});

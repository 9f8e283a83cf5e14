import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../testing/render';
import { UnsavedChangesGuard, useUnsavedChangesGuard } from './unsaved-changes-guard';

/** A screen with its own question, as the hole editor has, on the shared guard. */
function OwnWords({ dirty, saving }: { dirty: boolean; saving: boolean }) {
  const blocker = useUnsavedChangesGuard(dirty, saving);
  return blocker.state === 'blocked' ? (
    <div role="dialog" aria-label="Leave?">
      <button onClick={() => blocker.reset?.()}>Stay</button>
      <button onClick={() => blocker.proceed?.()}>Leave</button>
    </div>
  ) : null;
}

const routes = (screenElement: React.ReactNode) => [
  { path: '/edit', element: screenElement },
  { path: '/other', element: <p>Other page</p> },
];
const beforeUnload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useUnsavedChangesGuard', () => {
  it('holds a move to another page while dirty: staying keeps the page, leaving goes', async () => {
    const router = renderRoutes(routes(<OwnWords dirty saving={false} />), '/edit');
    await act(() => router.navigate('/other'));
    expect(router.state.location.pathname).toBe('/edit');
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/edit');

    await act(() => router.navigate('/other'));
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('lets a change of the query string alone, a running save and a clean page through', async () => {
    const router = renderRoutes(routes(<OwnWords dirty saving={false} />), '/edit');
    await act(() => router.navigate('/edit?tab=2'));
    expect(router.state.location.search).toBe('?tab=2');
    expect(screen.queryByRole('dialog')).toBeNull();

    const saving = renderRoutes(routes(<OwnWords dirty saving />), '/edit');
    await act(() => saving.navigate('/other'));
    expect(saving.state.location.pathname).toBe('/other');

    const clean = renderRoutes(routes(<OwnWords dirty={false} saving={false} />), '/edit');
    await act(() => clean.navigate('/other'));
    expect(clean.state.location.pathname).toBe('/other');
  });

  it('asks the browser before closing or reloading the tab only while dirty', () => {
    renderRoutes(routes(<OwnWords dirty saving={false} />), '/edit');
    expect(beforeUnload()).toBe(true);
  });

  it('does not ask the browser on a clean page', () => {
    renderRoutes(routes(<OwnWords dirty={false} saving={false} />), '/edit');
    expect(beforeUnload()).toBe(false);
  });
});

describe('UnsavedChangesGuard', () => {
  it('asks in the given words with Stay focused, and leaves on Leave', async () => {
    const texts = { title: 'Unsaved changes', text: 'Leave without saving?', stay: 'Stay here', leave: 'Leave anyway' };
    const router = renderRoutes(routes(<UnsavedChangesGuard dirty saving={false} texts={texts} />), '/edit');
    await act(() => router.navigate('/other'));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('Leave without saving?');
    expect(screen.getByRole('button', { name: 'Stay here' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Leave anyway' }));
    expect(router.state.location.pathname).toBe('/other');
  });
});

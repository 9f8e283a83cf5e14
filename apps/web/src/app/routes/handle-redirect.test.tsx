import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, json } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { clubAddress, HandleRedirect, looksLikeHandle } from './handle-redirect';
import { RootLayout } from './root-layout';

/** The /:clubId guard's handle step alone (under the layout that titles the page): a handle segment is resolved, the rest of the address kept. */
function renderAt(path: string) {
  const Guard = () => <HandleRedirect handle={path.split('/')[1]} />;
  return renderRoutes(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/7/*', element: <p>Club 7</p> },
          { path: '/:handle/*', element: <Guard /> },
        ],
      },
    ],
    path,
  );
}

describe('handles in URLs (issue 27)', { timeout: 20_000 }, () => {
  it('tells a handle from a club id', () => {
    expect(looksLikeHandle('fjordvang')).toBe(true);
    expect(looksLikeHandle('gk-2')).toBe(true);
    expect(looksLikeHandle('42')).toBe(false);
    expect(looksLikeHandle('-x')).toBe(false);
    expect(looksLikeHandle('a')).toBe(false);
    expect(looksLikeHandle('a.b')).toBe(false);
    expect(clubAddress('/fjordvang/courses/5', '?view=map', '#h2', 7)).toBe('/7/courses/5?view=map#h2');
    expect(clubAddress('/fjordvang', '', '', 7)).toBe('/7/home');
  });

  it('replaces a handle, current or former, by its club id and keeps the rest of the address', async () => {
    fakeApi.get('club-handles/:handle', ({ params }) => (params.handle === 'fjordvang-old' ? { club_id: 7, handle: 'fjordvang', former: true } : json({ error: 'No club has this address', code: 'management.handleNotFound' }, 404)));
    const router = renderAt('/Fjordvang-Old/admin/club-status?view=clubs#top');
    expect(await screen.findByText('Club 7')).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/7/admin/club-status', search: '?view=clubs', hash: '#top' });
    expect(fakeApi.requests.map((r) => r.url)).toEqual(['/api/club-handles/fjordvang-old']);
    // Replaced: Back does not return to the handle.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows "not found" for a handle no club has (or one of a club the user may not open)', async () => {
    fakeApi.get('club-handles/:handle', json({ error: 'No club has this address', code: 'management.handleNotFound' }, 404));
    renderAt('/nowhere/home');
    expect(await screen.findByText('UNKNOWN ROUTE')).toBeInTheDocument();
    expect(fakeApi.requests).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('UNKNOWN ROUTE · Golf Console'));
  });

  it('titles the page "Loading…" while the handle is looked up, not as an unknown route', async () => {
    let answer: (value: unknown) => void = () => undefined;
    fakeApi.get('club-handles/:handle', () => new Promise((resolve) => (answer = resolve)));
    renderAt('/fjordvang/clubs');
    await waitFor(() => expect(document.title).toBe('Loading… · Golf Console'));
    answer({ club_id: 7, handle: 'fjordvang', former: false });
    expect(await screen.findByText('Club 7')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Clubs · Golf Console'));
  });

  it('offers to try again when the server cannot be reached', async () => {
    fakeApi.get('club-handles/:handle', json({ error: 'Boom' }, 500));
    renderAt('/fjordvang/home');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument(), { timeout: 15_000 });
  });
});

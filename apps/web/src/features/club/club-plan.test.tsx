import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Club } from '@golf/contract/api/clubs';
import type { Profile } from '@golf/contract/api/session';
import { fakeApi } from '../../testing/api';
import { club as clubRecord, profile } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { ClubInformationPage } from './components/club-information-page';

// The club's plan (issue 23, §6: Business allows posting to Facebook): a select on the club
// information screen for platform admins only, saved with PUT clubs/{id}.

/** The signed-in profile the screen sees (the session module's hook, the rest of it real). */
const signedIn = vi.hoisted(() => ({ profile: null as Profile | null }));
vi.mock('../../lib/auth/session', async (original) => ({
  ...(await original<typeof import('../../lib/auth/session')>()),
  useSession: () => ({ status: 'signed-in', profile: signedIn.profile }),
}));

function clubServer() {
  let club = clubRecord({ plan: 'standard' });
  fakeApi.get('countries', [{ code: 'dk', name: 'Denmark' }]);
  fakeApi.get('clubs/1/club', () => club);
  fakeApi.put('clubs/1', ({ body }) => {
    club = { ...club, ...(body as Partial<Club>), updated_at: new Date().toISOString() };
    return club;
  });
}

const renderPage = () => renderRoutes([{ path: '/:clubId/club', element: <ClubInformationPage /> }], '/1/club');

describe('the club’s plan', { timeout: 20_000 }, () => {
  it('is chosen by an admin and saved with the club', async () => {
    signedIn.profile = profile({ admin: true });
    clubServer();
    renderPage();
    const plan = await screen.findByRole('combobox', { name: 'Plan' });
    expect(plan).toHaveTextContent('Standard');
    await userEvent.click(plan);
    await userEvent.click(await screen.findByRole('option', { name: 'Business' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Club saved')).toBeInTheDocument();
    const [put] = fakeApi.sent('PUT');
    expect(put.url).toBe('/api/clubs/1');
    expect(put.body).toMatchObject({ plan: 'business' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveTextContent('Business'));
  });

  it('is neither shown to nor sent by anyone else', async () => {
    signedIn.profile = profile({ admin: false });
    clubServer();
    renderPage();
    await userEvent.type(await screen.findByLabelText('Phone'), '+45 75 12 34 56');
    expect(screen.queryByRole('combobox', { name: 'Plan' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Club saved')).toBeInTheDocument();
    expect(fakeApi.sent('PUT')[0].body).not.toHaveProperty('plan');
  });
});

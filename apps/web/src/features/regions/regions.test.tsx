import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminRegion } from '@golf/contract/api/regions';
import { fakeApi, json, noContent } from '../../testing/api';
import { renderWithProviders } from '../../testing/render';
import { RegionsPage } from './components/regions-page';

const SYD: AdminRegion = {
  id: 1,
  name: 'Region Syddanmark',
  clubs: [{ id: 1, name: 'Fjordvang Golfklub' }],
  owners: [{ id: 2, email: 'owner@example.com', first_name: 'Ole', last_name: 'Owner' }],
};

/** The server holding the regions: list, create (names unique without regard to case), delete. */
function regionServer(initial: AdminRegion[]) {
  let regions = [...initial];
  fakeApi.get('admin/regions', () => regions);
  fakeApi.get('clubs-list', () => [
    { id: 1, name: 'Fjordvang Golfklub' },
    { id: 2, name: 'Ljungbacka Golfklubb' },
  ]);
  fakeApi.post('admin/regions', ({ body }) => {
    const name = (body as { name: string }).name;
    const taken = regions.find((r) => r.name.toLowerCase() === name.toLowerCase());
    if (taken) return json({ error: `A region called ${taken.name} exists already`, code: 'regions.nameTaken', params: { name: taken.name } }, 409);
    const created = { id: 10 + regions.length, name, clubs: [], owners: [] };
    regions = [...regions, created];
    return json(created, 201);
  });
  fakeApi.delete('admin/regions/:id', ({ params }) => {
    regions = regions.filter((r) => r.id !== Number(params.id));
    return noContent();
  });
  return { regions: () => regions };
}

describe('<RegionsPage>', { timeout: 20_000 }, () => {
  it('lists the regions with their clubs and owners', async () => {
    regionServer([SYD]);
    renderWithProviders(<RegionsPage />);
    const region = await screen.findByTestId('region');
    expect(within(region).getByRole('heading', { name: 'Region Syddanmark' })).toBeInTheDocument();
    expect(region).toHaveTextContent('1 club · 1 owner');
    expect(within(region).getByTestId('region-club')).toHaveTextContent('Fjordvang Golfklub');
    expect(within(region).getByTestId('region-owner')).toHaveTextContent('Ole Owner');
    expect(within(region).getByRole('button', { name: 'Remove Ole Owner as owner of Region Syddanmark' })).toBeInTheDocument();
  });

  it('says when there are no regions yet', async () => {
    regionServer([]);
    renderWithProviders(<RegionsPage />);
    expect(await screen.findByText('No regions yet.')).toBeInTheDocument();
  });

  it('creates a region, and shows a taken name at the field', async () => {
    const server = regionServer([SYD]);
    const user = userEvent.setup();
    renderWithProviders(<RegionsPage />);
    await screen.findByTestId('region');
    await user.click(screen.getByRole('button', { name: 'New region' }));
    const dialog = screen.getByRole('dialog', { name: 'New region' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Enter a name')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Name/), 'region SYDDANMARK');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A region called Region Syddanmark exists already')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Name/));
    await user.type(within(dialog).getByLabelText(/Name/), 'Nordjylland');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Nordjylland' })).toBeInTheDocument();
    expect(server.regions().map((r) => r.name)).toEqual(['Region Syddanmark', 'Nordjylland']);
    expect(screen.getByText('Nordjylland is created')).toBeInTheDocument();
  });

  it('asks before deleting a region, and keeps it when cancelled', async () => {
    const server = regionServer([SYD]);
    const user = userEvent.setup();
    renderWithProviders(<RegionsPage />);
    await screen.findByTestId('region');
    await user.click(screen.getByRole('button', { name: 'Delete Region Syddanmark' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Region Syddanmark?' });
    expect(confirm).toHaveTextContent('its clubs stay');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.regions()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete Region Syddanmark' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Region Syddanmark?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No regions yet.')).toBeInTheDocument();
    expect(server.regions()).toEqual([]);
  });
});

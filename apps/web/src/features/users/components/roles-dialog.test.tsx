import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClubUser } from '@golf/contract/api/users';
import { apiError, fakeApi } from '../../../testing/api';
import { clubUser, profile } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { RolesDialog } from './roles-dialog';

const manager = profile({ id: 7, email: 'manager@example.com', firstName: 'Mona', lastName: 'Manager', roles: { '1': ['club-info', 'user-management'] } });

vi.mock('../../../lib/auth/session', () => ({ useProfile: () => manager }));

const target = clubUser({ email: 'target@example.com', first_name: 'Tina', last_name: 'Target', roles: ['club-info', 'products'] });

function setup(user: ClubUser = target) {
  const onDone = vi.fn();
  renderWithProviders(<RolesDialog clubId={1} user={user} onClose={() => {}} onDone={onDone} />);
  return { onDone, dialog: screen.getByRole('dialog', { name: 'Roles of Tina Target' }) };
}

describe('<RolesDialog>', () => {
  it('lets a manager change only the roles they hold (§6)', () => {
    setup();
    expect(screen.getByRole('checkbox', { name: 'User management' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Products' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Products' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Insights' })).toBeDisabled();
    expect(screen.getByText('You can only give roles that you hold in this club yourself.')).toBeInTheDocument();
  });

  it('sends the whole list of roles and reports success after the users reload', async () => {
    fakeApi.put('clubs/1/users/9/roles', { ...target, roles: ['club-info', 'products', 'user-management'] });
    const { onDone } = setup();
    await userEvent.click(screen.getByRole('checkbox', { name: 'User management' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fakeApi.requests.map((r) => [r.method, r.url, r.body])).toEqual([['PUT', '/api/clubs/1/users/9/roles', { roles: ['club-info', 'products', 'user-management'] }]]);
  });

  it("shows \"You can't change this user's roles\" when the server refuses with 403", async () => {
    fakeApi.put('clubs/1/users/9/roles', apiError(403, "You can't change this user's roles"));
    const { onDone } = setup();
    await userEvent.click(screen.getByRole('checkbox', { name: 'User management' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("You can't change this user's roles");
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a generic error message for any other failure', async () => {
    fakeApi.put('clubs/1/users/9/roles', apiError(500, 'Internal server error'));
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('wants at least one role', async () => {
    setup({ ...target, roles: ['club-info'] });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Club information' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('Choose at least one role')).toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
  });
});

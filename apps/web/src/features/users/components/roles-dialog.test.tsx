import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@golf/contract/api/session';
import type { ClubUser } from '@golf/contract/api/users';
import { api, ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { RolesDialog } from './roles-dialog';

const manager: Profile = {
  id: 7,
  email: 'manager@example.com',
  firstName: 'Mona',
  lastName: 'Manager',
  admin: false,
  roles: { '1': ['club-info', 'user-management'] },
  regionRoles: {},
  photoFileName: null,
  language: 'en',
  defaultClubId: 1,
};

vi.mock('../../../lib/auth/session', () => ({ useProfile: () => manager }));

const target: ClubUser = {
  id: 9,
  email: 'target@example.com',
  first_name: 'Tina',
  last_name: 'Target',
  language: 'en',
  roles: ['club-info', 'products'],
  admin: false,
  pending: false,
  last_login: null,
};

function setup(user: ClubUser = target) {
  const onDone = vi.fn();
  renderWithProviders(<RolesDialog clubId={1} user={user} onClose={() => {}} onDone={onDone} />);
  return { onDone, dialog: screen.getByRole('dialog', { name: 'Roles of Tina Target' }) };
}

afterEach(() => vi.restoreAllMocks());

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
    const put = vi.spyOn(api, 'put').mockResolvedValue({ ...target, roles: ['club-info', 'products', 'user-management'] });
    const { onDone } = setup();
    await userEvent.click(screen.getByRole('checkbox', { name: 'User management' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('clubs/1/users/9/roles', { roles: ['club-info', 'products', 'user-management'] });
  });

  it("shows \"You can't change this user's roles\" when the server refuses with 403", async () => {
    vi.spyOn(api, 'put').mockRejectedValue(new ApiError(403, 'Forbidden', { error: "You can't change this user's roles" }));
    const { onDone } = setup();
    await userEvent.click(screen.getByRole('checkbox', { name: 'User management' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("You can't change this user's roles");
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a generic error message for any other failure', async () => {
    vi.spyOn(api, 'put').mockRejectedValue(new ApiError(500, 'Internal Server Error', { error: 'Internal server error' }));
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('wants at least one role', async () => {
    const put = vi.spyOn(api, 'put');
    setup({ ...target, roles: ['club-info'] });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Club information' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('Choose at least one role')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });
});

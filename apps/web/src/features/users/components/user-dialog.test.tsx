import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Profile } from '@golf/contract/api/session';
import type { ClubUser } from '@golf/contract/api/users';
import { api, ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { UserDialog } from './user-dialog';

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

const person: ClubUser = {
  id: 9,
  email: 'person@example.com',
  first_name: 'Per',
  last_name: 'Son',
  language: 'en',
  roles: ['club-info'],
  admin: false,
  pending: false,
  last_login: null,
};

afterEach(() => vi.restoreAllMocks());

// The first render of the MUI dialog is slow on a busy machine.
describe('<UserDialog>', { timeout: 20_000 }, () => {
  it('announces access and the invitation alike, whether or not the email had an account', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ user: person, invited: true });
    const onDone = vi.fn();
    renderWithProviders(<UserDialog clubId={1} onClose={() => {}} onDone={onDone} />);
    await userEvent.type(screen.getByLabelText('Email'), 'person@example.com');
    await userEvent.type(screen.getByLabelText('First name'), 'Per');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Club information' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create and invite' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Access given. An invitation was sent to person@example.com.'));
    expect(post).toHaveBeenCalledWith('clubs/1/users', expect.objectContaining({ email: 'person@example.com', roles: ['club-info'] }));
  });

  it("shows the server's message when a person's name is theirs to change", async () => {
    const message = "This person's name, language and email are theirs to change";
    vi.spyOn(api, 'put').mockRejectedValue(new ApiError(403, 'Forbidden', { error: message }));
    const onDone = vi.fn();
    renderWithProviders(<UserDialog clubId={1} user={person} onClose={() => {}} onDone={onDone} />);
    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('First name'), 'Peter');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onDone).not.toHaveBeenCalled();
  });
});

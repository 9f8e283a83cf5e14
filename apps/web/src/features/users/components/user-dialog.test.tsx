import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, fakeApi } from '../../../testing/api';
import { clubUser, profile } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { UserDialog } from './user-dialog';

const manager = profile({ id: 7, email: 'manager@example.com', firstName: 'Mona', lastName: 'Manager', roles: { '1': ['club-info', 'user-management'] } });

vi.mock('../../../lib/auth/session', () => ({ useProfile: () => manager }));

const person = clubUser();

// The first render of the MUI dialog is slow on a busy machine.
describe('<UserDialog>', { timeout: 20_000 }, () => {
  it('announces access and the invitation alike, whether or not the email had an account', async () => {
    fakeApi.post('clubs/1/users', { user: person, invited: true });
    const onDone = vi.fn();
    renderWithProviders(<UserDialog clubId={1} onClose={() => {}} onDone={onDone} />);
    await userEvent.type(screen.getByLabelText('Email'), 'person@example.com');
    await userEvent.type(screen.getByLabelText('First name'), 'Per');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Club information' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create and invite' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Access given. An invitation was sent to person@example.com.'));
    const [sent] = fakeApi.sent('POST');
    expect(sent.url).toBe('/api/clubs/1/users');
    expect(sent.body).toEqual(expect.objectContaining({ email: 'person@example.com', roles: ['club-info'] }));
  });

  it("shows the server's message when a person's name is theirs to change", async () => {
    const message = "This person's name, language and email are theirs to change";
    fakeApi.put('users/9', apiError(403, message));
    const onDone = vi.fn();
    renderWithProviders(<UserDialog clubId={1} user={person} onClose={() => {}} onDone={onDone} />);
    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('First name'), 'Peter');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onDone).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { apiError, fakeApi, networkError } from '../../../testing/api';
import { profile as profileRecord } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { SignInPage } from './sign-in-page';
import { session } from '../../../lib/auth/session';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderSignIn(path = '/signin') {
  return renderRoutes(
    [
      { path: '/signin', element: <SignInPage /> },
      { path: '*', element: <Where /> },
    ],
    path,
  );
}

afterEach(() => {
  session.logout('user', { revoke: false });
  localStorage.clear();
});

describe('<SignInPage>', () => {
  it('shows the login failure text and snack', async () => {
    fakeApi.post('authenticate', apiError(401, 'Could not login. Check your email and password then try again.'));
    renderSignIn();
    await userEvent.type(screen.getByLabelText('Email'), 'Staff@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Could not login. Check your email and password then try again.')).toBeInTheDocument();
    expect(await screen.findByText('Could not log in')).toBeInTheDocument();
    const [sent] = fakeApi.requests;
    expect(sent.url).toBe('/api/authenticate');
    expect(sent.body).toEqual({ username: 'staff@example.com', password: 'wrong' });
  });

  it('signs in and goes to nextPathName', async () => {
    const profile = profileRecord({ id: 3, roles: { '1': ['club-info'] } });
    fakeApi.post('authenticate', { token: 'x'.repeat(43), expired_at: new Date(Date.now() + 3600_000).toISOString() });
    fakeApi.put('authenticated', profile);
    renderSignIn('/signin?nextPathName=%2F1%2Fclub');
    await userEvent.type(screen.getByLabelText('Email'), 'staff@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'staff-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/1/club'));
    expect(JSON.parse(localStorage.getItem('golf-console.session')!).token).toBe('x'.repeat(43));
  });

  it('switches to reset-request mode and back', async () => {
    fakeApi.post('reset_password', { ok: true });
    renderSignIn();
    await userEvent.type(screen.getByLabelText('Email'), 'Owner@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'I forgot my password' }));
    expect(screen.getByText('Enter your email to receive a reset password email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('owner@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('You have been sent an e-mail with steps to reset your password')).toBeInTheDocument();
    const [sent] = fakeApi.requests;
    expect(sent.url).toBe('/api/reset_password');
    expect(sent.body).toEqual({ email: 'owner@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Wait, I remember now' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('asks for the empty fields on submit, focuses the first, and clears the message as it is typed', async () => {
    // No route is faked: a request would also fail the test.
    renderSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Email'), 'staff@example.com');
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(fakeApi.requests).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'I forgot my password' }));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(fakeApi.requests).toEqual([]);
  });

  it("shows 'Could Not Reset Password' when the request fails", async () => {
    fakeApi.post('reset_password', networkError());
    renderSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'I forgot my password' }));
    await userEvent.type(screen.getByLabelText('Email'), 'owner@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Could Not Reset Password')).toBeInTheDocument();
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
  });
});

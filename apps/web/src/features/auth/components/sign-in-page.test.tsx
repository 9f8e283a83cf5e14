import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '../../../testing/render';
import { SignInPage } from './sign-in-page';
import { session } from '../../../lib/auth/session';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderSignIn(path = '/signin') {
  return renderWithProviders(
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path },
  );
}

afterEach(() => {
  session.logout('user', { revoke: false });
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('<SignInPage>', () => {
  it('shows the login failure text and snack', async () => {
    const fetch = vi.fn(async () => json({ error: 'Could not login. Check your email and password then try again.' }, 401));
    vi.stubGlobal('fetch', fetch);
    renderSignIn();
    await userEvent.type(screen.getByLabelText('Email'), 'Staff@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Could not login. Check your email and password then try again.')).toBeInTheDocument();
    expect(await screen.findByText('Could not log in')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/authenticate');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'staff@example.com', password: 'wrong' });
  });

  it('signs in and goes to nextPathName', async () => {
    const profile = { id: 3, email: 'staff@example.com', firstName: 'Sam', lastName: 'Staff', admin: false, roles: { '1': ['club-info'] }, regionRoles: {}, photoFileName: null, language: 'en', defaultClubId: 1 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/authenticate') ? json({ token: 'x'.repeat(43), expired_at: new Date(Date.now() + 3600_000).toISOString() }) : json(profile),
      ),
    );
    renderSignIn('/signin?nextPathName=%2F1%2Fclub');
    await userEvent.type(screen.getByLabelText('Email'), 'staff@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'staff-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/1/club'));
    expect(JSON.parse(localStorage.getItem('golf-console.session')!).token).toBe('x'.repeat(43));
  });

  it('switches to reset-request mode and back', async () => {
    const fetch = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal('fetch', fetch);
    renderSignIn();
    await userEvent.type(screen.getByLabelText('Email'), 'Owner@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'I forgot my password' }));
    expect(screen.getByText('Enter your email to receive a reset password email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('owner@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('You have been sent an e-mail with steps to reset your password')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reset_password');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'owner@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Wait, I remember now' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('asks for the empty fields on submit, focuses the first, and clears the message as it is typed', async () => {
    const fetch = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal('fetch', fetch);
    renderSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Email'), 'staff@example.com');
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'I forgot my password' }));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Could Not Reset Password' when the request fails", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    renderSignIn();
    await userEvent.click(screen.getByRole('button', { name: 'I forgot my password' }));
    await userEvent.type(screen.getByLabelText('Email'), 'owner@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Could Not Reset Password')).toBeInTheDocument();
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
  });
});

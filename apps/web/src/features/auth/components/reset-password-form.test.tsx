import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import { ResetPasswordForm } from './reset-password-form';

function setup() {
  const onSubmit = vi.fn();
  renderWithProviders(<ResetPasswordForm onSubmit={onSubmit} />);
  return {
    onSubmit,
    password: screen.getByLabelText('New password'),
    repeat: screen.getByLabelText('Repeat password'),
    submit: screen.getByRole('button', { name: 'Change password' }),
  };
}

describe('<ResetPasswordForm>', () => {
  it('enables the repeat field only after a password is typed', async () => {
    const { password, repeat } = setup();
    expect(repeat).toBeDisabled();
    await userEvent.type(password, 'a');
    expect(repeat).toBeEnabled();
    await userEvent.clear(password);
    expect(repeat).toBeDisabled();
  });

  it('keeps submit disabled until both fields are filled', async () => {
    const { password, repeat, submit } = setup();
    expect(submit).toBeDisabled();
    await userEvent.type(password, 'long-enough-1');
    expect(submit).toBeDisabled();
    await userEvent.type(repeat, 'long-enough-1');
    expect(submit).toBeEnabled();
  });

  it("shows 'Passwords do not match.' and disables submit while they differ", async () => {
    const { password, repeat, submit } = setup();
    await userEvent.type(password, 'long-enough-1');
    await userEvent.type(repeat, 'long-enough-2');
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    expect(repeat).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();
    await userEvent.clear(repeat);
    await userEvent.type(repeat, 'long-enough-1');
    expect(screen.queryByText('Passwords do not match.')).toBeNull();
    expect(submit).toBeEnabled();
  });

  it('submits the new password when both match', async () => {
    const { password, repeat, submit, onSubmit } = setup();
    await userEvent.type(password, 'new-secret-9');
    await userEvent.type(repeat, 'new-secret-9');
    await userEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('new-secret-9'));
  });

  it('refuses a password shorter than the minimum', async () => {
    const { password, repeat, submit, onSubmit } = setup();
    await userEvent.type(password, 'short');
    await userEvent.type(repeat, 'short');
    await userEvent.click(submit);
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

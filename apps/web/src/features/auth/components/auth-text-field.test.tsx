import { createRef, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../app/theme';
import { AuthTextField } from './auth-text-field';

const show = (ui: ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

// The public pages' input is labelled and described as MUI's TextField would be.
describe('<AuthTextField>', () => {
  it('is named by its label and described by its helper text; an error marks it invalid', async () => {
    const ref = createRef<HTMLInputElement>();
    show(<AuthTextField label="Email" type="email" name="username" autoComplete="username" ref={ref} error helperText="This field is required" defaultValue="a@b.dk" />);
    const input = screen.getByLabelText('Email');
    expect(input).toBe(ref.current);
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'username');
    expect(input).toHaveAttribute('autocomplete', 'username');
    expect(input).toHaveValue('a@b.dk');
    expect(input).toHaveAccessibleDescription('This field is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, 'x');
    expect(input).toHaveValue('a@b.dkx');
  });

  it('without helper text it has no description; disabled it takes no typing', async () => {
    show(<AuthTextField label="Password" disabled />);
    const input = screen.getByLabelText('Password');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).toBeDisabled();
  });
});

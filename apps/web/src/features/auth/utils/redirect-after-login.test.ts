import { describe, expect, it } from 'vitest';
import { redirectAfterLogin } from './redirect-after-login';

describe('redirectAfterLogin', () => {
  it('follows the remembered path', () => {
    expect(redirectAfterLogin('/4/club', 1)).toBe('/4/club');
    expect(redirectAfterLogin('/4/clubs?x=1', 1)).toBe('/4/clubs?x=1');
  });

  it("goes to the default club's home when the path is empty, '/' or the sign-in page", () => {
    expect(redirectAfterLogin(null, 3)).toBe('/3/home');
    expect(redirectAfterLogin(undefined, 3)).toBe('/3/home');
    expect(redirectAfterLogin('', 3)).toBe('/3/home');
    expect(redirectAfterLogin('   ', 3)).toBe('/3/home');
    expect(redirectAfterLogin('/', 3)).toBe('/3/home');
    expect(redirectAfterLogin('/signin', 3)).toBe('/3/home');
    expect(redirectAfterLogin('/signin?nextPathName=%2F4%2Fclub', 3)).toBe('/3/home');
  });

  it('never redirects to a password-reset link', () => {
    expect(redirectAfterLogin('/reset_password/token/a%40b.dk', 3)).toBe('/3/home');
    expect(redirectAfterLogin('/reset_password', 3)).toBe('/3/home');
  });

  it('stays on the site', () => {
    expect(redirectAfterLogin('https://evil.example/x', 3)).toBe('/3/home');
    expect(redirectAfterLogin('//evil.example/x', 3)).toBe('/3/home');
    expect(redirectAfterLogin('/\\evil.example', 3)).toBe('/3/home');
  });

  it('goes to the landing page when the user has no club', () => {
    expect(redirectAfterLogin('', null)).toBe('/');
    expect(redirectAfterLogin('/5/home', null)).toBe('/5/home');
  });
});

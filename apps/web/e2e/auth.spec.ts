import type { Page } from '@playwright/test';
import { apiResetPassword, DEMO, latestLinkTo, mailCountTo, menuLink, openAs, SESSION_KEY, signIn, snack, expect, test } from './support';

function mainMenu(page: Page, name = 'Main menu') {
  return page.getByRole('navigation', { name });
}

async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
  expect(raw, 'stored session').not.toBeNull();
  return (JSON.parse(raw!) as { token: string }).token;
}

test.describe('sign in as each demo user', () => {
  test('admin lands on a club home with the full menu and the Support group', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/\d+\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Ada!');

    const nav = mainMenu(page);
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(await menuLink(page, 'Club information', { group: 'Club' })).toHaveAttribute('href', '/1/club');
    const support = nav.getByRole('button', { name: 'Support', exact: true });
    await expect(support).toHaveAttribute('aria-expanded', 'false');
    await support.click();
    await expect(support).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Support centre' })).toHaveAttribute('target', '_blank');
    await expect(nav.getByRole('link', { name: 'Webinars' })).toHaveAttribute('target', '_blank');
    await expect(nav.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', /^mailto:.*3\.111\.6/);
  });

  test('owner sees the interface in Danish and no Support group', async ({ page }) => {
    await signIn(page, DEMO.owner, /\/1\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forside' })).toBeVisible();
    await expect(page.getByTestId('greeting')).toHaveText('Velkommen, Ole!');
    await expect(page.getByTestId('club-name')).toHaveText('Fjordvang Golfklub');

    const nav = mainMenu(page, 'Hovedmenu');
    await expect(nav.getByRole('link', { name: 'Forside', exact: true })).toBeVisible();
    await expect(await menuLink(page, 'Klubinformation', { group: 'Klub', menu: 'Hovedmenu' })).toHaveAttribute('href', '/1/club');
    await expect(nav.getByRole('button', { name: 'Support', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Profilmenu' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('golf-console.language'))).toBe('da');

    // The language is remembered here: after 'Log ud' the sign-in page stays Danish.
    await page.getByRole('button', { name: 'Profilmenu' }).click();
    await page.getByRole('menuitem', { name: 'Log ud' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log ind' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log ind' })).toBeVisible();
  });

  test('staff sees Home and Club information but no Support group', async ({ page }) => {
    await signIn(page, DEMO.staff, /\/1\/home$/);
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Sam!');
    await expect(page.getByTestId('club-address')).toHaveText('Fjordvej 12, 7100 Vejle · Denmark');

    const nav = mainMenu(page);
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/1/home');
    await expect(await menuLink(page, 'Club information', { group: 'Club' })).toHaveAttribute('href', '/1/club');
    await expect(nav.getByRole('button', { name: 'Support', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Support centre' })).toHaveCount(0);
  });
});

test('a wrong password shows the error text and snack and stays on /signin', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(DEMO.staff.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');

  // Hold the sign-in call until the progress snack has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/api/authenticate',
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(snack(page, 'loading')).toHaveText('Signing in..');
  await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
  release();

  await expect(page.getByTestId('login-error')).toHaveText('Could not login. Check your email and password then try again.');
  await expect(snack(page, 'error')).toContainText('Could not log in');
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();

  // The right password still works afterwards (and clears the failure count of the account).
  await page.getByLabel('Password', { exact: true }).fill(DEMO.staff.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/1\/home$/);
  await expect(page.getByTestId('greeting')).toHaveText('Welcome, Sam!');
});

test('the sign-in card switches to reset-request mode and back', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'I forgot my password' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page.getByText('Enter your email to receive a reset password email')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Wait, I remember now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);
});

test('forgotten password, end to end', async ({ page, request }) => {
  // Staff's password is changed here and put back at the end, whatever happens.
  const user = DEMO.staff;
  const newPassword = `e2e-new-${Date.now()}`;
  try {
    const seen = mailCountTo(user.email);
    await page.goto('/signin');
    await page.getByRole('button', { name: 'I forgot my password' }).click();
    await page.getByLabel('Email').fill(user.email.toUpperCase());
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByTestId('reset-request-sent')).toHaveText('You have been sent an e-mail with steps to reset your password');

    await expect.poll(() => mailCountTo(user.email)).toBe(seen + 1);
    const link = await latestLinkTo(user.email);
    expect(new URL(link).pathname).toMatch(/^\/reset_password\/[^/]+\/staff%40example\.com$/);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    const password = page.getByLabel('New password');
    const repeat = page.getByLabel('Repeat password');
    const submit = page.getByRole('button', { name: 'Change password' });
    await expect(repeat).toBeDisabled();
    await expect(submit).toBeDisabled();

    await password.fill(newPassword);
    await expect(repeat).toBeEnabled();
    await repeat.fill(`${newPassword}-typo`);
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await expect(submit).toBeDisabled();

    await repeat.fill(newPassword);
    await expect(page.getByText('Passwords do not match.')).toHaveCount(0);
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByTestId('reset-done')).toHaveText('Your password has been changed. Log in with your new password.');

    // The old password no longer works; the new one does.
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/1\/home$/);
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Sam!');

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.getByLabel('New password').fill('another-password-1');
    await page.getByLabel('Repeat password').fill('another-password-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('reset-error')).toHaveText('This reset link is invalid, expired or already used. Ask for a new one.');
    await expect(snack(page, 'error')).toContainText('Could Not Reset Password');
    await expect(page).toHaveURL(/\/reset_password\//);
  } finally {
    await apiResetPassword(request, user.email, user.password);
  }
});

test('logout goes to /signin; a guarded URL afterwards is remembered through sign-in', async ({ page }) => {
  await openAs(page, DEMO.staff, '/1/home');
  await expect(page.getByTestId('greeting')).toHaveText('Welcome, Sam!');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();

  await page.goto('/1/club');
  await expect(page).toHaveURL('/signin?nextPathName=%2F1%2Fclub');
  await page.getByLabel('Email').fill(DEMO.staff.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.staff.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/1\/club$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Club information' })).toBeVisible();
  await expect(page.getByLabel('Club name')).toHaveValue('Fjordvang Golfklub');
});

test('a reload keeps the session', async ({ page }) => {
  await signIn(page, DEMO.staff, /\/1\/home$/);
  await (await menuLink(page, 'Club information', { group: 'Club' })).click();
  await expect(page).toHaveURL(/\/1\/club$/);
  const token = await storedToken(page);

  // Bootstrapping from the stored session fetches the profile, then the regions (§4).
  const profileLoaded = page.waitForResponse((r) => r.url().endsWith('/api/authenticated') && r.status() === 200);
  const regionsLoaded = page.waitForResponse((r) => r.url().endsWith('/api/regions') && r.status() === 200);
  await page.reload();
  await profileLoaded;
  expect(await (await regionsLoaded).json()).toEqual([]);
  await expect(page).toHaveURL(/\/1\/club$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Club information' })).toBeVisible();
  await expect(page.getByLabel('Club name')).toHaveValue('Fjordvang Golfklub');
  expect(await storedToken(page)).toBe(token);
});

test('a revoked token sends the next navigation to /signin', async ({ page }) => {
  await openAs(page, DEMO.staff, '/1/home');
  await expect(page.getByTestId('greeting')).toHaveText('Welcome, Sam!');
  const token = await storedToken(page);

  const revoked = await page.request.delete('/api/token', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(200);
  const after = await page.request.put('/api/authenticated', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);

  await page.goto('/1/club');
  await expect(page).toHaveURL('/signin?nextPathName=%2F1%2Fclub');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
});

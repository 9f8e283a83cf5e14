import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO, expect, menuLink, newLinkTo, mailCountTo, openAs, signIn, snack, test } from './support';

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const NEW_USER = { email: `e2e-greenkeeper-${stamp}@example.com`, first: 'Niels', last: `Nyholm${stamp}`, password: 'greenkeeper-pw-1' };

test.describe.configure({ mode: 'serial' });

function userRow(page: Page, name: string) {
  return page.getByTestId('user-row').filter({ has: page.getByText(name, { exact: true }) });
}

/** Creates a user in club 1 through the API as admin and sets the password through the invitation mail. */
async function apiUserWithPassword(request: APIRequestContext, email: string, roles: string[], password: string): Promise<number> {
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const seen = mailCountTo(email);
  const created = await request.post('/api/clubs/1/users', { headers, data: { email, first_name: 'E2E', last_name: email.split('@')[0], roles } });
  expect(created.status(), 'create user').toBe(201);
  const link = await newLinkTo(email, seen);
  const token = decodeURIComponent(new URL(link).pathname.split('/')[2]);
  expect((await request.put('/api/reset_password', { data: { email, password, token } })).status()).toBe(200);
  return ((await created.json()) as { user: { id: number } }).user.id;
}

test('the Users entry of the menu opens the list with its help link', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/home');
  const link = await menuLink(page, 'Users');
  await expect(link).toHaveAttribute('href', '/1/users');
  await link.click();
  await expect(page).toHaveURL(/\/1\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Help: Users' })).toHaveAttribute('href', /users-and-roles/);
  await expect(page.getByTestId('user-row').filter({ hasText: 'staff@example.com' })).toBeVisible();
  await expect(page.getByTestId('user-row').filter({ hasText: 'owner@example.com' })).toBeVisible();
});

test('admin creates a user, who sets a password from the invitation and signs in', async ({ page, browser }) => {
  await openAs(page, DEMO.admin, '/1/users');
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('Email').fill(NEW_USER.email);
  await dialog.getByLabel('First name').fill(NEW_USER.first);
  await dialog.getByLabel('Last name').fill(NEW_USER.last);
  // Without a role the form says so.
  await dialog.getByRole('button', { name: 'Create and invite' }).click();
  await expect(dialog.getByText('Choose at least one role')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Areas' }).check();
  await dialog.getByRole('checkbox', { name: 'Tech map' }).check();
  const seen = mailCountTo(NEW_USER.email);
  await dialog.getByRole('button', { name: 'Create and invite' }).click();

  await expect(snack(page, 'confirmation')).toContainText(`An invitation was sent to ${NEW_USER.email}`);
  await expect(dialog).toBeHidden();
  // The list reloaded: the new user is there, with the roles, waiting for the invitation.
  const row = userRow(page, `${NEW_USER.first} ${NEW_USER.last}`);
  await expect(row).toBeVisible();
  await expect(row.getByText('Areas', { exact: true })).toBeVisible();
  await expect(row.getByText('Invitation not used yet')).toBeVisible();

  const link = await newLinkTo(NEW_USER.email, seen);
  expect(link).toMatch(new RegExp(`/reset_password/[A-Za-z0-9_-]+/${encodeURIComponent(NEW_USER.email)}$`));
  const context = await browser.newContext();
  const invited = await context.newPage();
  await invited.goto(new URL(link).pathname);
  await invited.getByLabel('New password').fill(NEW_USER.password);
  await invited.getByLabel('Repeat password').fill(NEW_USER.password);
  await invited.getByRole('button', { name: 'Change password' }).click();
  await expect(invited).toHaveURL(/\/signin/);
  await signIn(invited, { email: NEW_USER.email, password: NEW_USER.password }, /\/1\/home$/);
  await context.close();
});

test('admin edits the name and the roles; the list reloads, then success is announced', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/users');
  const name = `${NEW_USER.first} ${NEW_USER.last}`;
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await expect(edit.getByLabel('Email')).toHaveValue(NEW_USER.email);
  await edit.getByLabel('First name').fill('Nils');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`Nils ${NEW_USER.last} was saved`);
  const renamed = `Nils ${NEW_USER.last}`;

  await page.getByRole('button', { name: `Edit roles of ${renamed}` }).click();
  const roles = page.getByRole('dialog', { name: `Roles of ${renamed}` });
  await expect(roles.getByRole('checkbox', { name: 'Areas' })).toBeChecked();
  await roles.getByRole('checkbox', { name: 'Products' }).check();
  await roles.getByRole('checkbox', { name: 'Tech map' }).uncheck();
  await roles.getByRole('button', { name: 'Save roles' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`The roles of ${renamed} were saved`);
  const row = userRow(page, renamed);
  await expect(row.getByText('Products', { exact: true })).toBeVisible();
  await expect(row.getByText('Tech map', { exact: true })).toHaveCount(0);
});

test('the list is searched fuzzily on comma-separated terms', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/users');
  const search = page.getByLabel('Search users');
  // One letter wrong still finds the user (Fuse.js, threshold 0.2).
  await search.fill(NEW_USER.last.replace('Nyholm', 'Nyhlom'));
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await search.fill(`${NEW_USER.last}, owner@example.com`);
  await expect(page.getByTestId('user-row')).toHaveCount(2);
  await search.fill('zzzz-nobody-qqqq');
  await expect(page.getByText('No users match “zzzz-nobody-qqqq”')).toBeVisible();
});

test("a manager who lost a role sees that they can't change a user's roles", async ({ page, request }) => {
  const managerEmail = `e2e-manager-${stamp}@example.com`;
  const targetEmail = `e2e-target-${stamp}@example.com`;
  const managerId = await apiUserWithPassword(request, managerEmail, ['user-management', 'products'], 'manager-pw-123');
  await apiUserWithPassword(request, targetEmail, ['club-info'], 'target-pw-1234');
  const manager = { email: managerEmail, password: 'manager-pw-123' };

  await openAs(page, manager, '/1/users');
  const target = `E2E e2e-target-${stamp}`;
  await page.getByRole('button', { name: `Edit roles of ${target}` }).click();
  const dialog = page.getByRole('dialog', { name: `Roles of ${target}` });
  // Only roles the manager holds can be given (§6).
  await expect(dialog.getByRole('checkbox', { name: 'Insights' })).toBeDisabled();
  await expect(dialog.getByText('You can only give roles that you hold in this club yourself.')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Products' })).toBeEnabled();

  // Meanwhile an admin takes 'products' from the manager; the open screen does not know yet.
  const admin = { Authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  expect((await request.put(`/api/clubs/1/users/${managerId}/roles`, { headers: admin, data: { roles: ['user-management'] } })).status()).toBe(200);

  await dialog.getByRole('checkbox', { name: 'Products' }).check();
  await dialog.getByRole('button', { name: 'Save roles' }).click();
  await expect(dialog.getByRole('alert')).toHaveText("You can't change this user's roles");
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(userRow(page, target).getByText('Products', { exact: true })).toHaveCount(0);
  await expect(userRow(page, target).getByText('Club information', { exact: true })).toBeVisible();
});

test('staff without user management cannot open Users', async ({ page }) => {
  await openAs(page, DEMO.staff, '/1/users');
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
  await expect(page.getByText('You do not have access to this page in this club.')).toBeVisible();
  await expect(page.getByTestId('user-row')).toHaveCount(0);
});

test('admin deletes a user after confirming that it cannot be undone', async ({ page }) => {
  await openAs(page, DEMO.admin, '/1/users');
  const name = `Nils ${NEW_USER.last}`;
  await expect(userRow(page, name)).toBeVisible();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(userRow(page, name)).toBeVisible();

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(snack(page, 'confirmation')).toContainText(`${name} was deleted`);
  await expect(userRow(page, name)).toHaveCount(0);
  // The account is gone: the password no longer signs in.
  const res = await page.request.post('/api/authenticate', { data: { username: NEW_USER.email, password: NEW_USER.password } });
  expect(res.status()).toBe(401);
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO, menuLink, openAs, expect, test } from './support';

/** The product version, from the root package.json (the one place it is written). */
const rootPackage = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string };

test.describe('wide screen', () => {
  test('the top bar shows the version and the club name, which links to the club list', async ({ page }) => {
    await openAs(page, DEMO.staff, '/1/home');
    await expect(page.getByTestId('version-label')).toHaveText(rootPackage.version);
    await expect(page).toHaveTitle('Home · Golf Console');

    const clubLink = page.getByRole('link', { name: 'Fjordvang Golfklub' });
    await expect(clubLink).toHaveText('Fjordvang Golfklub');
    await expect(clubLink).toHaveAttribute('href', '/1/clubs');
    // The menu is permanent on a wide screen.
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

    await clubLink.click();
    await expect(page).toHaveURL(/\/1\/clubs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Clubs' })).toBeVisible();
  });

  test('an unknown path under a club shows UNKNOWN ROUTE inside the shell', async ({ page }) => {
    await openAs(page, DEMO.staff, '/1/does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'UNKNOWN ROUTE' })).toBeVisible();
    await expect(page).toHaveTitle('UNKNOWN ROUTE · Golf Console');
    await expect(page.getByText('There is no page at this address.')).toBeVisible();
    await expect(page.getByTestId('version-label')).toHaveText(rootPackage.version);

    await page.getByRole('link', { name: 'Go to home' }).click();
    await expect(page).toHaveURL(/\/1\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });

  test('the help link of Club information opens in a new tab', async ({ page }) => {
    await openAs(page, DEMO.staff, '/1/home');
    await menuLink(page, 'Club information', { group: 'Club' });
    const help = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Help: Club information' });
    await expect(help).toHaveAttribute('target', '_blank');
    await expect(help).toHaveAttribute('rel', /noopener/);
    await expect(help).toHaveAttribute('href', /^https?:\/\//);
  });

  test('the profile menu leads to Settings', async ({ page }) => {
    await openAs(page, DEMO.staff, '/1/home');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await expect(page.getByRole('menu')).toContainText('Sam Staff');
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/1\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Sam');
  });

  test('staff opening a club of which they are no member sees that they have no access', async ({ page }) => {
    await openAs(page, DEMO.staff, '/2/home');
    await expect(page.getByRole('heading', { level: 1, name: 'No access to this club' })).toBeVisible();
    await expect(page.getByText('You do not have access to club 2.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Go to your clubs' }).click();
    await expect(page).toHaveURL(/\/1\/clubs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Clubs' })).toBeVisible();
  });
});

test('a club that does not exist shows No club found', async ({ page }) => {
  await openAs(page, DEMO.admin, '/99999/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'No club found' })).toHaveAttribute('href', '/99999/clubs');
  await expect(page.getByText('Could not load the club')).toBeVisible();
});

test.describe('narrow screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is a slide-out drawer and the club name is shortened', async ({ page }) => {
    await openAs(page, DEMO.staff, '/1/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

    // Cut to 10 characters on screen; its accessible name stays the whole name.
    const clubLink = page.getByRole('link', { name: 'Fjordvang Golfklub', exact: true });
    await expect(clubLink.locator('span[aria-hidden="true"]')).toHaveText('Fjordvang…');
    await expect(clubLink.locator('span[aria-hidden="true"]')).toBeVisible();
    await expect(clubLink).toHaveAttribute('href', '/1/clubs');

    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await expect(nav).toBeHidden();
    await expect(openMenu).toHaveAttribute('aria-expanded', 'false');

    await openMenu.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    const clubInfo = await menuLink(page, 'Club information', { group: 'Club' });

    // Following a link closes the drawer.
    await clubInfo.click();
    await expect(page).toHaveURL(/\/1\/club$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Club information' })).toBeVisible();
    await expect(nav).toBeHidden();
  });
});
